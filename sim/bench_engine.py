"""`python -m sim.bench engine`: the rules engine's speed and memory (issue 2).

Prints, for each preset:
- random hands per second on CPython and on the MicroPython VM (tests/vm/mp_engine_speed.py: the
  digest's biased random player, the same hands on both);
- the smallest MicroPython heap that imports the engine from its .py files and plays a full
  match (tests/vm/mp_engine_match.py). Heap sizes do not pass or fail monotonically (the collector
  and fragmentation), so sizes are scanned down 1 KB at a time: `min` is the smallest size that
  worked, `safe` the size from which every larger size worked;
- the live heap of one hand state (tests/vm/mp_engine_heap.py: gc.mem_alloc() after gc.collect()).
Targets: >= 3,000 hands/s on CPython; a match within 48 KB on the 64-bit VM (aim: 32 KB).
"""
import argparse
import os
import shutil
import subprocess
import sys
from sim.cli import at_least_1

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRESETS = ("sixty-six", "schnapsen", "santase")
CPYTHON_TARGET = 3000
HEAP_TARGET_KB = 48
# the modules a match imports, in their compile order (engine/hand.py orders its imports so that
# the big ones compile while little else is on the heap); not engine/deck.py: Hand.new deals
# without it
MATCH_MODULES = ("match", "hand", "rules", "legal", "cards", "score", "rng")


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(exe):
        return exe
    exe = shutil.which("micropython")
    if not exe:
        raise SystemExit("no micropython next to %s or on PATH: pip install -r requirements.txt"
                         % sys.executable)
    return exe


def run_script(args, heap_kb=None):
    """(ok, stdout) of a tests/vm/ script on the MicroPython VM (heap_kb given) or on CPython."""
    if heap_kb is None:
        cmd = [sys.executable] + args
        env = dict(os.environ, PYTHONPATH=ROOT)
    else:
        cmd = [micropython(), "-X", "heapsize=%dk" % heap_kb] + args
        env = dict(os.environ, MICROPYPATH=".")
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    return r.returncode == 0, r.stdout + r.stderr


def field(out, key):
    words = out.split()
    return int(words[words.index(key) + 1])


def hands_per_second(name, hands, heap_kb=None):
    ok, out = run_script(["tests/vm/mp_engine_speed.py", name, str(hands)], heap_kb)
    if not ok:
        raise SystemExit(out)
    return field(out, "per_s")


def match_heap(name, top=64, bottom=12):
    """(min, safe) heap in KB with which the VM imports the engine and plays a match."""
    lowest = safe = None
    misses = 0
    for kb in range(top, bottom - 1, -1):
        ok, _ = run_script(["tests/vm/mp_engine_match.py", name, "1"], kb)
        if ok:
            lowest = kb
            if misses == 0:
                safe = kb
        else:
            misses += 1
            if misses >= 6 and lowest is not None and kb < lowest - 5:
                break
    return lowest, safe


def hand_heap(name):
    ok, out = run_script(["tests/vm/mp_engine_heap.py", name], 256)
    if not ok:
        raise SystemExit(out)
    return field(out, "dealt"), field(out, "played"), field(out, "view"), field(out, "actions")


def circuitpython_line(names):
    """The smallest heap for a match on CircuitPython 10.2.1's 32-bit build (a board's object
    sizes), from .py and from .mpy compiled by its mpy-cross (sim.bench_board), or why not."""
    import tempfile
    from sim import bench_board as board
    why = board.missing()
    if why:
        return "CircuitPython: " + why
    worst = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tree in board.drive_trees(tmp):
            kbs = [board.script_heap(tree, "mp_engine_match.py", (name, 1)) for name in names]
            worst[kind] = None if None in kbs else max(kbs)
    return ("CircuitPython %s (32-bit): a match from .py within %s KB, from .mpy %s KB (the "
            "worst of %s)" % (board.CP_VERSION, worst["py"], worst["mpy"], ", ".join(names)))


def main(argv=()):
    ap = argparse.ArgumentParser(prog="python -m sim.bench engine")
    ap.add_argument("--hands", type=at_least_1, default=4000, help="hands per speed measure")
    ap.add_argument("--preset", choices=PRESETS, action="append", help="default: all three")
    args = ap.parse_args(list(argv))
    names = args.preset or PRESETS
    rows = [("preset", "CPython hands/s", "MicroPython hands/s", "match heap min/safe KB",
             "hand state B (dealt/played)", "view B")]
    worst_cp = worst_heap = None
    for name in names:
        cp = hands_per_second(name, args.hands)
        mp = hands_per_second(name, args.hands // 2, 256)
        low, safe = match_heap(name)
        dealt, played, view, actions = hand_heap(name)
        rows.append((name, str(cp), str(mp), "%s / %s" % (low, safe),
                     "%d / %d (%d actions)" % (dealt, played, actions), str(view)))
        worst_cp = cp if worst_cp is None else min(worst_cp, cp)
        worst_heap = safe if worst_heap is None or safe is None else max(worst_heap, safe)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, r in enumerate(rows):
        print("| " + " | ".join(c + " " * (widths[j] - len(c)) for j, c in enumerate(r)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    print("CPython: %d hands/s at worst (target >= %d): %s" % (
        worst_cp, CPYTHON_TARGET, "ok" if worst_cp >= CPYTHON_TARGET else "MISSED"))
    print("MicroPython: a match from .py within %s KB (target %d KB, aim 32 KB): %s" % (
        worst_heap, HEAP_TARGET_KB,
        "ok" if worst_heap is not None and worst_heap <= HEAP_TARGET_KB else "MISSED"))
    print(circuitpython_line(names))
    sizes = sorted((os.path.getsize(os.path.join(ROOT, "engine", m + ".py")), m)
                   for m in MATCH_MODULES)
    print("a match compiles %s; the largest: %s" % (", ".join(MATCH_MODULES), ", ".join(
        "%s.py %d B" % (m, n) for n, m in reversed(sizes[-3:]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
