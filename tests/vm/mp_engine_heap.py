"""The live heap of one hand state on MicroPython (gc.mem_alloc() deltas after gc.collect()).

    MICROPYPATH=. micropython tests/vm/mp_engine_heap.py [preset]
Prints `heap <preset> dealt <bytes> played <bytes> view <bytes>`: a freshly dealt Hand, the
same Hand after a whole hand of play (its history list grown), and one View of it.
"""
import gc
import sys

from engine.hand import Hand
from engine.rng import Rng
from engine.rules import preset
from engine.view import View
from mp_engine_digest import choose


def live(make):
    """Bytes still allocated after gc.collect() for the object make() returns."""
    gc.collect()
    before = gc.mem_alloc()
    obj = make()
    gc.collect()
    return obj, gc.mem_alloc() - before


def main(name):
    rules = preset(name)
    choose(Hand.new(1, 0, rules), Rng(1))  # warm up (first-call allocations)
    hand, dealt = live(lambda: Hand.new(3, 0, rules))
    rng = Rng(3)
    gc.collect()
    before = gc.mem_alloc()
    while not hand.over:
        hand.apply(choose(hand, rng))
    gc.collect()
    played = dealt + gc.mem_alloc() - before
    view, size = live(lambda: View(hand, 0))
    print("heap %s dealt %d played %d view %d actions %d" % (name, dealt, played, size,
                                                            len(hand.history)))


args = sys.argv[1:]
main(args[0] if args else "sixty-six")
