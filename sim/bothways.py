"""Finish a hand both ways (desktop only): what a decision of HARD's was worth against a player.

    python -m sim.bothways --kind close|open [--against SPEC] [--deals N] [--preset P]
                           [--seed S] [--jobs J] [--out FILE]

Plays HARD against SPEC (default `ismcts:iters=1750`) on deals from mix(S, n), HARD in each
seat. At each of HARD's decisions of the kind the hand is copied, each copy takes one of two
moves, and both are finished, HARD against SPEC with the same decision seeds; the hand itself
goes on with HARD's choice. A decision's figure is the first move's game points for HARD minus
the second's (one finish each: a noisy figure, to be averaged over many):
- close: at every decision where HARD may close (before or after a draw), when at most 7 of 20
  sampled deals of the closed game are lost (the close test of engine.ai.endgame with twice
  the node budget and a seed of its own; a test cut short counts the deals lost before the
  cap): closing against HARD's best other move. Printed by HARD's own choice and the deals
  lost, and by stock size.
- open: at every open-phase card of HARD's where SPEC, asked from HARD's seat with a seed of its
  own, would play another card: SPEC's card against HARD's. Printed for follows and leads, by
  stock size, and for follows by whether each card takes the trick (with a trump or a higher
  card of the suit).
Each line: decisions, the mean with its 95% interval. `--out FILE` writes one JSON object a
decision (the position's numbers and both finishes) for a closer look. This is how
docs/experiments.md's "Finishing the hand both ways" was measured: `pypy3 -m sim.bothways
--kind close --deals 1400 --jobs 2 --seed 5` (8 minutes on PyPy).
"""
import argparse
import json
import os
import sys
import time

from engine import ai
from engine.ai import endgame, sample, solver
from engine.cards import CLOSE, DRAW
from engine.hand import Hand
from engine.legal import beats
from engine.rng import Rng, mix
from engine.rules import preset
from sim.arena import _act, mean_ci
from sim.cli import at_least_1, replace_file, write_problem
from sim.players import make_player
from sim.tablecmp import _run, _score

KINDS = ("close", "open")
DEALS = 20  # sampled deals of the closed game per close decision
MOST_LOST = 7  # decisions with more lost deals are not finished both ways (a close loses:
# in the first run, most of the tests cut short, -2.5 game points a decision)
_AGAINST = {}  # spec -> player, per process


def deals_lost(view, seed):
    """(deals lost, deals solved) of DEALS sampled deals of the closed game, as HARD's close
    test solves them (twice its node budget; fewer solved if the cap cuts the test short)."""
    me = view.seat
    marry = 0
    for s in range(4):
        if view.hand >> (6 * s + 2) & 3 == 3:
            marry |= 1 << s
    if not view.rules.marriage_after_close:
        marry = 0
    mw, ow, mm, om, mt, ot = endgame._parts(view)
    solver.setup(view.rules, view.trump_suit, me, ot, view.points[1 - me])
    solver.limit = solver.nodes + 2 * endgame.NODE_BUDGET
    rng = Rng(seed)
    lost = done = 0
    try:
        for _ in range(DEALS):
            opp = sample.read_hand(view, rng)
            if not solver.lead_wins(view.hand, opp, mw, ow, mm, om, mt, ot, me, marry):
                lost += 1
            if solver.nodes > solver.limit:
                break
            done += 1
    finally:
        solver.limit = solver.NO_LIMIT
        sample._VIEW = None
    return lost, done


def play_deal(task):
    """The decisions of one deal (HARD in each seat) finished both ways: a list of dicts."""
    i, kind, spec, preset_name, seed = task
    other = _AGAINST.get(spec)
    if other is None:
        other = _AGAINST[spec] = make_player(spec)
    rules = preset(preset_name)
    s = mix(seed, i + 1)
    out = []
    for seat in (0, 1):

        def move(h, ply, legal=None):
            p = h.to_move
            if p != seat:
                return _act(other, "SPEC", h, p, mix(s, ply), [])
            view = h.view(p)
            if legal is not None:
                view.legal = legal
            return ai.choose(view, ai.HARD, mix(s, ply))

        def finish(h, first, ply):
            h.apply(first)
            ply += 1
            while not h.over:
                h.apply(move(h, ply))
                ply += 1
            return _score(h, seat)

        h = Hand.new(s, i % 2, rules)
        ply = 0
        while not h.over:
            p = h.to_move
            a = move(h, ply)
            if p == seat:
                view = h.view(p)
                row = None
                if kind == "close" and CLOSE in view.legal and not view.strict:
                    lost, done = deals_lost(view, mix(s, 1000 + ply))
                    if lost <= MOST_LOST:
                        rest = tuple(x for x in view.legal if x != CLOSE)
                        b = move(h, ply, rest)
                        row = dict(lost=lost, solved=done, hard_closes=a == CLOSE,
                                   draw=DRAW in view.legal, first=CLOSE, second=b)
                elif kind == "open" and not view.strict and a < 24 and len(view.legal) > 1:
                    b = _act(other, "SPEC", h, p, mix(s, 5000 + ply), [])
                    if b != a and b < 24:
                        row = dict(led=view.trick_card, first=b, second=a)
                if row is not None:
                    row.update(deal=i, seat=seat, ply=ply, stock=view.stock_size,
                               trump=view.trump_suit, hand=view.hand,
                               points=list(view.points), tricks=list(view.tricks))
                    row["first_gp"] = finish(h.copy(), row["first"], ply)
                    row["second_gp"] = finish(h.copy(), row["second"], ply)
                    out.append(row)
            h.apply(a)
            ply += 1
    return out


def _line(label, rows):
    d = [r["first_gp"] - r["second_gp"] for r in rows]
    if not d:
        return "  %-34s     0" % label
    m, lo, hi = mean_ci(d)
    return "  %-34s %5d  %+.3f [%+.3f, %+.3f]" % (label, len(d), m, lo, hi)


def _takes(r, card):
    c = r["led"]
    if not beats(card, c, r["trump"]):
        return "gives up"
    return "trumps" if card // 6 == r["trump"] and c // 6 != r["trump"] else "takes higher"


def report(kind, rows):
    """The printed lines for the decisions `rows` of `kind` (see the module's docstring)."""
    lines = []
    if kind == "close":
        lines.append("  closing minus playing on: decisions, game points per decision")
        for closes in (True, False):
            who = "HARD closes" if closes else "HARD plays on"
            mine = [r for r in rows if r["hard_closes"] == closes]
            lines.append(_line(who, mine))
            for lost in range(MOST_LOST + 1):
                lines.append(_line("  %d of %d deals lost" % (lost, DEALS),
                                   [r for r in mine if r["lost"] == lost and
                                    r["solved"] == DEALS]))
            lines.append(_line("  test cut short", [r for r in mine if r["solved"] < DEALS]))
        lines.append("  HARD plays on, at most 4 of %d lost, by stock size:" % DEALS)
        for stock in range(12, 0, -2):
            for draw in (False, True):
                lines.append(_line("  stock %d, %s" % (stock, "before the draw" if draw
                                                        else "at a lead"),
                                   [r for r in rows if not r["hard_closes"] and
                                    r["stock"] == stock and r["draw"] == draw and
                                    r["lost"] <= 4 and r["solved"] == DEALS]))
        return lines
    follows = [r for r in rows if r["led"] >= 0]
    leads = [r for r in rows if r["led"] < 0]
    lines.append("  SPEC's card minus HARD's: decisions, game points per decision")
    lines.append(_line("follows", follows))
    lines.append(_line("leads", leads))
    for stock in range(12, 0, -2):
        lines.append(_line("  follows at stock %d" % stock,
                           [r for r in follows if r["stock"] == stock]))
        lines.append(_line("  leads at stock %d" % stock,
                           [r for r in leads if r["stock"] == stock]))
    kinds = {}
    for r in follows:
        kinds.setdefault((_takes(r, r["second"]), _takes(r, r["first"])), []).append(r)
    for (h, o), mine in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        lines.append(_line("  HARD %s, SPEC %s" % (h, o), mine))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.bothways",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=KINDS, default="close")
    ap.add_argument("--against", default="ismcts:iters=1750", metavar="SPEC")
    ap.add_argument("--deals", type=at_least_1, default=200)
    ap.add_argument("--preset", default="sixty-six")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=at_least_1, default=1)
    ap.add_argument("--out", metavar="FILE", help="one JSON line a decision")
    args = ap.parse_args(argv)
    try:
        rules = preset(args.preset)
        make_player(args.against)
        if args.out:  # checked now, written at the end (an old file stays until then)
            folder = os.path.dirname(os.path.abspath(args.out))
            if os.path.isdir(args.out) or not os.path.isdir(folder) or write_problem(folder):
                raise ValueError("--out %s: not a file that can be written" % args.out)
    except (ValueError, OSError) as e:
        print("sim.bothways: %s" % e, file=sys.stderr)
        return 2
    t0 = time.time()
    tasks = [(i, args.kind, args.against, rules.name, args.seed) for i in range(args.deals)]
    rows = [r for deal in _run(play_deal, tasks, args.jobs, 4) for r in deal]
    print("HARD against %s, %s, %d deals x 2 seats, seed %d, %s decisions (%.0f s):" % (
        args.against, rules.name, args.deals, args.seed, args.kind, time.time() - t0))
    for line in report(args.kind, rows):
        print(line)
    if args.out:  # after the report: a failed write loses neither it nor the old file
        try:
            replace_file(args.out, "".join(json.dumps(r) + "\n" for r in rows).encode())
        except OSError as e:
            print("sim.bothways: --out %s not written: %s" % (args.out, e.strerror or e),
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
