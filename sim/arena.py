"""Duplicate matches between two players (desktop only).

    python -m sim.arena A B [--matches N | --hands N] [--preset P] [--jobs J] [--seed S]
                            [--target T] [--quiet]

A and B are player specs (sim.players.make_player: random, greedy, ismcts:100, pimc:100,
easy, normal, hard...). Duplicate format: every seed is played twice on the same deals, first
with A in seat 0 and B in seat 1, then with the seats swapped, so the luck of the cards cancels.
`--matches N` plays N seeds x 2 = 2N matches to the target; `--hands N` plays N seeds x 2 = 2N
single hands (dealer alternating by seed), the cheap way to a thousand duplicate deals.
Without either, 20 match seeds.

Printed: A's match win rate with a 95% Wilson interval, hands won, game points per hand for
A and B and their difference with a 95% interval (duplicate pairs as the independent units),
how the hands ended (closed by A, closed by B, the stock run out, a 66 declared with the stock
still open: each with the hands each player won and A's game points minus B's per hand of that
kind, plain means), decision times (p50, p95, max in ms) and, for search players, iterations
per second.

The Wilson interval treats the 2N matches as independent. The two halves of a duplicate seed
are negatively correlated (the same good cards go to A once and to B once), so it is a little
wider than it needs to be. The game-point difference uses each seed's pair of halves as one
unit (a ratio estimate: A's minus B's game points over the hands of that seed), which is the
honest unit for duplicate play. Decision times are wall-clock and include any load on the
machine: on a shared box the max (and the iterations a time budget buys) suffer first.
"""
import argparse
import math
import sys
import time

from engine.hand import Hand
from engine.match import Match
from engine.rng import mix
from engine.rules import preset
from sim.cli import at_least_1
from sim.players import make_player

Z95 = 1.959963984540054


class PlayerError(RuntimeError):
    """A player returned an illegal action (or crashed): names the player and the position."""


# ---- statistics ---------------------------------------------------------------------------

def wilson(successes, n, z=Z95):
    """Wilson score interval (low, high) for a proportion; (0, 1) when n == 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


def mean_ci(values, z=Z95):
    """(mean, low, high): normal-approximation 95% interval of the mean. With fewer than two
    values nothing is known of the spread: the interval is (-inf, inf), not zero wide."""
    n = len(values)
    if n == 0:
        return (0.0, -math.inf, math.inf)
    m = sum(values) / n
    if n < 2:
        return (m, -math.inf, math.inf)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def ratio_ci(nums, dens, z=Z95):
    """(ratio, low, high) for sum(nums)/sum(dens) over independent units (nums[i], dens[i]),
    by the delta method (cluster-robust standard error). With equal dens it is mean_ci; with
    fewer than two units the interval is (-inf, inf)."""
    k = len(nums)
    total_d = sum(dens)
    if k == 0 or total_d == 0:
        return (0.0, -math.inf, math.inf)
    r = sum(nums) / total_d
    if k < 2:
        return (r, -math.inf, math.inf)
    dbar = total_d / k
    s2 = sum((x - r * d) ** 2 for x, d in zip(nums, dens)) / (k - 1)
    half = z * math.sqrt(s2 / k) / dbar
    return (r, r - half, r + half)


def percentile(values, q):
    """The q-th percentile (0..100) with linear interpolation between closest ranks
    (numpy's default); 0.0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


# ---- playing ------------------------------------------------------------------------------

def decision_seed(seed, run, hand_no, ply):
    return mix(mix(mix(seed, 101 + run), hand_no + 1), ply + 1)


def _act(player, label, hand, seat, seed, times):
    """One decision: asks the player, times it, checks the action is legal (loudly)."""
    view = hand.view(seat)
    t0 = time.perf_counter()
    try:
        a = player(view, seed)
    except Exception as e:  # name the player, keep the cause
        raise PlayerError("player %s (%s) in seat %d crashed on %r with decision seed %d: %r" % (
            label, player.spec, seat, hand, seed, e)) from e
    times.append((time.perf_counter() - t0) * 1000.0)
    if a not in view.legal:
        raise PlayerError(
            "player %s (%s) in seat %d returned an illegal action %r; legal %r; history %r, "
            "%s, decision seed %d" % (label, player.spec, seat, a, list(view.legal),
                                      list(hand.history), hand, seed))
    return a


ENDS = ("A closed", "B closed", "stock run out", "66, stock open")


def ending(h, labels):
    """How a finished hand ended, one of ENDS: closed (by the player of that label), played
    until the stock ran out, or declared while the stock was still open."""
    if h.closed_by >= 0:
        return labels[h.closed_by] + " closed"
    return ENDS[2] if h.stock_size == 0 else ENDS[3]


def play_match(players, labels, rules, seed, target, run):
    """One match: players[s] sits in seat s. Returns (match winner label, per-hand results
    [(winner label or None, game points)], decision times {label: [ms]}, how each hand ended
    [one of ENDS])."""
    m = Match(rules, seed, target)
    times = {labels[0]: [], labels[1]: []}
    hands = []
    ends = []
    while True:
        h = m.hand
        ply = 0
        while not h.over:
            s = h.to_move
            a = _act(players[s], labels[s], h, s, decision_seed(seed, run, m.hand_no, ply),
                     times[labels[s]])
            m.apply(a)
            ply += 1
        w, pts, _reason = m.results[-1]
        hands.append((labels[w] if w is not None else None, pts))
        ends.append(ending(h, labels))
        if m.over:
            break
        m.next_hand()
    return labels[m.winner], hands, times, ends


def play_hand(players, labels, rules, seed, dealer, run):
    """One hand from Hand.new(seed, dealer): players[s] sits in seat s."""
    h = Hand.new(seed, dealer, rules)
    times = {labels[0]: [], labels[1]: []}
    ply = 0
    while not h.over:
        s = h.to_move
        a = _act(players[s], labels[s], h, s, decision_seed(seed, run, 0, ply), times[labels[s]])
        h.apply(a)
        ply += 1
    w = h.winner
    return None, [(labels[w] if w is not None else None, h.game_points)], times, [
        ending(h, labels)]


def play_pair(task):
    """Both halves of one duplicate seed. task = (index, spec_a, spec_b, preset name,
    seed, target, mode). Returns a dict of plain data (picklable)."""
    index, spec_a, spec_b, preset_name, seed, target, mode = task
    rules = preset(preset_name)
    pa = make_player(spec_a)
    pb = make_player(spec_b)
    out = {"index": index, "seed": seed, "runs": [], "times": {"A": [], "B": []}}
    for run, (seats, labels) in enumerate((((pa, pb), ("A", "B")), ((pb, pa), ("B", "A")))):
        if mode == "hands":
            winner, hands, times, ends = play_hand(seats, labels, rules, seed, index % 2, run)
        else:
            winner, hands, times, ends = play_match(seats, labels, rules, seed, target, run)
        out["runs"].append({"winner": winner, "hands": hands, "ends": ends})
        for k in ("A", "B"):
            out["times"][k].extend(times[k])
    out["iters"] = {k: (getattr(p, "total_iterations", None), getattr(p, "total_time", 0.0))
                    for k, p in (("A", pa), ("B", pb))}
    return out


def run_arena(spec_a, spec_b, n, preset_name="sixty-six", mode="matches", jobs=1, seed=1,
              target=None, progress=None):
    """Plays n duplicate seeds; returns the list of play_pair results, in seed order.
    ValueError, before any worker starts, for a bad spec, preset, target, count or jobs."""
    make_player(spec_a)  # fail early on a bad spec
    make_player(spec_b)
    rules = preset(preset_name)
    if target is None:
        target = rules.match_target
    for name, value in (("target", target), ("seeds", n), ("jobs", jobs), ("seed", seed)):
        if type(value) is not int or (value < 1 and name != "seed"):
            raise ValueError("%s must be a whole number%s, not %r" % (
                name, "" if name == "seed" else " >= 1", value))
    if mode not in ("matches", "hands"):
        raise ValueError("mode must be 'matches' or 'hands', not %r" % (mode,))
    tasks = [(i, spec_a, spec_b, rules.name, mix(seed, i + 1), target, mode) for i in range(n)]
    results = []
    if jobs <= 1:
        for t in tasks:
            results.append(play_pair(t))
            if progress:
                progress(len(results), n)
    else:
        import multiprocessing
        # spawn, not fork: a forked child of a process that holds pygame/SDL (the simulator,
        # a pytest worker) can hang; spawned workers start clean
        from sim.cli import pool_size
        with multiprocessing.get_context("spawn").Pool(pool_size(jobs, n)) as pool:
            for r in pool.imap_unordered(play_pair, tasks):
                results.append(r)
                if progress:
                    progress(len(results), n)
    results.sort(key=lambda r: r["index"])
    return results


def summarize(results):
    """The statistics of a list of play_pair results (a dict)."""
    s = {"pairs": len(results), "matches": 0, "match_wins": {"A": 0, "B": 0},
         "hands": 0, "hand_wins": {"A": 0, "B": 0}, "drawn": 0, "gp": {"A": 0, "B": 0},
         "ends": {e: {"hands": 0, "A": 0, "B": 0, "diff": 0} for e in ENDS}}
    diffs = []
    dens = []
    times = {"A": [], "B": []}
    iters = {"A": [0, 0.0, False], "B": [0, 0.0, False]}
    for r in results:
        d = 0
        nh = 0
        for run in r["runs"]:
            if run["winner"] is not None:
                s["matches"] += 1
                s["match_wins"][run["winner"]] += 1
            for (w, pts), end in zip(run["hands"], run["ends"]):
                nh += 1
                e = s["ends"][end]
                e["hands"] += 1
                if w is None:
                    s["drawn"] += 1
                    continue
                g = pts if w == "A" else -pts  # A's game points minus B's
                e[w] += 1
                e["diff"] += g
                s["hand_wins"][w] += 1
                s["gp"][w] += pts
                d += g
        s["hands"] += nh
        diffs.append(d)
        dens.append(nh)
        for k in ("A", "B"):
            times[k].extend(r["times"][k])
            it, secs = r["iters"][k]
            if it is not None:
                iters[k][0] += it
                iters[k][1] += secs
                iters[k][2] = True
    s["win_rate"] = s["match_wins"]["A"] / s["matches"] if s["matches"] else None
    s["win_ci"] = wilson(s["match_wins"]["A"], s["matches"]) if s["matches"] else None
    nh = s["hands"] or 1
    s["gp_per_hand"] = {k: s["gp"][k] / nh for k in ("A", "B")}
    s["diff"] = ratio_ci(diffs, dens)
    s["times"] = {k: {"n": len(times[k]), "p50": percentile(times[k], 50),
                      "p95": percentile(times[k], 95), "max": max(times[k]) if times[k] else 0.0}
                  for k in ("A", "B")}
    s["iters_per_s"] = {k: (iters[k][0] / iters[k][1] if iters[k][2] and iters[k][1] > 0 else None)
                        for k in ("A", "B")}
    return s


def _ms(x):
    return "%.2f" % x if x < 1 else "%.1f" % x if x < 100 else "%.0f" % x


def format_table(s, spec_a, spec_b, preset_name, mode, target, seed, jobs, wall):
    head = "A = %s, B = %s: %s, %s, %d seeds x 2 seats, seed %d, %d jobs, %.0f s" % (
        spec_a, spec_b, preset_name,
        ("%d matches to %d" % (s["matches"], target)) if mode == "matches" else
        ("%d hands" % s["hands"]), s["pairs"], seed, jobs, wall)
    rows = [("", "A", "B", "A vs B")]
    if mode == "matches":
        lo, hi = s["win_ci"]
        rows.append(("matches won", str(s["match_wins"]["A"]), str(s["match_wins"]["B"]),
                     "A %.1f%% [%.1f, %.1f]" % (100 * s["win_rate"], 100 * lo, 100 * hi)))
    hw = s["hand_wins"]
    rows.append(("hands won", str(hw["A"]), str(hw["B"]),
                 "A %.1f%%, %d drawn, %d hands" % (100.0 * hw["A"] / (s["hands"] or 1),
                                                  s["drawn"], s["hands"])))
    d, dlo, dhi = s["diff"]
    interval = ("[%+.3f, %+.3f]" % (dlo, dhi) if math.isfinite(dlo) and math.isfinite(dhi)
                else "[no interval from %d seed]" % s["pairs"])
    rows.append(("game pts / hand", "%.3f" % s["gp_per_hand"]["A"], "%.3f" % s["gp_per_hand"]["B"],
                 "diff %+.3f %s" % (d, interval)))
    for end in ENDS:
        e = s["ends"][end]
        if e["hands"]:
            rows.append(("  " + end, str(e["A"]), str(e["B"]),
                         "%d hands (%.0f%%), diff %+.3f" % (
                             e["hands"], 100.0 * e["hands"] / (s["hands"] or 1),
                             e["diff"] / e["hands"])))
    t = s["times"]
    rows.append(("ms p50/p95/max", "/".join(_ms(t["A"][k]) for k in ("p50", "p95", "max")),
                 "/".join(_ms(t["B"][k]) for k in ("p50", "p95", "max")),
                 "decisions %d / %d" % (t["A"]["n"], t["B"]["n"])))
    ips = s["iters_per_s"]
    if ips["A"] is not None or ips["B"] is not None:
        rows.append(("search iters/s", "%.0f" % ips["A"] if ips["A"] else "-",
                     "%.0f" % ips["B"] if ips["B"] else "-", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [head]
    for i, r in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(widths[j]) for j, c in enumerate(r)) + " |")
        if i == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)



def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.arena",
                                 description="Duplicate matches (or hands) between two players.")
    ap.add_argument("a", help="player A spec (random, greedy, ismcts:100, pimc:100, easy...)")
    ap.add_argument("b", help="player B spec")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--matches", type=int, help="duplicate match seeds (each played twice)")
    g.add_argument("--hands", type=int, help="duplicate single-hand seeds (each played twice)")
    ap.add_argument("--preset", default="sixty-six", help="sixty-six, schnapsen or santase")
    ap.add_argument("--jobs", type=at_least_1, default=1, help="worker processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=at_least_1, default=None,
                    help="match target (default: preset's)")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = ap.parse_args(argv)
    mode = "hands" if args.hands is not None else "matches"
    n = args.hands if mode == "hands" else (args.matches if args.matches is not None else 20)
    if n < 1:
        ap.error("need at least one seed")
    try:
        rules = preset(args.preset)
        make_player(args.a)
        make_player(args.b)
    except ValueError as e:
        ap.error(str(e))
    if args.target is not None and mode == "hands":
        ap.error("--target is for --matches (single hands have no target)")
    target = args.target if args.target is not None else rules.match_target
    t0 = time.time()

    def progress(done, total):
        if not args.quiet and (done == total or done % max(1, total // 10) == 0):
            sys.stderr.write("  %d/%d seeds, %.0f s\n" % (done, total, time.time() - t0))
            sys.stderr.flush()

    results = run_arena(args.a, args.b, n, rules.name, mode, args.jobs, args.seed, target,
                        progress)
    s = summarize(results)
    print(format_table(s, args.a, args.b, rules.name, mode, target, args.seed, args.jobs,
                       time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
