"""The coach on a board's interpreter: hints and a hand's review (run by MicroPython, CircuitPython
and CPython alike; tests/test_coach_micropython.py and python -m sim.bench review run it).

    micropython -X heapsize=<cap> tests/vm/mp_coach_check.py [HANDS] [pad]

Plays HANDS seeded hands (EASY in seat 0, HARD in seat 1) taking a hint before each of seat
0's moves, reviews both seats of each finished hand within the board's budget, and prints
    hints <n> <digest>
    review <seat> <cost or ?> <trick> <text>      (one a line)
    heap base=<bytes before imports> engine=<+ the engine and HARD> coach=<+ engine.coach.review
         and engine.coach> live=<max after gc.collect() between hands, above base>
    done <digest>
pad is ignored: it shifts the heap's layout (python -m sim.bench review scans heap sizes).
"""
import gc
import sys

gc.collect()
BASE = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
from engine import ai  # noqa: E402  (the big modules first, as the app does)
gc.collect()
from engine.hand import Hand  # noqa: E402
from engine.rng import mix  # noqa: E402
gc.collect()
ENGINE = gc.mem_alloc() - BASE if BASE else 0
from engine.coach.review import review_hand  # noqa: E402
gc.collect()
from engine.coach import hint, other_seat, duplicate  # noqa: E402
gc.collect()
COACH = gc.mem_alloc() - BASE - ENGINE if BASE else 0


def main(argv):
    hands = int(argv[1]) if len(argv) > 1 else 2
    digest = 5381
    n = 0
    live = 0
    for i in range(hands):
        h = Hand.new(mix(2027, i), i & 1)
        k = 0
        while not h.over:
            s = h.to_move
            v = h.view(s)
            if s == 0:
                a, text = hint(v, k)
                n += 1
                for ch in text:
                    digest = (digest * 33 + ord(ch)) % 1000000007
                a = ai.choose(v, ai.EASY, mix(i, k))
            else:
                a = ai.choose(v, ai.HARD, mix(i, k))
            h.apply(a)
            k += 1
        for seat in (0, 1):
            r = review_hand(h, seat)
            for cost, trick, text in r.lines:
                print("review", seat, cost if cost else "?", trick, text)
                for ch in text:
                    digest = (digest * 33 + ord(ch)) % 1000000007
            digest = (digest * 33 + r.unreviewed) % 1000000007
        second = Hand(*other_seat(h.deck, h.dealer))
        while not second.over:
            second.apply(ai.choose(second.view(second.to_move), ai.HARD, 1))
        digest = (digest * 33 + duplicate(h, second, 0)[2] + 9) % 1000000007
        gc.collect()
        if BASE:
            live = max(live, gc.mem_alloc() - BASE)
    print("hints %d" % n)
    print("heap base=%d engine=%d coach=%d live=%d" % (BASE, ENGINE, COACH, live))
    print("done %d" % digest)


main(sys.argv)
