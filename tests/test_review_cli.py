"""`python -m sim.review RECORD`: the review of a hand record (issue 17), and its errors."""
import io
import os
import subprocess
import sys

from engine import ai
from engine.hand import Hand
from engine.record import record
from engine.coach.review import review_hand
from engine.rng import mix
from mpvm import ROOT
from sim import review as cli


def _hand(seed, levels=(ai.EASY, ai.HARD)):
    h = Hand.new(mix(2027, seed), seed & 1)
    k = 0
    while not h.over:
        h.apply(ai.choose(h.view(h.to_move), levels[h.to_move], mix(seed, k)))
        k += 1
    return h


def _costly(seed):
    """A finished hand whose review of seat 0 has a costed line (searched for among seeds)."""
    for s in range(seed, seed + 200):
        h = _hand(s)
        r = review_hand(h, 0, 1 << 30)
        if any(c for c, _t, _s in r.lines):
            return h
    raise AssertionError("no hand with a costly decision")


def _main(argv, stdin=""):
    out = io.StringIO()
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        rc = cli.main(argv, stdin=io.StringIO(stdin), stdout=out)
    finally:
        sys.stderr = old
    return rc, out.getvalue(), err.getvalue()


def test_a_file_text_and_stdin_give_the_same_review(tmp_path, monkeypatch):
    h = _costly(0)
    text = record(h)
    path = tmp_path / "hand.txt"
    path.write_text(text)
    a = _main([str(path)])
    b = _main([text])
    c = _main(["-"], stdin=text)
    assert a[0] == b[0] == c[0] == 0
    assert a[1] == b[1] == c[1]
    lines = a[1].splitlines()
    assert lines[-1].startswith("Total: seat 0 lost ") and "seat 1 lost" in lines[-1]
    # a file whose name begins as a record does ("preset", "#") is read as a file
    monkeypatch.chdir(tmp_path)
    for name in ("preset_closed.txt", "#hand.txt"):
        (tmp_path / name).write_text(text)
        assert _main([name]) == a, name


def test_lines_are_the_engine_review_and_the_total_sums_them():
    h = _costly(0)
    rc, out, _ = _main(["-", "--seat", "0", "--budget", "0"], stdin=record(h))
    assert rc == 0
    r = review_hand(h, 0, 1 << 30)
    lines = out.splitlines()
    assert len(lines) == len(r.lines) + 1
    for (cost, _trick, text), line in zip(r.lines, lines):
        assert line.endswith(text)
        assert line.startswith("-%d " % cost if cost else "  ? ")
    lost = sum(c for c, _t, _s in r.lines if c)
    assert lost >= 1
    assert lines[-1].startswith("Total: seat 0 lost %d game point" % lost)
    assert "seat 1" not in out


def test_perfect_play_prints_no_costly_line():
    # HARD with the review's own seed in seat 1 (0 plus the trick's number, as the app's
    # hints): nothing to say about it
    h = Hand.new(mix(2027, 3), 1)
    k = 0
    while not h.over:
        seed = h.trick_no if h.to_move == 1 else k
        h.apply(ai.choose(h.view(h.to_move), ai.HARD, seed))
        k += 1
    rc, out, _ = _main(["-", "--seat", "1", "--budget", "0"], stdin=record(h))
    assert rc == 0
    assert out.splitlines() == ["Total: seat 1 lost 0 game points in 0 decisions."]


def test_a_small_budget_says_what_it_left_out():
    h = _hand(5)
    rc, out, _ = _main(["-", "--seat", "0", "--budget", "100"], stdin=record(h))
    assert rc == 0
    assert "not reviewed (budget of 100 units; --budget 0 for none)" in out


def test_errors_exit_2_with_a_message(tmp_path):
    h = _hand(1)
    text = record(h)
    unfinished = "\n".join(text.splitlines()[:3])  # no play line: the hand has not begun
    rc, out, err = _main(["-"], stdin=unfinished)
    assert rc == 2 and "not a finished hand" in err and out == ""
    half = text.rsplit(" ", 3)[0]  # the last actions cut off
    rc, out, err = _main([half])
    assert rc == 2 and "not a finished hand" in err
    rc, out, err = _main([text.replace("dealer", "dealr")])
    assert rc == 2 and "record" in err
    rc, out, err = _main([text.replace("play ", "play ZZ ")])
    assert rc == 2 and "ZZ" in err
    rc, out, err = _main([str(tmp_path / "missing.txt")])
    assert rc == 2 and "no such file" in err
    rc, out, err = _main([str(tmp_path)])
    assert rc == 2 and "is a folder: give a record's file" in err
    bad = tmp_path / "bin.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    rc, out, err = _main([str(bad)])
    assert rc == 2 and err.startswith("sim.review: ")
    rc, out, err = _main(["-"], stdin="")
    assert rc == 2 and "record has no preset line" in err


def test_the_command_line():
    """Run as a module: a bad seat is refused by argparse (exit 2); a record gives exit 0."""
    h = _hand(2)
    env = dict(os.environ, PYTHONPATH=ROOT)
    run = [sys.executable, "-m", "sim.review"]
    r = subprocess.run(run + ["-", "--seat", "1"], input=record(h), cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.splitlines()[-1].startswith("Total: seat 1 lost")
    r = subprocess.run(run + ["-", "--seat", "2"], input=record(h), cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--seat" in r.stderr
    r = subprocess.run(run + ["-", "--budget", "-1"], input=record(h), cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--budget" in r.stderr
    r = subprocess.run(run + ["-"], input="preset sixty-six\ndealer 0\n", cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "no deck line" in r.stderr
