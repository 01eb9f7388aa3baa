"""The duplicate arena (sim/arena.py): statistics, the duplicate format, loud failures."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest

from engine.rng import mix
from sim import arena
from sim.arena import (wilson, mean_ci, ratio_ci, percentile, run_arena, summarize, play_pair,
                       PlayerError)
from sim.players import make_player as real_make_player


# ---- statistics on known numbers -------------------------------------------------------------

def test_wilson_known_values():
    # 81 of 263: the textbook example (Newcombe 1998 / Wallis): 0.2553 to 0.3662
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_ci_known_values():
    m, lo, hi = mean_ci([1, 2, 3, 4, 5])  # sd 1.5811, se 0.7071, half 1.3859
    assert m == 3 and lo == pytest.approx(3 - 1.38590, abs=1e-4)
    assert hi == pytest.approx(3 + 1.38590, abs=1e-4)
    inf = float("inf")
    assert mean_ci([2.5]) == (2.5, -inf, inf)  # one value: no spread known, no interval
    assert mean_ci([]) == (0.0, -inf, inf)
    assert ratio_ci([3], [2]) == (1.5, -inf, inf)


def test_ratio_ci_matches_mean_ci_with_equal_units():
    xs = [3, -1, 0, 2, 5, -4, 1]
    m, lo, hi = mean_ci([x / 2 for x in xs])
    r, rlo, rhi = ratio_ci(xs, [2] * len(xs))
    assert (r, rlo, rhi) == pytest.approx((m, lo, hi))
    # unequal units: the ratio of sums, with a finite interval around it
    r, lo, hi = ratio_ci([6, -2, 3], [10, 8, 12])
    assert r == pytest.approx(7 / 30) and lo < r < hi


def test_percentile_known_values():
    assert percentile([4, 1, 3, 2], 50) == 2.5
    assert percentile([1, 2, 3, 4], 95) == pytest.approx(3.85)
    assert percentile(list(range(1, 101)), 95) == pytest.approx(95.05)
    assert percentile([7.0], 95) == 7.0
    assert percentile([], 50) == 0.0
    assert percentile([1, 9], 100) == 9


# ---- playing ------------------------------------------------------------------------------

def test_tiny_duplicate_match():
    res = run_arena("greedy", "random", 3, "sixty-six", "matches", jobs=1, seed=4)
    assert len(res) == 3
    s = summarize(res)
    assert s["matches"] == 6
    assert s["match_wins"]["A"] + s["match_wins"]["B"] == 6
    assert s["hands"] == s["hand_wins"]["A"] + s["hand_wins"]["B"] + s["drawn"]
    for r in res:
        for run in r["runs"]:
            won = {"A": 0, "B": 0}
            for w, pts in run["hands"]:
                if w:
                    won[w] += pts
            assert won[run["winner"]] >= 7 and won["AB".replace(run["winner"], "")] < 7
    text = arena.format_table(s, "greedy", "random", "sixty-six", "matches", 7, 4, 1, 0.0)
    assert "matches won" in text and "game pts / hand" in text


def test_same_player_both_seats_is_exactly_even():
    s = summarize(run_arena("greedy", "greedy", 20, "santase", "hands", jobs=1, seed=2))
    assert s["hand_wins"]["A"] == s["hand_wins"]["B"]
    assert s["diff"] == (0.0, 0.0, 0.0)
    s = summarize(run_arena("greedy", "greedy", 4, "schnapsen", "matches", jobs=1, seed=2))
    assert s["match_wins"]["A"] == s["match_wins"]["B"] == 4


def test_how_hands_ended_adds_up():
    """Every hand has one ending; the endings' wins and game points add up to the totals, and
    the same player in both seats closes as often from either label."""
    for mode, n in (("hands", 30), ("matches", 3)):
        res = run_arena("greedy", "random", n, "sixty-six", mode, jobs=1, seed=5)
        s = summarize(res)
        ends = s["ends"]
        assert set(ends) == set(arena.ENDS)
        assert sum(e["hands"] for e in ends.values()) == s["hands"]
        for k in ("A", "B"):
            assert sum(e[k] for e in ends.values()) == s["hand_wins"][k]
        assert sum(e["diff"] for e in ends.values()) == s["gp"]["A"] - s["gp"]["B"]
        for r in res:  # each hand's ending, checked against its own record
            for run in r["runs"]:
                assert len(run["ends"]) == len(run["hands"])
    s = summarize(run_arena("greedy", "greedy", 20, "sixty-six", "hands", jobs=1, seed=2))
    e = s["ends"]
    assert e["A closed"]["hands"] == e["B closed"]["hands"]
    assert e["A closed"]["A"] == e["B closed"]["B"] and e["A closed"]["B"] == e["B closed"]["A"]
    text = arena.format_table(s, "greedy", "greedy", "sixty-six", "hands", 0, 2, 1, 0.0)
    assert "stock run out" in text or "66, stock open" in text


def test_a_hands_ending_is_read_from_the_hand():
    from engine.hand import Hand
    from engine.rules import preset
    from engine.cards import CLOSE
    rules = preset("sixty-six")
    h = Hand.new(11, 0, rules)
    assert arena.ending(h, ("A", "B")) == "66, stock open"  # the stock is full
    while CLOSE not in h.view(h.to_move).legal:
        h.apply(h.view(h.to_move).legal[0])
    seat = h.to_move
    h.apply(CLOSE)
    assert arena.ending(h, ("A", "B")) == "AB"[seat] + " closed"
    assert arena.ending(h, ("B", "A")) == "BA"[seat] + " closed"


def test_parallel_equals_serial():
    a = summarize(run_arena("greedy", "random", 6, "sixty-six", "matches", jobs=1, seed=9))
    b = summarize(run_arena("greedy", "random", 6, "sixty-six", "matches", jobs=2, seed=9))
    for k in ("matches", "match_wins", "hands", "hand_wins", "drawn", "gp", "diff"):
        assert a[k] == b[k], k


class Recorder:
    """Wraps a player and logs (label, seat, dealer, trump card, dealt cards) at the first
    decision of every hand (the non-dealer's, the only one with an empty history)."""
    log = []

    def __init__(self, spec):
        self.inner = real_make_player(spec.split("@")[0])
        self.spec = spec

    def __call__(self, view, seed):
        if not view.history:
            Recorder.log.append((self.spec, view.seat, view.dealer, view.trump_card, view.hand))
        return self.inner(view, seed)


@pytest.mark.parametrize("mode", ["matches", "hands"])
def test_duplicate_uses_same_deals_with_seats_swapped(monkeypatch, mode):
    monkeypatch.setattr(arena, "make_player", Recorder)
    for index in range(3):
        Recorder.log = []
        out = play_pair((index, "greedy@A", "random@B", "sixty-six", mix(3, index), 7, mode))
        log = Recorder.log
        first = log[0][2:]
        k = [i for i in range(1, len(log)) if log[i][2:] == first]
        assert k, "the second half did not replay the first deal"
        run0, run1 = log[:k[0]], log[k[0]:]
        assert len(run0) == sum(len(r["hands"]) for r in out["runs"][:1])
        assert len(run1) == len(out["runs"][1]["hands"])
        for (spec0, seat0, *deal0), (spec1, seat1, *deal1) in zip(run0, run1):
            assert deal0 == deal1  # same dealer, trump card and cards in the same seat
            assert seat0 == seat1
            assert {spec0, spec1} == {"greedy@A", "random@B"}  # ... held by the other player
        # A sits in seat 0 in the first half, B in the second
        seat_of_a0 = run0[0][1] if run0[0][0] == "greedy@A" else 1 - run0[0][1]
        seat_of_a1 = run1[0][1] if run1[0][0] == "greedy@A" else 1 - run1[0][1]
        assert (seat_of_a0, seat_of_a1) == (0, 1)


class Cheater:
    spec = "cheat"

    def __call__(self, view, seed):
        return 23 if 23 not in view.legal else 22 if 22 not in view.legal else 21


def test_illegal_action_fails_loudly_naming_the_player(monkeypatch):
    monkeypatch.setattr(arena, "make_player",
                        lambda spec: Cheater() if spec == "cheat" else real_make_player(spec))
    with pytest.raises(PlayerError) as e:
        run_arena("greedy", "cheat", 1, "sixty-six", "hands", jobs=1, seed=1)
    msg = str(e.value)
    assert "player B (cheat)" in msg and "illegal action" in msg


def test_bad_spec_fails_early():
    with pytest.raises(ValueError):
        run_arena("greedy", "grandmaster", 1)


def test_cli_prints_a_table(capsys):
    assert arena.main(["greedy", "random", "--hands", "4", "--quiet", "--preset", "schnapsen"]) == 0
    out = capsys.readouterr().out
    assert "A = greedy, B = random: schnapsen" in out
    assert "hands won" in out and "ms p50/p95/max" in out
    assert arena.main(["ismcts:iters=5", "greedy", "--matches", "1", "--quiet",
                       "--target", "2"]) == 0
    out = capsys.readouterr().out
    assert "matches won" in out and "search iters/s" in out


def test_one_seed_prints_no_interval_instead_of_a_zero_wide_one(capsys):
    assert arena.main(["greedy", "random", "--hands", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "[no interval from 1 seed]" in out and "[+" not in out


# ---- bad arguments: a message and exit status 2, before any worker starts ---------------------

def arena_cli(*args):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return subprocess.run([sys.executable, "-m", "sim.arena"] + list(args), cwd=root,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, says", [
    (["--hands", "2", "--preset", "bridge"], "no preset 'bridge': choose sixty-six"),
    (["--matches", "1", "--target", "0"], "argument --target: must be a whole number >= 1"),
    (["--matches", "1", "--target", "-2"], "argument --target: must be a whole number >= 1"),
    (["--matches", "1", "--target", "-2", "--jobs", "2"], "argument --target"),
    (["--hands", "1", "--jobs", "0"], "argument --jobs: must be a whole number >= 1, not '0'"),
    (["--hands", "1", "--jobs", "-4"], "argument --jobs: must be a whole number >= 1, not '-4'"),
    (["--hands", "0"], "need at least one seed"),
    (["--hands", "1", "--target", "3"], "--target is for --matches"),
])
def test_bad_arena_arguments_exit_2_with_a_message(args, says):
    done = arena_cli("greedy", "random", "--quiet", *args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize("spec, says", [
    ("ismcts:c=nan", "c must be a finite number >= 0, not 'nan'"),
    ("ismcts:c=inf", "c must be a finite number >= 0, not 'inf'"),
    ("ismcts:c=-1", "c must be a finite number >= 0, not '-1'"),
    ("ismcts:c=big", "c must be a finite number >= 0, not 'big'"),
    ("ismcts:iters=5:iters=7", "option iters is given twice"),
    ("pimc:50:ms=60", "option ms is given twice"),
    ("ismcts:100:200", "option ms is given twice"),
    ("grandmaster", "no player 'grandmaster'"),
])
def test_bad_player_specs_exit_2_naming_the_option(spec, says):
    done = arena_cli(spec, "random", "--hands", "1", "--quiet")
    assert done.returncode == 2, done.stdout + done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr
    with pytest.raises(ValueError, match=says.replace("(", "\\(")):
        real_make_player(spec)


@pytest.mark.parametrize("kw, says", [
    (dict(target=0), "target must be a whole number >= 1, not 0"),
    (dict(target=-2, jobs=2), "target must be a whole number >= 1, not -2"),
    (dict(jobs=0), "jobs must be a whole number >= 1, not 0"),
    (dict(jobs=-4), "jobs must be a whole number >= 1, not -4"),
    (dict(preset_name="bridge"), "no preset 'bridge'"),
    (dict(mode="tricks"), "mode must be 'matches' or 'hands'"),
])
def test_run_arena_refuses_bad_arguments_before_any_worker(kw, says):
    with pytest.raises(ValueError, match=says):
        run_arena("greedy", "random", 1, **kw)


def test_worker_counts_are_checked_and_capped(capsys):
    import os
    from sim.cli import pool_size
    from sim import tablecmp, train
    assert pool_size(99999, 3) == 3 and pool_size(2, 100) == 2 and pool_size(1, 0) == 1
    assert pool_size(99999, 10 ** 6) == 4 * (os.cpu_count() or 1)
    for main, args in ((tablecmp.main, ["engine/ai/value_table.py", "--pairs", "4"]),
                       (train.main, ["--hands", "10"])):
        for bad in ("0", "-4"):
            with pytest.raises(SystemExit) as e:
                main(args + ["--jobs", bad])
            assert e.value.code == 2
            assert "--jobs: must be a whole number >= 1" in capsys.readouterr().err


def test_bench_parts_refuse_bad_counts_before_any_work(capsys):
    from sim import bench
    assert bench.main(["--help"]) == 0 and "python -m sim.bench board" in capsys.readouterr().out
    assert bench.main(["nothing"]) == 2 and "no part 'nothing'" in capsys.readouterr().err
    for args in (["review", "--hands", "0", "--skip-heap"], ["engine", "--hands", "-5"],
                 ["players", "--positions", "0"], ["players", "--preset", "foo"],
                 ["ai", "--matches", "0"], ["pystack", "--matches", "0"]):
        with pytest.raises(SystemExit) as e:
            bench.main(args)
        assert e.value.code == 2, args
        assert "error: argument" in capsys.readouterr().err
    for seconds in ("0", "-1", "nan"):  # a table of zero playouts before
        with pytest.raises(SystemExit) as e:
            bench.main(["players", "--seconds", seconds])
        assert e.value.code == 2 and "--seconds must be more than 0" in capsys.readouterr().err
    for size, why in (("abc", "give it as WxH"), ("100x50", "160x128 or more")):  # board --size
        with pytest.raises(SystemExit) as e:
            bench.main(["board", "--size", size])
        assert e.value.code == 2 and why in capsys.readouterr().err
