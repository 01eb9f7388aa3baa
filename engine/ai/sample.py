"""Deals consistent with a view: where the cards a seat cannot see might be.

Used by searches that sample the hidden cards (the computer opponent, the desktop reference
players). They see only the view, so they cannot cheat. A whole Hand behind a view, the
stock dealt too, is engine.ai.redeal's (the handheld's opponent needs only the masks, and a
board keeps this small).
"""
from engine import cards  # (cards.DRAW & co.: one name in this module's table, not three)
from engine.cards import bit_index, popcount
from engine.legal import beats

# what the opponent's play shows (read_hand's, found by _infer once per view): the card of their
# last lead in the open phase made without announcing a marriage they could have announced
# (-1: none), how many face-down cards they have drawn since, and since their last open lead
# made without exchanging the trump nine (jack) when they could (-1: none)
_VIEW = None
_LED = -1
_DREW = 0
_NINE = -1
# their follows to my open leads (stock above 2): (my card, theirs, the value's row then, their
# points, mine, their tricks, mine, cards gone before it, _D then); _D: their face-down draws
_FOL = []
_D = 0
_V = None  # engine.ai.value (it imports this module)
MARGIN = 1000  # a card better by this much (1/10000 game point) they would have played
FOLLOWS = True  # engine.ai.choose: HARD's alone (NORMAL's time on a board)


def opp_hand(view, rng):
    """The opponent's hand mask, drawn uniformly at random from the hands consistent with the
    view (known cards, shown voids and ranks); rng then draws the numbers that shuffling the
    face-down stock takes, as engine.ai.redeal.deal_hidden does (the same hand for the same
    numbers), with no list."""
    return _drawn(view, rng, pick(view, rng))


def read_hand(view, rng):
    """As opp_hand, but each hand weighed by how well it fits the opponent's play (the
    computer's sampling): a seat that led in the open phase without announcing held no
    marriage then, nor the trump nine (jack) if it could exchange it, and following my open
    lead it held no card the value rates MARGIN better for it than the one it played; a hand
    where it did is drawn again (up to 8 times) with the chance that those cards were already
    in hand, not drawn since."""
    if view is not _VIEW:
        _infer(view)
    opp = pick(view, rng)
    if _LED >= 0 or _NINE >= 0 or _FOL:
        for _ in range(8):
            if _fits(view, opp, rng):
                break
            opp = pick(view, rng)
    return _drawn(view, rng, opp)


def _drawn(view, rng, opp):
    n = popcount(view.unseen & ~opp)
    while n > 1:  # the stock's shuffle draws one number a card but the first
        rng.step()
        n -= 1
    return opp


def _infer(view):
    global _VIEW, _LED, _DREW, _NINE, _FOL, _D, _V
    _VIEW = view
    _LED = -1
    _DREW = 0
    _NINE = -1
    _FOL = []
    _D = 0
    if _V is None:
        from engine.ai import value
        _V = value
    won = [0, 0]  # card points, marriages, tricks of each seat
    melds = [0, 0]
    tr = [0, 0]
    gone = 0
    r = view.rules
    o = 1 - view.seat
    t = view.trump_suit
    p = 1 - view.dealer  # who leads the trick (R7, then its winner)
    c = -1  # the card led, -1 between tricks
    k = 0  # tricks done
    left = (popcount(r.cards) - (10 if r.deck == 20 else 12)) // 2  # draws left
    shut = False
    prev = -1
    for a in view.history:
        if a < 24:
            if c >= 0:
                if FOLLOWS and p != o and left > 1 and not shut:
                    _FOL.append((c, a, _V.row(r, left + left), won[o] + melds[o] if tr[o] else 0,
                                 won[p] + melds[p] if tr[p] else 0, tr[o], tr[p], gone, _D))
                if beats(a, c, t):
                    p = 1 - p
                tr[p] += 1
                won[p] += cards.CARD_POINTS[a] + cards.CARD_POINTS[c]
                gone |= 1 << a | 1 << c
                c = -1
                k += 1
            else:
                c = a
                if p == o and left and not shut:
                    if not 24 <= prev < 28 and (k or r.marriage_on_first_lead):
                        _LED = a
                        _DREW = 0
                    if prev != cards.EXCHANGE and left + left >= r.exchange_min_stock and \
                            (tr[o] or not r.exchange_needs_trick):
                        _NINE = 0
        elif a == cards.DRAW:
            left -= 1
            if left or p == o:  # a face-down card (the last draw gives the loser the face-up)
                _D += 1
                if _LED >= 0:
                    _DREW += 1
                if _NINE >= 0:
                    _NINE += 1
        elif a == cards.CLOSE:
            shut = True
        elif a < 28:
            melds[p] += 40 if a - 24 == t else 20
        prev = a


def _fits(view, opp, rng):
    """False with the chance that opp (a sampled hand) held a marriage at their lead _LED, or
    the trump nine (jack) at their last lead without exchanging it."""
    hid = opp & ~view.opp_known
    n = popcount(hid)
    if _NINE >= 0 and hid >> (view.trump_suit * 6 + view.rules.exchange_rank) & 1 and \
            rng.below(n) < n - min(_NINE, n):
        return False
    if _FOL and not _followed(view, opp, hid, n, rng):
        return False
    if _LED < 0:
        return True
    d = n - min(_DREW, n)  # n - the hidden cards they drew since (those not held then)
    for s in range(4):
        pair = 0x0C << (6 * s)
        if _LED | 1 == s * 6 + 3:  # they led its K or Q: was the other in hand?
            if hid >> (_LED ^ 1) & 1 and rng.below(n) < d:
                return False
        elif hid & pair == pair and rng.below(n * n - n) < d * d - d:
            return False
    return True


def _followed(view, opp, hid, n, rng):
    """False with the chance that opp held, at one of their follows _FOL, a card the value
    rates MARGIN better for them than the one they played (and had it then, not drawn since)."""
    t = view.trump_suit
    for c, f, w, op, mp, ot, mt, gone, dr in _FOL:
        d = n - min(_D - dr, n)
        if d <= 0:
            continue
        h = opp | 1 << f
        g = gone | 1 << c
        base = _worth(w, h, f, c, t, g, op, mp, ot, mt) + MARGIN
        m = hid
        while m:
            low = m & -m
            m ^= low
            if _worth(w, h, bit_index(low), c, t, g, op, mp, ot, mt) > base and \
                    rng.below(n) < d:
                return False
    return True


def _worth(w, h, y, c, t, g, op, mp, ot, mt):
    # what the value makes of their follow y to my lead c (their hand h, y in it), for them;
    # my hand's part left out (they do not see it)
    v = _V
    pts = cards.CARD_POINTS[c] + cards.CARD_POINTS[y]
    h ^= 1 << y
    g |= 1 << y
    if beats(y, c, t):
        if op + pts >= 66:
            return 1 << 22
        return v.point_part(w, op + pts, ot + 1) + v.hand_part(w, h, g, t, 1, 0, 0) - \
            v.point_part(w, mp, mt) + w[24]
    return v.point_part(w, op, ot) + v.hand_part(w, h, g, t, 0, 0, 0) - \
        v.point_part(w, mp + pts, mt + 1) - w[24]


def pick(view, rng):
    """The opponent's hand of opp_hand, before the stock's draws."""
    k = view.opp_hidden()
    free = view.unseen & ~view.opp_cannot
    n = popcount(free)
    opp = view.opp_known
    # choose k of the n free cards, each subset equally likely (selection sampling)
    m = free
    while m and k:
        low = m & -m
        m ^= low
        if rng.below(n) < k:
            opp |= low
            k -= 1
        n -= 1
    return opp


def opp_deals(view, rng, n):
    """[(opponent's hand mask, weight)]: every hand the view allows, weight 1, when there are at
    most n of them (exact, and cheaper than n samples); else n drawn by read_hand, equal ones
    merged (the same total weight, solved once)."""
    free = view.unseen & ~view.opp_cannot
    k = view.opp_hidden()
    f = popcount(free)
    count = 1
    for i in range(k if k + k <= f else f - k):  # C(f, k), rising: stop once past n
        count = count * (f - i) // (i + 1)
        if count > n:
            break
    out = []
    if count <= n:
        _subsets(free, k, view.opp_known, out)
        rng.shuffle(out)  # if a node budget stops the solving early, the deals left are random
        return out
    for _ in range(n):
        opp = read_hand(view, rng)
        for i in range(len(out)):
            if out[i][0] == opp:
                out[i] = (opp, out[i][1] + 1)
                break
        else:
            out.append((opp, 1))
    return out


def _subsets(free, k, opp, out):
    """Append (opp | each k-card subset of free, 1) to out."""
    if not k:
        out.append((opp, 1))
        return
    m = free
    while popcount(m) >= k:
        low = m & -m
        m ^= low
        _subsets(m, k - 1, opp | low, out)
