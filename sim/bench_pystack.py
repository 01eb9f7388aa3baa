"""`python -m sim.bench pystack [--matches N] [--no-model]`: the CircuitPython pystack the game
needs.

Measured on CircuitPython 10.2.1's 32-bit unix build (CI: ../shared/tools/circuitpython; a real
pystack sized by CIRCUITPY_PYSTACK_SIZE, as on a board): the smallest size, by bisection to 8
bytes, with which
- the app (tests/vm/mp_app_check.py: 3 matches by button presses, drawn with its 160x128 screens
  over tests/vm/fakes) at EASY, NORMAL and HARD neither raises `pystack exhausted` nor makes a
  move by the EASY fallback; EASY also with the text view (the stand-ins' bitmaptools.blit is
  a Python frame where a board has C);
- a HARD vs HARD match (tests/vm/mp_ai_match.py) completes.
Without that build it says so and measures nothing there.

Then, as a cross-check that says where the bytes go, the model: frame sizes read from
MicroPython's mpy-cross, chains traced on CPython (sim/pystack.py), per level the deepest
chain of ai.choose alone and of the whole app, the deepest listed frame by frame.
"""
import argparse
import os

from sim import pystack
from sim.cli import at_least_1

LEVELS = ("EASY", "NORMAL", "HARD")


def measure(matches, display=None):
    """{level: (ai alone, whole app)} in bytes, and the deepest app tracer."""
    from engine.rules import PRESET_ORDER
    from handheld.render import Renderer
    if display is None:
        from sim.display import make_display
        display = make_display(160, 128, 1, headless=True)
    exe = pystack.mpy_cross()
    base = pystack.board_base(exe)
    out = {}
    worst = None
    for level in range(3):
        t = pystack.Tracer()
        pystack.ai_deepest(t, level, PRESET_ORDER, matches)
        alone = t.deepest
        app = pystack.Tracer(base)
        for i, name in enumerate(PRESET_ORDER):
            pystack.app_deepest(app, Renderer(display), level, name, seed=11 + i)
        out[LEVELS[level]] = (alone, app.deepest)
        if worst is None or app.deepest > worst.deepest:
            worst = app
    return out, worst


def measured(out=print):
    """{row: bytes} measured on CircuitPython's 32-bit build; None where it is missing."""
    import tempfile
    from sim import bench_board as board
    why = board.missing()
    if why:
        out("pystack: " + why)
        return None
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        tree = board.write_tree(tmp, False)
        for level in range(3):
            rows["app %s, screens" % LEVELS[level]] = board.app_pystack(tree, level)
            if level == 0:
                rows["app EASY, text view"] = board.app_pystack(tree, 0, screens=False)
        rows["HARD vs HARD, ai.choose alone"] = board.ai_pystack(tree)
    return rows


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m sim.bench pystack", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=at_least_1, default=3,
                        help="matches per preset for ai.choose alone, model (default 3)")
    parser.add_argument("--no-model", action="store_true", help="skip the model's cross-check")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from handheld import pystack as setting
    rows = measured()
    if rows:
        print("## Measured on CircuitPython 10.2.1, 32-bit unix build (smallest pystack, bytes)")
        print("CircuitPython 10's default %d (9.x and SAMD21: %d); the game asks for %d" % (
            setting.DEFAULT, pystack.SMALLEST_DEFAULT, setting.SIZE))
        print("| run                            | needs | fits default | fits %d |" % setting.SIZE)
        print("|--------------------------------|-------|--------------|-----------|")
        for name, need in rows.items():
            print("| %-30s | %5s | %-12s | %-9s |" % (
                name, need, "yes" if need and need <= setting.DEFAULT else "NO",
                "yes" if need and need <= setting.SIZE else "NO"))
        print()
    if args.no_model:
        return 0 if rows else 1
    try:
        figures, worst = measure(args.matches)
    except pystack.MpyError as e:
        print("pystack: %s" % e)
        return 1
    print("## Model (cross-check): frames from mpy-cross, chains traced on CPython (bytes)")
    print("default %d; the game asks for %d in settings.toml (sim.deploy adds it)"
          % (setting.DEFAULT, setting.SIZE))
    print("| level  | ai.choose alone | whole app | fits default | fits %d |" % setting.SIZE)
    print("|--------|-----------------|-----------|--------------|-----------|")
    for name in LEVELS:
        alone, app = figures[name]
        print("| %-6s | %15d | %9d | %-12s | %-9s |" % (
            name, alone, app, "yes" if app <= setting.DEFAULT else "NO",
            "yes" if app <= setting.SIZE else "NO"))
    print()
    print("deepest chain (%d bytes):" % worst.deepest)
    for line in worst.report():
        print("  " + line)
    return 0
