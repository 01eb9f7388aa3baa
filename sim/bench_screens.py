"""`python -m sim.bench screens`: what reopening a rarely shown screen costs once its modules
were unloaded when it closed (handheld.unload): the time to import them again, here and
estimated on a 120 MHz SAMD51 (sim/samd51.py's factor, read in the same run), and the heap they
hold while loaded.

Runs tests/vm/mp_reopen_timing.py on CircuitPython 10.2.1's 32-bit unix build
(CI: ../shared/tools/circuitpython) over the files laid out as `sim.deploy` writes a drive,
once from .py (each reopening compiles) and once from .mpy (each reopening loads). Each figure is
the fastest of 5 reopenings (a busy host only ever slows one). Not counted: reading the file
from the board's flash, and drawing the screen.
"""
import argparse
import os
import re
import sys
import tempfile

from sim import bench_board

# (what the player opens, the modules it loads, in order)
GROUPS = (
    ("menu", "handheld.menu"),
    ("rules help", "handheld.help+handheld.helptext"),
    ("statistics", "handheld.stats"),
    ("notices", "handheld.savepages"),
    ("resume offer", "handheld.resume"),
    ("hand's result", "handheld.result"),
    ("hint", "handheld.coachui+engine.coach"),
    ("hand's review", "handheld.review+engine.coach.review"),
    ("same deal, both seats", "handheld.review+engine.coach"),
)


def measure(tree):
    """{group: (us here, SAMD51 ms at the run's factor, live bytes)} and the run's factor."""
    r = bench_board.run_cp(tree, "mp_reopen_timing.py", 512,
                           [os.path.join(bench_board.ROOT, "sim")] + [g for _, g in GROUPS],
                           screens=False)
    if r.returncode != 0:
        raise RuntimeError("mp_reopen_timing.py failed:\n" + r.stdout + r.stderr)
    rows = {}
    for m in re.finditer(r"REOPEN (\S+) us=(\d+) samd51_ms=(\d+) live=(\d+)", r.stdout):
        rows[m.group(1)] = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
    m = re.search(r"COLLECT us=(\d+) samd51_ms=[\d.]+ live=(\d+)", r.stdout)
    rows["collect"] = (int(m.group(1)), 0, int(m.group(2)))
    return rows, float(re.search(r"FACTOR ([\d.]+)", r.stdout).group(1))


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim.bench screens", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.parse_args(argv)
    why = bench_board.missing()
    if why:
        print("screens: " + why)
        return 1
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tree in bench_board.drive_trees(tmp):
            results[kind] = measure(tree)
    # one interpreter, one factor: the highest reading of both runs (a busy host only lowers it)
    f = max(results["py"][1], results["mpy"][1])
    print("reopening a screen whose modules were unloaded (CircuitPython %s, 32-bit; "
          "fastest of 5; SAMD51 estimate = time here x factor %.1f, sim/samd51.py)"
          % (bench_board.CP_VERSION, f))
    print("%-34s %-36s %9s %14s %14s" % ("screen", "modules", "heap", ".py here/SAMD51",
                                        ".mpy here/SAMD51"))
    for what, group in GROUPS:
        py = results["py"][0][group]
        mpy = results["mpy"][0][group]
        print("%-34s %-36s %7d B %5d us %4d ms %5d us %4d ms" % (
            what, group, mpy[2], py[0], py[0] * f / 1000, mpy[0], mpy[0] * f / 1000))
    for kind in ("py", "mpy"):  # handheld.loop's, after each frame on a board
        us, _, live = results[kind][0]["collect"]
        print("a collection (handheld.loop's, after each frame), from .%s with the resident "
              "modules, an App and a dealt match live (%.1f KB; the app at HARD with its screens "
              "holds up to about 95 KB, python -m sim.bench board): %d us here, %.1f ms on a "
              "SAMD51 (est.; a collection is C code, the factor is measured on bytecode)" % (
                  kind, live / 1024.0, us, us * f / 1000))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
