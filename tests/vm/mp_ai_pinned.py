"""HARD's choice in a fixed set of seeded positions, as a digest (CPython, MicroPython, CircuitPython).

    PYTHONPATH=. python tests/vm/mp_ai_pinned.py [positions] [presets...]
    MICROPYPATH=. micropython tests/vm/mp_ai_pinned.py [positions] [presets...]
Prints `pinned <preset> <positions> <digest>` per preset. The positions come from
computer-vs-computer hands where each move's level is drawn at random (EASY, NORMAL or HARD, so
those levels' choices steer the path), and in each position with a choice HARD is asked too.
tests/test_ai_pinned.py holds the digests the code of commit 116b839 printed.
"""
import sys

from engine import ai
from engine.hand import Hand
from engine.rng import Rng, mix
from engine.rules import preset


def pinned(rules, count, seed):
    """(positions, digest) of HARD's choices in `count` positions with a choice."""
    rng = Rng(seed)
    digest = 5381
    n = 0
    i = 0
    while n < count:
        h = Hand.new(mix(seed, i), i & 1, rules)
        i += 1
        k = 0
        while not h.over and n < count:
            view = h.view(h.to_move)
            if len(view.legal) > 1:
                a = ai.choose(view, ai.HARD, mix(seed, n))
                digest = (digest * 33 + a + 1) % 1000000007
                n += 1
            h.apply(ai.choose(view, rng.below(3), mix(seed, k)))
            k += 1
    return n, digest


def main(argv):
    count = int(argv[1]) if len(argv) > 1 else 400
    names = argv[2:] or ["sixty-six", "schnapsen", "santase"]
    for name in names:
        n, d = pinned(preset(name), count, 7)
        print("pinned", name, n, d)


main(sys.argv)
