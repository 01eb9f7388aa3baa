"""The rarely shown screens hold the heap only while they are shown: when one closes, the App
unloads the modules it names in `transient` (handheld.unload), unless a screen still on
the stack names them; opening it again imports them afresh and shows the same lines. The menu
and the hand's result do so only when precompiled (.mpy); from .py they compile once and stay
(handheld.menu says why); the save pages and the statistics go in either form. Here on
CPython (from .py, and as if from .mpy); tests/vm/mp_unload_check.py does the same on
CircuitPython's 32-bit build from .py and .mpy, and on the MicroPython VM."""
import os
import re
import sys

import pytest

from mpvm import run, run_board
from handheld import screen as S
from handheld import unload
from handheld import store as stores
from handheld.app import App
from handheld.buttons import A, B, DOWN, START
from handheld.loop import Loop
from handheld.textview import TextView
from appfix import play_until as until, on_result as result, choose_on_result as choose
from sim.headless import Runner
from sim.screens import stub_choose


def boot(nvm=None, seed=7):
    store = stores.NvmStore(nvm) if nvm is not None else None
    app = App(seed=seed, level=0, choose=stub_choose, store=store)
    return app, Runner(Loop(app, TextView()))


def loaded(*names):
    return [n for n in names if n in sys.modules]




# decided per module by how it was loaded (handheld.menu says why): from .py they stay
BY_FORM = ("handheld.menu", "handheld.result", "handheld.resulttext")


@pytest.fixture
def as_mpy(monkeypatch):
    """The app as if its modules were loaded from .mpy: the modules decided by form go when
    their screen closes (and are not compiled at the App's start)."""
    import handheld.app
    unload(*BY_FORM)
    monkeypatch.setattr(S, "precompiled", lambda name: True)
    monkeypatch.setattr(handheld.app, "precompiled", lambda name: True)
    yield
    unload(*BY_FORM)  # imported again as they are: from .py here


def test_unload_drops_the_module_and_its_parents_attribute(tmp_path, monkeypatch):
    pkg = tmp_path / "unloadpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "page.py").write_text("OPENED = []\nOPENED.append(1)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import unloadpkg.page
    first = unloadpkg.page
    unload("unloadpkg.page", "unloadpkg.absent")  # a name not loaded is skipped
    assert "unloadpkg.page" not in sys.modules and not hasattr(sys.modules["unloadpkg"], "page")
    import unloadpkg.page  # noqa: F811  (loaded again: a fresh module)
    assert unloadpkg.page is not first and unloadpkg.page.OPENED == [1]
    unload("unloadpkg.page", "unloadpkg")
    assert not loaded("unloadpkg", "unloadpkg.page")


def test_precompiled_reads_the_modules_file(monkeypatch):
    import types
    for name, path, want in (("mpymod", "/lib/handheld/x.mpy", True),
                             ("pymod", "lib/handheld/x.py", False)):
        mod = types.ModuleType(name)
        mod.__file__ = path
        monkeypatch.setitem(sys.modules, name, mod)
        assert S.precompiled(name) is want
    monkeypatch.setitem(sys.modules, "nofile", types.ModuleType("nofile"))  # no __file__
    assert not S.precompiled("nofile") and not S.precompiled("handheld.absent")
    assert not S.precompiled("handheld.menu")  # CPython compiles it


def test_the_rules_help_goes_when_it_closes_and_opens_again():
    app, r = boot()
    r.play("S")
    r.play("DDDDDD")  # "Rules help"
    pages = None
    for _ in range(3):
        r.tap(B)
        assert app.screen == S.HELP and loaded("handheld.help", "handheld.helptext") == [
            "handheld.help", "handheld.helptext"]
        r.play("AA")
        if pages is None:
            pages = list(app.top.lines)
        assert app.top.lines == pages and app.top.lines[-1] == "<3/8>  A:next  B:back"
        r.tap(B)
        assert app.screen == S.MENU and not loaded("handheld.help", "handheld.helptext")
    assert app.errors == 0


def test_from_source_the_menu_and_the_result_compile_once_and_stay():
    app, r = boot(bytearray(8192), seed=4)
    assert loaded(*BY_FORM) == list(BY_FORM)  # the menu and the result: at the App's start
    r.play("S")
    assert app.screen == S.MENU and app.top.transient == ()
    r.play("DDDDDDDB")  # "Statistics"
    assert app.screen == S.STATS and app.top.transient == ("handheld.stats",)  # rare: it goes
    r.play("BS")
    r.tap(B)
    until(app, r, result)
    assert app.top.transient == ()
    r.tap(B)
    assert app.screen == S.TABLE and loaded(*BY_FORM) == list(BY_FORM) and app.errors == 0


def test_precompiled_the_menu_and_the_statistics_go_when_they_close(as_mpy):
    app, r = boot()
    assert not loaded(*BY_FORM)  # nothing compiled at the start
    lines = None
    for _ in range(3):
        r.play("S")
        assert app.screen == S.MENU and app.top.transient == ("handheld.menu",)
        if lines is None:
            lines = list(app.top.lines)
        assert app.top.lines == lines
        r.play("S")
        assert app.screen == S.TITLE and not loaded("handheld.menu")
    r.play("S")
    r.play("DDDDDDB")  # the rules help over it keeps the menu
    assert app.screen == S.HELP and loaded("handheld.menu", "handheld.helptext")
    r.play("B")
    assert app.screen == S.MENU and loaded("handheld.menu") == ["handheld.menu"]
    assert not loaded("handheld.help", "handheld.helptext")
    r.tap(DOWN)  # "Statistics"
    for _ in range(3):
        r.tap(B)
        assert app.screen == S.STATS and app.top.lines[2] == "Saves are off: nothing"
        r.tap(B)
        assert app.screen == S.MENU and not loaded("handheld.stats")
    r.play("S")
    assert not loaded("handheld.menu", "handheld.helptext") and app.errors == 0


def test_precompiled_a_hands_result_goes_when_the_next_hand_is_dealt(as_mpy):
    app, r = boot(seed=4)
    r.tap(B)
    for _ in range(3):
        until(app, r, result)
        assert loaded("handheld.result") and app.top.lines[0].endswith("the hand")
        assert not loaded("handheld.resulttext")  # its words: gone once the page was made
        r.tap(B)
        assert app.screen == S.TABLE and not loaded("handheld.result")
    assert app.errors == 0


def test_the_review_goes_when_it_closes_and_shows_the_same_lines_again():
    app, r = boot(seed=4)
    r.tap(B)
    until(app, r, result)
    items = None
    for _ in range(3):
        choose(app, r, 1)
        r.settle()
        assert app.screen == S.REVIEW and loaded("handheld.review", "engine.coach.review")
        if items is None:
            items = list(app.top.items)
        assert app.top.items == items
        r.tap(B)
        assert app.screen == S.RESULT
        assert not loaded("handheld.review", "engine.coach.review", "engine.coach.reviewtext",
                          "engine.coach", "engine.deck")  # (the review's Hand(deck) loads it)
    assert app.errors == 0


def test_the_replay_carries_no_coach_module_and_its_page_keeps_its_own_under_a_review():
    app, r = boot(bytearray(8192), seed=6)
    r.tap(B)
    until(app, r, result)
    choose(app, r, 2)  # the same deal from the CPU's seat
    assert app.screen == S.TABLE and app.replay is not None
    assert not loaded("handheld.review", "engine.coach", "engine.deck")
    until(app, r, lambda a: a.screen == S.DUPLICATE)
    page = list(app.top.lines)
    r.tap(A)
    r.tap(B)  # "Review this hand", over the page
    r.settle()
    assert app.screen == S.REVIEW
    r.tap(B)  # back: the page's modules stay, the review's go
    assert app.screen == S.DUPLICATE and app.top.lines[:8] == page[:8]
    assert loaded("handheld.review", "engine.coach") == ["handheld.review", "engine.coach"]
    assert not loaded("engine.coach.review", "engine.coach.reviewtext")
    r.tap(A)
    r.tap(B)  # back to the match
    assert app.screen == S.RESULT and not loaded("handheld.review", "engine.coach", "engine.deck")
    assert app.errors == 0


def test_a_hint_unloads_the_coach_once_shown_and_the_next_hint_loads_it_again():
    from engine import coach
    from handheld.coachui import hint_seed
    app, r = boot(seed=11)
    r.tap(B)
    shown = 0
    for n in range(2, 7):
        until(app, r, lambda a: (a.screen == S.TABLE and a.table.phase == S.HUMAN and
                                 a.match.hand.trick_no >= n and a.table.panel is None))
        h = app.match.hand
        want = coach.hint(h.view(0), hint_seed(app, h))
        r.tap(DOWN)
        assert app.prompt == want[1] and app.table.hinted
        assert not loaded("handheld.coachui", "engine.coach")
        shown += 1
        if h.over:
            break
        r.tap(B)
    assert shown >= 3 and app.errors == 0


@pytest.mark.parametrize("form", ["py", "mpy"])
def test_the_save_pages_go_at_once_when_the_title_comes_first(form, request):
    if form == "mpy":
        request.getfixturevalue("as_mpy")
    unload("handheld.savepages", "handheld.resume")  # as at power-on (another test in this
    # process may load them)
    app, r = boot(bytearray(8192))  # nothing saved: the title, no save page on the stack
    assert app.screen == S.TITLE and not loaded("handheld.savepages", "handheld.resume")
    r.tap(B)
    assert app.screen == S.TABLE and app.errors == 0


@pytest.mark.parametrize("form", ["py", "mpy"])
def test_the_save_pages_and_the_statistics_go_once_closed(form, request):
    if form == "mpy":
        request.getfixturevalue("as_mpy")
    nvm = bytearray(8192)
    app, r = boot(nvm, seed=3)
    r.tap(B)
    until(app, r, result)  # saved at the hand's end
    app2, r2 = boot(nvm, seed=3)  # power-on with the match saved: the resume offer
    assert app2.screen == S.RESUME and loaded("handheld.resume")
    r2.tap(B)  # Continue: the saved hand's result
    assert app2.screen == S.RESULT and not loaded("handheld.resume")
    r2.tap(B)
    assert app2.screen == S.TABLE
    for _ in range(3):
        r2.play("S")
        r2.play("DDDDDDDDB")  # the statistics (the menu over the table has "Hint" too)
        assert app2.screen == S.STATS and loaded("handheld.stats")
        assert app2.top.lines[2].startswith("Hands won") and app2.top.lines[2].endswith("1 of 1")
        r2.play("BS")
        assert app2.screen == S.TABLE and not loaded("handheld.stats", "handheld.savepages",
                                                      "handheld.resume")
    assert app2.errors == 0


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_the_screens_go_and_open_again_on_circuitpython(mpy):
    out = run_board("tests/vm/mp_unload_check.py", heap="160k", mpy=mpy)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "OK hands=3 hints=3"
    for what in ("rules help", "hint", "review"):
        assert "UNLOAD %s gone" % what in lines, out.stdout
    assert "UNLOAD statistics gone" in lines, out.stdout
    for what in ("menu", "result"):
        assert ("UNLOAD %s gone" if mpy else "UNLOAD %s kept (.py)") % what in lines, out.stdout


def test_the_screens_go_and_open_again_on_micropython():
    out = run("tests/vm/mp_unload_check.py", heap="256k")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1] == "OK hands=3 hints=3" and "UNLOAD review gone" in lines


def test_the_reopen_timing_script_runs_on_cpython():
    """The script `python -m sim.bench screens` runs on CircuitPython (sim/bench_screens.py)
    runs on CPython too: every group is imported again after its unload, with its time."""
    import subprocess
    from mpvm import ROOT
    out = subprocess.run([sys.executable, "tests/vm/mp_reopen_timing.py", "sim", "handheld.menu",
                          "handheld.review+engine.coach.review"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, PYTHONPATH=ROOT))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [x.split()[1] for x in lines[:2]] == ["handheld.menu",
                                                 "handheld.review+engine.coach.review"]
    assert all(re.match(r"REOPEN \S+ us=\d+ samd51_ms=\d+ live=0$", x) for x in lines[:2])
    assert re.match(r"COLLECT us=\d+ samd51_ms=[\d.]+ live=0$", lines[2])
    assert lines[3].startswith("FACTOR ")
