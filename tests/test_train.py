"""sim/train.py's lambda-return targets (--lam, --lam-rounds) and its kept records (--records)."""
import importlib.util
import struct

import numpy as np  # a requirement (requirements.txt): missing is an error, not a skip
import pytest

from engine.ai import value
from engine.ai.value_table import TABLES
from engine.rules import preset
from sim import train


def _records(name="santase", hands=6, player="normal", seed=7):
    lo, stocks, xs, ys, ids = train.collect((name, player, seed, 0, hands, 0, None))
    assert lo == 0 and len(ys) == len(ids) == len(stocks) == xs.shape[0] > 0
    return stocks, xs, ys, ids


def test_table_values_are_what_the_engine_reads_from_the_table():
    rules = preset("santase")
    stocks, xs, ys, ids = _records()
    raw = TABLES[value.table_name(rules)]
    got = train.table_values(raw, stocks, xs)
    for k in range(len(ys)):
        w = value.row(rules, int(stocks[k]))
        assert got[k] * train.SCALE == pytest.approx(sum(a * b for a, b in zip(w, xs[k].tolist())))


def test_lambda_targets_mix_the_outcome_with_the_next_position_of_the_same_seat():
    stocks, xs, ys, ids = _records()
    raw = TABLES["santase"]
    v = np.clip(train.table_values(raw, stocks, xs), -3, 3)
    assert train.lambda_targets(stocks, xs, ys, ids, raw, 1.0).tolist() == ys.tolist()
    zero = train.lambda_targets(stocks, xs, ys, ids, raw, 0.0)
    half = train.lambda_targets(stocks, xs, ys, ids, raw, 0.5)
    who = ids.tolist()
    lasts = inner = 0
    for k in range(len(who)):
        later = [j for j in range(k + 1, len(who)) if who[j] == who[k]]
        if not later:  # the seat's last position of the hand: its outcome
            assert zero[k] == half[k] == ys[k]
            lasts += 1
        else:  # the table one trick later (lam 0), half that and half the next target (0.5)
            j = later[0]
            assert zero[k] == pytest.approx(v[j])
            assert half[k] == pytest.approx(0.5 * v[j] + 0.5 * half[j])
            inner += 1
    assert lasts >= 6 and inner >= 12  # both seats of every hand, most with several tricks


def test_lambda_targets_by_hand():
    """Two records of one seat and one of the other: a table that values a point at 0.1 game
    point (only the points weight, stock 8) gives the first record 0.7 * 3 + 0.3 * (0.1 * 20)."""
    w = [0] * train.N_WEIGHTS
    w[0] = train.SCALE // 10
    raw = struct.pack("<%dh" % (train.N_ROWS * train.N_WEIGHTS), *(w * train.N_ROWS))
    xs = np.zeros((3, train.N_WEIGHTS), dtype=np.int16)
    xs[:, 0] = (5, -7, 20)  # point differences of the three positions
    stocks = np.array((10, 10, 8), dtype=np.int8)
    ys = np.array((3, -3, 3), dtype=np.int8)
    ids = np.array((4, 5, 4), dtype=np.int32)  # hand 2: seat 0, seat 1, seat 0 again
    got = train.lambda_targets(stocks, xs, ys, ids, raw, 0.7).tolist()
    assert got == pytest.approx([0.7 * 3 + 0.3 * 2.0, -3, 3])
    xs[2, 0] = 200  # a value beyond a hand's 3 game points is clipped
    assert train.lambda_targets(stocks, xs, ys, ids, raw, 0.0).tolist() == pytest.approx([3, -3, 3])


def _load(path):
    spec = importlib.util.spec_from_file_location("table", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_train_lam_and_records(tmp_path, capsys, monkeypatch):
    recs = tmp_path / "recs"
    recs.mkdir()
    a, b, c = (tmp_path / n for n in ("a.py", "b.py", "c.py"))
    args = ["--hands", "20", "--preset", "santase", "--player", "normal", "--records", str(recs)]
    assert train.main(args + ["--out", str(a)]) == 0
    assert [p.name for p in recs.iterdir()] == ["santase-20-normal-101-0.npz"]

    def no_play(task):
        raise AssertionError("the kept records should have been read")
    monkeypatch.setattr(train, "collect", no_play)
    assert train.main(args + ["--out", str(b)]) == 0  # the same records, the same fit
    assert _load(a).TABLES == _load(b).TABLES
    assert train.main(args + ["--lam", "0.5", "--lam-rounds", "2", "--out", str(c)]) == 0
    assert _load(c).TABLES["santase"] != _load(a).TABLES["santase"]
    assert "lambda-return 0.5 (2 rounds)" in c.read_text()
    assert "lambda-return" not in a.read_text()
    capsys.readouterr()
    assert train.main(args + ["--lam", "1.5", "--out", str(c)]) == 2
    assert "--lam" in capsys.readouterr().err
    assert train.main(args + ["--lam", "0.5", "--lam-rounds", "0", "--out", str(c)]) == 2
    assert "--lam-rounds" in capsys.readouterr().err
    (tmp_path / "none").write_text("a file")
    assert train.main(args[:-1] + [str(tmp_path / "none"), "--out", str(c)]) == 2
    assert "is a file: give a folder" in capsys.readouterr().err


def test_an_opponent_takes_each_seat_in_turn(monkeypatch):
    """--opponent: the player and its opponent swap seats every second hand (the dealer
    alternates every hand), so each sits in each seat, dealing and not."""
    seen = set()
    made = {}
    real = train.make_player

    def make(spec):
        base = real(spec)

        def play(view, seed):
            seen.add((spec, view.seat, view.dealer))
            return base(view, seed)
        made[spec] = play
        return play

    monkeypatch.setattr(train, "make_player", make)
    lo, stocks, xs, ys, ids = train.collect(("santase", "normal", 7, 0, 4, 0, "greedy"))
    assert len(ys) > 0 and sorted(made) == ["greedy", "normal"]
    for spec in ("normal", "greedy"):
        for seat in (0, 1):
            for dealer in (0, 1):
                assert (spec, seat, dealer) in seen


def test_a_bad_opponent_is_refused_before_any_play(capsys):
    assert train.main(["--preset", "santase", "--hands", "10", "--opponent", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err


def test_bad_out_and_records_are_refused_before_play_and_a_bad_record_is_played_again(
        tmp_path, capsys, monkeypatch):
    import os
    recs = tmp_path / "recs"
    recs.mkdir()
    args = ["--hands", "10", "--preset", "santase", "--player", "easy", "--records", str(recs)]

    def no_play(task):
        raise AssertionError("refused before any play")
    monkeypatch.setattr(train, "collect", no_play)
    assert train.main(args + ["--out", str(tmp_path)]) == 2  # a folder, not a file
    assert "is a folder; name the table file" in capsys.readouterr().err
    (tmp_path / "afile").write_text("x")
    assert train.main(args[:-1] + [str(tmp_path / "afile"), "--out", str(tmp_path / "t.py")]) \
        == 2
    assert "--records %s is a file" % (tmp_path / "afile") in capsys.readouterr().err
    made = tmp_path / "new" / "recs"  # a folder that is not there yet: made (no error)
    with pytest.raises(AssertionError, match="refused before any play"):
        train.main(args[:-1] + [str(made), "--out", str(tmp_path / "t.py")])
    assert made.is_dir()
    if os.geteuid() != 0:  # root writes anywhere: the read-only case needs a user
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        assert train.main(args + ["--out", str(ro / "t.py")]) == 2
        assert "--out: cannot write in" in capsys.readouterr().err
    monkeypatch.undo()
    bad = recs / "santase-10-easy-101-0.npz"
    bad.write_bytes(b"PK\x03\x04 cut short")  # a records file cut short
    out = tmp_path / "t.py"
    assert train.main(args + ["--out", str(out)]) == 0
    assert "is unreadable" in capsys.readouterr().err
    assert "TABLES" in out.read_text() and not (tmp_path / "t.py.tmp").exists()
    import numpy as np
    with np.load(str(bad)) as z:  # played again and kept whole
        assert len(z["stocks"]) > 0


def test_a_table_that_cannot_be_written_leaves_the_old_one_whole(tmp_path, monkeypatch):
    out = tmp_path / "value_table.py"
    out.write_text("TABLES = {}  # the old table\n")
    real = open

    def full(path, mode="r", *a, **k):
        f = real(path, mode, *a, **k)
        if str(path).endswith(".tmp"):
            class Full:
                def __enter__(self):
                    return self

                def __exit__(self, *e):
                    f.close()

                def write(self, data):
                    f.write(data[:100])
                    raise OSError(28, "No space left on device")
            return Full()
        return f
    import builtins
    monkeypatch.setattr(builtins, "open", full)
    with pytest.raises(OSError):
        train.write_table(str(out), {"santase": b"\0\0" * 10}, ["a note"])
    monkeypatch.undo()
    assert out.read_text() == "TABLES = {}  # the old table\n"
    assert not (tmp_path / "value_table.py.tmp").exists()
