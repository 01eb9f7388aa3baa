"""Runs boot.py with fake board, keypad and storage modules (CPython and the MicroPython VM).

    MICROPYPATH=lib:tests/support micropython tests/vm/mp_boot_check.py
Prints one line per case: board id, keys held at power-up, remounted or not; then "OK".
"""
import sys

import fakeboard as fb


class Storage:
    def __init__(self):
        self.remounts = []

    def remount(self, path, readonly=False):
        self.remounts.append((path, readonly))


class Time:
    @staticmethod
    def sleep(seconds):
        pass


BOOT = open("boot.py").read()
from handheld import bootmode  # noqa: E402
from handheld import pystack  # noqa: E402
# the settings.toml reader and the pystack checks, the same on both VMs
print("pystack %r %r %r %r %r" % (
    bootmode.pystack_size_in(b"A = 1\r\n CIRCUITPY_PYSTACK_SIZE = \"2048\" # x\r\n"),
    bootmode.pystack_size_in(b"# CIRCUITPY_PYSTACK_SIZE = 9\n"),
    bootmode.pystack_addition(b"A = 1"), pystack.configured(lambda k: "8192"),
    pystack.is_exhausted(RuntimeError("pystack exhausted"))))
# a [section] ends what CircuitPython reads of settings.toml
print("section %r %r %r" % (
    bootmode.pystack_size_in(b"[x]\nCIRCUITPY_PYSTACK_SIZE = 4096\n"),
    bootmode.pystack_addition(b"A = 1\n[x]\n"), bootmode.with_pystack(b"A = 1\n[x]\nB = 2\n")))
ensured = []
bootmode.ensure_pystack = lambda path="/settings.toml": ensured.append(path)  # not the real drive
CASES = (
    ("pybadge", fb.PYBADGE_PINS, (), True),
    ("pybadge", fb.PYBADGE_PINS, (3,), False),       # SELECT held
    ("pygamer", fb.PYGAMER_PINS, (2,), True),        # START is not the boot button
    ("pygamer", fb.PYGAMER_PINS, (3,), False),
    ("clue_nrf52840_express", fb.CLUE_PINS, (0,), True),  # A: the bootloader's, never boot.py's
    ("clue_nrf52840_express", fb.CLUE_PINS, (1,), False),
    ("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS, (0,), False),  # D1
    ("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS, (1,), True),   # D2
    ("metro_m4_express", ("D5",), (), False),        # no boot button: left to USB
    ("pybadge", (), (), False),                       # pins missing: boot.py must not crash
)

for board_id, pins, held, expect in CASES:
    keypad, storage = fb.Keypad(held=held), Storage()
    sys.modules["board"] = fb.Board(board_id, pins)
    sys.modules["keypad"] = keypad
    sys.modules["storage"] = storage
    sys.modules["time"] = Time
    exec(BOOT, {"__name__": "boot"})
    remounted = storage.remounts == [("/", False)]
    if ensured != (["/settings.toml"] if remounted else []):
        raise AssertionError("settings.toml: %r" % ensured)
    del ensured[:]
    if remounted != expect or (keypad.made and not keypad.made[0].deinited):
        raise AssertionError("%s held %r: remounted %r" % (board_id, held, remounted))
    print("case %s %r %s" % (board_id, held, "remount" if remounted else "usb"))
# keypad's ways with a key held when its scanner starts (fakeboard.Keypad): 9.0, 9.1-9.2.0
for firmware in (9.0, 9.1):
    for held, expect in (((), True), ((3,), False)):
        keypad, storage = fb.Keypad(held=held, firmware=firmware), Storage()
        sys.modules["board"] = fb.Board("pybadge", fb.PYBADGE_PINS)
        sys.modules["keypad"] = keypad
        sys.modules["storage"] = storage
        exec(BOOT, {"__name__": "boot"})
        del ensured[:]
        if (storage.remounts == [("/", False)]) != expect:
            raise AssertionError("firmware %s held %r" % (firmware, held))
        print("firmware %s %r %s" % (firmware, held, "remount" if expect else "usb"))
print("OK")
