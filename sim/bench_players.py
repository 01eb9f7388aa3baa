"""Speed of the desktop search players (sim/players.py): playouts and iterations per second.

    python -m sim.bench players [--preset P] [--seconds S] [--positions N]

Positions come from greedy-vs-greedy hands, taken at three stages: the first lead (trick 0),
the open phase (tricks 2-4) and the strict phase (stock closed or exhausted), always at a
decision with more than one sensible action and no draw pending. Each line is measured for about S seconds in
total, on one core; other load on the machine lowers the numbers.
"""
import argparse
import time

from engine.hand import Hand
from engine.rules import preset, PRESET_ORDER
from sim.cli import at_least_1
from sim.players import (FastRng, ROLLOUTS, ISMCTSPlayer, PIMCPlayer, _prune, _sim_hand,
                         greedy_action)


def stage_positions(rules, n, seed=1):
    """{stage: [view, ...]} with up to n views per stage."""
    out = {"first lead": [], "open (tricks 2-4)": [], "strict": []}
    k = 0
    while min(len(v) for v in out.values()) < n and k < 50 * n:
        h = Hand.new(seed * 1000 + k, k % 2, rules)
        k += 1
        taken = set()
        while not h.over:
            view = h.view(h.to_move)
            acts = _prune(list(view.legal), view.points[view.seat])
            if len(acts) > 1 and not h.draw_pending:
                if h.trick_no == 0:
                    stage = "first lead"
                elif h.strict:
                    stage = "strict"
                elif 2 <= h.trick_no <= 4:
                    stage = "open (tricks 2-4)"
                else:
                    stage = None
                if stage and stage not in taken and len(out[stage]) < n:
                    out[stage].append(view)
                    taken.add(stage)
            h.apply(greedy_action(view))
    return out


def rollouts_per_s(views, policy, seconds):
    rng = FastRng(7)
    f = ROLLOUTS[policy]
    n = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for v in views:
            h = _sim_hand(v, rng)
            if not h.over:
                f(h, rng)
            n += 1
    return n / (time.perf_counter() - t0)


def search_per_s(views, player, seconds):
    """Iterations (ismcts) or sampled deals (pimc) per second over the views."""
    its = 0
    secs = 0.0
    per = max(0.01, seconds / max(1, len(views)))
    player.ms = per * 1000.0
    for i, v in enumerate(views):
        t0 = time.perf_counter()
        player(v, i + 1)
        secs += time.perf_counter() - t0
        its += player.last_iterations
    return its / secs if secs else 0.0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.bench players")
    ap.add_argument("--preset", default="sixty-six", choices=PRESET_ORDER)
    ap.add_argument("--seconds", type=float, default=2.0, help="per measured line")
    ap.add_argument("--positions", type=at_least_1, default=10, help="views per stage")
    args = ap.parse_args(argv)
    if not args.seconds > 0:  # (nan too)
        ap.error("--seconds must be more than 0, not %s" % args.seconds)
    rules = preset(args.preset)
    stages = stage_positions(rules, args.positions)
    rows = [("stage", "views", "random po/s", "light po/s", "greedy po/s", "ismcts it/s",
             "pimc deals/s (po/s)")]
    for stage, views in stages.items():
        if not views:
            continue
        po = [rollouts_per_s(views, p, args.seconds / 3) for p in ("random", "light", "greedy")]
        it = search_per_s(views, ISMCTSPlayer(ms=100), args.seconds)
        deals = search_per_s(views, PIMCPlayer(ms=100), args.seconds)
        width = sum(len(_prune(list(v.legal), v.points[v.seat])) for v in views) / len(views)
        rows.append((stage, str(len(views)), "%.0f" % po[0], "%.0f" % po[1], "%.0f" % po[2],
                     "%.0f" % it, "%.0f (%.0f)" % (deals, deals * width)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print("%s: playouts (po) and search iterations per second, one core" % rules.name)
    for i, r in enumerate(rows):
        print("| " + " | ".join(c.ljust(widths[j]) for j, c in enumerate(r)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return 0


if __name__ == "__main__":
    main()
