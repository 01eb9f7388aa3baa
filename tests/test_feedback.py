"""Sound and light feedback: timing by tick(), switches, and no-ops without hardware."""
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests")):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import feedback  # noqa: E402
import fakeboard as fb  # noqa: E402


class Log:
    def __init__(self):
        self.calls = []

    def play(self, hz):
        self.calls.append(("play", hz))

    def stop(self):
        self.calls.append(("stop",))

    def fill(self, r, g, b):
        self.calls.append(("fill", r, g, b))


def test_hand_jingle_plays_note_by_note_without_blocking():
    tone = Log()
    fx = feedback.Feedback(tone, None)
    fx.hand(1000, won=True)
    assert tone.calls == [("play", 523)]
    fx.tick(1089)
    assert tone.calls == [("play", 523)]
    for now in (1090, 1180, 1270):
        fx.tick(now)
    assert [c[1] for c in tone.calls] == [523, 659, 784, 1047]
    fx.tick(1469)
    fx.tick(1470)
    assert tone.calls[-1] == ("stop",)
    fx.tick(5000)
    assert len(tone.calls) == 5


def test_won_trick_beeps_and_flashes_then_goes_dark():
    tone, pixels = Log(), Log()
    fx = feedback.Feedback(tone, pixels)
    fx.trick(0, won=True)
    assert pixels.calls == [("fill",) + feedback.WON_COLOR]
    fx.tick(feedback.FLASH_MS)
    assert pixels.calls[-1] == ("fill", 0, 0, 0)
    fx.trick(500, won=False)
    assert tone.calls[-1] == ("play", 880) and len(pixels.calls) == 2


def test_switches_and_off():
    tone, pixels = Log(), Log()
    fx = feedback.Feedback(tone, pixels, sound=False, lights=False)
    fx.trick(0, True)
    fx.hand(0, True)
    fx.tick(10000)
    assert tone.calls == [] and pixels.calls == []
    fx.sound = fx.lights = True
    fx.trick(0, True)
    fx.off()
    assert tone.calls[-1] == ("stop",) and pixels.calls[-1] == ("fill", 0, 0, 0)


def test_ticks_wrap():
    assert feedback.ticks_diff(5, (1 << 29) - 5) == 10
    assert feedback.ticks_diff(100, 40) == 60
    fx = feedback.Feedback(Log(), None)
    fx.hand((1 << 29) - 50, won=False)  # ticks_ms wraps during the jingle
    fx.tick(70)
    assert fx.tone.calls == [("play", 392), ("play", 330)]


def test_sine_table_is_a_sine():
    for i, v in enumerate(feedback.SINE):
        assert abs(v - (32768 + 12288 * math.sin(2 * math.pi * i / 16))) < 1
    for _, notes in (("t", feedback.TRICK), ("w", feedback.TRICK_WON),
                     ("h", feedback.HAND_WON), ("l", feedback.HAND_LOST)):
        assert all(hz in feedback.FREQUENCIES for hz, _ in notes)


def test_desktop_and_featureless_boards_are_no_ops():
    fx = feedback.for_board(None, 5)
    fx.trick(0, True)
    fx.hand(0, True)
    fx.tick(1000)
    fx.off()
    bare = fb.Board("feather_m4_express", ("D5",))
    fx = feedback.for_board(bare, 0)
    assert fx.tone is None and fx.pixels is None
    fx.trick(0, True)


def test_missing_audio_modules_mean_no_sound(capsys):
    # The desktop has no audiocore: a board with a speaker still gets a silent Feedback.
    assert feedback.make_tone(fb.Board("pygamer", fb.PYGAMER_PINS)) is None
    assert "feedback: no audio" in capsys.readouterr().out


class FakeDigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = None

    def switch_to_output(self, value=False):
        self.value = value


class FakeDigitalio:
    DigitalInOut = FakeDigitalInOut


class FakeAudiocore:
    class RawSample:
        def __init__(self, buffer, sample_rate):
            self.buffer = buffer
            self.sample_rate = sample_rate


class FakeAudioOut:
    def __init__(self, pin):
        self.pin = pin
        self.log = []

    def play(self, sample, loop=False):
        self.log.append((sample.sample_rate, loop))

    def stop(self):
        self.log.append("stop")


class FakeAudioio:
    AudioOut = FakeAudioOut


def test_make_tone_and_pixels_wire_the_board():
    board = fb.Board("pygamer", fb.PYGAMER_PINS)
    tone = feedback.make_tone(board, FakeAudiocore, FakeAudioio, FakeDigitalio)
    tone.play(880)
    assert tone._out.pin.name == "SPEAKER" and tone._out.log == ["stop", (880 * 16, True)]
    assert tone._enable.pin.name == "SPEAKER_ENABLE" and tone._enable.value is True
    written = []
    pixels = feedback.make_pixels(board, 5, FakeDigitalio, lambda pin, buf: written.append(
        (pin.pin.name, bytes(buf))))
    pixels.fill(1, 2, 3)
    assert written == [("NEOPIXEL", bytes((2, 1, 3)) * 5)]
    tft = fb.Board("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS)
    pixels = feedback.make_pixels(tft, 1, FakeDigitalio, lambda pin, buf: None)
    assert pixels._power.value is True
