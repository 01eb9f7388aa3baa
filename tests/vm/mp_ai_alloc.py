"""What the computer player allocates per decision (MicroPython / CircuitPython, gc disabled).

    MICROPYPATH=. micropython tests/vm/mp_ai_alloc.py [preset] [matches]
Plays HARD vs HARD matches; around each choose() (the view made before) the collector is off
and gc.mem_alloc() counts every byte allocated, garbage included. Prints
`alloc max <B> mean <B> nodes <solver nodes of that decision> most_nodes <n> rng <B>`: the most
one decision allocated, the mean, the most nodes a decision searched, and what 1,000 draws of
the engine's PRNG allocate.
"""
import gc
import sys

from engine import ai
from engine.ai import solver
from engine.match import Match
from engine.rules import preset
from engine.rng import Rng, mix


def main(argv):
    rules = preset(argv[1] if len(argv) > 1 else "sixty-six")
    matches = int(argv[2]) if len(argv) > 2 else 1
    most = total = n = at = most_nodes = 0
    for i in range(matches):
        seed = 100 + i
        m = Match(rules, seed)
        k = 0
        while not m.over:
            h = m.hand
            while not h.over:
                view = h.view(h.to_move)
                s = mix(seed, k)  # (its long ints are the script's, not the decision's)
                gc.collect()
                gc.disable()
                before = gc.mem_alloc()
                start = solver.nodes
                a = ai.choose(view, ai.HARD, s)
                used = gc.mem_alloc() - before
                gc.enable()
                nodes = solver.nodes - start
                total += used
                n += 1
                if used > most:
                    most, at = used, nodes
                most_nodes = max(most_nodes, nodes)
                m.apply(a)
                k += 1
            if not m.over:
                m.next_hand()
    rng = Rng(12345)
    rng.below(7)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(1000):
        rng.below(1000)
    drawn = gc.mem_alloc() - before
    gc.enable()
    print("alloc max %d mean %d nodes %d most_nodes %d rng %d" % (most, total // n, at, most_nodes,
                                                                  drawn))


main(sys.argv)
