"""The computer opponent: choose(view, level, seed) -> a legal action.

It decides from the view only (R43 plus a perfect memory): cards seen, marriage partners
shown, the exchanged card, voids shown in the strict phase. Open phase: follows and leads by a
value learned offline (engine.ai.value; fewer samples below HARD, slips for EASY), and at HARD
the last open trick's best few cards solved over every deal (engine.ai.endgame); closing is
tested by solving sampled deals. Strict phase: exact alpha-beta (engine.ai.solver) once every card
in play is placed, sampled deals while a closed stock hides some.
"""
# the solver and the endgame first: the bigger modules compile while the MicroPython heap is
# still empty, and the compiler's garbage is freed before each (this module's own first);
# engine.ai.endgame, engine.ai.value, engine.hand and engine.match do the same. Without it a compile's
# leftovers scatter the heap and a HARD match needs 63-65 KB on the VM, depending on the path it
# runs from; with it, 62 KB on every layout tried (python -m sim.bench ai)
import gc
gc.collect()
from engine.ai import solver
gc.collect()
from engine.ai import endgame
gc.collect()
from engine.ai import value
gc.collect()
from engine.ai import sample
from engine.ai.endgame import EASY, NORMAL, HARD, LEVEL_NAMES  # noqa: F401 (re-exported)
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE
from engine.rng import Rng, mix
from engine.view import View  # noqa: F401  (what choose reads; compiled now, not mid-match)


def choose(view, level=NORMAL, seed=0):
    """A legal action for the seat of `view` (its `legal` tuple must be set)."""
    try:
        legal = view.legal
        if not legal:
            raise ValueError("the view's seat is not to move")
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        # (the constant keeps the stream apart from the deal's: the app's seed for the first
        # lead of a match's first hand, mixed with 1, is that hand's deal seed)
        rng = Rng(mix(seed, len(view.history) * 7 + me) ^ 0x3C5A5C3)
        if solver.nodes > 0xFFFFFFF:  # the count starts over long before NO_LIMIT (2**30), past
            solver.nodes = 0  # which every search would give up and a board's ints grow long
        start = solver.nodes  # a decision's searches share one node budget (endgame.last_open)
        if DECLARE in legal and view.points[me] >= 66:  # R28: declare the moment 66 is reached
            if level != EASY or rng.below(6):
                return DECLARE
        if view.strict:
            return endgame.strict_choice(view, level, rng)
        if DRAW in legal:
            if CLOSE in legal and level == HARD and view.stock_size <= 4 and \
                    endgame.close_pays(view, level, rng):
                return CLOSE
            return DRAW
        if view.trick_card < 0:  # a lead
            if EXCHANGE in legal:  # R13: a higher trump for the nine (jack) is always a gain
                return EXCHANGE
            if view.announced >= 0:  # lead the queen of the marriage announced, keep the king
                q = view.announced * 6 + 2  # (R20)
                return q if view.hand >> q & 1 else q + 1
            best = -1
            for a in legal:  # the best marriage to announce (R20): 40 before 20
                if MARRIAGE <= a < MARRIAGE + 4:
                    if best < 0 or a - MARRIAGE == view.trump_suit:
                        best = a
            if best >= 0 and level != EASY and view.tricks[me] and view.points[me] + (
                    40 if best - MARRIAGE == view.trump_suit else 20) >= 66:
                return best  # 66 at once (R21, D1: declared next), not lost to a close (R22)
            if CLOSE in legal and level != EASY and endgame.close_pays(view, level, rng):
                return CLOSE
            if best >= 0 and (level != EASY or rng.below(3)):
                return best
        return _open(view, legal, level, rng, start)
    finally:  # what read_hand read of this view is not kept on the heap
        sample._VIEW = None


# The open phase's follow, or its lead once choose found nothing to announce: by the value
# (engine.ai.value) over sampled opponent hands, a follow over 4 at HARD (1 below), a lead against
# 12 at HARD (2 below), EASY slipping by up to 2500/10000 game point a card (written into the
# calls: no tuples kept, no names interned); HARD solves the last open trick. Apart from choose:
# the strict phase's searches run under choose's frame on the pystack, kept small without these
# locals. (Comments, not a docstring: a board compiling this .py holds a docstring's text in the
# parse tree while it does.)
def _open(view, legal, level, rng, start):
    marry = view.stock_size > 2 or view.rules.marriage_after_close
    if view.trick_card >= 0:
        if EXCHANGE in legal and level != EASY:  # follower's exchange (exchange_timing any)
            return EXCHANGE
        # taking the trick gives me the lead: a marriage announced on it counts at once
        # (R20-R23)
        marry = marry and level != EASY
        pick = value.follow
        n = 4 if level == HARD else 1
    else:
        pick = value.lead
        n = 12 if level == HARD else 2
    if level == HARD and view.stock_size == 2 and view.trump_card >= 0:  # the last open trick:
        # the value's best cards solved over every deal (a close tested first spends from the
        # decision's budget: start)
        scores = pick(view, rng, 2, _pending(view), marry, 0, [])
        return endgame.last_open(view, rng, scores, start)
    return pick(view, rng, n, _pending(view), marry, 2500 if level == EASY else 0)


def _pending(view):
    """Announced marriage points that count from each seat's first trick (mine, theirs; R21)."""
    me = view.seat
    mine = endgame.melds(view, me) if not view.tricks[me] else 0
    theirs = endgame.melds(view, 1 - me) if not view.tricks[1 - me] else 0
    return mine, theirs
