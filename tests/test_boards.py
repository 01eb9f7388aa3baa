"""Board profiles with fake keypad/analogio: key maps, overflow, joystick, generic pins."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "lib"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import boards, input as handinput  # noqa: E402
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT, NAMES  # noqa: E402
import fakeboard as fb  # noqa: E402
import mpvm  # noqa: E402


def detect(board_id=None, pins=(), env=None, machine="", nvm=bytearray(8192)):
    keypad, analogio = fb.Keypad(), fb.Analogio()
    env = env or {}
    profile = boards.detect(fb.Board(board_id, pins), keypad, analogio,
                            getenv=lambda name, default=None: env.get(name, default),
                            machine=machine, nvm=nvm)
    return profile, keypad, analogio


def collect(helds=None):
    """(out, handler): out lists (button name, pressed); helds, if given, each B release's
    held (BoardInput.poll)."""
    out = []

    def handler(button, pressed, held=0):
        out.append((NAMES[button], pressed))
        if helds is not None and not pressed and button == B:
            helds.append(held)
    return out, handler


# -- profiles -------------------------------------------------------------------------------

def test_pygamer_shift_register_and_joystick():
    profile, keypad, analogio = detect("pygamer", fb.PYGAMER_PINS)
    assert (profile.name, profile.display) == ("PyGamer", (160, 128))
    keys = profile.make_input()
    scanner = keypad.made[0]
    assert scanner.kind == "ShiftRegisterKeys"
    assert scanner.args["key_count"] == 4 and scanner.args["value_when_pressed"] is True
    assert (scanner.args["clock"].name, scanner.args["data"].name, scanner.args["latch"].name) \
        == ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH")
    out, handler = collect()
    for n in range(4):
        scanner.press(n)
        scanner.release(n)
    keys.poll(handler)
    assert out == [("B", True), ("B", False), ("A", True), ("A", False),
                   ("START", True), ("START", False), ("SELECT", True), ("SELECT", False)]
    assert sorted(profile.buttons()) == list(range(8))
    assert (profile.has_speaker, profile.neopixel_count, profile.has_nvm) == (True, 5, True)


def test_pybadge_eight_keys_in_pybadger_order():
    profile, keypad, _ = detect("pybadge", fb.PYBADGE_PINS)
    keys = profile.make_input()
    scanner = keypad.made[0]
    assert scanner.args["key_count"] == 8 and not profile.joystick
    out, handler = collect()
    for n in range(8):
        scanner.press(n)
    keys.poll(handler)
    assert [name for name, _ in out] == ["B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT"]


def test_clue_two_buttons_active_low_with_pull_up():
    profile, keypad, _ = detect("clue_nrf52840_express", fb.CLUE_PINS)
    keys = profile.make_input()
    scanner = keypad.made[0]
    assert scanner.kind == "Keys" and scanner.args["value_when_pressed"] is False
    assert scanner.args["pull"] is True
    assert [p.name for p in scanner.args["pins"]] == ["BUTTON_A", "BUTTON_B"]
    assert (profile.display, profile.neopixel_count) == ((240, 240), 1)
    out, handler = collect()
    scanner.press(1)
    keys.poll(handler)
    assert out == [("B", True)]


def test_reverse_tft_uses_d1_d2_and_never_the_boot_button():
    profile, keypad, _ = detect("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS)
    profile.make_input()
    scanner = keypad.made[0]
    assert [p.name for p in scanner.args["pins"]] == ["D1", "D2"]
    assert scanner.args["value_when_pressed"] is True
    assert profile.keymap == (B, A)  # D1 plays (B), D2 moves on (A)
    assert not profile.has_speaker and profile.display == (240, 135)


def test_uname_fallback_without_board_id():
    profile, _, _ = detect(None, fb.PYBADGE_PINS, machine="Adafruit Pybadge with samd51j19")
    assert profile.name == "PyBadge"


def test_unknown_board_says_how_to_configure():
    with pytest.raises(boards.BoardError, match=r"No Sixty-Six profile for board 'metro_m4'.*"
                                                r"SIXTYSIX_BUTTONS = \"A:D5,B:D6\""):
        detect("metro_m4", ("D5",))


def test_missing_features_are_off_not_errors():
    profile, _, _ = detect("pybadge", ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH"), nvm=None)
    assert (profile.has_speaker, profile.has_neopixels, profile.has_nvm) == (False, False, False)
    assert not detect("clue_nrf52840_express", fb.CLUE_PINS, nvm=bytearray(256))[0].has_nvm


def test_known_board_missing_a_pin_is_a_clear_error():
    profile, _, _ = detect("pybadge", ("BUTTON_OUT", "BUTTON_LATCH"))
    with pytest.raises(boards.BoardError, match="PyBadge: this board has no pin board.BUTTON_CLOCK"):
        profile.make_input()


# -- generic profile from settings.toml -----------------------------------------------------

def test_generic_profile_from_settings():
    env = {"SIXTYSIX_BUTTONS": "a:D5, B:board.D6 ,LEFT:D9", "SIXTYSIX_ACTIVE_LOW": 0}
    profile, keypad, _ = detect("metro_m4", ("D5", "D6", "D9"), env=env)
    assert profile.name == "Generic" and profile.keymap == (A, B, LEFT)
    profile.make_input()
    scanner = keypad.made[0]
    assert [p.name for p in scanner.args["pins"]] == ["D5", "D6", "D9"]
    assert scanner.args["value_when_pressed"] is True
    profile, keypad, _ = detect("metro_m4", ("D5", "D6"), env={"SIXTYSIX_BUTTONS": "A:D5,B:D6"})
    profile.make_input()
    assert keypad.made[0].args["value_when_pressed"] is False  # active low by default


@pytest.mark.parametrize("spec, message", [
    ("A:D5,B:D99", "SIXTYSIX_BUTTONS B: this board has no pin board.D99"),
    ("A:D5,JUMP:D6", "unknown button 'JUMP' \\(use LEFT RIGHT UP DOWN A B START SELECT\\)"),
    ("A:D5,A:D6", "button A is given twice"),
    ("A:D5,B:D5", "pin D5 is given twice"),
    ("A:D5", "needs at least A and B"),
    ("A=D5", "'A=D5' should look like A:D5"),
])
def test_generic_profile_errors(spec, message):
    with pytest.raises(boards.BoardError, match=message):
        detect("metro_m4", ("D5", "D6"), env={"SIXTYSIX_BUTTONS": spec})


def test_generic_active_low_must_be_a_flag():
    with pytest.raises(boards.BoardError, match="SIXTYSIX_ACTIVE_LOW: 'maybe' is not 0 or 1"):
        detect("metro_m4", ("D5", "D6"),
               env={"SIXTYSIX_BUTTONS": "A:D5,B:D6", "SIXTYSIX_ACTIVE_LOW": "maybe"})



@pytest.mark.parametrize("unquoted", ["SIXTYSIX_BUTTONS", "SIXTYSIX_ACTIVE_LOW"])
def test_a_setting_circuitpython_9_cannot_read_says_how_to_write_it(unquoted):
    """CircuitPython 9's os.getenv reads a value without quotes as a number and raises
    ValueError when it is none (9.2.9 shared-module/os/getenv.c, common_hal_os_getenv_path:
    mp_parse_num_integer), as for SIXTYSIX_BUTTONS = A:D5,B:D6 or SIXTYSIX_ACTIVE_LOW = true;
    10.x returns the text. The player gets the how-to, not a traceback (power-up prints a
    BoardError and stops)."""
    def getenv(name, default=None):
        if name == unquoted:
            raise ValueError("invalid syntax for integer with base 10: 'true'")
        return {"SIXTYSIX_BUTTONS": "A:D5,B:D6"}.get(name, default)

    with pytest.raises(boards.BoardError, match=r"settings.toml cannot be read \(invalid syntax"
                                                r".*text goes in quotes.*0 or 1"):
        boards.detect(fb.Board("metro_m4", ("D5", "D6")), fb.Keypad(), fb.Analogio(),
                      getenv=getenv, machine="", nvm=bytearray(8192))

# -- events ---------------------------------------------------------------------------------

def test_overflow_releases_held_buttons_then_reports_keys_still_down():
    profile, keypad, _ = detect("pybadge", fb.PYBADGE_PINS)
    keypad.max_events = 4
    keys = profile.make_input()
    scanner = keypad.made[0]
    out, handler = collect()
    scanner.press(1)   # A held
    scanner.press(0)   # B held
    keys.poll(handler)
    assert out == [("A", True), ("B", True)] and keys.held == (1 << A) | (1 << B)
    del out[:]
    scanner.release(0)  # B let go, then a burst the queue cannot hold
    for _ in range(3):
        scanner.press(4)
        scanner.release(4)
    assert scanner.events.overflowed
    keys.poll(handler)
    # Lost events: release everything we thought was held, then the scanner's reset
    # re-reports A, which is still down.
    assert out == [("A", False), ("B", False), ("A", True)]
    assert scanner.resets == 1 and not scanner.events.overflowed
    assert keys.held == 1 << A


def test_a_release_of_b_says_how_long_it_was_held_by_the_scanners_stamps():
    """A hold made while the loop was busy (the computer's search) comes in one poll: its
    length is the events' timestamps' (supervisor.ticks_ms, 29 bits, wrapping), and a
    release that only clears what an overflow lost is no tap (held -1)."""
    profile, keypad, _ = detect("pybadge", fb.PYBADGE_PINS)
    keypad.max_events = 4
    keys = profile.make_input()
    scanner = keypad.made[0]
    helds = []
    out, handler = collect(helds)
    scanner.ticks = (1 << 29) - 300  # the counter wraps during the hold
    scanner.press(0)
    scanner.ticks = 500
    scanner.release(0)
    scanner.press(1)  # A: no length reported
    scanner.release(1)
    keys.poll(handler)
    assert out == [("B", True), ("B", False), ("A", True), ("A", False)] and helds == [800]
    scanner.press(0)
    keys.poll(handler)
    for _ in range(3):  # B still down when the queue overflows
        scanner.press(4)
        scanner.release(4)
    keys.poll(handler)
    assert out[-3:] == [("B", True), ("B", False), ("B", True)] and helds == [800, -1]


def test_repeated_press_and_stray_release_are_ignored():
    profile, keypad, _ = detect("clue_nrf52840_express", fb.CLUE_PINS)
    keys = profile.make_input()
    q = keypad.made[0].events
    out, handler = collect()
    q.put(0, False)
    q.put(0, True)
    q.put(0, True)
    q.put(7, True)  # a key number the map does not know
    keys.poll(handler)
    assert out == [("A", True)]


def test_joystick_hysteresis():
    profile, keypad, analogio = detect("pygamer", fb.PYGAMER_PINS)
    keys = profile.make_input()
    x, y = analogio.inputs["JOYSTICK_X"], analogio.inputs["JOYSTICK_Y"]
    out, handler = collect()
    steps = [(x, 20000), (x, 15000), (x, 20000), (x, 23000), (x, 30000), (x, 60000),
             (x, 45000), (x, 5000), (x, 32768), (y, 60000), (y, 40000), (y, 1000)]
    seen = []
    for axis, value in steps:
        axis.value = value
        keys.poll(handler)
        seen.append(list(out))
        del out[:]
    assert seen == [[], [("LEFT", True)], [], [], [("LEFT", False)], [("RIGHT", True)],
                    [], [("RIGHT", False), ("LEFT", True)], [("LEFT", False)],
                    [("DOWN", True)], [("DOWN", False)], [("UP", True)]]


def test_axis_state_thresholds():
    assert handinput.axis_state(handinput.PRESS_LOW - 1, 0) == -1
    assert handinput.axis_state(handinput.PRESS_LOW, 0) == 0
    assert handinput.axis_state(handinput.RELEASE_LOW - 1, -1) == -1
    assert handinput.axis_state(handinput.RELEASE_LOW, -1) == 0
    assert handinput.axis_state(handinput.PRESS_HIGH + 1, 0) == 1
    assert handinput.axis_state(handinput.RELEASE_HIGH + 1, 1) == 1


def test_deinit_frees_scanner_and_joystick():
    profile, keypad, analogio = detect("pygamer", fb.PYGAMER_PINS)
    keys = profile.make_input()
    keys.deinit()
    assert keypad.made[0].deinited and analogio.inputs["JOYSTICK_X"].deinited


def test_poll_does_not_allocate_on_micropython():
    mp = mpvm.run(os.path.join(HERE, "vm", "mp_input_check.py"), heap="128k")
    assert mp.returncode == 0 and mp.stdout.strip().endswith("OK"), mp.stdout + mp.stderr


def test_a_screen_smaller_than_160x128_is_refused_with_its_size():
    from handheld.layout import layout
    from handheld.render import Renderer
    with pytest.raises(ValueError, match="a 128x128 screen is too small"):
        layout(128, 128)
    with pytest.raises(ValueError, match="160x128 or more"):
        Renderer(None, 160, 80)
    assert layout(160, 128)[:2] == (160, 128)


def test_the_layouts_docstring_names_every_field_of_each_size():
    import re
    from handheld import layout as lay
    block = lay.__doc__.split(":\n\n", 1)[1].split("\n\n", 1)[0]
    names = [w for line in block.splitlines() for w in re.split(r"\s{2,}", line.strip())[0].split()]
    assert names[:3] == ["width", "height", "card_w"] and names[-1] == "title_text_top"
    for w, h in ((160, 128), (240, 135), (240, 240)):
        fields = dict(zip(names, lay.layout(w, h)))
        assert len(fields) == len(names) == len(lay.layout(w, h))
        assert (fields["width"], fields["height"]) == (w, h)
        x, y, step, lift = fields["hand"]  # the hand's 7 slots fit across the screen
        assert x + 6 * step + fields["card_w"] <= w and fields["page_lines"] == 10
