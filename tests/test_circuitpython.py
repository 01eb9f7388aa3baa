"""The engine, the computer player and the app on CircuitPython 10.2.1's own interpreter: its
32-bit unix build (a board's object sizes, a real pystack) from ../shared/tools/circuitpython,
running the files laid out as sim.deploy writes a drive, from .py and compiled by its own
mpy-cross. The screens are drawn by lib/handheld/render.py (text as tiles) over the
stand-ins of tests/vm/fakes. Skipped, saying why, where the build is missing (a user's clone).

Heap caps here are what these runs are held to; `python -m sim.bench board` measures the least.
"""
import os
import re
import subprocess
import sys

import pytest

from mpvm import ROOT, circuitpython, run, run_board, run_cp

ENGINE_HEAP = "32k"  # a match of the engine from .py (about 26 KB measured)
AI_HEAP = "64k"  # HARD vs HARD from .py (about 46 KB measured)
# the app at HARD with its 160x128 screens, its saves (a store as code.py opens, nvm and the
# drive's copy) and the rest of code.py's PyGamer (board profile, keypad and joystick input, sound
# and lights over tests/support/vmboard.py), 3 matches: the target is 110k (.py) and 90k
# (.mpy); not met yet (sim.bench board), so these runs are held to what it needs now
APP_HEAP = {False: "124k", True: "114k"}  # sim.bench board (2026-12-02, cfee002): from an
# empty store .py 114 KB, .mpy 100 KB, the least heap passing in 4 layouts of the heap and up
# to 3 KB over it; here the tests' own paths lay the heap out otherwise (119k failed in some
# tmp_path lengths when the bench read 117 / 109 KB), hence the margin. The figure moves by a
# KB with changes of a few bytes anywhere (fragmentation); its history: docs/history.md
# the same from a power-up that resumes a saved match (the check's `resume`): sim.bench board
# 115 / 101 KB (2026-12-02, cfee002); held with the margin APP_HEAP has over its bench figure
RESUME_HEAP = {False: "130k", True: "116k"}
# the same with the coach's hints asked (DOWN), without the board's modules
HINT_HEAP = {False: "132k", True: "108k"}  # least passing at every size from it up, over the
# store's paths of 40-100 characters: 129k, 105k (2026-12-07, the fourteenth session, with
# the marriage's "Announce 20, then lead it" prompt, which moved it from 126k: 128k then failed
# in 3 of 14 paths of 68-72 characters, as under pytest-xdist; 125k at c9211d0; 124k, 104k on
# 2026-12-02 by bisection, with the mid-match menu and help; 127k, 107k the day before; 141k,
# 125k before the day's heap work)
PYSTACK = 4096  # what the game asks for in settings.toml (handheld.pystack.SIZE)


def _cp(script, heap, args=(), pystack=PYSTACK, mpy=False, screens=False):
    return run_board(script, heap=heap, args=[str(a) for a in args], pystack=pystack, mpy=mpy,
                     screens=screens)


def _ok(result):
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_engine_plays_a_match_on_circuitpython(mpy):
    for name in ("sixty-six", "schnapsen", "santase"):
        out = _ok(_cp("tests/vm/mp_engine_match.py", ENGINE_HEAP, (name, 1), mpy=mpy))
        assert out.startswith("match %s winner" % name)


def test_names_records_refusals_and_rule_options_on_circuitpython_as_on_cpython():
    cp = subprocess.run([sys.executable, "tests/vm/mp_engine_text.py"], cwd=ROOT,
                        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH="."),
                        timeout=300)
    out = _ok(_cp("tests/vm/mp_engine_text.py", "128k"))
    assert cp.returncode == 0 and out == cp.stdout
    assert "options refused: unknown rule option(s): no_such_rule" in out


def test_ai_plays_the_same_match_on_circuitpython_as_on_cpython():
    args = ("sixty-six", 2, 1, 2)  # HARD vs NORMAL, two matches
    cp = _ok(_cp("tests/vm/mp_ai_match.py", AI_HEAP, args))
    py = subprocess.run([sys.executable, "tests/vm/mp_ai_match.py"] + [str(a) for a in args],
                        cwd=ROOT, capture_output=True, text=True, timeout=300,
                        env=dict(os.environ, PYTHONPATH=ROOT))
    assert py.returncode == 0, py.stderr
    digest = [line for line in py.stdout.splitlines() if line.startswith(("digest", "match"))]
    assert len(digest) == 3
    assert [line for line in cp.splitlines() if line.startswith(("digest", "match"))] == digest


def test_hard_vs_hard_fits_the_heap_and_the_pystack_on_circuitpython():
    out = _ok(_cp("tests/vm/mp_ai_match.py", AI_HEAP, ("sixty-six", 2, 2, 2), mpy=True))
    assert out.count("match ") == 2


def _app(out):
    done = re.search(r"DONE hands=(\d+) matches=(\d+) errors=(\d+) presses=\d+ frames=\d+ "
                     r"falls=(\d+)", out)
    assert done, out
    return [int(g) for g in done.groups()]


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_the_app_at_hard_with_its_screens_plays_three_matches_on_circuitpython(mpy, tmp_path):
    out = _ok(_cp("tests/vm/mp_app_check.py", APP_HEAP[mpy],
                  (2, "screens", "store=%s" % tmp_path, "board"), mpy=mpy, screens=True))
    hands, matches, errors, falls = _app(out)
    assert matches == 3 and errors == 0 and hands >= 6
    # the keys came through the PyGamer's keypad and joystick (handheld.boards, input),
    # the sounds and lights were built (handheld.feedback): they are in the heap's figures
    assert int(re.search(r"HEAP .* board=(\d+)", out).group(1)) > 0, out
    saves = re.search(r"SAVES writes=(\d+) kind=(\S+) idle=(\d+)", out)
    # saved as on a PyGamer: nvm and the drive's copy, each hand's end, pauses, the menu
    assert saves and saves.group(2) == "files+nvm", out
    assert int(saves.group(1)) > hands and int(saves.group(3)) >= 3, out
    for copy in "ab":  # the drive's two copies, laid out once (handheld.savelayout)
        assert (tmp_path / "saves" / copy / "state.bin").stat().st_size == 1024
    assert falls == 0  # the search always fitted the pystack the game asks for
    assert "IDLE alloc=0 screen=1" in out
    screens = re.search(r"SCREENS c=(\d+) objects=(\d+)", out)
    # built, not skipped: more than the sheets, 20 card grids and 24 text lines take
    assert int(screens.group(1)) > 7280 and int(screens.group(2)) > 44, out


def test_the_check_says_which_screen_sets_the_heap_on_circuitpython(tmp_path):
    # `live` (sim.bench board's first run): the most live before a key press on each kind of
    # screen the play shows: the title, the table, a hand's result, the match's end, and the
    # menu and rules help opened mid-match
    out = _ok(_cp("tests/vm/mp_app_check.py", APP_HEAP[True],
                  (2, "screens", "store=%s" % tmp_path, "board", "live"), mpy=True,
                  screens=True))
    live = dict((int(k), int(v)) for k, v in (
        x.split("=") for x in re.search(r"^LIVE (.*)$", out, re.M).group(1).split()))
    assert sorted(live) == [0, 1, 2, 3, 4, 5], out
    # every screen holds the modules imported before the play (engine, AI, app, save code)
    imports = int(re.search(r"HEAP base=\d+ imports=(\d+)", out).group(1))
    assert min(live.values()) > imports, out


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_a_power_up_resumes_the_match_the_last_run_saved_on_circuitpython(mpy, tmp_path):
    # a player's usual power-up (sim.bench board measures both): the first run leaves a match
    # in progress in the store (its last write, after a trick and a pause), the next run's
    # saves load it, the app offers it, B continues it, it is played out, then the 3 matches
    args = (2, "screens", "store=%s" % tmp_path, "board")
    _ok(_cp("tests/vm/mp_app_check.py", APP_HEAP[mpy], args, mpy=mpy, screens=True))
    out = _ok(_cp("tests/vm/mp_app_check.py", RESUME_HEAP[mpy], args + ("resume",), mpy=mpy,
                  screens=True))
    offered = re.search(r"RESUME hand=(\d+) trick=(\d+)", out)
    assert offered and int(offered.group(2)) >= 2, out  # mid-hand: a trick played
    hands, matches, errors, falls = _app(out)
    assert matches == 4 and errors == 0 and falls == 0, out  # the saved match and 3 new
    assert "IDLE alloc=0 screen=1" in out


def test_the_app_check_refuses_to_resume_from_an_empty_store(tmp_path):
    r = _cp("tests/vm/mp_app_check.py", APP_HEAP[False],
            (2, "screens", "store=%s" % tmp_path, "board", "resume"), screens=True)
    assert r.returncode != 0 and "resume needs a save" in r.stdout, r.stdout + r.stderr


# the same on a CLUE's 240x240 screen (the rest a PyGamer's): sim.bench board --size 240x240
# read 122 / 109 KB (2026-12-07); held with APP_HEAP's margin
CLUE_HEAP = {False: "128k", True: "119k"}


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_the_app_on_a_240x240_screen_plays_three_matches_on_circuitpython(mpy, tmp_path):
    """`screen_size=` (sim.bench board --size): the check draws the CLUE's layout, whose
    cards and sheets are larger, and plays its 3 matches within CLUE_HEAP."""
    outs = []
    for size, heap in (("160x128", "256k"), ("240x240", CLUE_HEAP[mpy])):
        store = tmp_path / size
        store.mkdir()
        outs.append(_ok(_cp("tests/vm/mp_app_check.py", heap,
                            (2, "screens", "store=%s" % store, "board",
                             "screen_size=" + size), mpy=mpy, screens=True)))
        hands, matches, errors, falls = _app(outs[-1])
        assert matches == 3 and errors == 0 and falls == 0
    small, big = [int(re.search(r"SCREENS c=(\d+)", o).group(1)) for o in outs]
    assert big > small + 2048, (small, big)  # its sheets and grids: a bigger screen's


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_the_app_with_hints_asked_plays_three_matches_on_circuitpython(mpy, tmp_path):
    # DOWN among the keys: HARD's search from the player's view on top of the app's screens
    out = _ok(_cp("tests/vm/mp_app_check.py", HINT_HEAP[mpy],
                  (2, "screens", "hint", "store=%s" % tmp_path), mpy=mpy, screens=True))
    hands, matches, errors, falls = _app(out)
    assert matches == 3 and errors == 0 and falls == 0
    assert re.search(r"SAVES writes=\d+ kind=files\+nvm idle=\d+", out), out
    hinted = re.search(r"HINTS hands=(\d+)", out)
    assert hinted and int(hinted.group(1)) >= 1, out


def test_at_circuitpythons_default_pystack_the_computer_falls_back_to_easy():
    """CircuitPython 10's default pystack (2048 B) cannot hold HARD's search: on the real
    interpreter the app plays EASY's move instead, and the matches go on without an error."""
    out = _ok(_cp("tests/vm/mp_app_check.py", "256k", (2, "text"), pystack=2048))
    hands, matches, errors, falls = _app(out)
    assert matches == 3 and errors == 0 and falls > 0
    assert "CIRCUITPY_PYSTACK_SIZE = 4096" in out  # the advice on the serial console


def test_the_app_check_exits_non_zero_when_the_app_saw_errors():
    """A pystack too small for the app itself: every error is counted, and the exit says so."""
    r = _cp("tests/vm/mp_app_check.py", "256k", (0, "text"), pystack=1024)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAILED: errors=" in r.stdout and "pystack exhausted" in r.stdout


def test_the_app_check_exits_non_zero_on_an_injected_error_on_micropython():
    r = run("tests/vm/mp_app_check.py", heap="256k", args=("0", "text", "fail"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAILED: errors=1 " in r.stdout and "injected by mp_app_check" in r.stdout
    assert _app(r.stdout)[2] == 1


def test_the_bench_s_where_raises_the_app_s_first_error_out_of_it_on_circuitpython(tmp_path):
    """`python -m sim.bench board --where`: in a where run the app's first error (here the
    check's injected one) is not shown on its error screen but stops the run with its
    traceback, after the screen it met it on (the fifth frame: the menu, on the check's trip to
    it from the title); the harness's own files are not changed for it."""
    from sim import bench_board
    circuitpython()  # (skips, saying why, where the shared tools are missing)
    tree = bench_board.write_tree(str(tmp_path / "py"), False)
    r = bench_board.run_cp(tree, "mp_app_check.py", 256, (0, "text", "fail"), screens=False,
                           path=bench_board.where_path(tree, False))
    assert r.returncode != 0 and "DONE" not in r.stdout, r.stdout + r.stderr
    assert re.search(r"^WHERE screen=4 matches=0 hands=0 free=\d+$", r.stdout, re.M), r.stdout
    tb = r.stdout + r.stderr
    assert "ValueError: injected by mp_app_check" in tb and "in update" in tb
    with open(os.path.join(tree, "t", "mp_app_build.py")) as f:
        assert "WHERE" not in f.read()


def test_input_polling_and_feedback_allocate_nothing_on_circuitpython():
    """tests/vm/mp_input_check.py locks the heap around the poll and the sounds; its names are
    locals, so it does not depend on how full a globals table is (it failed on CircuitPython
    when a loop made a global under the lock)."""
    r = run_cp("tests/vm/mp_input_check.py", heap="128k")
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout + r.stderr


def test_the_vm_stand_ins_read_back_and_take_at_least_what_the_firmware_takes():
    r = run_cp("tests/vm/mp_fakes_check.py", heap="128k", path="tests/vm/fakes")
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout + r.stderr
    kinds = [line for line in r.stdout.splitlines() if line.startswith("kind ")]
    assert len(kinds) == 6


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_module_paths_are_as_long_as_on_a_board(mpy):
    """A module's path is interned for good: the board runs have a board's (sys.path '', '/',
    '.frozen', '/lib' there: engine/rng.py, /lib/handheld/buttons.py), the harness short ones,
    and nothing of it is in the drive sim.deploy writes."""
    from sim import deploy
    out = _ok(_cp("tests/vm/mp_path_check.py", "64k", mpy=mpy))
    ext = ".mpy" if mpy else ".py"
    files = [line[5:] for line in out.splitlines() if line.startswith("FILE ")]
    assert "PATH ['', 'lib/', 't']" in out, out
    assert files[0] == "engine/rng" + ext
    assert files[1] == "lib//handheld/buttons" + ext  # as long as /lib/handheld/buttons.mpy
    assert files[2:] == ["t/vmboard.py", "t/mp_app_setup.py"]
    drive, _ = deploy.plan(ROOT, None)
    assert not [rel for rel in drive if rel.split("/")[0] in ("t", "f", "tests")]
