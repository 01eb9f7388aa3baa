"""`python -m sim.bench pystack [--matches N]`: the CircuitPython pystack the game needs.

Per level: the deepest chain of frames of ai.choose alone (computer against itself, every
preset), and of the whole app (code.py, Loop.run, then a match played by button presses with
the displayio renderer) — set against CircuitPython's default (1536 bytes) and the size
sim.deploy writes to settings.toml. The deepest app chain of all is listed frame by frame.
"""
import argparse
import os

from sim import pystack

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


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m sim.bench pystack", description=__doc__)
    parser.add_argument("--matches", type=int, default=3,
                        help="matches per preset for ai.choose alone (default 3)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from handheld import pystack as setting
    try:
        figures, worst = measure(args.matches)
    except pystack.MpyError as e:
        print("pystack: %s" % e)
        return 1
    print("## CircuitPython pystack needed (bytes on a 32-bit board; frames from mpy-cross)")
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
