"""The computer opponent: choose(view, level, seed) -> a legal action.

It decides from the view only (R43 plus a perfect memory): cards seen, marriage partners
shown, the exchanged card, voids shown in the strict phase. Open phase: card-sense heuristics;
closing is tested by solving sampled deals. Strict phase: exact alpha-beta (engine.solver) once
every card in play is placed, sampled deals while a closed stock hides some.
"""
from engine.cards import (SUIT_MASK, CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE,
                          popcount)
from engine.rng import Rng, mix
from engine import solver

EASY = 0
NORMAL = 1
HARD = 2
LEVEL_NAMES = ("easy", "normal", "hard")

# how many sampled deals a level solves for a closed stock / a close (0: heuristics only)
_SAMPLES = (0, 0, 8)
_CLOSE_SAMPLES = (0, 6, 10)


def choose(view, level=NORMAL, seed=0):
    """A legal action for the seat of `view` (its `legal` tuple must be set)."""
    legal = view.legal
    if not legal:
        raise ValueError("the view's seat is not to move")
    if len(legal) == 1:
        return legal[0]
    me = view.seat
    rng = Rng(mix(seed, len(view.history) * 7 + me))
    if DECLARE in legal and view.points[me] >= 66:  # R28: declare the moment 66 is reached
        if level != EASY or rng.below(6):
            return DECLARE
    if view.strict:
        return _strict(view, level, rng)
    if DRAW in legal:
        if CLOSE in legal and level == HARD and view.stock_size <= 4 and _close_pays(view, level, rng):
            return CLOSE
        return DRAW
    if view.trick_card >= 0:
        return _follow_open(view, level, rng)
    if EXCHANGE in legal:  # R13: a higher trump for the nine (jack) is always a gain
        return EXCHANGE
    if view.announced >= 0:
        return _marriage_lead(view)
    if CLOSE in legal and level != EASY and _close_pays(view, level, rng):
        return CLOSE
    best = -1
    for a in legal:  # announce the best marriage (R20): 40 before 20
        if MARRIAGE <= a < MARRIAGE + 4:
            if best < 0 or a - MARRIAGE == view.trump_suit:
                best = a
    if best >= 0 and (level != EASY or rng.below(3)):
        return best
    return _lead_open(view, level, rng)


# ---- helpers on masks -------------------------------------------------------------------

def _cards(mask):
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(_index(low))
    return out


def _index(low):
    from engine.cards import bit_index
    return bit_index(low)


def _melds(view, seat):
    m = 0
    for s in range(4):
        if view.marriages[seat] >> s & 1:
            m += 40 if s == view.trump_suit else 20
    return m


def _parts(view):
    """(my won, opp won, my melds, opp melds, my tricks, opp tricks) for the solver."""
    me = view.seat
    o = 1 - me
    mm = _melds(view, me)
    om = _melds(view, o)
    mw = view.points[me] - mm if view.tricks[me] else 0
    ow = view.points[o] - om if view.tricks[o] else 0
    return mw, ow, mm, om, view.tricks[me], view.tricks[o]


def _beats(f, c, trump):
    if f // 6 == c // 6:
        return f > c
    return f // 6 == trump


def _higher_unseen(view, c):
    """Cards that could still beat c in its suit, not in my hand."""
    return view.unseen & SUIT_MASK[c // 6] & ~((2 << c) - 1) | (
        view.opp_known & SUIT_MASK[c // 6] & ~((2 << c) - 1))


def _keep_value(view, c):
    """What keeping card c in hand is worth (trumps, marriage chances, top cards)."""
    t = view.trump_suit
    r = c % 6
    v = 0
    if c // 6 == t:
        v += 9 + 2 * r
    elif r >= 4 and not _higher_unseen(view, c):
        v += 3  # a master card: a sure trick in the strict phase
    if r in (2, 3):  # a king or queen whose partner may still come or is in hand
        partner = c + 1 if r == 2 else c - 1
        gone = (view.played[0] | view.played[1]) >> partner & 1 or view.opp_known >> partner & 1
        if not gone:
            v += 8 if view.hand >> partner & 1 else 4
    return v


# ---- open phase -------------------------------------------------------------------------

def _follow_open(view, level, rng):
    me = view.seat
    c = view.trick_card
    t = view.trump_suit
    pending = _melds(view, me) if not view.tricks[me] else 0
    best = None
    best_v = -999
    opp_pts = view.points[1 - me]
    for f in _cards(view.hand):
        pts = CARD_POINTS[c] + CARD_POINTS[f]
        if _beats(f, c, t):
            v = pts + 2 - _keep_value(view, f)
            if view.points[me] + pending + pts >= 66:
                v += 100  # take it and declare
        else:
            v = -pts - _keep_value(view, f)
            if view.tricks[1 - me] or opp_pts:
                if opp_pts + pts >= 66:
                    v -= 100  # they would declare
        if level == EASY:
            v += rng.below(9) - 4
        if v > best_v:
            best_v = v
            best = f
    if EXCHANGE in view.legal and level != EASY:  # follower's exchange (exchange_timing any)
        return EXCHANGE
    return best


def _lead_open(view, level, rng):
    t = view.trump_suit
    best = None
    best_v = 999
    for c in _cards(view.hand):
        r = c % 6
        cost = CARD_POINTS[c] + _keep_value(view, c)
        if c // 6 == t:
            cost += 6
        elif r >= 4:
            cost += 6  # an ace or ten led into an open stock is easily trumped
        if level == EASY:
            cost += rng.below(11) - 5
        if cost < best_v:
            best_v = cost
            best = c
    return best


def _marriage_lead(view):
    q = view.announced * 6 + 2  # lead the queen, keep the king (R20)
    return q if view.hand >> q & 1 else q + 1


def _close_pays(view, level, rng):
    """Close when solving sampled deals of the closed game says it wins clearly (R17-R19)."""
    me = view.seat
    if view.points[me] + _melds_possible(view) < 30:
        return False
    n = _CLOSE_SAMPLES[level]
    if not n:
        return False
    from engine.sample import deal_hidden
    mw, ow, mm, om, mt, ot = _parts(view)
    solver.setup(view.rules, view.trump_suit, me, ot, view.points[1 - me])
    marry = 0
    if view.rules.marriage_after_close:
        for s in range(4):
            if view.hand & (0x0C << 6 * s) == 0x0C << 6 * s:
                marry |= 1 << s
    losses = 0
    allowed = n // 5  # close only if at least 4 deals in 5 are won
    for _ in range(n):
        opp, _stock = deal_hidden(view, rng)
        if not solver.lead_wins(view.hand, opp, mw, ow, mm, om, mt, ot, me, marry):
            losses += 1
            if losses > allowed:
                return False
    return True


def _melds_possible(view):
    m = 0
    for s in range(4):
        pair = 0x0C << 6 * s
        if view.hand & pair == pair:
            m += 40 if s == view.trump_suit else 20
    return m


# ---- strict phase -----------------------------------------------------------------------

def _strict(view, level, rng):
    if view.trick_card >= 0:
        cands = [a for a in view.legal if a < 24]
    else:
        cands = [a for a in view.legal if a < 28 and a != DECLARE]
    hidden = view.stock_hidden() if view.closed_by >= 0 else 0
    n_cards = popcount(view.hand)
    exact = hidden == 0 or view.opp_hidden() == 0
    if level == HARD or (level == NORMAL and n_cards <= 3):
        if exact:
            opp = view.unseen | view.opp_known
            return _solve_choice(view, cands, ((opp, 1),))
        if level == HARD:
            from engine.sample import deal_hidden
            deals = []
            for _ in range(_SAMPLES[level]):
                deals.append((deal_hidden(view, rng)[0], 1))
            return _solve_choice(view, cands, deals)
    return _strict_heuristic(view, cands, level, rng)


def _solve_choice(view, cands, deals):
    """The candidate with the best total solved value over the deals (opp hand, weight)."""
    me = view.seat
    mw, ow, mm, om, mt, ot = _parts(view)
    o = 1 - me
    totals = [0] * len(cands)
    lo, hi = (-4, 4) if len(deals) == 1 else (-2, 2)  # exact for one deal, banded for samples
    for opp, weight in deals:
        if view.trick_card >= 0:  # following: the leader's value, which I minimise
            solver.setup(view.rules, view.trump_suit, view.closed_by, *view.frozen)
            c = view.trick_card
            for i, f in enumerate(cands):
                v = solver.follow_value(opp | (1 << c), view.hand, ow, mw, om, mm, ot, mt, o, c, f, lo, hi)
                totals[i] -= v * weight
        else:
            solver.setup(view.rules, view.trump_suit, view.closed_by, *view.frozen)
            for i, a in enumerate(cands):
                if a >= MARRIAGE:
                    s = a - MARRIAGE
                    m = 40 if s == view.trump_suit else 20
                    if mt and view.points[me] + m >= 66:
                        v = 4  # announce, then declare (R23)
                    else:
                        v = max(solver.lead_value(view.hand, opp, mw, ow, mm, om, mt, ot, me, s * 6 + 2, m, lo, hi),
                                solver.lead_value(view.hand, opp, mw, ow, mm, om, mt, ot, me, s * 6 + 3, m, lo, hi))
                else:
                    v = solver.lead_value(view.hand, opp, mw, ow, mm, om, mt, ot, me, a, 0, lo, hi)
                totals[i] += v * weight
    best = 0
    for i in range(1, len(cands)):
        if totals[i] > totals[best]:
            best = i
    return cands[best]


def _strict_heuristic(view, cands, level, rng):
    t = view.trump_suit
    if view.trick_card >= 0:
        c = view.trick_card
        win = [f for f in cands if _beats(f, c, t)]
        if win and (CARD_POINTS[c] >= 3 or level == NORMAL):
            return min(win)  # the lowest card that takes the trick
        low = cands[0]
        for f in cands:
            if CARD_POINTS[f] < CARD_POINTS[low]:
                low = f
        return low
    for a in cands:  # a marriage still counts in the strict phase where allowed
        if a >= MARRIAGE:
            return a
    best = None
    for c in cands:  # lead a master card: nothing unseen or known above it
        if not _higher_unseen(view, c) and (best is None or c // 6 == t):
            best = c
    if best is not None and (level != EASY or rng.below(2)):
        return best
    low = cands[0]
    for c in cands:
        if CARD_POINTS[c] + (8 if c // 6 == t else 0) < CARD_POINTS[low] + (8 if low // 6 == t else 0):
            low = c
    return low
