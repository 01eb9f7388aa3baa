"""Sixty-Six on a CircuitPython handheld (PyGamer, PyBadge first): wire the board to the app.

A = next card, B = play or choose, hold B (or START) = menu, UP = more choices.
"""
import board
import supervisor

from handheld.app import App
from handheld.render import Renderer
from handheld.loop import Loop, TicksClock
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
    """The board profile's keys (handheld.boards), else the PyBadge shift register."""
    try:
        from handheld import boards
        profile = boards.detect()
        return profile, profile.make_input()
    except ImportError:
        return None, PyBadgeKeys()


def open_settings_store():
    try:
        import microcontroller
        from handheld.store import open_store
        from handheld import savedata
        return open_store(nvm=microcontroller.nvm, root="/saves"), savedata
    except (ImportError, AttributeError, OSError, ValueError):
        return None, None


class SettingsSaver:
    """Loop store hook: the menu's settings through the save codec (skipped if unavailable)."""

    def __init__(self, store, codec):
        self.store = store
        self.codec = codec

    def load(self):
        data = self.store.load("settings")
        return self.codec.decode_settings(data) if data else None

    def save_settings(self, s):
        old = self.load() or self.codec.default_settings()
        old.update(s)
        self.store.save("settings", self.codec.encode_settings(old))


profile, keys = board_input()
clock = TicksClock(supervisor.ticks_ms)
app = App(seed=supervisor.ticks_ms() + 1)
saver = None
store, codec = open_settings_store()
if store is not None:
    saver = SettingsSaver(store, codec)
    try:
        saved = saver.load()
        if saved:
            app.load_settings(saved)
    except ValueError:
        pass
feedback = None
try:
    from handheld import feedback as fb
    feedback = fb.for_board(board, profile.neopixel_count if profile else 0)
    app.on_trick = lambda won: feedback.trick(clock.now, won)
    app.on_hand = lambda won: feedback.hand(clock.now, won)
except Exception as e:  # sounds and lights are extras: never stop the game for them
    print("feedback off:", e)
    feedback = None
view = Renderer(board.DISPLAY)
Loop(app, view, keys, clock, saver, feedback=feedback).run()
