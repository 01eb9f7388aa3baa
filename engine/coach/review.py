"""A finished hand reviewed: the decisions of one seat that cost game points, worst first.

What a line's cost means. For a decision where the seat took action a and the reference action
is r (below), with V(x) the game points the seat wins (-3..3; negative when it loses) if x is
taken and both seats then play perfectly with every card known (engine.ai.solver over the actual
deal: a closed stock's cards stay out of play, 66 is declared the moment it is reached, and
short of it by the closer's opponent where that costs less, D7):

    cost = V(r) - V(a)

and a line is written only when cost >= 1, so a move whose value equals the best is never
called a mistake. V is exact, and is computed only in the strict phase (the stock closed or
exhausted), where the rest of the hand is a game of perfect information once the deal is known.
- The seat's view placed every card (stock exhausted, or every card of the opponent known):
  r is the best action (the largest V). The line says "with all cards known".
- A closed stock still hid cards from the seat: r is what HARD (engine.ai) does from the
  seat's view, and the line says so; V is still taken over the actual deal. HARD is asked
  with `seed` plus the decision's trick number (0-based), as the app asks it for a hint
  (handheld.coachui.hint_seed, the match's seed): a hint followed is never a line.
- Open phase (the stock open): V is not computed. Where HARD's choice from the seat's view
  differs, a line with cost None says what HARD does ("not measured"); such lines follow the
  costed ones and are never summed as game points.

Budget: decisions are reviewed from the last one back (the strict phase's exact ones first).
Work is counted in units (a count, never the clock, so the answer is the same on every
machine): one per solver node, plus HARD_LEAD for HARD's decision on an open lead and HARD_CALL
for its other decisions (their sampling, beyond the nodes they search). A decision starts only
while units are left, and its own searches stop at the budget (a decision cut short counts for
nothing); HARD's decision may run past it, so a review spends at most the budget plus one HARD
decision. The earlier decisions are then left unreviewed: review() ends with an entry (cost
None) naming their tricks, review_hand() counts them.
"""
# the import order keeps the MicroPython compile peak low (see engine.ai): this module's
# compile garbage is freed, then engine.ai's big modules and engine.coach compile
import gc
gc.collect()
from engine import ai
from engine.ai import solver
gc.collect()
from engine.coach import signed
gc.collect()
from engine.hand import Hand
from engine.cards import DECLARE
from engine.coach.reviewtext import did, does, subject, outcome

# units a call of HARD's decision is charged beyond its solver nodes: the value's sampling
# takes about as long as this many nodes on an open lead (12 sampled hands), and far less on
# other decisions (python -m sim.bench review measures the time they sum to)
HARD_LEAD = 600
HARD_CALL = 100
# units one hand's review may spend: about 2.2 s on a 120 MHz SAMD51 at most, within its 3 s
# (python -m sim.bench review)
BUDGET = 8000
NO_LIMIT = solver.NO_LIMIT


def value(h, seat, lo=-4, hi=4):
    """V for seat of a strict-phase Hand h (every card in play placed), fail-hard in (lo, hi)."""
    if h.over:
        return signed(h, seat)
    p = h.to_move
    o = 1 - p
    if p != seat:
        lo, hi = -hi, -lo
    solver.setup(h.rules, h.trump_suit, h.closed_by, h.frozen_tricks, h.frozen_points)
    a = h.hands[p]
    b = h.hands[o]
    if h.trick_card >= 0:  # p follows: the leader o's value, negated
        c = h.trick_card
        v = -solver.after_lead(b | 1 << c, a, h.won[o], h.won[p], h.melds[o], h.melds[p],
                               h.tricks_won[o], h.tricks_won[p], o, c, -hi, -lo)
    elif h.tricks_won[p] and h.points(p) >= 66:  # declared at once (R28)
        v = solver.declared(p, h.points(o), h.tricks_won[o])
    elif h.announced >= 0:  # the marriage's K or Q must be led (R20)
        v = lo
        for c in (h.announced * 6 + 3, h.announced * 6 + 2):
            if a >> c & 1:
                w = solver.after_lead(a, b, h.won[p], h.won[o], h.melds[p], h.melds[o],
                                      h.tricks_won[p], h.tricks_won[o], p, c, v, hi)
                if w > v:
                    v = w
    else:
        v = solver.lead(a, b, h.won[p], h.won[o], h.melds[p], h.melds[o], h.tricks_won[p],
                        h.tricks_won[o], p, lo, hi)
    return v if p == seat else -v


def after(h, a):
    """A copy of h with action a taken."""
    c = h.copy()
    c.apply(a)
    return c


def state_at(hand, i):
    """The hand as it stood before its i-th action (replayed from the deck)."""
    h = Hand(hand.deck, hand.dealer, hand.rules)
    hist = hand.history
    for k in range(i):
        h.apply(hist[k])
    return h


def decisions(hand, seat):
    """Indices into hand.history of the actions seat chose among more than one, a
    declaration short of 66 not counted as a choice (the app draws at once where it is the
    only other one) but by the closer's opponent, whom it may cost less than the closer's
    66 (D7)."""
    h = Hand(hand.deck, hand.dealer, hand.rules)
    out = []
    for i, a in enumerate(hand.history):
        if h.to_move == seat:
            legal = h.legal_actions()
            n = len(legal)
            if DECLARE in legal and h.points(seat) < 66 and a != DECLARE and \
                    h.closed_by != 1 - seat:
                n -= 1
            if n > 1:
                out.append(i)
        h.apply(a)
    return out


def view_exact(view):
    """True if the view places every card still in play (the solver decides from it)."""
    return view.strict and (view.closed_by < 0 or view.stock_hidden() == 0
                            or view.opp_hidden() == 0)


# ---- the review -------------------------------------------------------------------------

class _Spent(Exception):
    """The budget ran out in the middle of a decision."""


class Review:
    """review_hand's answer: lines (cost, trick, text) worst first; reviewed: how many of the
    seat's decisions were; unreviewed: how many the budget left out (the earliest), up to trick
    `unreviewed_to`."""

    def __init__(self):
        self.lines = []
        self.reviewed = 0
        self.unreviewed = 0
        self.unreviewed_to = 0
        self.units = 0  # work spent: solver nodes, plus HARD_LEAD or HARD_CALL per HARD decision
        self.calls = 0  # HARD decisions made
        self.nodes = 0  # solver nodes searched (HARD's included)

    def lost(self):
        """Game points the costed lines sum to."""
        n = 0
        for cost, _t, _s in self.lines:
            if cost:
                n += cost
        return n


def review_hand(hand, seat, budget=BUDGET, seed=0):
    """Review seat's decisions in a finished Hand (or record text); see the module's doc."""
    if isinstance(hand, str):
        from engine.record import replay
        hand = replay(hand)
    if not hand.over:
        raise ValueError("the hand is not finished: only a finished hand can be reviewed")
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1, not %r" % (seat,))
    out = Review()
    start = solver.nodes
    extra = 0  # HARD_LEAD and HARD_CALL units so far
    todo = decisions(hand, seat)
    k = len(todo)
    try:
        while k:
            i = todo[k - 1]
            left = budget - (solver.nodes - start) - extra
            if left <= 0:
                break
            line, units = _decision(state_at(hand, i), hand.history[i], seat, seed,
                                    solver.nodes + left)
            extra += units
            if units:
                out.calls += 1
            if line:
                out.lines.append(line)
            k -= 1
    except _Spent as e:
        extra += e.args[0]
    finally:
        solver.limit = NO_LIMIT
    out.nodes = solver.nodes - start
    out.units = out.nodes + extra
    out.reviewed = len(todo) - k
    if k:
        out.unreviewed = k
        t = state_at(hand, todo[k - 1]).trick_no
        if t and k < len(todo) and state_at(hand, todo[k]).trick_no == t:
            t -= 1  # that trick's lead was reviewed (only a draw or close before it was not):
        out.unreviewed_to = t + 1  # the tricks named end before it
    out.lines.sort(key=_order)
    return out


def _order(line):
    return (-line[0] if line[0] else 0, line[1])


def review(hand, seat, budget=BUDGET, seed=0):
    """[(cost, trick, text)] worst first (see the module's doc); when the budget left decisions
    out, a last entry (None, trick, 'Tricks 1-4: not reviewed'), and if the decisions it did
    review found nothing, one more that says so (cost None, the next trick)."""
    r = review_hand(hand, seat, budget, seed)
    lines = r.lines
    if r.unreviewed:
        t = r.unreviewed_to
        found = len(lines)
        lines.append((None, t, ("Trick 1" if t == 1 else "Tricks 1-%d" % t) +
                      ": not reviewed (time budget)"))
        if not found and r.reviewed:
            lines.append((None, t + 1, "From trick %d on, no decision cost you a game point."
                          % (t + 1)))
    return lines


def _search(h, seat, lo, hi, limit, units=0):
    solver.limit = limit
    v = value(h, seat, lo, hi)
    if solver.nodes > limit:
        raise _Spent(units)
    return v


def _decision(h, a, seat, seed, limit):
    """(line or None, units charged for a HARD decision) for seat's action a in the Hand h."""
    trick = h.trick_no + 1
    view = h.view(seat)
    head = did(h, a)
    if a == DECLARE:  # the hand ends there: its result is exact even in the open phase
        v = signed(after(h, a), seat)
        if v < 0:  # short of 66 (R30a)
            head += " and lost %d" % -v
    head = "Trick %d: you %s. " % (trick, head)
    if view_exact(view):  # every card placed for the seat: the best action is the reference
        mine = _search(after(h, a), seat, -4, 4, limit)
        best = mine
        better = a
        for x in h.legal_actions():
            if x != a:
                v = _search(after(h, x), seat, best, 4, limit)
                if v > best:
                    best = v
                    better = x
        if best > mine:
            return (best - mine, trick, head + "%s %s, with all cards known." % (
                subject(h, better), outcome(best, mine))), 0
        return None, 0
    solver.limit = NO_LIMIT
    r = ai.choose(view, ai.HARD, seed + h.trick_no)  # (a hint's seed: see the module's doc)
    units = HARD_LEAD if not view.strict and h.trick_card < 0 and not h.draw_pending else HARD_CALL
    if r == a:
        return None, units
    if not view.strict:
        return (None, trick, head + "From your view HARD %s (not measured)." % does(h, r)), units
    mine = _search(after(h, a), seat, -4, 4, limit, units)
    v = _search(after(h, r), seat, mine, 4, limit, units)
    if v > mine:
        return (v - mine, trick, head + "From your view HARD %s: %s with all cards known." % (
            does(h, r), outcome(v, mine))), units
    return None, units

