"""`python -m sim.bench ai`: the computer opponent's strength, speed and memory (issue 3)."""
import os
import subprocess
import sys

from sim.bench_engine import micropython
from sim.cli import at_least_1

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMD51_DIR = os.path.join(ROOT, "sim")  # sim/samd51.py: the SAMD51 factor
LEVELS = ("easy", "normal", "hard")


def timing(level, matches, vm):
    """(decisions, factor, p50, p95, max) in microseconds on this machine for a level."""
    script = [os.path.join("tests", "vm", "mp_ai_timing.py"), str(level), str(matches), SAMD51_DIR]
    if vm == "micropython":
        cmd = [micropython(), "-X", "heapsize=4m"] + script
        env = dict(os.environ, MICROPYPATH=".")
    else:
        cmd = [sys.executable] + script
        env = dict(os.environ, PYTHONPATH=".")
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    words = out.split()
    n = int(words[words.index("decisions") + 1])
    f = float(words[words.index("factor") + 1])
    p50, p95, mx = (int(words[words.index(k) + 1]) for k in ("p50", "p95", "max"))
    tail = words[words.index("nodes"):]  # solver nodes: a cost that does not depend on the machine
    nodes = (int(tail[tail.index("p95") + 1]), int(tail[tail.index("max") + 1]))
    return n, f, p50, p95, mx, nodes


# extra argv lengths for the heap scan: the VM keeps argv on its heap, so each shifts the heap's
# layout as another path or machine does (a CI run once needed 1 KB more than a local one)
PADS = (0, 4, 8, 12, 16, 20, 24, 28)


def heap_scan(script_args, lo=48, hi=80):
    """(smallest, safe): the smallest -X heapsize (KB) that runs the script with every argv
    length of PADS, and the size from which every larger size up to `hi` does. Fragmentation
    makes the VM's answer non-monotonic and layout-dependent, so this tries each KB with
    several layouts instead of bisecting one."""
    env = dict(os.environ, MICROPYPATH=".")

    def ok(kb):
        for pad in PADS:
            r = subprocess.run([micropython(), "-X", "heapsize=%dk" % kb] + script_args +
                               ["x" * pad], cwd=ROOT, env=env, capture_output=True, text=True)
            if r.returncode != 0 or "digest" not in r.stdout:
                return False
        return True

    smallest = safe = None
    for kb in range(lo, hi + 1):
        if ok(kb):
            if smallest is None:
                smallest = kb
            if safe is None:
                safe = kb
        else:
            safe = None
    return smallest, safe


def live_heap(matches):
    env = dict(os.environ, MICROPYPATH=".")
    out = subprocess.run([micropython(), "-X", "heapsize=256k", "tests/vm/mp_ai_match.py",
                          "sixty-six", "2", "2", str(matches)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split("live")[1].split("\n")[0].split()]


def arena_rows(pairs, jobs):
    from sim.arena import run_arena, summarize
    rows = []
    for a, b, n, mode in pairs:
        s = summarize(run_arena(a, b, n, mode=mode, jobs=jobs))
        lo, hi = s["win_ci"] if s["win_ci"] else (0, 0)
        d, dlo, dhi = s["diff"]
        rows.append("| %-6s | %-11s | %4d %-7s | %5.1f%% [%4.1f, %4.1f] | %+.3f [%+.3f, %+.3f] | %.2f / %.2f |" % (
            a, b, n, mode, 100 * (s["win_rate"] or 0), 100 * lo, 100 * hi, d, dlo, dhi,
            s["gp_per_hand"]["A"], s["gp_per_hand"]["B"]))
    return rows


def main(argv=()):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m sim.bench ai")
    ap.add_argument("--matches", type=at_least_1, default=200,
                    help="duplicate match seeds per pairing")
    ap.add_argument("--ismcts", type=int, default=0,
                    help="also HARD vs ismcts:100 over this many duplicate hands and matches/5 (slow)")
    ap.add_argument("--jobs", type=at_least_1, default=2)
    ap.add_argument("--skip-arena", action="store_true")
    args = ap.parse_args(list(argv))

    print("## Time per decision (Sixty-Six, computer vs itself; SAMD51 = here x factor, same run)")
    print("(solver nodes: the search's work per decision, the same on any machine; a busy machine")
    print("changes the times and the factor, never the nodes)")
    print("| level  | VM          | decisions | p50 ms | p95 ms | max ms | factor | SAMD51 p95 s | SAMD51 max s | nodes p95 / max |")
    print("|--------|-------------|-----------|--------|--------|--------|--------|--------------|--------------|-----------------|")
    runs = ((2, 20), (1, 20))
    for level, matches in runs:
        for vm in ("cpython", "micropython"):
            n, f, p50, p95, mx, nodes = timing(level, matches, vm)
            print("| %-6s | %-11s | %9d | %6.2f | %6.2f | %6.1f | %6.1f | %12.2f | %12.2f | %7d / %5d |" % (
                LEVELS[level], vm, n, p50 / 1e3, p95 / 1e3, mx / 1e3, f, p95 * f / 1e6, mx * f / 1e6,
                nodes[0], nodes[1]))
    sys.stdout.flush()

    print("\n## Memory (MicroPython VM, 64-bit; a 32-bit board needs less)")
    for name in ("sixty-six", "schnapsen", "santase"):
        smallest, safe = heap_scan(["tests/vm/mp_ai_match.py", name, "2", "2", "1"])
        print("%s: a HARD vs HARD match, engine and AI imported from .py, runs from %s KB "
              "(and at every size from %s KB up to 80 KB), with each of %d argv lengths"
              % (name, smallest, safe, len(PADS)))
    live = live_heap(20)
    print("live heap after gc.collect() across 20 HARD vs HARD matches: first %d, last %d, max %d bytes"
          % (live[0], live[-1], max(live)))
    sys.stdout.flush()

    if args.skip_arena:
        return
    print("\n## Arena (duplicate deals, seats swapped; 95% intervals)")
    print("| A      | B           | seeds        | A match wins          | A-B game pts / hand        | gp/hand A / B |")
    print("|--------|-------------|--------------|-----------------------|----------------------------|---------------|")
    pairs = [("hard", "random", args.matches, "matches"), ("hard", "greedy", args.matches, "matches"),
             ("normal", "hard", args.matches, "matches"), ("easy", "normal", args.matches, "matches")]
    if args.ismcts:
        pairs.append(("hard", "ismcts:100", args.ismcts, "hands"))
        pairs.append(("hard", "ismcts:100", max(1, args.ismcts // 5), "matches"))
    for row in arena_rows(pairs, args.jobs):
        print(row)
        sys.stdout.flush()
