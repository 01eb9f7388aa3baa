"""How long a rarely shown screen takes to load its modules again once handheld.unload
has dropped them (its import: a compile from .py, a load from .mpy), and the heap they hold.

    circuitpython tests/vm/mp_reopen_timing.py SAMD51_DIR GROUP...    (also runs on CPython)

SAMD51_DIR is the folder of samd51.py (sim); a GROUP is module names joined by '+', imported
in that order as the screen imports them (handheld.review+engine.coach.review: the review).
The app's resident modules (engine, computer player, App, words, screen) are imported first.
Prints, per group:
    REOPEN <group> us=<fastest of 5 reopens> samd51_ms=<estimate> live=<bytes after gc>
then `COLLECT us=<fastest of 20> samd51_ms=<estimate> live=<bytes>`: a collection with those
modules, an App and a dealt match live (handheld.loop collects after each frame on a board),
then `FACTOR <f>` (sim/samd51.py's factor, the highest of 5 readings before and 5 after: a
busy host only ever slows a reading, as in tests/vm/mp_ai_timing.py). `live` is 0 on CPython.
"""
import gc
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)


def mem():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def highest(factor):
    best = 0
    for _ in range(5):
        best = max(best, factor(0.25))
    return best


def main(argv):
    sys.path.append(argv[0])
    from samd51 import factor
    from pystone import clock, since
    from engine import ai  # noqa: F401  (resident in the app)
    from handheld.app import App
    from handheld import unload
    f = highest(factor)
    rows = []
    for group in argv[1:]:
        names = group.split("+")
        for n in names:  # the first opening (its new names interned), not timed
            __import__(n)
        best = None
        live = 0
        for _ in range(5):
            unload(*names)
            before = mem()
            t0 = clock()
            for n in names:
                __import__(n)
            dt = since(t0)
            live = mem() - before
            if best is None or dt < best:
                best = dt
        unload(*names)
        rows.append((group, best, live))
    app = App(seed=1)
    app.new_match()
    best = None
    for _ in range(20):
        t0 = clock()
        gc.collect()
        dt = since(t0)
        if best is None or dt < best:
            best = dt
    live = mem()
    app = None
    f = max(f, highest(factor))
    for group, dt, n in rows:
        print("REOPEN %s us=%d samd51_ms=%d live=%d" % (group, int(dt * 1e6), int(dt * f * 1000),
                                                        n))
    print("COLLECT us=%d samd51_ms=%.1f live=%d" % (int(best * 1e6), best * f * 1000, live))
    print("FACTOR %.1f" % f)


main(sys.argv[1:])
