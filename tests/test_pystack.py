"""CircuitPython's pystack: the frame sizes read from mpy-cross, the deepest chains of the
search and the app against the size the game asks for, and the app's fallback without it."""
import glob
import os
import types

import pytest

from sim import pystack
from handheld import pystack as setting
from handheld import screen as S
from handheld.app import App
from handheld.textview import TextView
from engine import ai
from engine.rules import PRESET_ORDER
from test_app_match import play_match
from appfix import display  # noqa: F401 (a fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = sorted(glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True) +
                 glob.glob(os.path.join(ROOT, "lib", "handheld", "*.py")) +
                 [os.path.join(ROOT, "code.py")])


def _functions(code):
    """(name, positional args) of every function compiled in a CPython code object, in order."""
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield const.co_name, const.co_argcount
            for f in _functions(const):
                yield f


def test_the_mpy_reader_finds_every_function_with_its_arguments():
    """Read back from MicroPython's own .mpy: each function's name (after telling the
    firmware's names apart) and argument count, checked against CPython's compile."""
    exe = pystack.mpy_cross()
    checked = 0
    for path in SOURCES:
        with open(path) as f:
            want = {}
            for name, args in _functions(compile(f.read(), path, "exec")):
                # comprehensions and class bodies are named differently by the two compilers
                if not name.startswith("<"):
                    want.setdefault(name, set()).add(args)
        got = pystack._compile(exe, path)
        assert got[0][0] == "<module>"
        sizes = pystack.module_frames(path, exe)
        for name, args in want.items():
            assert name in sizes, (path, name)
            assert sizes[name] >= pystack.HEADER + pystack.SLOT * max(args)
            checked += 1
        static = pystack._static_names(exe, path)
        for name, n_state, n_exc, args in got[1:]:
            name = static.get(name, name)
            if name in want and len(want[name]) == 1:
                assert args in want[name], (path, name, args)
            assert n_state >= args and 0 <= n_exc <= 4
    assert checked > 300


def test_frame_bytes_follow_circuitpythons_code_state():
    assert pystack.frame_bytes(1, 0) == 24  # 20 + 4, rounded up to 8
    assert pystack.frame_bytes(35, 0) == 160
    assert pystack.frame_bytes(10, 1) == 72
    solver = pystack.module_frames(os.path.join(ROOT, "engine", "ai", "solver.py"))
    assert solver["after_lead"] >= pystack.frame_bytes(12 + 10, 0)  # 12 arguments, 10+ locals


@pytest.fixture(scope="module")
def base():
    return pystack.board_base()


@pytest.mark.parametrize("level", (1, 2))
def test_the_search_fits_the_pystack_size_the_game_asks_for(level, base):
    """The deepest chain of the search (every preset, on top of the app's own frames on the
    board) fits SIZE, and needs more than CircuitPython's default: why the setting exists."""
    t = pystack.Tracer()
    pystack.ai_deepest(t, level, PRESET_ORDER, 1)
    app = pystack.Tracer(base)
    pystack.app_deepest(app, TextView(), 0, "sixty-six", seed=3, presses=400)
    over_choose = 0  # the app's frames under ai.choose: code.py up to App._advance
    for code, b in app.chain:
        if code.co_name == "choose":
            break
        over_choose += b
    need = sum(b for _, b in base) + over_choose + t.deepest
    assert setting.DEFAULT < need <= setting.SIZE - 512, need  # a margin for C calls between
    assert [code.co_name for code, _ in t.chain][:1] == ["choose"]
    assert sum(1 for code, _ in t.chain if code.co_name in ("lead", "after_lead")) >= 5


def test_easy_and_the_whole_app_fit_circuitpythons_default(base, display):
    """EASY is the fallback when the pystack is too small: it, and the app drawing with
    displayio and adafruit_display_text (the deepest chain of all at EASY), must fit the
    smallest default of the CircuitPython versions the game runs on (9.x: 1536)."""
    from handheld.render import Renderer
    app = pystack.Tracer(base)
    pystack.app_deepest(app, Renderer(display), 0, "sixty-six", seed=11, presses=1500)
    names = [code.co_name for code, _ in app.chain]
    for i, name in enumerate(PRESET_ORDER):
        pystack.app_deepest(app, TextView(), 0, name, seed=11 + i, presses=1500)
    assert "_blit" in names or "choose" in names  # the label's drawing, or the search
    small = pystack.SMALLEST_DEFAULT
    assert small // 2 < app.deepest <= small - 128, app.report()


def test_settings_reader():
    assert setting.configured(lambda k: None) == setting.DEFAULT
    assert setting.configured(lambda k: "4096") == 4096
    assert setting.configured(lambda k: 8192) == 8192
    assert setting.configured(lambda k: "lots") == setting.DEFAULT

    def broken(k):
        raise ValueError("settings.toml: invalid")
    assert setting.configured(broken) == setting.DEFAULT
    from handheld import bootmode
    size_in = bootmode.pystack_size_in
    assert size_in(b"") is None and size_in(b"# CIRCUITPY_PYSTACK_SIZE = 2048\n") is None
    assert size_in(b"CIRCUITPY_PYSTACK_SIZEX = 9\n") is None
    assert size_in(b"A = 1\r\n  CIRCUITPY_PYSTACK_SIZE=2048 # mine\r\n") == 2048
    assert size_in(b'CIRCUITPY_PYSTACK_SIZE = "8192"') == 8192
    assert size_in(b"CIRCUITPY_PYSTACK_SIZE = lots") == 0  # set, if badly: the player's
    assert bootmode.pystack_addition(b"CIRCUITPY_PYSTACK_SIZE = 1024\n") == b""
    added = bootmode.pystack_addition(b"A = 1")
    assert added.startswith(b"\n#") and added.endswith(b"\nCIRCUITPY_PYSTACK_SIZE = 4096\n")
    assert size_in(b"A = 1" + added) == setting.SIZE
    assert setting.is_exhausted(RuntimeError("pystack exhausted"))
    assert not setting.is_exhausted(RuntimeError("maximum recursion depth exceeded"))
    assert not setting.is_exhausted(ValueError("pystack exhausted"))


def test_without_pystack_the_computer_plays_easy_moves_and_the_match_goes_on(capsys):
    """A board with the default pystack: NORMAL's search raises as CircuitPython would; the
    app plays EASY's move instead, says why, and the match ends normally."""
    levels = []

    def small_board(view, level, seed):
        levels.append(level)
        if level > 0 and view.strict:
            raise RuntimeError("pystack exhausted")
        return ai.choose(view, level, seed)

    app = App(seed=4, level=1, choose=small_board)
    r, presses = play_match(app, TextView(), seed=2)
    assert app.screen == S.MATCH_END and app.errors == 0
    assert app.pystack_falls > 0 and levels.count(0) == app.pystack_falls
    assert setting.ADVICE in capsys.readouterr().out
    other = App(seed=4, level=1, choose=lambda v, lv, s: (_ for _ in ()).throw(
        RuntimeError("something else")))
    play_match(other, TextView(), seed=2, limit=30)
    assert other.errors >= 1 and "something else" in other.error  # other errors still show
    assert other.pystack_falls == 0
