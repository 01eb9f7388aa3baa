"""HARD's last open trick (stock 2, the face-up trump card still out), solved.

After this trick the winner draws the face-down card, the loser the face-up one (R11), and the
strict phase that follows is a game of perfect information. So the best few cards by the value
(engine.value) are tried against every deal the view allows (the face-down card is one of the
unseen cards, the opponent holds the others) with the exact solver; on a lead, against the
opponent's best answer in each deal. Values are banded to win / draw / lose (-1..1), which keeps
the searches cheap, and the deals stop once the decision has spent NODE_BUDGET solver nodes (a
deal cut short counts for nothing), which keeps it no slower on a 120 MHz SAMD51 than the
strict phase's slowest (engine.endgame: about 1.1 s).
"""
from engine.ai import solver
from engine.cards import CARD_POINTS, bit_index, popcount
from engine.ai.endgame import _parts
from engine.legal import beats
from engine.ai.value import WIN

# solver nodes the whole decision may spend (a close tested first included; see choose). Over
# 4,000 duplicate deals in self-play against a budget of 800 for the deals alone (sim.tablecmp
# --old-ai): 1,600 for the deals alone +0.009, 2,400 +0.014, this +0.012, no budget +0.021
# game points per hand (but slower on a board than the strict phase's slowest decision)
NODE_BUDGET = 2400


def choose(view, rng, scores, start=None):
    """The card to play: scores = (my cards, their values) from engine.value.follow / lead;
    start: solver.nodes when the decision began (a close tested first spends from the budget,
    but this leaves at least a third of it for its own deals)."""
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
    # engine.value on MicroPython's qstrs)
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
    solver.limit = max(start + NODE_BUDGET, solver.nodes + NODE_BUDGET // 3)
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

