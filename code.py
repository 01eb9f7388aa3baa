"""Sixty-Six on a CircuitPython handheld (PyGamer, PyBadge first): wire the board to the app.

A = next card, B = play or choose, hold B (or START) = menu, UP = more choices.
The board's profile, its keys, sound and lights and the saves are set up first, and their
power-up code dropped (handheld.unload), before the app's modules are imported: that code
compiles on a near-empty heap.
"""
import board
import supervisor

from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT


class PyBadgeKeys:
    """Fallback input: the PyBadge/PyGamer button shift register (no joystick)."""

    KEYMAP = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)  # key numbers 0..7

    def __init__(self):
        import keypad
        self.keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=8, value_when_pressed=True)
        self.event = keypad.Event()

    def poll(self, handler):
        events = self.keys.events
        if events.overflowed:  # keys were lost: start over, the app forgets held keys
            events.clear()
            self.keys.reset()
        while events.get_into(self.event):
            handler(self.KEYMAP[self.event.key_number], self.event.pressed)


def board_input():
    """(NeoPixel count, keys) of the board profile (handheld.boards, dropped once read), else
    the PyBadge shift register."""
    try:
        from handheld import boards
    except ImportError:
        return 0, PyBadgeKeys()
    try:
        profile = boards.detect()
    except boards.BoardError as e:  # a board the game does not know: say how to fix it
        print("Sixty-Six cannot start:", e)
        raise SystemExit
    keys = profile.make_input()
    n = profile.neopixel_count
    profile = boards = None
    from handheld import unload
    unload("handheld.boards")  # the profiles and detection: needed at power-up only
    return n, keys


def open_store():
    """NVM saves, else files in /saves, else RAM (the app shows why)."""
    try:
        from handheld import store
        return store.open_store(nvm=store.device_nvm(), root="/saves")
    except (ImportError, OSError, ValueError) as e:
        print("saves off:", e)
        return None


def open_feedback(pixels):
    try:
        from handheld import feedback
        return feedback.for_board(board, pixels)
    except Exception as e:  # sounds and lights are extras: never stop the game for them
        print("feedback off:", e)
        return None


def check_pystack():
    """Say so on the serial console if settings.toml leaves the pystack too small."""
    try:
        import os
        from handheld import pystack
        if pystack.configured(os.getenv) < pystack.SIZE:
            print("Sixty-Six:", pystack.ADVICE, "(else the computer plays EASY endgames)")
    except ImportError:
        pass


check_pystack()
pixels, keys = board_input()
fx = open_feedback(pixels)
store = open_store()

from handheld.app import App  # noqa: E402
from handheld.render import Renderer  # noqa: E402
from handheld.loop import Loop, TicksClock  # noqa: E402

clock = TicksClock(supervisor.ticks_ms)
app = App(seed=supervisor.ticks_ms() + 1, store=store, feedback=fx)
Loop(app, Renderer(board.DISPLAY), keys, clock, feedback=fx).run()
