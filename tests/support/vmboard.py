"""A PyGamer's hardware modules for the VM checks (tests/vm/mp_app_check.py `board`): board,
keypad, analogio, digitalio, audiocore, audioio, neopixel_write and microcontroller, as much of
each as code.py's power-up on a PyGamer uses (handheld.powerup, boards, input, fxsetup,
feedback; these classes, their parameters and attributes are held to circuitpython-stubs by
tests/test_stubs.py on CPython, as the app's calls are). C modules on a board: their code here
is machine code (`@micropython.native`, kept off the heap by the unix builds, see
tests/vm/fakes/displayio.py) and reuses the app's names, so that what stays on the heap is
what a board has there too, the objects made:

    nvm = vmboard.FileNvm(path, 8192)   # microcontroller.nvm's stand-in, over a file
    vmboard.setup(nvm)                  # in sys.modules
    vmboard.pins["BUTTON_CLOCK"].press(n, down)   # the shift register's key n down or up
    vmboard.pins["JOYSTICK_X"].value = 1000       # the joystick's axes (0..65535)

Each object weighs on the heap at least what CircuitPython 10.2.1's C object weighs there (a
32-bit board hands out 16-byte blocks; struct sizes as gcc lays them out for a 32-bit target),
padded with a bytearray `_p` where the stand-in is lighter (a Python instance is 16 B, 16 B of
table for every two attributes, a bytearray 16 B and its bytes):
- keypad.ShiftRegisterKeys (shared-bindings/keypad/ShiftRegisterKeys.c:162, shared-module/
  keypad/ShiftRegisterKeys.c:27-101): its struct, 72 B (ShiftRegisterKeys.h, keypad/
  __init__.h), the clock, latch and data DigitalInOuts (16 B each), the data pins' tuple, the
  key counts and the debounce counters (16 B each), the EventQueue, 32 B (EventQueue.h,
  py/ringbuf.h) and its ring, `max_events * 6` bytes (shared-module/keypad/EventQueue.c:16-24):
  592 B at 64 events. Its `events` is the scanner itself here (one object, as heavy as both).
- keypad.Event 16 B, analogio.AnalogIn 16 B, digitalio.DigitalInOut 16 B (ports/atmel-samd/
  common-hal/*/*.h): the instances weigh more. audiocore.RawSample 32 B (shared-module/
  audiocore/RawSample.h, __init__.h): as much. audioio.AudioOut 176 B (ports/atmel-samd/
  common-hal/audioio/AudioOut.h, audio_dma.h): padded to it (the DMA buffers of a note playing
  are not modelled). Pins are their names (a board's are in flash).
"""
import sys

pins = {}  # pin name -> the scanner (by its clock pin) or AnalogIn made on it: the check's fingers


@micropython.native
def deinit(self):  # every object's (one function: their code is one)
    pass


class Event:
    @micropython.native
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0  # the check's presses are taps: no stamps kept, every hold 0 ms


class ShiftRegisterKeys:
    """Also its own `events` queue. _p: [0] the next event, [1] events queued, [2] max_events,
    from [3] the ring (key number, +128 if pressed); its last 128 bytes: the keys held."""

    @micropython.native
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed):
        if not 0 < key_count <= 128:
            raise ValueError("key_count")
        self.events = self
        self.overflowed = False
        # max_events: 64, keypad's default (the app passes none); the C objects' 592 B: 64 of
        # instance and table, 16 of bytearray, 512 of bytes
        self._p = bytearray(6 * 64 + 128)
        self._p[2] = 64
        pins[clock] = self

    @micropython.native
    def press(self, n, pressed=True):
        """Key n down (or up, pressed False): an event, as the scanner would queue it."""
        p = self._p
        p[-1 - n] = 1 if pressed else 0
        if p[1] == p[2]:  # full: dropped, overflowed (shared-module/keypad/EventQueue.c:80-84)
            self.overflowed = True
            return
        p[3 + (p[0] + p[1]) % p[2]] = n | (128 if pressed else 0)
        p[1] += 1

    @micropython.native
    def get_into(self, event):
        p = self._p
        if not p[1]:
            return False
        e = p[3 + p[0]]
        p[0] = (p[0] + 1) % p[2]
        p[1] -= 1
        event.key_number = e & 127
        event.pressed = e > 127
        return True

    @micropython.native
    def clear(self):
        self._p[1] = 0
        self.overflowed = False

    @micropython.native
    def reset(self):  # as keypad: every key assumed released, so held keys report again
        for n in range(128):
            if self._p[-1 - n]:
                self.press(n)

    deinit = deinit


class AnalogIn:
    @micropython.native
    def __init__(self, pin):
        self.value = 32768
        pins[pin] = self

    deinit = deinit


class DigitalInOut:
    @micropython.native
    def __init__(self, pin):
        self.value = False

    @micropython.native
    def switch_to_output(self, value=False):
        self.value = value

    deinit = deinit


class RawSample:
    @micropython.native
    def __init__(self, buffer, *, sample_rate=8000):
        self._p = buffer
        self.sample_rate = sample_rate  # settable (feedback.Tone sets it per note)


class AudioOut:
    """Keeps no log: a board's allocates nothing per note."""

    @micropython.native
    def __init__(self, left_channel):
        self.playing = False
        self._p = bytearray(128)  # with the instance, its table and the bytearray: 176 B

    @micropython.native
    def play(self, sample, *, loop=False):
        self.playing = True

    @micropython.native
    def stop(self):
        self.playing = False

    deinit = deinit


@micropython.native
def neopixel_write(digitalinout, buf):
    pass


class FileNvm:
    """microcontroller.nvm's slices over a file: off the heap, as a board's nvm is."""

    @micropython.native
    def __init__(self, path, n):
        with open(path, "wb") as f:  # n bytes, erased as a fresh board's nvm
            b = b"\xff" * 512
            for _ in range(n // 512):
                f.write(b)
        self.n = n
        self.f = open(path, "r+b")

    @micropython.native
    def __len__(self):
        return self.n

    @micropython.native
    def __getitem__(self, key):
        self.f.seek(key.start)
        return self.f.read(key.stop - key.start)

    @micropython.native
    def __setitem__(self, key, value):
        self.f.seek(key.start)
        self.f.write(value)
        self.f.flush()


class Module:
    """A module: setup gives it its names."""


@micropython.native
def setup(nvm):
    """Put a PyGamer's modules in sys.modules (nvm: microcontroller.nvm's stand-in)."""
    for k in ("board", "microcontroller", "keypad", "analogio", "digitalio", "audiocore",
              "audioio", "neopixel_write"):
        sys.modules[k] = Module()
    k = sys.modules["board"]
    k.board_id = "pygamer"
    for p in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
              "NEOPIXEL", "JOYSTICK_X", "JOYSTICK_Y"):
        setattr(k, p, p)
    sys.modules["microcontroller"].nvm = nvm
    k = sys.modules["keypad"]
    k.ShiftRegisterKeys = ShiftRegisterKeys
    k.Event = Event
    sys.modules["analogio"].AnalogIn = AnalogIn
    sys.modules["digitalio"].DigitalInOut = DigitalInOut
    sys.modules["audiocore"].RawSample = RawSample
    sys.modules["audioio"].AudioOut = AudioOut
    sys.modules["neopixel_write"].neopixel_write = neopixel_write
