"""The computer opponent runs unchanged on the MicroPython VM and plays the same match."""
import os
import subprocess
import sys

import pytest

from mpvm import micropython, ROOT

HEAP = "64k"  # a HARD vs HARD match imports from .py and plays within this (64-bit VM)
SCRIPT = os.path.join("tests", "vm", "mp_ai_match.py")


def _run(cmd, env):
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.mark.parametrize("preset", ["sixty-six", "schnapsen", "santase"])
def test_ai_match_digest_equals_cpython(preset):
    args = [SCRIPT, preset, "2", "1", "2"]  # HARD vs NORMAL, two matches
    mp = _run([micropython(), "-X", "heapsize=" + HEAP] + args, dict(os.environ, MICROPYPATH="."))
    cp = _run([sys.executable] + args, dict(os.environ, PYTHONPATH="."))
    mp_digest = [l for l in mp.splitlines() if l.startswith("digest")]
    cp_digest = [l for l in cp.splitlines() if l.startswith("digest")]
    assert mp_digest and mp_digest == cp_digest
    matches = [l for l in mp.splitlines() if l.startswith("match")]
    assert matches == [l for l in cp.splitlines() if l.startswith("match")]
    # a longer argv shifts the VM's heap layout as another path or machine would: it still fits
    padded = _run([micropython(), "-X", "heapsize=" + HEAP] + args + ["x" * 14],
                  dict(os.environ, MICROPYPATH="."))
    assert [l for l in padded.splitlines() if l.startswith("digest")] == cp_digest


def test_hard_vs_hard_match_fits_the_heap_and_does_not_grow():
    out = _run([micropython(), "-X", "heapsize=" + HEAP, SCRIPT, "sixty-six", "2", "2", "6"],
               dict(os.environ, MICROPYPATH="."))
    live = [int(x) for x in out.split("live")[1].split("\n")[0].split()]
    assert len(live) == 6
    # after gc.collect() the live heap is the same after every match from the second on:
    # nothing accumulates (the first match may still grow a module's dict once, e.g. the
    # engine.ai package's when a submodule is first imported inside a function)
    assert max(live[1:]) - min(live[1:]) < 64, live
    assert live[1] - live[0] <= 256, live
