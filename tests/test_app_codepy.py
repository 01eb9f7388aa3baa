"""code.py wires a (fake) board to the app: keys from the board profile, the display, the clock
from supervisor.ticks_ms, saves to NVM, sound and lights. The boards' modules are the
stub-shaped fakes of tests/support/fakehw.py: each board gets only what its CircuitPython build has."""
import os
import runpy
import sys

import pytest

import cpstubs
import fakeboard
import fakehw
from appfix import display  # noqa: F401 (a fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Stop(Exception):
    pass


_URANDOM = os.urandom  # the machine's, before any test replaces it


def run_code_py(monkeypatch, tmp_path, board_id, display, script, env=(), pins=None):
    """Run code.py on board_id's fake modules; script: scanner key numbers pressed in turn,
    80 loop turns (20 ms each) apart. The board's /saves is a folder of the test's own.
    Returns what the test looks at."""
    from handheld import loop as loop_module
    from handheld import store as store_module
    real_open = store_module.open_store
    drive = tmp_path / "saves"

    def open_store(nvm=None, root=None, **kw):
        if root == "/saves":  # the CIRCUITPY drive's folder, never this machine's /saves
            drive.mkdir(exist_ok=True)
            root = str(drive)
        return real_open(nvm=nvm, root=root, **kw)

    monkeypatch.setattr(store_module, "open_store", open_store)
    if os.urandom is _URANDOM:  # code.py deals from it: the same cards at every run (it
        # dealt anew each run, and 1 run in some dozens ended a match in the script's presses)
        monkeypatch.setattr(os, "urandom", lambda n: b"\x0b\x16\x21\x2c"[:n])
    ticks = [0]
    written = fakehw.Written()
    keypad = fakeboard.Keypad()
    mods = fakehw.modules_for(board_id, display=display, ticks=lambda: ticks[0] & 0x1FFFFFFF,
                              keypad=keypad, pixels=written, pins=pins)
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delenv("SIXTYSIX_BUTTONS", raising=False)
    monkeypatch.delenv("SIXTYSIX_ACTIVE_LOW", raising=False)
    for k, v in env:  # settings.toml's keys reach code.py through os.getenv
        monkeypatch.setenv(k, v)
    seen = {}

    def run(self):  # the board's endless loop, with fingers on the fake buttons
        scanner = keypad.made[0]
        seen["app"] = self.app
        seen["fx"] = self.feedback
        for n in script:
            for _ in range(80):
                ticks[0] += 20
                self.step(self.clock())
            scanner.press(n)
            ticks[0] += 20
            self.step(self.clock())
            scanner.release(n)
        raise Stop()

    monkeypatch.setattr(loop_module.Loop, "run", run)
    with pytest.raises(Stop):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    seen.update(scanner=keypad.made[0], nvm=mods["microcontroller"].nvm, written=written)
    states = [drive / n / "state.bin" for n in "ab"]
    seen["saved"] = any(seen["nvm"]) or any(s.exists() and s.read_bytes()[:2] == b"S6"
                                            for s in states)
    return seen


def played(seen):
    app = seen["app"]
    assert app.errors == 0, app.error
    return app.match is not None and len(app.match.hand.history) + app.hands_done > 0


def test_code_py_plays_on_a_fake_pybadge(display, monkeypatch, tmp_path):
    from handheld import screen as S
    script = [0] * 40 + [2, 2]  # B (key 0) forty times, then START (key 2): the menu
    seen = run_code_py(monkeypatch, tmp_path, "pybadge", display, script)
    app = seen["app"]
    assert played(seen)
    assert app.screen == S.TITLE or app.screen == S.MENU or app.screen == S.TABLE
    assert seen["scanner"].kind == "ShiftRegisterKeys"
    assert app.hands_done >= 1 and seen["saved"], "a finished hand is saved (nvm or the drive)"
    assert seen["written"].writes, "tricks and hands flash the NeoPixels"
    assert type(seen["fx"].tone.out) is fakehw.AudioOut and seen["fx"].tone.out.log


# board id, display size, B's key number, pins scanned, value_when_pressed, sound class,
# settings.toml lines
BOARDS = [
    ("clue_nrf52840_express", (240, 240), 1, ["BUTTON_A", "BUTTON_B"], False,
     fakehw.PWMAudioOut, ()),
    ("adafruit_feather_esp32s3_reverse_tft", (240, 135), 0, ["D1", "D2"], True, None, ()),
    # a board the game does not know, its buttons named in settings.toml (to GND: active low)
    ("adafruit_feather_esp32s3_tft", (240, 135), 1, ["D5", "D6"], False, None,
     (("SIXTYSIX_BUTTONS", "A:D5,B:D6"), ("SIXTYSIX_ACTIVE_LOW", "1"))),
]


@pytest.mark.parametrize("board_id, size, b_key, pins, when_pressed, sound, env", BOARDS)
def test_code_py_plays_on(board_id, size, b_key, pins, when_pressed, sound, env, monkeypatch,
                          capsys, tmp_path):
    screen = fakehw.Display(*size)
    seen = run_code_py(monkeypatch, tmp_path, board_id, screen, [b_key] * 40, env)
    out = capsys.readouterr().out
    assert played(seen), out
    scanner = seen["scanner"]
    assert scanner.kind == "Keys" and [p.name for p in scanner.args["pins"]] == pins
    assert scanner.args["value_when_pressed"] is when_pressed
    assert screen.root_group is not None and screen.auto_refresh is False
    assert screen.refreshes > 0
    assert len(seen["nvm"]) >= 2048
    assert seen["app"].hands_done >= 1 and seen["saved"], "a finished hand is saved (nvm or drive)"
    assert seen["written"].writes, "a won trick flashes the NeoPixel"
    assert all(name == "NEOPIXEL" for name, _ in seen["written"].writes)
    fx = seen["fx"]
    if sound is None:
        assert fx.tone is None and "feedback: sound off (no board.SPEAKER)" in out
    else:
        assert type(fx.tone.out) is sound and fx.tone.out.log, "tricks beep"
    assert "feedback off" not in out and "cannot start" not in out


def test_the_settings_board_is_not_a_profile_board():
    # the third case above really exercises settings.toml: the game has no profile for it
    from handheld import boards
    assert cpstubs.board_stub("adafruit_feather_esp32s3_tft") is not None
    assert all("adafruit_feather_esp32s3_tft" not in ids for ids, _, _ in boards.KNOWN)


def test_code_py_on_an_unknown_board_says_how_to_name_the_buttons(monkeypatch, capsys):
    for name, mod in fakehw.modules_for("feather_m4_express").items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delenv("SIXTYSIX_BUTTONS", raising=False)
    with pytest.raises(SystemExit):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "Sixty-Six cannot start: No Sixty-Six profile for board 'feather_m4_express'" in out
    assert "SIXTYSIX_BUTTONS" in out


def test_code_py_deals_from_the_boards_random_source(display, monkeypatch, tmp_path):
    """The first deals come from os.urandom (the SAMD51, nRF52840 and ESP32-S3 have a
    hardware random source: ports/*/common-hal/os/__init__.c), so each power-up deals anew:
    seeded from the ms since power-on, which come out alike at each power-up, the first
    matches repeated (a reviewer's find). Where it raises NotImplementedError (SAMD21) the
    clock seeds, as before."""
    decks = []
    for source in (b"\x01\x02\x03\x04", b"\x05\x06\x07\x08", None):
        def urandom(n, source=source):
            if source is None:
                raise NotImplementedError("No hardware random available")
            return source[:n]
        monkeypatch.setattr(os, "urandom", urandom)
        seen = run_code_py(monkeypatch, tmp_path / str(len(decks)), "pybadge", display, [0] * 2)
        assert seen["app"].errors == 0 and seen["app"].match is not None
        decks.append(bytes(seen["app"].match.hand.deck))
    assert decks[0] != decks[1]  # the same ticks, another random source: another deal
