"""Stub-shaped fakes of a board's hardware modules, for tests that run code.py or feedback
(CPython only: built from circuitpython-stubs through tests/support/cpstubs.py).

    mods = fakehw.modules_for("clue_nrf52840_express", display=d, ticks=lambda: 0)
    for name, mod in mods.items(): monkeypatch.setitem(sys.modules, name, mod)

A board gets only the modules its stub lists as built in (the others import as missing,
as on the board), each a cpstubs.FakeModule that refuses a name CircuitPython lacks.
"""
import cpstubs
import fakeboard

# The hardware modules code.py, boot.py and lib/handheld may import.
HARDWARE = ("board", "keypad", "analogio", "digitalio", "audiocore", "audioio", "audiopwmio",
            "neopixel_write", "microcontroller", "storage", "supervisor")

# The stubs say "NVM size: 256" for every SAMD51 board, but CircuitPython's
# ports/atmel-samd/mpconfigport.h gives SAM_D5X_E5X 8192 bytes unless a board sets less
# (pybadge and pygamer set none).
NVM_SIZE = {"pybadge": 8192, "pygamer": 8192}


DigitalInOut = fakeboard.DigitalInOut
RawSample = fakeboard.RawSample
AudioOut = fakeboard.AudioOut
PWMAudioOut = fakeboard.PWMAudioOut
_Out = fakeboard._Out


class Display(cpstubs.Guard):
    """board.DISPLAY without pixels (busdisplay.BusDisplay's names): code.py on a screen size
    this process's one pygame display does not have. The groups are built as on the board;
    only the drawing is left out (tests/test_app_snapshots.py draws every size)."""
    STUB = "busdisplay.BusDisplay"
    TEST_ONLY = ("__init__", "refreshes")

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.auto_refresh = True
        self.root_group = None
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


FAKE_CLASSES = (DigitalInOut, RawSample, AudioOut, PWMAudioOut, Display)


class Written:
    """neopixel_write.neopixel_write(digitalinout, buf), recording (pin name, bytes)."""

    def __init__(self):
        self.writes = []

    def neopixel_write(self, digitalinout, buf):
        self.writes.append((digitalinout.pin.name, bytes(buf)))


class Storage:
    """What storage.remount was asked (stub-checked in tests/test_stubs.py)."""

    def __init__(self):
        self.calls = []

    def remount(self, mount_path, readonly=False):
        self.calls.append((mount_path, readonly))


def module(name, **names):
    return cpstubs.FakeModule(name, **names)


def modules_for(board_id, display=None, nvm=None, ticks=None, keypad=None, pixels=None,
                storage=None, pins=None):
    """{module name: fake or None} for sys.modules: the board's built-in hardware modules as
    the stubs list them, None (ImportError) for the rest of HARDWARE. pins: the board's pin
    names (default: all the stub lists); nvm: its bytearray (default: the board's size)."""
    stub = cpstubs.board_stub(board_id)
    if stub is None:
        raise cpstubs.StubError("no stub for board %r" % board_id)
    if pins is None:
        board = fakeboard.stub_board(board_id)
    else:
        board = fakeboard.Board(board_id, pins)
    if display is not None:
        board.DISPLAY = display
    if nvm is None:
        nvm = bytearray(NVM_SIZE.get(board_id, stub.nvm_size or 0))
    made = {
        "board": board,
        "keypad": keypad if keypad is not None else fakeboard.Keypad(),
        "analogio": fakeboard.Analogio(),
        "digitalio": module("digitalio", DigitalInOut=DigitalInOut),
        "audiocore": module("audiocore", RawSample=RawSample),
        "audioio": module("audioio", AudioOut=AudioOut),
        "audiopwmio": module("audiopwmio", PWMAudioOut=PWMAudioOut),
        "neopixel_write": module("neopixel_write", neopixel_write=(
            pixels or Written()).neopixel_write),
        "microcontroller": module("microcontroller", nvm=nvm) if stub.nvm_size or nvm
        else module("microcontroller"),
        "storage": storage if storage is not None else Storage(),
        "supervisor": module("supervisor", ticks_ms=ticks or (lambda: 0)),
    }
    return dict((name, made[name] if name in stub.modules else None) for name in HARDWARE)
