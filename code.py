"""Sixty-Six on a CircuitPython handheld (PyGamer, PyBadge first): wire the board to the app.

A = next card, B = play or choose, hold B (or START) = menu, UP = more choices.
The board's keys, sound and lights and the saves are set up first (handheld.powerup, dropped
once done, with the profiles), before the app's modules are imported: that code runs once and
compiles on a near-empty heap. Then the engine and its computer player, before the app's
modules, as `python -m sim.bench board` measures the app (docs/memory.md: importing the
player last, in App(), needed a kilobyte more from .py, the same from .mpy).
"""
import board
import supervisor

from handheld import powerup, unload

keys, fx, store = powerup.start(board)
powerup = None
unload("handheld.powerup")

import engine.match  # noqa: E402,F401
import engine.ai  # noqa: E402,F401
from handheld.app import App  # noqa: E402
from handheld.render import Renderer  # noqa: E402
from handheld.loop import Loop, TicksClock  # noqa: E402

clock = TicksClock(supervisor.ticks_ms)
try:  # the deals: from the board's random source (the ms since power-on come out alike at
    from os import urandom  # each power-up, and so would the first matches' deals)
    seed = int.from_bytes(urandom(4), "little") >> 2  # (a small int on a board)
except (ImportError, NotImplementedError, AttributeError):
    seed = supervisor.ticks_ms() + 1
app = App(seed=seed, store=store, feedback=fx)
Loop(app, Renderer(board.DISPLAY), keys, clock, feedback=fx).run()
