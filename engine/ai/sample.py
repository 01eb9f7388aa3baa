"""Deals consistent with a view: where the cards a seat cannot see might be.

Used by searches that sample the hidden cards (the computer opponent, the desktop reference
players). They see only the view, so they cannot cheat. A whole Hand behind a view, the
stock dealt too, is engine.ai.redeal's (the handheld's opponent needs only the masks, and a
board keeps this small).
"""
from engine import cards  # (cards.DRAW & co.: one name in this module's table, not three)
from engine.cards import popcount
from engine.legal import beats

# what the opponent's play shows (read_hand's, found by _infer once per view): the card of their
# last lead in the open phase made without announcing a marriage they could have announced
# (-1: none), how many face-down cards they have drawn since, and since their last open lead
# made without exchanging the trump nine (jack) when they could (-1: none)
_VIEW = None
_LED = -1
_DREW = 0
_NINE = -1


def opp_hand(view, rng):
    """The opponent's hand mask, drawn uniformly at random from the hands consistent with the
    view (known cards, shown voids and ranks); rng then draws the numbers that shuffling the
    face-down stock takes, as engine.ai.redeal.deal_hidden does (the same hand for the same
    numbers), with no list."""
    return _drawn(view, rng, pick(view, rng))


def read_hand(view, rng):
    """As opp_hand, but each hand weighed by how well it fits the opponent's play (the
    computer's sampling): a seat that led in the open phase without announcing held no
    marriage then, nor the trump nine (jack) if it could exchange it; a hand where it did is
    drawn again (up to 8 times) with the chance that those cards were already in hand, not
    drawn since."""
    if view is not _VIEW:
        _infer(view)
    opp = pick(view, rng)
    if _LED >= 0 or _NINE >= 0:
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
    global _VIEW, _LED, _DREW, _NINE
    _VIEW = view
    _LED = -1
    _DREW = 0
    _NINE = -1
    r = view.rules
    o = 1 - view.seat
    t = view.trump_suit
    p = 1 - view.dealer  # who leads the trick (R7, then its winner)
    c = -1  # the card led, -1 between tricks
    k = 0  # tricks done
    left = (popcount(r.cards) - (10 if r.deck == 20 else 12)) // 2  # draws left
    shut = False
    prev = -1
    won = 0  # their tricks
    for a in view.history:
        if a < 24:
            if c >= 0:
                if beats(a, c, t):
                    p = 1 - p
                won += p == o
                c = -1
                k += 1
            else:
                c = a
                if p == o and left and not shut:
                    if not 24 <= prev < 28 and (k or r.marriage_on_first_lead):
                        _LED = a
                        _DREW = 0
                    if prev != cards.EXCHANGE and left + left >= r.exchange_min_stock and \
                            (won or not r.exchange_needs_trick):
                        _NINE = 0
        elif a == cards.DRAW:
            left -= 1
            if left or p == o:  # a face-down card (the last draw gives the loser the face-up)
                if _LED >= 0:
                    _DREW += 1
                if _NINE >= 0:
                    _NINE += 1
        elif a == cards.CLOSE:
            shut = True
        prev = a


def _fits(view, opp, rng):
    """False with the chance that opp (a sampled hand) held a marriage at their lead _LED, or
    the trump nine (jack) at their last lead without exchanging it."""
    hid = opp & ~view.opp_known
    n = popcount(hid)
    if _NINE >= 0 and hid >> (view.trump_suit * 6 + view.rules.exchange_rank) & 1 and \
            rng.below(n) < n - min(_NINE, n):
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
    """[opponent's hand mask]: every hand the view allows when there are at most n of them
    (exact, and cheaper than n samples), in a random order; else None (the caller samples them
    with read_hand, as many as its node budget lets it solve)."""
    free = view.unseen & ~view.opp_cannot
    k = view.opp_hidden()
    f = popcount(free)
    count = 1
    for i in range(k if k + k <= f else f - k):  # C(f, k), rising: stop once past n
        count = count * (f - i) // (i + 1)
        if count > n:
            return None
    out = []
    _subsets(free, k, view.opp_known, out)
    rng.shuffle(out)  # if a node budget stops the solving early, the deals left are random
    return out


def _subsets(free, k, opp, out):
    """Append opp | each k-card subset of free to out."""
    if not k:
        out.append(opp)
        return
    m = free
    while popcount(m) >= k:
        low = m & -m
        m ^= low
        _subsets(m, k - 1, opp | low, out)
