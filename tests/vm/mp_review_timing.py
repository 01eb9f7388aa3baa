"""Times the review of seeded hands (EASY in seat 0, HARD in seat 1); prints one row a review.

    micropython tests/vm/mp_review_timing.py HANDS BUDGET TOOLS_DIR [PASSES]   (also on CPython)

BUDGET 0: no limit.
Each row: seat, microseconds (the fastest of PASSES passes; the reviews are checked to be the
same each pass), work units, solver nodes, HARD calls, decisions, decisions left unreviewed.
The last line: the SAMD51 factor (the highest of 5 short readings before each pass and after
the last, as tests/vm/mp_ai_timing.py; see there why fastest and highest).
"""
import sys

from engine import ai
from engine.coach.review import review_hand, decisions
from engine.hand import Hand
from engine.rng import mix

def _now_us():
    """A microsecond reading for _us_since (sim/pystone.py's clock: the tick counter's wrap
    is handled there); sim/ is on the path once main() has run."""
    from pystone import clock
    return clock()


def _us_since(start):
    from pystone import since
    return int(since(start) * 1000000)


def hands(n):
    out = []
    for i in range(n):
        h = Hand.new(mix(2027, i), i & 1)
        k = 0
        while not h.over:
            s = h.to_move
            h.apply(ai.choose(h.view(s), ai.EASY if s == 0 else ai.HARD, mix(i, k)))
            k += 1
        out.append(h)
    return out


def main(argv):
    n = int(argv[1])
    budget = int(argv[2]) or (1 << 30)  # 0: no limit
    sys.path.append(argv[3])
    passes = int(argv[4]) if len(argv) > 4 else 3
    import samd51
    played = hands(n)
    rows = []
    factors = []
    for p in range(passes + 1):
        factors.append(max([samd51.factor(0.1) for _ in range(5)]))
        if p == passes:
            break
        j = 0
        for h in played:
            for seat in (0, 1):
                t = _now_us()
                r = review_hand(h, seat, budget)
                dt = _us_since(t)
                key = (r.units, r.nodes, r.calls, r.unreviewed, len(r.lines))
                if p == 0:
                    rows.append([seat, dt, key, len(decisions(h, seat))])
                else:
                    if rows[j][2] != key:
                        raise AssertionError("review is not deterministic")
                    if dt < rows[j][1]:
                        rows[j][1] = dt
                j += 1
    for seat, dt, key, d in rows:
        print("review", seat, dt, key[0], key[1], key[2], d, key[3])
    print("factor %.1f" % max(factors))


main(sys.argv)
