"""Times every computer decision of seeded matches; prints percentiles and the SAMD51 factor.

    micropython tests/vm/mp_ai_timing.py LEVEL MATCHES [SAMD51_DIR [PASSES]]   (also runs on CPython)

SAMD51_DIR is the folder of samd51.py, the calibrated workload (default sim).

This host is shared: for seconds at a time it runs at half speed. A board does not, so the
estimate wants this machine undisturbed, as `timeit` takes the fastest of its repeats:
- the same matches are played PASSES times (default 3; every decision is deterministic and is
  checked to be the same), and each decision counts its fastest pass;
- the factor is the highest of 5 short readings before each pass and after the last.
A slow spell during the factor readings lowers them (the board would look faster); during a
decision it raises its time. Fastest and highest correct both the same way.
"""
import sys

from engine.match import Match
from engine.rules import SIXTY_SIX
from engine.rng import mix
from engine import ai
from engine.ai import solver

def _now_us():
    """A microsecond reading for _us_since (sim/pystone.py's clock: the tick counter's wrap
    is handled there); sim/ is on the path once main() has run."""
    from pystone import clock
    return clock()


def _us_since(start):
    from pystone import since
    return int(since(start) * 1000000)


def _play(level, matches, times, nodes, actions):
    """One pass; fills the lists the first time, then keeps each decision's fastest time."""
    first = not actions
    j = 0
    for i in range(matches):
        m = Match(SIXTY_SIX, 500 + i)
        k = 0
        while not m.over:
            h = m.hand
            while not h.over:
                v = h.view(h.to_move)
                n0 = solver.nodes
                t = _now_us()
                a = ai.choose(v, level, mix(i, k))
                dt = _us_since(t)
                if first:
                    times.append(dt)
                    nodes.append(solver.nodes - n0)
                    actions.append(a)
                else:
                    if actions[j] != a:
                        raise AssertionError("choose is not deterministic")
                    if dt < times[j]:
                        times[j] = dt
                m.apply(a)
                j += 1
                k += 1
            if not m.over:
                m.next_hand()


def main(argv):
    level = int(argv[1])
    matches = int(argv[2])
    sys.path.append(argv[3] if len(argv) > 3 else "sim")
    passes = int(argv[4]) if len(argv) > 4 else 3
    import samd51
    factors = []
    times = []
    nodes = []  # solver nodes a decision searched: the same on every machine
    actions = []
    for p in range(passes + 1):
        factors.append(max([samd51.factor(0.1) for _ in range(5)]))
        if p < passes:
            _play(level, matches, times, nodes, actions)
    factor = max(factors)
    times.sort()
    n = len(times)
    print("decisions %d factor %.1f (of %s) passes %d"
          % (n, factor, " ".join(["%.1f" % f for f in factors]), passes))
    print("us p50 %d p95 %d max %d" % (times[n // 2], times[n * 95 // 100], times[-1]))
    nodes.sort()
    print("solver nodes p95 %d max %d" % (nodes[n * 95 // 100], nodes[-1]))


main(sys.argv)
