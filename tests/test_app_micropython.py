"""The app state machine runs on the MicroPython VM within a heap cap, with a fake display.

HEAP_CAP is the stated budget: the whole app (engine, computer player, state machine, text
renderer as the fake display) imported from .py source and three matches played in it. On a
board the modules are compiled the same way at import (or shipped as .mpy, which needs less).
"""
import re

from mpvm import run

HEAP_CAP = "160k"  # it completes from about 121k on the 64-bit VM (python -m sim.bench_app)


def test_app_plays_three_matches_on_micropython_within_the_heap_cap():
    """The VM's heap is HEAP_CAP: a MemoryError anywhere fails the run (the script exits
    non-zero on any error the app counted), so completing is the check; the bench finds the
    least heap that completes."""
    done = run("tests/vm/mp_app_check.py", heap=HEAP_CAP)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "STUCK" not in out and "MENU TRIP" not in out, out
    m = re.search(r"DONE hands=(\d+) matches=(\d+) errors=(\d+)", out)
    assert m, out
    hands, matches, errors = int(m.group(1)), int(m.group(2)), int(m.group(3))
    assert matches == 3 and errors == 0 and hands >= 6
    idle = re.search(r"IDLE alloc=(\d+) screen=(\d+)", out)
    assert idle and idle.group(1) == "0" and idle.group(2) == "1", out  # the table, waiting
    heap = re.search(r"HEAP base=(\d+) imports=(\d+) app=(\d+) peak=(\d+)", out)
    assert heap and int(heap.group(2)) < int(heap.group(4))  # the live peak holds the modules


def test_layout_is_the_same_on_micropython_and_cpython():
    import os
    import subprocess
    import sys
    mp = run("tests/vm/mp_layout_check.py", heap="64k")
    assert mp.returncode == 0 and mp.stdout.strip().endswith("OK"), mp.stdout + mp.stderr
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "lib"))
    cp = subprocess.run([sys.executable, "tests/vm/mp_layout_check.py"], cwd=root, env=env,
                        capture_output=True, text=True, timeout=60)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    sizes = [line for line in mp.stdout.splitlines() if line.startswith("size ")]
    assert len(sizes) == 7 and sizes[0].startswith("size 160x128 -> 160x128 (160, 128, 20, 28,")
    assert sizes == [line for line in cp.stdout.splitlines() if line.startswith("size ")]
    # a screen smaller than the smallest layout is refused by name, not drawn off its edges
    assert sizes[5] == "size 96x64 -> refused: a 96x64 screen is too small: the table needs 160x128 or more"
    assert sizes[6].startswith("size 240x64 -> refused")
