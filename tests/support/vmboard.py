"""A PyGamer's hardware modules for the VM checks (tests/vm/mp_app_check.py `board`), made of
fakeboard's stand-ins (C modules on a board, held to circuitpython-stubs by the CPython tests):

    keypad, analogio = vmboard.install(nvm)   # sys.modules: board, keypad, analogio...
"""
import sys

import fakeboard as fb


class Module:
    """A module holding the given names."""

    def __init__(self, **names):
        for k in names:
            setattr(self, k, names[k])


class QuietAudioOut(fb.AudioOut):
    """audioio.AudioOut keeping no log: a board's allocates nothing per note."""

    def play(self, sample, *, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False


def install(nvm):
    """Put a PyGamer's modules in sys.modules (nvm: microcontroller.nvm's stand-in); returns
    its keypad and analogio, whose scanners and inputs the check presses."""
    keypad, analogio = fb.Keypad(), fb.Analogio()
    mods = (("board", fb.Board("pygamer", fb.PYGAMER_PINS)), ("keypad", keypad),
            ("analogio", analogio), ("microcontroller", Module(nvm=nvm)),
            ("digitalio", Module(DigitalInOut=fb.DigitalInOut)),
            ("audiocore", Module(RawSample=fb.RawSample)),
            ("audioio", Module(AudioOut=QuietAudioOut)),
            ("neopixel_write", Module(neopixel_write=lambda pin, buf: None)))
    for name, mod in mods:
        sys.modules[name] = mod
    return keypad, analogio
