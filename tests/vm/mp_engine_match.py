"""Imports the engine from its .py files and plays one full match: the smallest-heap check.

    MICROPYPATH=. micropython -X heapsize=48k tests/vm/mp_engine_match.py [preset] [seed]
Prints `match <preset> winner <seat> scores <a> <b> hands <n>`; a MemoryError fails it.
"""
import sys

from engine.match import Match
from engine.rng import Rng
from engine.rules import preset


def main(name, seed):
    m = Match(preset(name), seed)
    rng = Rng(seed)
    while True:
        h = m.hand
        while not h.over:
            acts = h.legal_actions()
            if 31 in acts and h.points(h.to_move) < 66:  # declare only with 66
                acts.remove(31)
            m.apply(acts[rng.below(len(acts))])
        if m.over:
            break
        m.next_hand()
    print("match %s winner %d scores %d %d hands %d" % (name, m.winner, m.scores[0], m.scores[1],
                                                       m.hand_no + 1))


args = sys.argv[1:]
main(args[0] if args else "sixty-six", int(args[1]) if len(args) > 1 else 1)
