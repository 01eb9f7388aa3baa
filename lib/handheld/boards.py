"""Board profiles: which keys a board has, how they map to logical buttons, what it offers.

    profile = boards.detect()          # on a board; tests pass fake board/keypad modules
    keys = profile.make_input()        # keys.poll(handler) -> handler(button, pressed)
    profile.has_speaker, profile.neopixel_count, profile.has_nvm

Chosen by board.board_id (falling back to os.uname().machine). SIXTYSIX_BUTTONS in
settings.toml selects the generic profile on any board, e.g.
    SIXTYSIX_BUTTONS = "A:D5,B:D6,LEFT:D9,RIGHT:D10"
    SIXTYSIX_ACTIVE_LOW = 1            # 1: button to GND (pull-up), 0: button to 3V (pull-down)
Hardware modules are imported only inside functions, so this imports on the desktop too.
"""
from handheld import buttons
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import BoardInput, Joystick


class BoardError(ValueError):
    """The board cannot be used as configured; the message says what to change."""


def _pin(board, name, where):
    pin = getattr(board, name, None)
    if pin is None:
        raise BoardError("%s: this board has no pin board.%s" % (where, name))
    return pin


class Profile:
    """One board: name, expected display size, key number -> button map, features."""

    def __init__(self, name, display, keymap, board, keypad, shift_keys=0, pins=(),
                 active_low=True, joystick=False, neopixels=0, nvm=None, analogio=None):
        self.name = name
        self.display = display          # (width, height) the layout expects, or None
        self.keymap = keymap            # keymap[key_number] = logical button
        self.joystick = joystick        # LEFT/RIGHT/UP/DOWN come from an analog stick
        self._board = board
        self._keypad = keypad
        self._analogio = analogio
        self._shift_keys = shift_keys   # key count on the BUTTON_* shift register, or 0
        self._pins = pins               # pin names for keypad.Keys, in key number order
        self._active_low = active_low
        self.has_speaker = hasattr(board, "SPEAKER")
        self.neopixel_count = neopixels if hasattr(board, "NEOPIXEL") else 0
        self.has_nvm = False  # an nvm big enough for saves
        if nvm is not None:
            from handheld.store import NVM_MIN  # only then: boot.py stays light
            self.has_nvm = len(nvm) >= NVM_MIN

    @property
    def has_neopixels(self):
        return self.neopixel_count > 0

    def buttons(self):
        """The logical buttons this board can press."""
        out = list(self.keymap)
        if self.joystick:
            out.extend((LEFT, RIGHT, UP, DOWN))
        return out

    def key_number(self, button):
        """The scanner key number of a logical button, or -1."""
        for n in range(len(self.keymap)):
            if self.keymap[n] == button:
                return n
        return -1

    def make_scanner(self):
        """A new keypad scanner for this board's keys."""
        board, keypad = self._board, self._keypad
        if self._shift_keys:
            return keypad.ShiftRegisterKeys(
                clock=_pin(board, "BUTTON_CLOCK", self.name),
                data=_pin(board, "BUTTON_OUT", self.name),
                latch=_pin(board, "BUTTON_LATCH", self.name),
                key_count=self._shift_keys, value_when_pressed=True)
        pins = tuple(_pin(board, name, self.name) for name in self._pins)
        return keypad.Keys(pins, value_when_pressed=not self._active_low, pull=True)

    def make_input(self):
        """A BoardInput: poll(handler) calls handler(button, pressed) for every change."""
        joystick = None
        if self.joystick:
            analogio = self._analogio
            if analogio is None:
                import analogio
            joystick = Joystick(analogio.AnalogIn(_pin(self._board, "JOYSTICK_X", self.name)),
                                analogio.AnalogIn(_pin(self._board, "JOYSTICK_Y", self.name)))
        return BoardInput(self.make_scanner(), self.keymap, self._keypad.Event(), joystick)


# Known boards: board ids, a word of os.uname().machine, then Profile arguments.
# Shift register bit order on PyBadge/PyGamer (as adafruit_pybadger reads it):
# 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT, 5 DOWN, 6 UP, 7 LEFT; the PyGamer wires only 0..3
# and has an analog joystick instead of the d-pad.
KNOWN = (
    (("pygamer",), "pygamer",
     dict(name="PyGamer", display=(160, 128), keymap=(B, A, START, SELECT), shift_keys=4,
          joystick=True, neopixels=5)),
    (("pybadge",), "pybadge",  # PyBadge and PyBadge LC share one CircuitPython build
     dict(name="PyBadge", display=(160, 128),
          keymap=(B, A, START, SELECT, RIGHT, DOWN, UP, LEFT), shift_keys=8, neopixels=5)),
    (("clue_nrf52840_express",), "clue",
     dict(name="CLUE", display=(240, 240), keymap=(A, B), pins=("BUTTON_A", "BUTTON_B"),
          active_low=True, neopixels=1)),
    # D0 is the BOOT button (held at reset it starts the ROM bootloader): never used.
    # D1 and D2 read high when pressed. D2 = A (next), D1 = B (play; hold: menu).
    (("adafruit_feather_esp32s3_reverse_tft",), "reverse tft",
     dict(name="Feather ESP32-S3 Reverse TFT", display=(240, 135), keymap=(B, A),
          pins=("D1", "D2"), active_low=False, neopixels=1)),
)


def parse_buttons(text, board):
    """(keymap, pin names) from "A:D5,B:D6,..."; BoardError says which part is wrong."""
    keymap = []
    pins = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if ":" not in item:
            raise BoardError("SIXTYSIX_BUTTONS: %r should look like A:D5" % item)
        name, pin = item.split(":", 1)
        name = name.strip().upper()
        pin = pin.strip()
        if pin.startswith("board."):
            pin = pin[6:]
        if name not in buttons.NAMES:
            raise BoardError("SIXTYSIX_BUTTONS: unknown button %r (use %s)"
                             % (name, " ".join(buttons.NAMES)))
        button = buttons.NAMES.index(name)
        if button in keymap:
            raise BoardError("SIXTYSIX_BUTTONS: button %s is given twice" % name)
        if pin in pins:
            raise BoardError("SIXTYSIX_BUTTONS: pin %s is given twice" % pin)
        _pin(board, pin, "SIXTYSIX_BUTTONS " + name)
        keymap.append(button)
        pins.append(pin)
    if A not in keymap or B not in keymap:
        raise BoardError("SIXTYSIX_BUTTONS needs at least A and B, e.g. \"A:D5,B:D6\"")
    return tuple(keymap), tuple(pins)


def _flag(value, default):
    if value is None:
        return default
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("1", "true", "yes", "on"):
            return True
        if v in ("0", "false", "no", "off"):
            return False
        raise BoardError("SIXTYSIX_ACTIVE_LOW: %r is not 0 or 1" % value)
    return bool(value)


def _machine():
    try:
        import os
        return os.uname().machine
    except (ImportError, AttributeError):
        return ""


def detect(board=None, keypad=None, analogio=None, getenv=None, machine=None, nvm=None):
    """The Profile for this board; BoardError with a how-to message if there is none."""
    if board is None:
        import board
    if keypad is None:
        import keypad
    if getenv is None:
        import os
        getenv = getattr(os, "getenv", lambda name, default=None: default)
    if nvm is None:
        from handheld.store import device_nvm
        nvm = device_nvm()
    try:
        spec = getenv("SIXTYSIX_BUTTONS")
        value = getenv("SIXTYSIX_ACTIVE_LOW") if spec else None
    except ValueError as e:  # CircuitPython 9 reads a value without quotes as a number
        raise BoardError("settings.toml cannot be read (%s): text goes in quotes, e.g. "
                         "SIXTYSIX_BUTTONS = \"A:D5,B:D6\", and SIXTYSIX_ACTIVE_LOW is 0 or 1" % e)
    if spec:
        keymap, pins = parse_buttons(str(spec), board)
        return Profile("Generic", None, keymap, board, keypad, pins=pins,
                       active_low=_flag(value, True),
                       neopixels=1, nvm=nvm, analogio=analogio)
    profile = known_profile(board, keypad, analogio, machine, nvm)
    if profile is None:
        raise BoardError("No Sixty-Six profile for board %r (%s). Name your buttons in "
                         "settings.toml, e.g. SIXTYSIX_BUTTONS = \"A:D5,B:D6\""
                         % (getattr(board, "board_id", None) or "unknown",
                            machine or _machine() or "no machine name"))
    return profile


def known_profile(board, keypad, analogio=None, machine=None, nvm=None):
    """The built-in Profile for this board (by board_id, else os.uname().machine), or None."""
    board_id = getattr(board, "board_id", "") or ""
    if not board_id and machine is None:
        machine = _machine()
    for ids, word, kwargs in KNOWN:
        if board_id in ids or (not board_id and word in machine.lower()):
            kw = dict(kwargs)
            kw.update(board=board, keypad=keypad, analogio=analogio, nvm=nvm)
            return Profile(kw.pop("name"), kw.pop("display"), kw.pop("keymap"), **kw)
    return None
