"""Desktop reference opponents for Sixty-Six (plain CPython; never deployed to the board).

Every player is a callable object `player(view, seed) -> action`: it sees only the View of its
own seat (engine.view.View, with `view.legal` set because it is that seat's turn), returns one
of `view.legal`, and is deterministic given the seed (the search players only when run with an
iteration budget; with a time budget the number of iterations depends on the machine).

Specs for `make_player(spec)`:

    random          uniform among the legal actions, with one exception that keeps it from
                    losing every hand at once: it declares 66 (31) exactly when its counted
                    points (view.points[seat]) are >= 66, and never otherwise. Close (29) stays
                    in the uniform choice, so it closes now and then, at random.
    greedy          one-ply rules of thumb: declare at >= 66, always draw (never close),
                    exchange the trump 9 when allowed, announce any marriage (40 first) and
                    lead its queen, lead the lowest non-trump, and follow by winning with the
                    cheapest winning card when the trick is worth it (a 10 or ace led, a win in
                    the led suit, points that reach 66, or the strict phase), else throw the
                    lowest card, trumps last.
    ismcts:MS       single-observer information-set MCTS with MS milliseconds per move
                    (default 100). Options as extra fields: `ismcts:100:c=0.7` (UCB1
                    constant), `ismcts:iters=400` (an iteration budget: fully deterministic;
                    with both, whichever ends first), `rollout=light|random|greedy`.
    pimc:MS         perfect-information Monte Carlo: sample deals consistent with the view,
                    score every legal action by a playout from it on each deal (the same deals
                    and playout randomness for every action), pick the best average. Same
                    options but c; `rollout=greedy|light|random`.
    easy|normal|hard  engine.ai.choose(view, level, seed): the handheld's own opponent.
    BASE+KIND=OTHER   BASE plays, but hands one kind of decision to OTHER, to find where a
                    player loses: `hard+follow=ismcts:iters=1000`. KIND: lead (open-phase
                    leads where BASE would play a card), follow (open-phase follows), close
                    (OTHER says whether to close; if not, BASE picks among the rest), strict
                    (every decision once the stock is closed or exhausted).

Searches never peek: each determinization is engine.ai.redeal.sample_hand(view, rng), the
hidden cards dealt at random among the deals consistent with what the seat has seen.
Rewards are the searcher's game points for the hand over 3 (+1 = won 3, -1 = lost 3).
Searches and playouts declare 66 exactly when the mover's points are >= 66 (declaring then is
never worse than playing on, and a false declaration always loses), so declare is not a choice.

Playout policies (all of them: declare only at >= 66):
    random  uniform among the legal actions (the literal "random playout"). It closes the stock
            at random, almost always on the first lead (about 3 playouts in 4 from the first
            trick end "closer failed"), which makes its values poor.
    light   never closes, always draws, takes the exchange and any marriage offered, and plays
            a uniformly random card. Default for ismcts (closing is still searched in the tree).
    greedy  like light, but the card is greedy's choice (epsilon 0.25 random). Default for
            pimc, which has no tree to make up for a random opponent in its playouts.
Measured against greedy (100 duplicate deals, 50 ms, loaded 2-core box): ismcts light +0.59
and +0.85 game points per hand (two runs), random +0.52, greedy +0.46; pimc greedy +0.92,
random -0.26 and -0.28.
"""
import math
import random as _random
import time

from engine import legal as _legal
from engine.cards import CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE
from engine.hand import Hand
from engine.legal import beats
from engine.ai.redeal import sample_hand

__all__ = ["RandomPlayer", "GreedyPlayer", "ISMCTSPlayer", "PIMCPlayer", "EnginePlayer",
           "DelegatePlayer", "DELEGATE_KINDS", "make_player", "SPECS"]


class FastRng(_random.Random):
    """The C Mersenne Twister with the engine Rng's interface (below, shuffle) for
    engine.ai.redeal.deal_hidden; several times faster than engine.rng.Rng on a desktop."""

    def below(self, n):
        return int(self.random() * n)


class _SimHand(Hand):
    """A Hand whose apply() reuses the legal list the simulation just computed (apply checks
    `action in self.legal_actions()`), so each step computes the legal actions once. The rules
    are the engine's own: nothing else is changed."""
    _acts = None

    def legal_actions(self):
        acts = self._acts
        if acts is not None:
            self._acts = None
            return acts
        return _legal.legal_actions(self)


def _sim_hand(view, rng):
    h = sample_hand(view, rng)
    h.__class__ = _SimHand
    return h


def _sim_copy(h):
    c = h.copy()
    c.__class__ = _SimHand
    return c


def _prune(acts, points):
    """Declare (always first in the engine's list when legal) exactly when points >= 66."""
    if acts and acts[0] == DECLARE:
        if points >= 66:
            return [DECLARE]
        return acts[1:]
    return acts


def _key(c, trump):
    """Order for throwing a card away: non-trumps before trumps, then by points and rank."""
    return (c // 6 == trump, CARD_POINTS[c], c % 6)


# ---- simple players --------------------------------------------------------------------------

class RandomPlayer:
    """Uniform among the legal actions; declares 66 exactly when its points are >= 66."""
    name = "random"

    def __call__(self, view, seed):
        acts = _prune(list(view.legal), view.points[view.seat])
        return acts[_random.Random(seed).randrange(len(acts))]


def greedy_action(view):
    """The greedy rules of thumb for one decision (see the module docstring)."""
    legal = view.legal
    seat = view.seat
    pts = view.points[seat]
    trump = view.trump_suit
    if DECLARE in legal and pts >= 66:
        return DECLARE
    if DRAW in legal:
        return DRAW
    if EXCHANGE in legal:
        return EXCHANGE
    cards = [a for a in legal if a < 24]
    marriages = [a for a in legal if MARRIAGE <= a < EXCHANGE]
    if marriages:
        marriages.sort(key=lambda a: a - MARRIAGE != trump)  # the 40 first
        return marriages[0]
    if view.trick_card < 0:  # leading (after a marriage: only its K and Q are legal)
        if view.announced >= 0:
            return min(cards)  # the queen
        return min(cards, key=lambda c: _key(c, trump))
    led = view.trick_card
    winners = [c for c in cards if beats(c, led, trump)]
    if winners:
        best = min(winners, key=lambda c: _key(c, trump))
        worth = CARD_POINTS[led] + CARD_POINTS[best]
        if (CARD_POINTS[led] >= 10 or best // 6 == led // 6 or view.strict
                or (view.tricks[seat] and pts + worth >= 66)):
            return best
    return min(cards, key=lambda c: _key(c, trump))


class GreedyPlayer:
    name = "greedy"

    def __call__(self, view, seed):
        return greedy_action(view)


class EnginePlayer:
    """The handheld's own opponent, engine.ai.choose, at one level."""

    def __init__(self, level):
        self.level = level
        self.name = ("easy", "normal", "hard")[level]

    def __call__(self, view, seed):
        from engine import ai
        return ai.choose(view, self.level, seed)


class DelegatePlayer:
    """BASE, with one kind of decision (DELEGATE_KINDS) taken by OTHER instead: an arena run
    of `hard+follow=ismcts:iters=1000` against the same opponent as plain `hard` says how much
    better (or worse) HARD would do with OTHER's follows."""

    def __init__(self, base, kind, other):
        if kind not in DELEGATE_KINDS:
            raise ValueError("no decision kind %r: choose one of %s" % (kind, ", ".join(DELEGATE_KINDS)))
        self.base = base
        self.kind = kind
        self.other = other
        self.name = "%s+%s=%s" % (base.name, kind, other.name)

    @property
    def total_iterations(self):
        return getattr(self.other, "total_iterations", None)

    @property
    def total_time(self):
        return getattr(self.other, "total_time", 0.0)

    def __call__(self, view, seed):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kind = self.kind
        if view.strict:
            return (self.other if kind == "strict" else self.base)(view, seed)
        if kind == "close":
            if CLOSE not in legal:
                return self.base(view, seed)
            o = self.other(view, seed)
            if o == CLOSE:
                return o
            b = self.base(view, seed)
            return o if b == CLOSE else b
        a = self.base(view, seed)
        if kind != "strict" and a < 24 and (view.trick_card >= 0) == (kind == "follow"):
            return self.other(view, seed)
        return a


DELEGATE_KINDS = ("lead", "follow", "close", "strict")


# ---- playouts ---------------------------------------------------------------------------------

def _rollout_random(h, rng):
    """Random playout to the end of the hand: uniform among legal actions, but declare
    exactly when the mover's points are >= 66."""
    rnd = rng.random
    while not h.over:
        acts = _legal.legal_actions(h)
        if acts[0] == DECLARE:
            p = h.to_move
            if h.points(p) >= 66:
                h._acts = acts
                h.apply(DECLARE)
                continue
            n = len(acts) - 1
            a = acts[1 + int(rnd() * n)]
        else:
            a = acts[int(rnd() * len(acts))]
        h._acts = acts
        h.apply(a)


def _rollout_light(h, rng):
    """A light heuristic playout: declare at >= 66 only, draw rather than close, announce a
    marriage when one is offered, otherwise a uniformly random card (or exchange)."""
    rnd = rng.random
    while not h.over:
        acts = _legal.legal_actions(h)
        a = -1
        if acts[0] == DECLARE:
            if h.points(h.to_move) >= 66:
                a = DECLARE
            else:
                acts = acts[1:]
        if a < 0:
            first = acts[0]
            if first == DRAW:
                a = DRAW
            elif first >= 24:  # exchange / close / marriages come before the cards
                for x in acts:
                    if MARRIAGE <= x < EXCHANGE or x == EXCHANGE:
                        a = x
                        break
                if a < 0:
                    cards = [x for x in acts if x < 24]
                    a = cards[int(rnd() * len(cards))]
            else:
                a = acts[int(rnd() * len(acts))]
        h._acts = acts
        h.apply(a)


def _greedy_card(h, cards, p):
    """greedy_action's card choice, read from a Hand (for playouts; uses only p's cards)."""
    trump = h.trump_suit
    led = h.trick_card
    if led < 0:
        if h.announced >= 0:
            return min(cards)
        return min(cards, key=lambda c: _key(c, trump))
    best = -1
    bk = None
    for c in cards:
        if beats(c, led, trump):
            k = _key(c, trump)
            if bk is None or k < bk:
                bk = k
                best = c
    if best >= 0:
        if (CARD_POINTS[led] >= 10 or best // 6 == led // 6 or h.strict
                or (h.tricks_won[p] and h.points(p) + CARD_POINTS[led] + CARD_POINTS[best] >= 66)):
            return best
    return min(cards, key=lambda c: _key(c, trump))


def _rollout_greedy(h, rng, eps=0.25):
    """An epsilon-greedy playout: declare at >= 66 only, draw rather than close, take the
    exchange and any marriage (40 first); cards by the greedy rules of thumb, or with
    probability eps uniformly at random."""
    rnd = rng.random
    while not h.over:
        acts = _legal.legal_actions(h)
        p = h.to_move
        a = -1
        if acts[0] == DECLARE:
            if h.points(p) >= 66:
                a = DECLARE
            else:
                acts = acts[1:]
        if a < 0:
            first = acts[0]
            if first == DRAW:
                a = DRAW
            else:
                cards = acts
                if first >= 24:
                    trump_m = MARRIAGE + h.trump_suit
                    for x in acts:
                        if x == EXCHANGE or x == trump_m:
                            a = x
                            break
                    if a < 0:
                        for x in acts:
                            if MARRIAGE <= x < EXCHANGE:
                                a = x
                                break
                    if a < 0:
                        cards = [x for x in acts if x < 24]
                if a < 0:
                    if rnd() < eps:
                        a = cards[int(rnd() * len(cards))]
                    else:
                        a = _greedy_card(h, cards, p)
        h._acts = acts
        h.apply(a)


ROLLOUTS = {"random": _rollout_random, "light": _rollout_light, "greedy": _rollout_greedy}


def _reward(h, seat):
    """Game points of the finished hand for seat, over 3."""
    w = h.winner
    if w is None:
        return 0.0
    g = h.game_points / 3.0
    return g if w == seat else -g


# ---- ISMCTS -----------------------------------------------------------------------------------

class _Node:
    __slots__ = ("visits", "total", "avail", "children", "mover")

    def __init__(self, mover):
        self.visits = 0
        self.total = 0.0  # sum of rewards from the point of view of `mover`
        self.avail = 0
        self.children = {}
        self.mover = mover  # the seat that chose the action leading here


def _parse_budget(ms, iters):
    if iters is None and ms is None:
        ms = 100
    return ms, iters


class _SearchPlayer:
    """What the search players share: the budget, the playout policy and iteration counters."""
    name = "search"

    def __init__(self, ms, iters, rollout):
        self.ms, self.iters = _parse_budget(ms, iters)
        self.rollout_name = rollout
        self.rollout = ROLLOUTS[rollout]
        self.last_iterations = 0
        self.total_iterations = 0
        self.total_time = 0.0

    def _counted(self, n, dt):
        self.last_iterations = n
        self.total_iterations += n
        self.total_time += dt


class ISMCTSPlayer(_SearchPlayer):
    """Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012).

    One tree for the searching seat, keyed by actions (both seats' actions, and the draw
    action, whose card comes from the determinization). Each iteration deals a determinization
    from the view, descends by UCB1 with availability counts among the children legal in that
    determinization, expands one untried action, plays out to the end of the hand, and backs up
    the game points. The move is the root child with the most visits.
    Budget: `ms` milliseconds per decision and/or `iters` iterations (both: whichever ends
    first). Decisions with one sensible action (after the declare rule) return at once.
    """

    name = "ismcts"

    def __init__(self, ms=None, iters=None, c=0.7, rollout="light"):
        _SearchPlayer.__init__(self, ms, iters, rollout)
        self.c = float(c)

    def __call__(self, view, seed):
        seat = view.seat
        root_acts = _prune(list(view.legal), view.points[seat])
        if len(root_acts) == 1:
            self.last_iterations = 0
            return root_acts[0]
        rng = FastRng(seed)
        rollout = self.rollout
        c = self.c
        log = math.log
        sqrt = math.sqrt
        root = _Node(1 - seat)
        t0 = time.perf_counter()
        deadline = t0 + self.ms / 1000.0 if self.ms is not None else None
        max_iters = self.iters
        n = 0
        while True:
            if max_iters is not None and n >= max_iters:
                break
            if deadline is not None and n and time.perf_counter() >= deadline:
                break
            n += 1
            h = _sim_hand(view, rng)
            node = root
            path = [root]
            while not h.over:
                p = h.to_move
                acts = _legal.legal_actions(h)
                if acts[0] == DECLARE:
                    acts = [DECLARE] if h.points(p) >= 66 else acts[1:]
                children = node.children
                untried = [a for a in acts if a not in children]
                if untried:
                    a = untried[int(rng.random() * len(untried))]
                    child = _Node(p)
                    children[a] = child
                    for b in acts:
                        if b in children:
                            children[b].avail += 1
                    h._acts = acts
                    h.apply(a)
                    path.append(child)
                    break
                best = None
                best_v = -1e9
                for a in acts:
                    ch = children[a]
                    ch.avail += 1
                    v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if v > best_v:
                        best_v = v
                        best = a
                node = children[best]
                path.append(node)
                h._acts = acts
                h.apply(best)
            if not h.over:
                rollout(h, rng)
            r0 = _reward(h, 0)
            for nd in path:
                nd.visits += 1
                nd.total += r0 if nd.mover == 0 else -r0
        self._counted(n, time.perf_counter() - t0)
        best = None
        best_n = -1
        for a in root_acts:  # ties: the engine's order
            ch = root.children.get(a)
            v = ch.visits if ch is not None else 0
            if v > best_n:
                best_n = v
                best = a
        self.last_root = root
        return best


# ---- PIMC -------------------------------------------------------------------------------------

class PIMCPlayer(_SearchPlayer):
    """Perfect-information Monte Carlo ("flat" determinized Monte Carlo).

    Repeatedly deals a determinization from the view and, on that same deal, plays every
    legal root action followed by one playout per action (common random numbers across
    actions); the action with the best mean reward is chosen.
    """

    name = "pimc"

    def __init__(self, ms=None, iters=None, rollout="greedy"):
        _SearchPlayer.__init__(self, ms, iters, rollout)

    def __call__(self, view, seed):
        seat = view.seat
        acts = _prune(list(view.legal), view.points[seat])
        if len(acts) == 1:
            self.last_iterations = 0
            return acts[0]
        rng = FastRng(seed)
        rollout = self.rollout
        totals = [0.0] * len(acts)
        t0 = time.perf_counter()
        deadline = t0 + self.ms / 1000.0 if self.ms is not None else None
        n = 0
        while True:
            if self.iters is not None and n >= self.iters:
                break
            if deadline is not None and n and time.perf_counter() >= deadline:
                break
            n += 1
            base = _sim_hand(view, rng)
            state = rng.getstate()
            for i, a in enumerate(acts):
                h = _sim_copy(base)
                rng.setstate(state)  # the same playout randomness for every action
                h.apply(a)
                if not h.over:
                    rollout(h, rng)
                totals[i] += _reward(h, seat)
        self._counted(n, time.perf_counter() - t0)
        best = 0
        for i in range(1, len(acts)):
            if totals[i] > totals[best]:
                best = i
        return acts[best]


# ---- registry ---------------------------------------------------------------------------------

SPECS = ("random", "greedy", "ismcts[:MS][:iters=N][:c=X][:rollout=light|random|greedy]",
         "pimc[:MS][:iters=N][:rollout=greedy|light|random]", "easy", "normal", "hard",
         "BASE+lead|follow|close|strict=OTHER")


def _parse_fields(spec, fields, allowed):
    kw = {}
    for f in fields:
        if not f:
            continue
        if "=" in f:
            k, v = f.split("=", 1)
            k = k.strip()
            if k not in allowed:
                raise ValueError("player %r: unknown option %r (allowed: %s)" % (
                    spec, k, ", ".join(allowed)))
            if k in kw:
                raise ValueError("player %r: option %s is given twice" % (spec, k))
            kw[k] = v.strip()
        else:
            if "ms" in kw:
                raise ValueError("player %r: option ms is given twice" % (spec,))
            kw["ms"] = f
    for k in ("ms", "iters"):
        if k in kw:
            try:
                kw[k] = int(kw[k])
            except ValueError:
                raise ValueError("player %r: %s must be a whole number" % (spec, k))
            if kw[k] < 1:
                raise ValueError("player %r: %s must be >= 1" % (spec, k))
    if "c" in kw:
        try:
            c = float(kw["c"])
        except ValueError:
            c = math.nan
        if not (math.isfinite(c) and c >= 0):
            raise ValueError("player %r: c must be a finite number >= 0, not %r" % (spec, kw["c"]))
        kw["c"] = c
    if "rollout" in kw and kw["rollout"] not in ROLLOUTS:
        raise ValueError("player %r: rollout must be one of %s" % (spec, ", ".join(ROLLOUTS)))
    return kw


def make_player(spec):
    """A player from a spec string: see the module docstring and SPECS."""
    text = str(spec).strip().lower()
    if "+" in text:
        base, _, rest = text.partition("+")
        kind, eq, other = rest.partition("=")
        if not eq or not other:
            raise ValueError("player %r: write BASE+KIND=OTHER, e.g. hard+follow=ismcts:100" % (spec,))
        kind = kind.strip()
        if kind not in DELEGATE_KINDS:
            raise ValueError("player %r: no decision kind %r: choose one of %s" % (
                spec, kind, ", ".join(DELEGATE_KINDS)))
        p = DelegatePlayer(make_player(base), kind, make_player(other))
        p.spec = text
        return p
    parts = text.split(":")
    name = parts[0]
    fields = parts[1:]
    if name in ("random", "greedy", "easy", "normal", "hard") and fields:
        raise ValueError("player %r takes no options" % (spec,))
    if name == "random":
        p = RandomPlayer()
    elif name == "greedy":
        p = GreedyPlayer()
    elif name in ("easy", "normal", "hard"):
        p = EnginePlayer(("easy", "normal", "hard").index(name))
    elif name == "ismcts":
        p = ISMCTSPlayer(**_parse_fields(spec, fields, ("ms", "iters", "c", "rollout")))
    elif name == "pimc":
        p = PIMCPlayer(**_parse_fields(spec, fields, ("ms", "iters", "rollout")))
    else:
        raise ValueError("no player %r: choose one of %s" % (spec, ", ".join(SPECS)))
    p.spec = text
    return p
