"""`python -m sim.bench_app` (or `python -m sim.bench app`): the handheld app's figures (issue 4).

- heap of the app state machine on the MicroPython VM (tests/vm/mp_app_check.py: gc.mem_alloc
  after gc.collect) and the smallest -X heapsize it runs with; the same on CircuitPython's
  32-bit unix build (CI: ../shared; skipped without it) (a board's object sizes);
- display refreshes and area redrawn per button press, on the real displayio renderer
  (160x128, dirty areas as displayio reports them);
- the slowest computer move of a HARD match, in wall time here and estimated on a SAMD51
  (x factor() of sim/samd51.py, measured in the same run).
"""
import os
import re
import subprocess
import sys
import time

from sim.bench_engine import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mp_heap(heap="160k"):
    """(base, imports, app, peak, engine) bytes from the MicroPython run, or None."""
    env = dict(os.environ, MICROPYPATH="lib:tests/support")
    r = subprocess.run([micropython(), "-X", "heapsize=" + heap, "tests/vm/mp_app_check.py"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    m = re.search(r"HEAP base=(\d+) imports=(\d+) app=(\d+) peak=(\d+) engine=(\d+)", r.stdout)
    if r.returncode or not m or "errors=0" not in r.stdout:
        return None
    return tuple(int(g) for g in m.groups())


def mp_min_heap(lo=64, hi=256):
    """Smallest heapsize in KB (to 4 KB) with which the MicroPython run completes."""
    if mp_heap("%dk" % hi) is None:
        return None
    while hi - lo > 4:
        mid = (lo + hi) // 2
        if mp_heap("%dk" % mid) is None:
            lo = mid
        else:
            hi = mid
    return hi


def circuitpython_line():
    """The app at HARD, text view, 3 matches on CircuitPython 10.2.1's 32-bit build: the
    smallest heap from .py and .mpy (sim.bench_board; `sim.bench board` has the screens)."""
    import tempfile
    from sim import bench_board as board
    why = board.missing()
    if why:
        return "CircuitPython: " + why
    kb = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tree in board.drive_trees(tmp):
            kb[kind] = board.min_heap(tree, level=2, screens=False)
    return ("CircuitPython %s (32-bit), the app at HARD with the text view, 3 matches: smallest "
            "heap from .py %s KB, from .mpy %s KB (with its screens: python -m sim.bench board)"
            % (board.CP_VERSION, kb["py"], kb["mpy"]))


def redraw_per_press(seed=5, level=1):
    """Play a match by presses on the displayio renderer; returns a dict of counts."""
    from sim.display import make_display
    from sim.headless import Runner
    from handheld.app import App
    from handheld.screen import TABLE, MATCH_END
    from handheld.render import Renderer
    from handheld.loop import Loop
    from handheld.buttons import A, B, RIGHT
    from engine.rng import Rng
    display = make_display(160, 128, 1, headless=True)
    app = App(seed=seed, level=level)
    view = Renderer(display)
    runner = Runner(Loop(app, view))
    rng = Rng(seed)
    keys = (B, B, A, RIGHT)
    f0, a0, p0 = display.frames, display.areas, display.pixels
    direct = [0, 0, 0]  # refreshes, areas, pixels drawn in answer to the press itself
    move = [0, 0, 0, 0]  # the same for cursor moves only (A, RIGHT): presses, refreshes, px
    runner.tap(B)
    while app.screen != MATCH_END and runner.presses < 3000:
        k = keys[rng.below(4)] if app.screen == TABLE else B
        runner.settle()
        f, a, p = display.frames, display.areas, display.pixels
        runner.tap(k)
        direct[0] += display.frames - f
        direct[1] += display.areas - a
        direct[2] += display.pixels - p
        if k != B and app.screen == TABLE:
            move[0] += 1
            move[1] += display.frames - f
            move[2] += display.areas - a
            move[3] += display.pixels - p
    n = runner.presses
    return {"presses": n, "hands": app.hands_done, "refreshes": display.frames - f0,
            "areas": display.areas - a0, "pixels": display.pixels - p0,
            "direct": direct, "move": move, "screen_px": 160 * 128}


def slowest_hard_move(matches=3, seed=11):
    """(slowest ms here, SAMD51 factor) over HARD matches played through the app."""
    from sim.headless import Runner
    from handheld.app import App
    from handheld.screen import MATCH_END
    from handheld.textview import TextView
    from handheld.loop import Loop
    from handheld.buttons import B
    slowest = 0.0
    for i in range(matches):
        app = App(seed=seed + i, level=2)
        app.clock = lambda: time.perf_counter() * 1000.0
        runner = Runner(Loop(app, TextView()))
        runner.tap(B)
        while app.screen != MATCH_END and runner.presses < 3000:
            runner.tap(B)
        slowest = max(slowest, app.slowest_ms)
    from sim import samd51
    return slowest, samd51.factor()


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m sim.bench app")
    ap.add_argument("--no-bisect", action="store_true", help="skip the smallest-heap search")
    args = ap.parse_args(argv)
    heap = mp_heap()
    if heap:
        base, imports, built, peak, engine = heap
        print("MicroPython VM (64-bit), app + engine + AI from .py, 3 matches, cap 160k:")
        print("  modules %d B (engine and AI %d B, app %d B), app object with its match %d B,"
              " live peak %d B (after gc.collect)" % (imports, engine, imports - engine, built,
                                                      peak))
    else:
        print("MicroPython run failed at 160k")
    if not args.no_bisect:
        print("  smallest -X heapsize that completes: %sk" % mp_min_heap())
    print(circuitpython_line())
    d = redraw_per_press()
    n = d["presses"]
    print("displayio renderer, 160x128, one NORMAL match by presses (%d presses, %d hands):" %
          (n, d["hands"]))
    print("  all refreshes (computer's moves and pauses included): %.2f per press, "
          "%.1f areas, %d px per press (%.0f%% of the screen)" % (
              d["refreshes"] / n, d["areas"] / n, d["pixels"] // n,
              100.0 * d["pixels"] / n / d["screen_px"]))
    r, a, p = d["direct"]
    print("  drawn in answer to the press itself: %.2f refreshes, %.1f areas, %d px per press" %
          (r / n, a / n, p // n))
    m = d["move"]
    if m[0]:
        print("  cursor moves only (%d): %.2f refreshes, %.1f areas, %d px per press" % (
            m[0], m[1] / m[0], m[2] / m[0], m[3] // m[0]))
    slow, factor = slowest_hard_move()
    print("slowest HARD computer move: %.1f ms here x %.0f = %.2f s on a SAMD51 (estimate)"
          % (slow, factor, slow * factor / 1000.0))


if __name__ == "__main__":
    main()
