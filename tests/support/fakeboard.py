"""Fake board, keypad and analogio modules for board-profile tests (CPython and MicroPython).

On CPython the fakes are held to circuitpython-stubs (tests/support/cpstubs.py): a Board of a board id
the stubs know takes only that board's names, stub_board(board_id) has all of its pins, and a
fake class offers only its stub's names (STUB) plus TEST_ONLY handles that only tests/ may read
(tests/test_stubs.py checks every fake class against its stub).
"""
import sys

if sys.implementation.name == "cpython":
    import cpstubs
    _Fake = cpstubs.Guard
else:  # the MicroPython VM: no stubs there, the CPython runs of the same tests check them
    cpstubs = None
    _Fake = object


class Pin(_Fake):
    STUB = "microcontroller.Pin"
    TEST_ONLY = ("__init__", "name")

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Board:
    """A `board` module with the given pin names (and board_id if given); other names such as
    DISPLAY as keywords. On CPython a board id the stubs know takes only its stub's names."""

    def __init__(self, board_id=None, pins=(), **names):
        if cpstubs is not None and board_id is not None:
            stub = cpstubs.board_stub(board_id)
            if stub is not None:
                wrong = [n for n in tuple(pins) + tuple(names) if n not in stub.names]
                if wrong:
                    raise cpstubs.StubError("board %s has no %s (circuitpython-stubs %s)"
                                            % (board_id, ", ".join(wrong), cpstubs.version()))
        if board_id is not None:
            self.board_id = board_id
        for name in pins:
            setattr(self, name, Pin(name))
        for name in names:
            setattr(self, name, names[name])


def stub_board(board_id, **names):
    """A Board with every pin the stubs list for board_id (CPython only)."""
    stub = cpstubs.board_stub(board_id)
    if stub is None:
        raise cpstubs.StubError("circuitpython-stubs %s has no board %r"
                                % (cpstubs.version(), board_id))
    return Board(board_id, sorted(stub.pins), **names)


PYBADGE_PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
                "NEOPIXEL", "D5", "D6")
PYGAMER_PINS = PYBADGE_PINS + ("JOYSTICK_X", "JOYSTICK_Y")
CLUE_PINS = ("BUTTON_A", "BUTTON_B", "SPEAKER", "NEOPIXEL")
REVERSE_TFT_PINS = ("D0", "D1", "D2", "BUTTON", "NEOPIXEL", "NEOPIXEL_POWER")


class Event(_Fake):
    STUB = "keypad.Event"

    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp  # supervisor.ticks_ms when scanned (29 bits, wraps)


class EventQueue(_Fake):
    """A ring of max_events slots; get_into() allocates nothing, like keypad's."""
    STUB = "keypad.EventQueue"
    TEST_ONLY = ("__init__", "put")

    def __init__(self, max_events):
        self._keys = bytearray(max_events)
        self._pressed = bytearray(max_events)
        self._stamps = [0] * max_events
        self._head = 0
        self._len = 0
        self.overflowed = False

    def put(self, key_number, pressed, timestamp=0):
        size = len(self._keys)
        if self._len >= size:
            self.overflowed = True
            return
        i = (self._head + self._len) % size
        self._keys[i] = key_number
        self._pressed[i] = 1 if pressed else 0
        self._stamps[i] = timestamp & 0x1FFFFFFF
        self._len += 1

    def get_into(self, event):
        if not self._len:
            return False
        i = self._head
        event.key_number = self._keys[i]
        event.pressed = self._pressed[i] == 1
        event.timestamp = self._stamps[i]
        self._head = (i + 1) % len(self._keys)
        self._len -= 1
        return True

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def clear(self):
        self._len = 0
        self.overflowed = False

    def __len__(self):
        return self._len


class Scanner(_Fake):
    """keypad.Keys / ShiftRegisterKeys: press()/release() play the player's fingers."""
    STUB = ("keypad.Keys", "keypad.ShiftRegisterKeys")
    TEST_ONLY = ("__init__", "kind", "args", "down", "resets", "deinited", "press", "release",
                 "firmware", "ticks")

    def __init__(self, kind, args, max_events=64):
        self.kind = kind
        self.args = args
        self.events = EventQueue(max_events)
        self.down = []
        self.resets = 0
        self.deinited = False
        self.firmware = 10
        self.ticks = 0  # supervisor.ticks_ms as the scanner stamps its events (tests set it)
        self.key_count = len(args["pins"]) if "pins" in args else args.get("key_count", 0)

    def press(self, n):
        self.down.append(n)
        self.events.put(n, True, self.ticks)

    def release(self, n):
        self.down.remove(n)
        self.events.put(n, False, self.ticks)

    def reset(self):  # as keypad: all keys assumed released, so held keys report a press
        self.resets += 1
        if self.firmware < 9.2:  # before 9.2.1 (c5a929e): the counts set the
            for n in range(self.key_count):  # other way, every key up reports a release
                if n not in self.down:
                    self.events.put(n, False, self.ticks)
            return
        for n in self.down:
            self.events.put(n, True, self.ticks)

    def deinit(self):
        self.deinited = True


class Keypad(_Fake):
    """The `keypad` module; .made lists the scanners created; keys in .held are down when a
    scanner starts. As the firmware's (CircuitPython 9.1 and later, shared-module/keypad/
    __init__.c: keypad_construct_common starts every key's debounce count at 0 and scans;
    keypad_debounce reports a change only when the count crosses 0, which a key held from
    the start never does) such a key reports nothing until reset(), which sets the counts to
    -threshold (common_hal_keypad_generic_reset), so that a held key then reports a press."""
    STUB = "keypad"
    TEST_ONLY = ("made", "max_events", "held")
    Event = Event

    def __init__(self, max_events=64, held=(), firmware=10):
        self.made = []
        self.max_events = max_events
        self.held = held
        self.firmware = firmware  # 10: 9.2.1 and later; 9.1: 9.1.0-9.2.0; 9.0

    def _made(self, scanner):
        self.made.append(scanner)
        scanner.firmware = self.firmware
        scanner.down.extend(self.held)  # down: from 9.1, reported only by reset()
        if self.firmware == 9.0:  # 9.0 reported keys held at the start
            for n in self.held:
                scanner.events.put(n, True)
        return scanner

    def Keys(self, pins, *, value_when_pressed, pull=True):
        s = Scanner("Keys", {"pins": pins, "value_when_pressed": value_when_pressed,
                             "pull": pull}, self.max_events)
        return self._made(s)

    def ShiftRegisterKeys(self, *, clock, data, latch, key_count, value_when_pressed):
        s = Scanner("ShiftRegisterKeys", {"clock": clock, "data": data, "latch": latch,
                                          "key_count": key_count,
                                          "value_when_pressed": value_when_pressed},
                    self.max_events)
        return self._made(s)


class AnalogIn(_Fake):
    STUB = "analogio.AnalogIn"
    TEST_ONLY = ("pin", "deinited")

    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        self.deinited = False

    def deinit(self):
        self.deinited = True


class Analogio(_Fake):
    """The `analogio` module; .inputs maps pin name to the AnalogIn made for it."""
    STUB = "analogio"
    TEST_ONLY = ("inputs",)

    def __init__(self):
        self.inputs = {}

    def AnalogIn(self, pin):
        a = AnalogIn(pin)
        self.inputs[pin.name] = a
        return a


# ---- digitalio, audiocore, audioio, audiopwmio (feedback) ------------------------------------

class DigitalInOut(_Fake):
    STUB = "digitalio.DigitalInOut"
    TEST_ONLY = ("pin", "deinited")

    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.deinited = False

    def switch_to_output(self, value=False):
        self.value = value

    def deinit(self):
        self.deinited = True


class RawSample(_Fake):
    STUB = "audiocore.RawSample"
    TEST_ONLY = ("buffer",)

    def __init__(self, buffer, *, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate


class _Out(_Fake):
    TEST_ONLY = ("left_channel", "log")

    def __init__(self, left_channel, *, quiescent_value=0x8000):
        self.left_channel = left_channel
        self.log = []
        self.playing = False

    def play(self, sample, *, loop=False):
        self.log.append((sample.sample_rate, loop))
        self.playing = True

    def stop(self):
        self.log.append("stop")
        self.playing = False

    def deinit(self):
        self.log.append("deinit")


class AudioOut(_Out):
    STUB = "audioio.AudioOut"


class PWMAudioOut(_Out):
    STUB = "audiopwmio.PWMAudioOut"
