"""Whole matches played through button presses only, headless, title to match result."""
import pytest

from engine.rules import PRESET_ORDER
from handheld import screen as S
from handheld.app import App
from handheld.textview import TextView
from handheld.loop import Loop
from handheld.buttons import B
from sim.headless import Runner, play_by_presses
from appfix import display  # noqa: F401 (a fixture)


def play_match(app, view, seed=1, limit=3000):
    """Presses (mostly B, some A and RIGHT) from the title to the match result."""
    return play_by_presses(app, view, seed, limit)


@pytest.mark.parametrize("level", (0, 1, 2))
@pytest.mark.parametrize("preset", PRESET_ORDER)
def test_a_whole_match_by_button_presses(preset, level):
    app = App(seed=21 + level, preset_name=preset, level=level)
    r, presses = play_match(app, TextView(), seed=level + 1)
    m = app.match
    assert app.screen == S.MATCH_END, (app.screen, app.error)
    assert app.errors == 0
    assert m.over and m.rules.name == preset
    assert app.hands_done == len(m.results) >= 2
    target_hit = m.scores[m.winner] == 0 if m.bummerl else m.scores[m.winner] >= m.target
    assert target_hit
    assert ("You win" in app.top.lines[0]) == (m.winner == 0)
    # the page says the scores as the match counts them: points still to go, down from the
    # target (Bummerl), or the final game points, up to it
    if m.bummerl:
        assert app.top.lines[2] == "To go: you %d, CPU %d" % tuple(m.scores)
        assert app.top.lines[3].startswith("Down from %d, " % m.target)
    else:
        assert app.top.lines[2] == "Final: you %d, CPU %d" % tuple(m.scores)
        assert app.top.lines[3].startswith("First to %d, " % m.target)


@pytest.mark.parametrize("preset", PRESET_ORDER)
def test_a_whole_match_drawn_with_displayio(preset, display):
    from handheld.render import Renderer
    app = App(seed=5, preset_name=preset, level=1)
    view = Renderer(display)
    r, presses = play_match(app, view, seed=9)
    assert app.screen == S.MATCH_END and app.errors == 0
    assert view.refreshes > presses  # the computer's moves and pauses draw frames too


def test_the_computer_shows_it_is_thinking_before_it_thinks():
    seen = []

    def choose(view, level, seed):
        seen.append(app.prompt)
        from engine import ai
        return ai.choose(view, level, seed)

    app = App(seed=3, choose=choose)
    tv = TextView()
    frames = []

    def on_frame(runner):
        frames.append(tv.update(app)[-1] if app.screen == S.TABLE else "")

    r = Runner(Loop(app, tv), on_frame)
    for _ in range(30):
        r.tap(B)
    assert seen and all(p == "CPU is thinking..." for p in seen)
    assert ": CPU is thinking..." in frames


def test_computer_turns_and_pauses_run_on_timestamps_not_the_wall_clock(monkeypatch):
    """The app never reads the wall clock nor sleeps: every wait is game time the caller
    passes in. Counted, not timed (a busy machine must not matter)."""
    import threading
    import time
    reads = []
    me = threading.current_thread()
    for name in ("monotonic", "monotonic_ns", "time", "time_ns", "perf_counter",
                 "perf_counter_ns", "sleep"):
        real = getattr(time, name)

        def spy(*args, _name=name, _real=real):
            if threading.current_thread() is me:  # not pytest-xdist's own threads
                reads.append(_name)
            return _real(*args)
        monkeypatch.setattr(time, name, spy)
    app = App(seed=8, level=0)
    r = Runner(Loop(app, TextView()))
    r.tap(B)
    for _ in range(20):
        r.tap(B)
    monkeypatch.undo()
    assert reads == []
    assert r.now >= 20 * 500  # a lot of game time went by
    assert app.match.hand.trick_no + app.match.hand_no * 12 >= 5  # and play with it


@pytest.mark.parametrize("short", [True, False], ids=["short", "66"])
def test_the_computers_declaration_is_announced_as_short_or_as_66(short):
    """The notice before the result says what the declaration is: "CPU declares 66!" with 66,
    "CPU declares short of 66" without (R30a, D7: HARD may declare short on purpose; it said
    "declares 66!" before a result page saying it had not)."""
    from engine import ai
    from engine.cards import DECLARE

    def choose(view, level, seed):
        if DECLARE in view.legal and (short or view.points[view.seat] >= 66):
            return DECLARE
        return ai.choose(view, 0, seed)

    app = App(seed=5, choose=choose)
    tv = TextView()
    said = set()

    def on_frame(runner):
        if app.screen == S.TABLE:
            said.add(tv.update(app)[-1])

    r = Runner(Loop(app, tv), on_frame)
    h = None
    for _ in range(3000):
        r.tap(B)
        h = app.match.hand if app.match else None
        if h is not None and h.over and h.declared_by == 1:
            break
    assert h.over and h.declared_by == 1
    assert (h.points(1) < 66) == short
    notice = ": CPU declares short of 66" if short else ": CPU declares 66!"
    assert notice in said, sorted(said)


def test_the_loop_collects_after_each_frame_on_a_board_and_never_on_cpython():
    """handheld.loop collects after each drawn frame where a collector frees memory (a board,
    the VMs: gc.mem_alloc exists), so the heap stays in fewer pieces; never while nothing is
    drawn (an idle board allocates and collects nothing), and not at all on CPython."""
    import gc
    loop = Loop(App(seed=8, level=0), TextView())
    assert loop.collect is None and not hasattr(gc, "mem_alloc")  # CPython: reference counts
    calls = []
    loop.collect = lambda: calls.append(loop.refreshes)
    r = Runner(loop)
    r.tap(B)  # the title's B: a match, its table
    for _ in range(6):
        r.tap(B)
    assert loop.refreshes > 6 and calls == list(range(1, loop.refreshes + 1))
    for _ in range(500):  # 10 s of play and then of waiting for a key: one call a frame still
        r.step(20)
    assert calls == list(range(1, loop.refreshes + 1))
