"""fxsetup.for_board (handheld.feedback's sound and lights) on the interpreters a board runs
(MicroPython VM, CircuitPython's unix build) and CPython, with fakeboard's fake classes
(tests/test_stubs.py holds them to circuitpython-stubs on CPython; the VMs have no ast).

    MICROPYPATH=lib:tests/support micropython tests/vm/vm_feedback_check.py
Prints one line per board and "OK"; any error exits non-zero (an uncaught exception).
"""
import sys

import fakeboard as fb
from handheld import fxsetup


DigitalInOut, RawSample, PWMAudioOut = fb.DigitalInOut, fb.RawSample, fb.PWMAudioOut


class Busy(PWMAudioOut):
    def __init__(self, left_channel, *, quiescent_value=0x8000):
        raise ValueError("SPEAKER in use")


class Module:
    def __init__(self, **names):
        for k in names:
            setattr(self, k, names[k])


writes = []
BASE = {"digitalio": Module(DigitalInOut=DigitalInOut),
        "audiocore": Module(RawSample=RawSample),
        "neopixel_write": Module(neopixel_write=lambda pin, buf: writes.append(bytes(buf)))}
CASES = (
    # board id, pins, audio modules as the board has them
    ("clue_nrf52840_express", fb.CLUE_PINS, {"audiopwmio": Module(PWMAudioOut=PWMAudioOut)}),
    ("clue_nrf52840_express", fb.CLUE_PINS, {"audiopwmio": Module(PWMAudioOut=Busy)}),
    ("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS, {}),
)
for board_id, pins, audio in CASES:
    for name in ("audioio", "audiopwmio"):
        sys.modules.pop(name, None)
    for name, mod in list(BASE.items()) + list(audio.items()):
        sys.modules[name] = mod
    del writes[:]
    fx = fxsetup.for_board(fb.Board(board_id, pins), 1)
    fx.trick(0, True)
    fx.tick(1000)
    print("case %s sound=%s lights=%s beeps=%r flashes=%d" % (
        board_id, fx.tone is not None, fx.pixels is not None,
        fx.tone.out.log if fx.tone else None, len(writes)))
print("OK")
