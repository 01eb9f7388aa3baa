"""`python -m sim.bench review`: the hand review's work and time, and the coach's heap (issue 17).

Time: tests/vm/mp_review_timing.py reviews both seats of seeded hands (EASY against HARD) on the
MicroPython VM, each review timed by its fastest of 3 passes, and the SAMD51 estimate multiplies
that by sim/samd51.py's highest factor of the same run (see tests/vm/mp_ai_timing.py).
Work units (solver nodes plus the charge per HARD decision, engine.coach.review) do not depend on the
machine. Heap: the smallest heap in which tests/vm/mp_coach_check.py (hints, reviews, the replay
from the other seat) runs on the MicroPython VM (64-bit) and on CircuitPython's 32-bit build,
from .py and with the engine's .mpy files as sim.deploy compiles them for a drive.
"""
import argparse
import os
import subprocess
import sys

from sim.bench_engine import micropython
from sim.cli import at_least_1

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMD51_DIR = os.path.join(ROOT, "sim")  # sim/samd51.py: the SAMD51 factor
CP_DIR = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython")  # CI; skip
CP32 = os.path.join(CP_DIR, "circuitpython-10.2.1-unix-x86")
PADS = (0, 8, 16, 24)


def timing(hands, budget, vm="micropython", passes=3):
    """([(seat, us, units, nodes, calls, decisions, unreviewed)], factor)."""
    script = [os.path.join("tests", "vm", "mp_review_timing.py"), str(hands), str(budget), SAMD51_DIR,
              str(passes)]
    if vm == "micropython":
        cmd = [micropython(), "-X", "heapsize=4m"] + script
        env = dict(os.environ, MICROPYPATH=".")
    else:
        cmd = [sys.executable] + script
        env = dict(os.environ, PYTHONPATH=".")
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout
    rows = []
    factor = None
    for line in out.split("\n"):
        w = line.split()
        if w and w[0] == "review":
            rows.append(tuple(int(x) for x in w[1:]))
        elif w and w[0] == "factor":
            factor = float(w[1])
    return rows, factor


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, len(v) * p // 100)]


def heap_ok(exe, kb, pad, env, cwd=ROOT):
    r = subprocess.run([exe, "-X", "heapsize=%dk" % kb, "tests/vm/mp_coach_check.py", "2",
                        "x" * pad], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=600)
    return r.returncode == 0 and "done" in r.stdout, r.stdout


def smallest_heap(exe, env, lo, hi, cwd=ROOT):
    """(smallest KB that runs with every pad of PADS, the check's heap line there)."""
    best = None
    line = ""
    for kb in range(hi, lo - 1, -1):
        outs = [heap_ok(exe, kb, pad, env, cwd) for pad in PADS]
        if all(ok for ok, _ in outs):
            best = kb
            line = [x for x in outs[0][1].split("\n") if x.startswith("heap")][0]
        elif best is not None:
            break
    return best, line


def main(argv=()):
    ap = argparse.ArgumentParser(prog="python -m sim.bench review")
    ap.add_argument("--hands", type=at_least_1, default=100, help="hands reviewed, both seats each")
    ap.add_argument("--skip-heap", action="store_true")
    args = ap.parse_args(list(argv))
    from engine.coach.review import BUDGET, HARD_LEAD, HARD_CALL

    print("## Review of a hand (both seats of %d hands, EASY against HARD; budget %d units: "
          "solver nodes + %d per HARD open lead, %d per other HARD decision)"
          % (args.hands, BUDGET, HARD_LEAD, HARD_CALL))
    print("| budget | VM | reviews | units p50 / p95 / max | nodes p95 / max | decisions "
          "unreviewed | SAMD51 s p50 / p95 / max | factor |")
    print("|---|---|---|---|---|---|---|---|")
    if not os.path.isfile(os.path.join(SAMD51_DIR, "samd51.py")):
        print("(no times: the SAMD51 factor needs %s/samd51.py, which is not there)" % SAMD51_DIR)
        return 0
    for budget in (BUDGET, 0):
        rows, f = timing(args.hands, budget)
        units = [r[2] for r in rows]
        nodes = [r[3] for r in rows]
        secs = [r[1] * f / 1e6 for r in rows]
        left = sum(r[6] for r in rows)
        total = sum(r[5] for r in rows)
        print("| %s | micropython | %d | %d / %d / %d | %d / %d | %d of %d (%.1f%%) | "
              "%.2f / %.2f / %.2f | %.1f |" % (
                  budget or "none", len(rows), pct(units, 50), pct(units, 95), max(units),
                  pct(nodes, 95), max(nodes), left, total, 100.0 * left / max(1, total),
                  pct(secs, 50), pct(secs, 95), max(secs), f))
        sys.stdout.flush()
    if args.skip_heap:
        return 0
    print("\n## Heap: hints, 2 hands reviewed (both seats) and replayed from the other seat "
          "(tests/vm/mp_coach_check.py, %d heap layouts)" % len(PADS))
    env = dict(os.environ, MICROPYPATH=".")
    kb, line = smallest_heap(micropython(), env, 48, 96)
    print("MicroPython VM (64-bit), .py: runs from %s KB; %s" % (kb, line))
    if os.access(CP32, os.X_OK):
        env = dict(os.environ, MICROPYPATH=".", CIRCUITPY_PYSTACK_SIZE="4096")
        kb, line = smallest_heap(CP32, env, 32, 80)
        print("CircuitPython 10.2.1 (32-bit), .py: runs from %s KB; %s" % (kb, line))
        cross = os.path.join(CP_DIR, "mpy-cross-circuitpython-10.2.1")
        if os.access(cross, os.X_OK):
            import shutil
            import tempfile
            with tempfile.TemporaryDirectory() as tmp:
                os.makedirs(os.path.join(tmp, "tests", "vm"))
                from sim import deploy  # the engine's .mpy files as sim.deploy compiles them
                files, _ = deploy.plan(ROOT, cross)  # for a drive (-O3, under import names)
                for rel, data in files.items():
                    if rel.startswith("engine/"):  # engine/ and its packages (ai, coach)
                        path = os.path.join(tmp, *rel.split("/"))
                        os.makedirs(os.path.dirname(path), exist_ok=True)
                        with open(path, "wb") as f:
                            f.write(data)
                shutil.copy(os.path.join(ROOT, "tests", "vm", "mp_coach_check.py"),
                            os.path.join(tmp, "tests", "vm"))
                kb, line = smallest_heap(CP32, env, 32, 80, tmp)
            print("CircuitPython 10.2.1 (32-bit), engine as .mpy (as sim.deploy compiles it): "
                  "runs from %s KB; %s" % (kb, line))
    else:
        print("(no CircuitPython figure: %s is not there)" % CP32)
    return 0
