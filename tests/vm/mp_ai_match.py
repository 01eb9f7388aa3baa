"""A seeded computer-vs-computer match; prints a digest (run by CPython and MicroPython).

    micropython -X heapsize=64k tests/vm/mp_ai_match.py [preset] [level0] [level1] [matches] [pad]

pad is ignored: sim.bench ai varies its length to shift the VM's heap layout.
"""
import gc
import sys

from engine import ai  # first: its big modules compile while the heap is empty
gc.collect()  # free the compiler's garbage before the next imports (less fragmentation)
from engine.match import Match
from engine.rules import preset
from engine.rng import mix


def play(rules, seed, levels):
    m = Match(rules, seed)
    digest = 5381
    k = 0
    while not m.over:
        h = m.hand
        while not h.over:
            s = h.to_move
            a = ai.choose(h.view(s), levels[s], mix(seed, k))
            m.apply(a)
            digest = (digest * 33 + a + 1) % 1000000007
            k += 1
        if not m.over:
            m.next_hand()
    return digest, m.winner, m.scores, len(m.results)


def main(argv):
    name = argv[1] if len(argv) > 1 else "sixty-six"
    levels = (int(argv[2]) if len(argv) > 2 else ai.HARD, int(argv[3]) if len(argv) > 3 else ai.HARD)
    matches = int(argv[4]) if len(argv) > 4 else 1
    rules = preset(name)
    total = 0
    live = [0] * matches  # allocated up front, so it does not count as growth
    for i in range(matches):
        d, w, scores, hands = play(rules, 100 + i, levels)
        total = (total * 31 + d) % 1000000007
        gc.collect()
        live[i] = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        print("match", i, "winner", w, "scores", scores[0], scores[1], "hands", hands)
    print("live", " ".join([str(x) for x in live]))
    print("digest", total)


main(sys.argv)
