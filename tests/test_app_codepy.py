"""code.py wires a (fake) PyBadge to the app: keys from the shift register, the display,
the clock from supervisor.ticks_ms, settings saved to NVM."""
import os
import runpy
import sys
import types

import fakeboard
from appfix import display  # noqa: F401 (a fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Stop(Exception):
    pass


def test_code_py_plays_on_a_fake_pybadge(display, monkeypatch):
    from handheld import loop as loop_module
    from handheld import screen as S
    board = fakeboard.Board("pybadge", fakeboard.PYBADGE_PINS)
    board.DISPLAY = display
    keypad = fakeboard.Keypad()
    ticks = [0]
    nvm = bytearray(8192)
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(
        ticks_ms=lambda: ticks[0] & 0x1FFFFFFF))
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=nvm))

    class Pin:
        def __init__(self, pin):
            self.pin = pin

        def switch_to_output(self, value=False):
            self.value = value

    flashes = []
    monkeypatch.setitem(sys.modules, "digitalio", types.SimpleNamespace(DigitalInOut=Pin))
    monkeypatch.setitem(sys.modules, "neopixel_write", types.SimpleNamespace(
        neopixel_write=lambda pin, buf: flashes.append(bytes(buf))))
    seen = {}

    def run(self):  # the board's endless loop, with fingers on the fake buttons
        scanner = keypad.made[0]
        seen["app"] = self.app
        script = [0] * 40 + [2, 2]  # B (key 0) forty times, then START (key 2): the menu
        for n in script:
            for _ in range(80):  # 80 turns of the loop, 20 ms apart
                ticks[0] += 20
                self.step(self.clock())
            scanner.press(n)
            ticks[0] += 20
            self.step(self.clock())
            scanner.release(n)
        raise Stop()

    monkeypatch.setattr(loop_module.Loop, "run", run)
    try:
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    except Stop:
        pass
    app = seen["app"]
    assert app.errors == 0, app.error
    assert app.match is not None and len(app.match.hand.history) + app.hands_done > 0
    assert app.screen == S.TITLE or app.screen == S.MENU or app.screen == S.TABLE
    assert any(nvm), "the menu's settings were saved to NVM"
    assert flashes, "tricks and hands flash the NeoPixels"


def test_code_py_on_an_unknown_board_says_how_to_name_the_buttons(monkeypatch, capsys):
    import pytest
    board = fakeboard.Board("mystery_board", ("D5", "D6"))
    monkeypatch.setitem(sys.modules, "board", board)
    monkeypatch.setitem(sys.modules, "keypad", fakeboard.Keypad())
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=lambda: 0))
    monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(nvm=bytearray(8192)))
    with pytest.raises(SystemExit):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "Sixty-Six cannot start: No Sixty-Six profile for board 'mystery_board'" in out
    assert "SIXTYSIX_BUTTONS" in out
