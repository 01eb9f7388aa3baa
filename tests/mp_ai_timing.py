"""Times every computer decision of seeded matches; prints percentiles and the SAMD51 factor.

A decision over 0.5 ms is timed 3 times and counts its fastest (it is deterministic), so the
maximum is the work, not a pause of this machine.

    micropython tests/mp_ai_timing.py LEVEL MATCHES TOOLS_DIR   (also runs on CPython)
"""
import sys
import time

from engine.match import Match
from engine.rules import SIXTY_SIX
from engine.rng import mix
from engine import ai, solver

try:
    _clock = time.perf_counter
except AttributeError:  # MicroPython
    _clock = None


def _now_us():
    if _clock:
        return int(_clock() * 1000000)
    return time.ticks_us()


def main(argv):
    level = int(argv[1])
    matches = int(argv[2])
    sys.path.append(argv[3])
    import samd51
    factors = [samd51.factor()]
    times = []
    nodes = []  # solver nodes a decision searched: the same on every machine
    for i in range(matches):
        if i == matches // 2 and i:
            factors.append(samd51.factor())
        m = Match(SIXTY_SIX, 500 + i)
        k = 0
        while not m.over:
            h = m.hand
            while not h.over:
                v = h.view(h.to_move)
                n0 = solver.nodes
                t = _now_us()
                a = ai.choose(v, level, mix(i, k))
                dt = _now_us() - t
                nodes.append(solver.nodes - n0)
                if dt > 500:  # a slow one: the least of 3 runs, so a pause of the OS is not counted
                    for _ in range(2):
                        t = _now_us()
                        if ai.choose(v, level, mix(i, k)) != a:
                            raise AssertionError("choose is not deterministic")
                        dt = min(dt, _now_us() - t)
                times.append(dt)
                m.apply(a)
                k += 1
            if not m.over:
                m.next_hand()
    factors.append(samd51.factor())
    # before, halfway and after, in this same run: the highest is the least disturbed reading,
    # as the fastest of 3 runs is for a slow decision (a pause of this machine lowers the factor
    # and would make the board look faster)
    factor = max(factors)
    times.sort()
    n = len(times)
    print("decisions %d factor %.1f (of %s)" % (n, factor, " ".join(["%.1f" % f for f in factors])))
    print("us p50 %d p95 %d max %d" % (times[n // 2], times[n * 95 // 100], times[-1]))
    nodes.sort()
    print("solver nodes p95 %d max %d" % (nodes[n * 95 // 100], nodes[-1]))


main(sys.argv)
