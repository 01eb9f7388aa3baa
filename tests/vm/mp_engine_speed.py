"""Random hands per second (the digest's biased random player), on CPython or MicroPython.

    MICROPYPATH=. micropython tests/vm/mp_engine_speed.py [preset] [hands]
Prints `speed <preset> hands <n> ms <elapsed> per_s <hands per second>`.
"""
import sys
import time

from engine.hand import Hand
from engine.rng import Rng
from engine.rules import preset
from mp_engine_digest import choose

try:
    ticks_ms, ticks_diff = time.ticks_ms, time.ticks_diff
except AttributeError:  # CPython
    def ticks_ms():
        return int(time.perf_counter() * 1000)

    def ticks_diff(a, b):
        return a - b


def main(name, hands):
    rules = preset(name)
    rng = Rng(7)
    t0 = ticks_ms()
    for seed in range(1, hands + 1):
        h = Hand.new(seed, seed & 1, rules)
        while not h.over:
            h.apply(choose(h, rng))
    ms = ticks_diff(ticks_ms(), t0)
    print("speed %s hands %d ms %d per_s %d" % (name, hands, ms, hands * 1000 // max(ms, 1)))


args = sys.argv[1:]
main(args[0] if args else "sixty-six", int(args[1]) if len(args) > 1 else 2000)
