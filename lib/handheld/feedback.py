"""Sound and light: a short beep per trick, a jingle per hand, a NeoPixel flash for a trick
the player wins. Nothing blocks: calls start a sound or a flash, tick(now_ms) from the main
loop moves on to the next note and turns the pixels off. Both can be switched off, and what
the board lacks (or the desktop) makes them no-ops.

    fx = feedback.for_board(board, profile.neopixel_count, sound=True, lights=True)
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
HAND_LOST = ((392, 120), (330, 120), (262, 240))
FREQUENCIES = (262, 330, 392, 523, 659, 784, 880, 1047, 1175)

FLASH_MS = const(160)
WON_COLOR = (0, 40, 0)  # r, g, b: NeoPixels are bright, keep it low

# One cycle of a sine, 16 unsigned 16-bit samples around 32768 (amplitude 12288: not loud).
SINE = (32768, 37470, 41457, 44120, 45056, 44120, 41457, 37470,
        32768, 28066, 24079, 21416, 20480, 21416, 24079, 28066)

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
        if won:
            self._flash(now, WON_COLOR)

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

    def _flash(self, now, color):
        if not self.lights or self.pixels is None:
            return
        self.pixels.fill(color[0], color[1], color[2])
        self._lit = True
        self._light_end = now + FLASH_MS


class Tone:
    """A looping one-cycle sine per frequency on an AudioOut (made once, played by Hz)."""

    def __init__(self, out, samples, enable=None):
        self._out = out
        self._samples = samples  # {hz: RawSample}
        self._enable = enable  # the amplifier switch pin, kept alive while we play

    def play(self, hz):
        self._out.stop()
        self._out.play(self._samples[hz], loop=True)

    def stop(self):
        self._out.stop()


class Pixels:
    """NeoPixels written with neopixel_write (GRB order, no neopixel library needed)."""

    def __init__(self, pin, count, write, power=None):
        self._pin = pin
        self._buf = bytearray(3 * count)
        self._write = write
        self._power = power  # the pixel power switch pin, if the board has one

    def fill(self, r, g, b):
        buf = self._buf
        for i in range(0, len(buf), 3):
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        self._write(self._pin, buf)


def audio_out_class():
    """The board's AudioOut class: audioio's (a DAC: SAMD51), else audiopwmio's PWMAudioOut
    (nRF52840: CLUE; RP2040). ImportError if the board has neither."""
    try:
        from audioio import AudioOut
        return AudioOut
    except ImportError:
        from audiopwmio import PWMAudioOut
        return PWMAudioOut


def make_tone(board, audiocore=None, audio_out=None, digitalio=None):
    """A Tone on board.SPEAKER, or None (one console line says why) if the board has no
    speaker or the sound cannot start. Never raises: sound is an extra."""
    if not hasattr(board, "SPEAKER"):
        print("feedback: sound off (no board.SPEAKER)")
        return None
    enable = None
    try:
        import array
        if audiocore is None:
            import audiocore
        if audio_out is None:
            audio_out = audio_out_class()
        if hasattr(board, "SPEAKER_ENABLE"):  # PyGamer/PyBadge amplifier switch
            if digitalio is None:
                import digitalio
            enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            enable.switch_to_output(value=True)
        wave = array.array("H", SINE)
        samples = {}
        for hz in FREQUENCIES:
            samples[hz] = audiocore.RawSample(wave, sample_rate=hz * len(SINE))
        return Tone(audio_out(board.SPEAKER), samples, enable)
    except Exception as e:  # no audio module, pin in use, no memory...: only sound is off
        print("feedback: sound off (%s: %s)" % (type(e).__name__, e))
        if enable is not None:
            enable.deinit()
        return None


def make_pixels(board, count, digitalio=None, neopixel_write=None):
    """Pixels on board.NEOPIXEL, or None (one console line says why) if the board has none
    (count 0) or they cannot start. Never raises: lights are an extra."""
    if not count or not hasattr(board, "NEOPIXEL"):
        print("feedback: lights off (no board.NEOPIXEL)" if count else
              "feedback: lights off (no NeoPixels in the board profile)")
        return None
    power = None
    try:
        if digitalio is None:
            import digitalio
        if neopixel_write is None:
            from neopixel_write import neopixel_write
        if hasattr(board, "NEOPIXEL_POWER"):  # Feather ESP32-S3: pixel power switch
            power = digitalio.DigitalInOut(board.NEOPIXEL_POWER)
            power.switch_to_output(value=True)
        pin = digitalio.DigitalInOut(board.NEOPIXEL)
        pin.switch_to_output(value=False)
        return Pixels(pin, count, neopixel_write, power)
    except Exception as e:  # only the lights are off
        print("feedback: lights off (%s: %s)" % (type(e).__name__, e))
        if power is not None:
            power.deinit()
        return None


def for_board(board=None, neopixel_count=0, sound=True, lights=True):
    """Feedback with what the board has (sound and lights each on or off by itself); with
    board None (desktop) every call is a no-op."""
    if board is None:
        return Feedback(None, None, sound, lights)
    return Feedback(make_tone(board), make_pixels(board, neopixel_count), sound, lights)
