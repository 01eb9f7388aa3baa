"""What code.py sets up at power-up, before it imports the app's modules: the board's keys
(its profile, handheld.boards), sound and lights (handheld.feedback) and the saves
(handheld.store). code.py then drops this module (handheld.unload): its code, like the
profiles', is needed once, and compiles on a near-empty heap.

    keys, fx, store = powerup.start(board)   # SystemExit on a board the game does not know
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT


class PyBadgeKeys:
    """Fallback input: the PyBadge/PyGamer button shift register (no joystick)."""

    KEYMAP = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)  # key numbers 0..7

    def __init__(self, board):
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


def board_input(board):
    """(NeoPixel count, keys) of the board profile (handheld.boards, dropped once read), else
    the PyBadge shift register."""
    try:
        from handheld import boards
    except ImportError:
        return 0, PyBadgeKeys(board)
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


def open_store(root):
    """NVM saves, else files in root, else RAM (the app shows why)."""
    try:
        from handheld import store
        return store.open_store(nvm=store.device_nvm(), root=root)
    except (ImportError, OSError, ValueError) as e:
        print("saves off:", e)
        return None


def open_feedback(board, pixels):
    try:
        from handheld import fxsetup, unload
        fx = fxsetup.for_board(board, pixels)
        fxsetup = None
        unload("handheld.fxsetup")  # power-up code: it leaves the heap (handheld.feedback stays)
        return fx
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
        pystack = None
        from handheld import unload
        unload("handheld.pystack")  # the App imports it again only if a search falls back
    except ImportError:
        pass


def start(board, root="/saves"):
    """(keys, feedback, store) for the app, in this order: the pystack check, the profile and
    its keys, sound and lights, the saves (root: the drive's folder for them)."""
    check_pystack()
    pixels, keys = board_input(board)
    return keys, open_feedback(board, pixels), open_store(root)
