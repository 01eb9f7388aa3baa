"""The computer opponent's endgame: closing tested on sampled deals, the strict phase solved
exactly (engine.ai.solver) once every card in play is placed, on sampled deals before, and HARD's
last open trick solved over every deal (last_open)."""
# the import order keeps the MicroPython compile peak low: the bigger modules compile first,
# each after this module's compile garbage is freed (see engine.ai)
import gc
gc.collect()
from engine.ai import solver
from engine.ai.sample import read_hand, opp_deals
from engine.cards import SUIT_MASK, CARD_POINTS, MARRIAGE, DECLARE, bit_index, popcount
from engine.legal import beats

EASY = 0
NORMAL = 1
HARD = 2
LEVEL_NAMES = ("easy", "normal", "hard")

def higher_unseen(view, c):
    """Cards that could still beat c in its suit, not in my hand, in the strict phase (where
    the computer asks): not those the opponent has shown they cannot hold (a void, a rank they
    could not head: R26), which lie in a closed stock, out of play; the face-up trump card, in
    play while the stock is open, is not counted (engine.coach's hint adds it)."""
    above = SUIT_MASK[c // 6] & ~((2 << c) - 1)
    return (view.unseen & ~view.opp_cannot | view.opp_known) & above


# how many deals a level solves for a closed stock: HARD every possible one if there are at most
# 60 (engine.ai.sample.opp_deals), else up to 60 drawn one at a time while the node budget lasts
# (most decisions stop sooner), the others none; sampled for a close: HARD 10 (one may be lost),
# NORMAL 4 (none lost, and 10 points or more), EASY none (heuristics only). Written into the
# code where used: no tuple, no global name to intern
# solver nodes one decision may spend on sampled deals before it stops sampling (a node costs
# about 2-4 us here, 0.3-0.5 ms on a 120 MHz SAMD51): keeps the slowest move under 2 s there
NODE_BUDGET = 2400


def melds(view, seat):
    """Marriage points seat has announced (they count once it has a trick, R21)."""
    return meld_points(view.marriages[seat], view.trump_suit)


def meld_points(suits, trump):
    """Marriage points of the suits in a mask (bit s): 40 in trumps, 20 in the others."""
    m = 0
    for s in range(4):
        if suits >> s & 1:
            m += 40 if s == trump else 20
    return m


def _parts(view):
    """(my won, opp won, my melds, opp melds, my tricks, opp tricks) for the solver."""
    me = view.seat
    o = 1 - me
    mm = melds(view, me)
    om = melds(view, o)
    mw = view.points[me] - mm if view.tricks[me] else 0
    ow = view.points[o] - om if view.tricks[o] else 0
    return mw, ow, mm, om, view.tricks[me], view.tricks[o]


def close_pays(view, level, rng):
    """Close when solving sampled deals of the closed game says it wins clearly (R17-R19)."""
    me = view.seat
    marry = 0  # the suits (bit s) whose king and queen are both in my hand
    for s in range(4):
        if view.hand >> (6 * s + 2) & 3 == 3:
            marry |= 1 << s
    if level != HARD and view.points[me] + meld_points(marry, view.trump_suit) < 10:
        return False
    if level == EASY:  # samples none
        return False
    n = 10 if level == HARD else 4  # deals sampled (see above)
    mw, ow, mm, om, mt, ot = _parts(view)
    solver.setup(view.rules, view.trump_suit, me, ot, view.points[1 - me])
    if not view.rules.marriage_after_close:
        marry = 0
    # a hard cap (HARD: a third of a decision's budget): a search cut short is not proven
    solver.limit = solver.nodes + (NODE_BUDGET // 3 if level == HARD else NODE_BUDGET // 10)
    # the deals that may be lost, counted up from below 0: HARD one in 10, or three with two
    # cards left in the stock (measured against ISMCTS: docs/ai.md), NORMAL none
    lost = 0 if level != HARD else -3 if view.stock_size == 2 else -1
    try:
        for _ in range(n):
            opp = read_hand(view, rng)
            if not solver.lead_wins(view.hand, opp, mw, ow, mm, om, mt, ot, me, marry):
                lost += 1
                if lost > 0:
                    return False
            if solver.nodes > solver.limit:
                return False  # cut short: not proven
        return True
    finally:
        solver.limit = solver.NO_LIMIT


def strict_choice(view, level, rng):
    """The move in the strict phase (R26): solved, sampled or by rule of thumb."""
    top = 24 if view.trick_card >= 0 else 28  # a follow is a card; a lead may announce first
    cands = []  # (loops, not comprehensions, here: a comprehension's code stays on the heap)
    for a in view.legal:
        if a < top:
            cands.append(a)
    hidden = view.stock_hidden() if view.closed_by >= 0 else 0
    if level == HARD or (level == NORMAL and popcount(view.hand) <= 4):
        if hidden == 0 or view.opp_hidden() == 0:  # every card placed: one exact search
            # (all the opponent's cards known: the unseen ones lie in the closed stock)
            opp = view.opp_known if view.opp_hidden() == 0 else view.unseen | view.opp_known
            return _solve_choice(view, cands, (opp,), rng)
        if level == HARD:
            return _solve_choice(view, cands, opp_deals(view, rng, 60), rng)
    return _strict_heuristic(view, cands, level, rng)


def _solve_choice(view, cands, deals, rng):
    """The candidate with the best total solved value over the deals (the opponent's hands;
    None: up to 60 drawn by read_hand, one at a time while the node budget lasts); or DECLARE,
    short of 66, where the closer's 66 would cost me more on average (R30a, D7)."""
    me = view.seat
    mw, ow, mm, om, mt, ot = _parts(view)
    o = 1 - me
    least = 0  # a declaration short of 66, if legal here, and it may cost less: its value
    if view.closed_by == o and DECLARE in view.legal:  # (I have a trick and lead: D1)
        least = -2 if ot or not view.rules.false_declare_schwarz3 else -3
    if deals and len(deals) == 1:  # every card placed: one alpha-beta search across the choices
        opp = deals[0]
        solver.setup(view.rules, view.trump_suit, view.closed_by, *view.frozen)
        if view.trick_card >= 0:
            c = view.trick_card
            return solver.best_follow(opp | (1 << c), view.hand, ow, mw, om, mm, ot, mt, o, c,
                                          cands)
        marry = 0
        for a in cands:
            if a >= MARRIAGE:
                marry |= 1 << (a - MARRIAGE)
        v, card, suit = solver.best_lead(view.hand, opp, mw, ow, mm, om, mt, ot, me, marry)
        if least and v < least:
            return DECLARE
        if suit >= 0:
            return MARRIAGE + suit  # announce now; the next decision leads (or declares, R23)
        if card in cands:
            return card
        return cands[0]
    n = len(cands)
    totals = [0] * n
    values = [0] * n  # this deal's
    lo, hi = -2, 2  # banded: the exact value matters less than the sum over the deals
    if least:
        lo = -3  # (but -3 against a short declaration's -2)
    low = 0  # the deals solved
    start = solver.nodes
    solver.setup(view.rules, view.trump_suit, view.closed_by, *view.frozen)
    try:
        for k in range(len(deals) if deals else 60):
            if k:  # from the second deal, a hard cap: a deal cut short counts for nothing
                if solver.nodes - start > NODE_BUDGET:
                    break
                solver.limit = start + NODE_BUDGET
            opp = deals[k] if deals else read_hand(view, rng)
            if view.trick_card >= 0:  # following: the leader's value, which I minimise
                c = view.trick_card
                for i in range(n):
                    values[i] = -solver.follow_value(opp | (1 << c), view.hand, ow, mw, om, mm,
                                                         ot, mt, o, c, cands[i], lo, hi)
            else:
                for i in range(n):
                    a = cands[i]
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
                    values[i] = v
            if solver.nodes > solver.limit:
                break
            for i in range(n):
                totals[i] += values[i]
            low += 1
    finally:
        solver.limit = solver.NO_LIMIT
    best = 0
    for i in range(1, n):
        if totals[i] > totals[best]:
            best = i
    if least and totals[best] < least * low:
        return DECLARE
    return cands[best]


def _strict_heuristic(view, cands, level, rng):
    t = view.trump_suit
    if view.trick_card >= 0:
        c = view.trick_card
        win = -1  # the lowest card that takes the trick
        for f in cands:
            if beats(f, c, t) and (win < 0 or f < win):
                win = f
        if win >= 0 and (CARD_POINTS[c] >= 3 or level == NORMAL):
            return win
        low = cands[0]
        for f in cands:
            if CARD_POINTS[f] < CARD_POINTS[low]:
                low = f
        return low
    best = None
    for a in cands:  # a marriage still counts in the strict phase where allowed: 40 before 20
        if MARRIAGE <= a < MARRIAGE + 4 and (best is None or a - MARRIAGE == t):
            best = a
    if best is not None:
        return best
    for c in cands:  # lead a master card: nothing unseen or known above it
        if not higher_unseen(view, c) and (best is None or c // 6 == t):
            best = c
    if best is not None and (level != EASY or rng.below(2)):
        return best
    low = cands[0]
    for c in cands:
        if CARD_POINTS[c] + (8 if c // 6 == t else 0) < CARD_POINTS[low] + (8 if low // 6 == t else 0):
            low = c
    return low


# ---- HARD's last open trick (stock 2, the face-up trump card still out), solved -------------
# (engine.ai.lastopen once: one module less keeps a board's heap smaller)
# After this trick the winner draws the face-down card, the loser the face-up one (R11), and the
# strict phase that follows is a game of perfect information. So the best few cards by the value
# (engine.ai.value) are tried against every deal the view allows (the face-down card is one of the
# unseen cards, the opponent holds the others) with the exact solver; on a lead, against the
# opponent's best answer in each deal. Values are banded to win / draw / lose (-1..1), which keeps
# the searches cheap, and the deals stop once the decision has spent LAST_BUDGET solver nodes (a
# deal cut short counts for nothing), which keeps it no slower on a 120 MHz SAMD51 than the
# strict phase's slowest (about 1.1 s).

# solver nodes the whole decision may spend (a close tested first included; see last_open). Over
# 4,000 duplicate deals in self-play against a budget of 800 for the deals alone (sim.tablecmp
# --old-ai): 1,600 for the deals alone +0.009, 2,400 +0.014, this +0.012, no budget +0.021
# game points per hand (but slower on a board than the strict phase's slowest decision)
LAST_BUDGET = 2400


def last_open(view, rng, scores, start=None):
    """The card to play: scores = (my cards, their values) from engine.ai.value.follow / lead;
    start: solver.nodes when the decision began (a close tested first spends from the budget,
    but this leaves at least a third of it for its own deals)."""
    from engine.ai.value import WIN  # (engine.ai.value is loaded after this module: see engine.ai)
    cards, values = scores
    # best first; a tie in card order (inserted by value, no sort with a key: the same order on
    # every VM, and no code object kept for a lambda)
    best = []
    for i in range(len(cards)):
        k = len(best)
        while k and values[best[k - 1]] < values[i]:
            k -= 1
        best.insert(k, i)
    if values[best[0]] >= WIN // 2:  # its trick lets me declare 66
        return cards[best[0]]
    # the 3 best, leaving out sure losses (the names here are ones the engine already has: see
    # engine.ai.value on MicroPython's qstrs)
    cands = []
    for i in best[:3]:
        if values[i] > -WIN // 2:
            cands.append(cards[i])
    if not cands:
        cands.append(cards[best[0]])
    n = len(cands)
    unseen = view.unseen
    if n < 2 or popcount(unseen) != view.opp_hidden() + 1:
        return cands[0]
    me = view.seat
    mw, ow, mm, om, mt, ot = _parts(view)
    solver.setup(view.rules, view.trump_suit, -1, 0, 0)
    t = view.trump_suit
    c = view.trick_card  # their lead, or -1 if I lead
    top = 1 << view.trump_card
    totals = [0] * n
    values = [0] * n  # this deal's
    if start is None:
        start = solver.nodes
    solver.limit = max(start + LAST_BUDGET, solver.nodes + LAST_BUDGET // 3)
    k = popcount(unseen)
    m = unseen
    for _ in range(rng.below(k)):  # start from a random deal
        m &= m - 1
    try:
        while k:
            if not m:
                m = unseen
            low = m & -m  # the face-down card of this deal
            m ^= low
            k -= 1
            opp = view.opp_known | unseen & ~low
            for i in range(n):
                d = cands[i]
                a = view.hand ^ 1 << d
                least = 1  # my value, banded to -1..1, against their best card
                b = 1 << c if c >= 0 else opp
                while b and least > -1:  # their card: the one led, or their best answer
                    f = bit_index(b & -b)
                    b &= b - 1
                    pts = CARD_POINTS[d] + CARD_POINTS[f]
                    # the trick played; its winner takes the face-down card `low`, the loser
                    # the face-up one (`top`); the search banded to (-1, least)
                    if beats(d, f, t) if c >= 0 else not beats(f, d, t):
                        v = solver.after_trick(a | low, opp & ~(1 << f) | top, mw + pts, ow, mm,
                                               om, mt + 1, ot, me, -1, least)
                    else:
                        v = -solver.after_trick(opp & ~(1 << f) | low, a | top, ow + pts, mw, om,
                                                mm, ot + 1, mt, 1 - me, -least, 1)
                    if v < least:
                        least = v if v > -1 else -1
                values[i] = least
            if solver.nodes > solver.limit:
                break
            for i in range(n):
                totals[i] += values[i]
    finally:
        solver.limit = solver.NO_LIMIT
    best = 0
    for i in range(1, n):  # a tie goes to the value's order
        if totals[i] > totals[best]:
            best = i
    return cands[best]

