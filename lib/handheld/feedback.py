"""Sound and light: a short beep per trick, a jingle per hand, a NeoPixel flash for a trick
the player wins. Nothing blocks: calls start a sound or a flash, tick(now_ms) from the main
loop moves on to the next note and turns the pixels off. Both can be switched off, and what
the board lacks (or the desktop) makes them no-ops. Making them from the board's pins is
handheld.fxsetup's, imported at power-up for that only (its code leaves the heap after).

    fx = fxsetup.for_board(board, profile.neopixel_count, sound=True, lights=True)
    fx.trick(now, won=True); fx.hand(now, won=False); fx.tick(now)
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# Notes as (Hz, ms); a jingle is a tuple of notes.
TRICK = ((880, 40),)
TRICK_WON = ((1175, 60),)
HAND_WON = ((523, 90), (659, 90), (784, 90), (1047, 200))
HAND_LOST = ((392, 120), (330, 120), (262, 240))  # (handheld.fxsetup makes their tones)

FLASH_MS = const(160)
WON_COLOR = (0, 40, 0)  # r, g, b: NeoPixels are bright, keep it low

_PERIOD = const(0x20000000)  # supervisor.ticks_ms() wraps here
_HALF = const(0x10000000)


def ticks_diff(a, b):
    """a - b in ms for ticks_ms values (also right for plain, non-wrapping ms)."""
    return ((a - b + _HALF) % _PERIOD) - _HALF


class Feedback:
    """Plays jingles on a tone (play(hz), stop()) and flashes pixels (fill(r, g, b))."""

    def __init__(self, tone=None, pixels=None, sound=True, lights=True):
        self.tone = tone
        self.pixels = pixels
        self.sound = sound
        self.lights = lights
        self._notes = None
        self._next = 0
        self._note_end = 0
        self._lit = False
        self._light_end = 0

    def trick(self, now, won):
        """A trick was taken; won: by the player."""
        self._play(now, TRICK_WON if won else TRICK)
        if won and self.lights and self.pixels is not None:  # a flash
            self.pixels.fill(WON_COLOR[0], WON_COLOR[1], WON_COLOR[2])
            self._lit = True
            self._light_end = now + FLASH_MS

    def hand(self, now, won):
        """A hand was scored; won: by the player."""
        self._play(now, HAND_WON if won else HAND_LOST)

    def tick(self, now):
        """Advance the jingle and the flash; call every loop."""
        if self._notes is not None and ticks_diff(now, self._note_end) >= 0:
            if self._next < len(self._notes):
                self._start_note(now)
            else:
                self._notes = None
                self.tone.stop()
        if self._lit and ticks_diff(now, self._light_end) >= 0:
            self._lit = False
            self.pixels.fill(0, 0, 0)

    def off(self):
        """Silence and darken now (e.g. when the player turns sound or lights off)."""
        if self._notes is not None:
            self._notes = None
            self.tone.stop()
        if self._lit:
            self._lit = False
            self.pixels.fill(0, 0, 0)

    def _play(self, now, notes):
        if not self.sound or self.tone is None:
            return
        self._notes = notes
        self._next = 0
        self._start_note(now)

    def _start_note(self, now):
        hz, ms = self._notes[self._next]
        self._next += 1
        self.tone.play(hz)
        self._note_end = now + ms


class Tone:
    """A looping one-cycle sine (16 values, handheld.fxsetup's) on an AudioOut, played at hz
    times 16 samples a second."""

    def __init__(self, out, samples, enable=None):
        self.out = out
        self.samples = samples  # the RawSample of the cycle
        self.enable = enable  # the amplifier switch pin, kept alive while we play

    def play(self, hz):
        out = self.out
        out.stop()
        s = self.samples
        s.sample_rate = hz * 16  # taken by the next play
        out.play(s, loop=True)

    def stop(self):
        self.out.stop()


class Pixels:
    """NeoPixels written with neopixel_write (GRB order, no neopixel library needed)."""

    def __init__(self, pin, count, write, power=None):
        self.pin = pin
        self._buf = bytearray(3 * count)
        self.write = write
        self.power = power  # the pixel power switch pin, if the board has one

    def fill(self, r, g, b):
        buf = self._buf
        for i in range(0, len(buf), 3):
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        self.write(self.pin, buf)

