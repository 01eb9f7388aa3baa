"""Sound and light feedback: timing by tick(), switches, and no-ops without hardware."""
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests", "support")):
    if p not in sys.path:
        sys.path.insert(0, p)

import pytest  # noqa: E402

from handheld import boards, feedback, fxsetup  # noqa: E402
import cpstubs  # noqa: E402
import fakeboard as fb  # noqa: E402
import fakehw  # noqa: E402


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
    for i, v in enumerate(fxsetup.SINE):
        assert abs(v - (32768 + 12288 * math.sin(2 * math.pi * i / 16))) < 1
    assert len(fxsetup.SINE) == 16  # feedback.Tone plays it at hz * 16 samples a second


def idle(fx):
    """Nothing playing, nothing lit, nothing pending."""
    return fx._notes is None and not fx._lit


def test_desktop_and_featureless_boards_are_no_ops(capsys):
    fx = fxsetup.for_board(None, 5)
    assert fx.tone is None and fx.pixels is None
    fx.trick(0, True)
    fx.hand(0, True)
    assert idle(fx)  # no note started, no flash: nothing to stop or darken later
    fx.tick(1000)
    fx.off()
    assert idle(fx) and capsys.readouterr().out == ""  # the desktop says nothing
    bare = fb.Board("feather_m4_express", ("D5",))
    fx = fxsetup.for_board(bare, 0)
    assert fx.tone is None and fx.pixels is None
    fx.trick(0, True)
    fx.hand(0, False)
    assert idle(fx)
    assert capsys.readouterr().out.splitlines() == [
        "feedback: sound off (no board.SPEAKER)",
        "feedback: lights off (no NeoPixels in the board profile)"]


def test_missing_audio_modules_mean_no_sound(capsys, monkeypatch):
    # A board with a speaker but without audiocore: silent, and the console says why.
    monkeypatch.setitem(sys.modules, "audiocore", None)
    assert make_tone(fb.Board("pygamer", fb.PYGAMER_PINS)) is None
    out = capsys.readouterr().out
    assert out.startswith("feedback: sound off (") and "audiocore" in out
    assert "Error: " in out and out.count("\n") == 1  # one line (ModuleNotFoundError here)


def make_tone(board):
    """feedback.Tone as fxsetup.for_board makes it (handheld.fxsetup's arguments), or None."""
    args = fxsetup.tone_args(board)
    return None if args is None else feedback.Tone(*args)


def make_pixels(board, count):
    """feedback.Pixels as fxsetup.for_board makes them, or None."""
    args = fxsetup.pixel_args(board, count)
    return None if args is None else feedback.Pixels(*args)


def install(monkeypatch, board_id, **kw):
    mods = fakehw.modules_for(board_id, **kw)
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    return mods


def test_make_tone_and_pixels_wire_the_board(monkeypatch):
    pixels_out = fakehw.Written()
    mods = install(monkeypatch, "pygamer", pixels=pixels_out)
    board = mods["board"]
    tone = make_tone(board)
    tone.play(880)
    assert isinstance(tone.out, fakehw.AudioOut)  # the DAC's audioio.AudioOut
    assert tone.out.left_channel.name == "SPEAKER" and tone.out.log == ["stop", (880 * 16, True)]
    assert tone.enable.pin.name == "SPEAKER_ENABLE" and tone.enable.value is True
    pixels = make_pixels(board, 5)
    pixels.fill(1, 2, 3)
    assert pixels_out.writes == [("NEOPIXEL", bytes((2, 1, 3)) * 5)]
    install(monkeypatch, "adafruit_feather_esp32s3_reverse_tft")
    tft = sys.modules["board"]
    pixels = make_pixels(tft, 1)
    assert pixels.power.pin.name == "NEOPIXEL_POWER" and pixels.power.value is True


def test_the_old_clue_fake_cannot_be_built():
    # audiopwmio has PWMAudioOut only: the fake that hid issue 19's bug is refused.
    with pytest.raises(cpstubs.StubError, match="audiopwmio has no 'AudioOut'"):
        fakehw.module("audiopwmio", AudioOut=fakehw.AudioOut)
    # and a stub-shaped audiopwmio refuses the name code would reach for
    pwm = fakehw.module("audiopwmio", PWMAudioOut=fakehw.PWMAudioOut)
    with pytest.raises(AttributeError, match="has no attribute 'AudioOut'"):
        pwm.AudioOut


def expected(board_id):
    """What the stubs say the board can do: (sound module or None, lights)."""
    stub = cpstubs.board_stub(board_id)
    sound = None
    if "SPEAKER" in stub.pins and "audiocore" in stub.modules:
        sound = "audioio" if "audioio" in stub.modules else (
            "audiopwmio" if "audiopwmio" in stub.modules else None)
    lights = "NEOPIXEL" in stub.pins and "neopixel_write" in stub.modules
    return sound, lights


PROFILES = [ids[0] for ids, _, _ in boards.KNOWN]


@pytest.mark.parametrize("board_id", PROFILES)
def test_every_profile_gets_the_sound_and_lights_its_board_has(board_id, monkeypatch, capsys):
    written = fakehw.Written()
    install(monkeypatch, board_id, pixels=written)
    profile = boards.detect(sys.modules["board"], sys.modules["keypad"], getenv=lambda k: None)
    fx = fxsetup.for_board(sys.modules["board"], profile.neopixel_count)
    sound, lights = expected(board_id)
    out = capsys.readouterr().out
    cls = {"audioio": fakehw.AudioOut, "audiopwmio": fakehw.PWMAudioOut}.get(sound)
    if cls is None:
        assert fx.tone is None and "feedback: sound off" in out
    else:
        assert type(fx.tone.out) is cls and fx.tone.out.left_channel.name == "SPEAKER"
    assert (fx.pixels is not None) == lights
    fx.trick(0, won=True)
    if sound:
        assert fx.tone.out.log[-1] == (feedback.TRICK_WON[0][0] * 16, True)
    if lights:
        assert written.writes == [("NEOPIXEL", bytes((40, 0, 0)) * profile.neopixel_count)]
    fx.tick(1000)
    assert idle(fx)
    if sound:
        assert fx.tone.out.log[-1] == "stop"
    if lights:
        assert written.writes[-1][1] == bytes(3 * profile.neopixel_count)


def test_each_profile_as_the_stubs_have_it():
    # the expectations above are not vacuous: what each board really offers
    assert expected("pygamer") == ("audioio", True)
    assert expected("pybadge") == ("audioio", True)
    assert expected("clue_nrf52840_express") == ("audiopwmio", True)
    assert expected("adafruit_feather_esp32s3_reverse_tft") == (None, True)


class Broken(fakehw.PWMAudioOut):
    def __init__(self, left_channel, *, quiescent_value=0x8000):
        raise ValueError("SPEAKER in use")


def test_a_failing_speaker_turns_off_only_the_sound(monkeypatch, capsys):
    written = fakehw.Written()
    install(monkeypatch, "clue_nrf52840_express", pixels=written)
    monkeypatch.setitem(sys.modules, "audiopwmio", fakehw.module("audiopwmio", PWMAudioOut=Broken))
    fx = fxsetup.for_board(sys.modules["board"], 1)
    assert fx.tone is None and fx.pixels is not None
    assert capsys.readouterr().out == "feedback: sound off (ValueError: SPEAKER in use)\n"
    fx.trick(0, won=True)
    assert written.writes == [("NEOPIXEL", bytes((40, 0, 0)))]


def test_failing_pixels_turn_off_only_the_lights_and_free_the_power_pin(monkeypatch, capsys):
    install(monkeypatch, "adafruit_feather_esp32s3_reverse_tft")
    made = []

    class Pin(fakehw.DigitalInOut):
        def __init__(self, pin):
            super().__init__(pin)
            made.append(self)
            if pin.name == "NEOPIXEL":
                raise ValueError("NEOPIXEL in use")

    monkeypatch.setitem(sys.modules, "digitalio", fakehw.module("digitalio", DigitalInOut=Pin))
    assert make_pixels(sys.modules["board"], 1) is None
    assert capsys.readouterr().out == "feedback: lights off (ValueError: NEOPIXEL in use)\n"
    assert made[0].pin.name == "NEOPIXEL_POWER" and made[0].deinited
    # sound on a board with both: a missing neopixel_write leaves the sound on
    install(monkeypatch, "pybadge")
    monkeypatch.setitem(sys.modules, "neopixel_write", None)
    fx = fxsetup.for_board(sys.modules["board"], 5)
    assert fx.pixels is None and type(fx.tone.out) is fakehw.AudioOut
    out = capsys.readouterr().out
    assert out.startswith("feedback: lights off (") and "neopixel_write" in out
    assert "sound off" not in out


def test_a_speaker_that_fails_after_the_amplifier_is_on_switches_it_off(monkeypatch, capsys):
    install(monkeypatch, "pygamer")
    monkeypatch.setitem(sys.modules, "audioio", fakehw.module("audioio", AudioOut=Broken))
    made = []

    class Pin(fakehw.DigitalInOut):
        def __init__(self, pin):
            super().__init__(pin)
            made.append(self)

    monkeypatch.setitem(sys.modules, "digitalio", fakehw.module("digitalio", DigitalInOut=Pin))
    assert make_tone(sys.modules["board"]) is None
    assert [p.pin.name for p in made] == ["SPEAKER_ENABLE"] and made[0].deinited
    assert "feedback: sound off (ValueError: SPEAKER in use)" in capsys.readouterr().out


VM_SCRIPT = os.path.join(ROOT, "tests", "vm", "vm_feedback_check.py")
VM_EXPECT = [
    # a won trick: one note (looped), stopped at tick(1000); the pixel lit and darkened
    "case clue_nrf52840_express sound=True lights=True beeps=['stop', (%d, True), 'stop'] "
    "flashes=2" % (feedback.TRICK_WON[0][0] * len(fxsetup.SINE)),
    "feedback: sound off (ValueError: SPEAKER in use)",
    "case clue_nrf52840_express sound=False lights=True beeps=None flashes=2",
    "feedback: sound off (no board.SPEAKER)",
    "case adafruit_feather_esp32s3_reverse_tft sound=False lights=True beeps=None flashes=2",
    "OK",
]


def test_feedback_on_the_micropython_vm_and_cpython():
    import subprocess
    import mpvm
    mp = mpvm.run(VM_SCRIPT, heap="64k")
    assert mp.returncode == 0, mp.stdout + mp.stderr
    assert mp.stdout.splitlines() == VM_EXPECT
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((os.path.join(ROOT, "lib"),
                                                       os.path.join(ROOT, "tests", "support"))))
    cp = subprocess.run([sys.executable, VM_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                        text=True, timeout=60)
    assert cp.returncode == 0 and cp.stdout.splitlines() == VM_EXPECT, cp.stdout + cp.stderr


def test_feedback_on_circuitpython_10_2_1():
    import mpvm
    cp = mpvm.run_cp(VM_SCRIPT, heap="64k", path="lib:tests/support")  # skips where ../shared lacks it
    assert cp.returncode == 0, cp.stdout + cp.stderr
    assert cp.stdout.splitlines() == VM_EXPECT
