"""sim.bothways: HARD's decisions finished both ways against a player."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.cards import CLOSE
from sim import bothways


def test_close_decisions_close_in_one_finish_and_not_the_other():
    rows = bothways.play_deal((3, "close", "greedy", "sixty-six", 11))
    rows += bothways.play_deal((4, "close", "greedy", "sixty-six", 11))
    assert rows, "HARD may close somewhere in two deals against greedy"
    for r in rows:
        assert r["first"] == CLOSE and r["second"] != CLOSE
        assert 0 <= r["lost"] <= r["solved"] + 1 and r["solved"] <= bothways.DEALS
        assert r["lost"] <= bothways.MOST_LOST
        for gp in (r["first_gp"], r["second_gp"]):
            assert -3 <= gp <= 3


def test_open_decisions_are_the_two_players_different_cards():
    rows = bothways.play_deal((0, "open", "random", "sixty-six", 3))
    assert rows
    for r in rows:
        assert r["first"] != r["second"] and r["first"] < 24 and r["second"] < 24
        assert r["hand"] >> r["first"] & 1 and r["hand"] >> r["second"] & 1
        assert r["stock"] > 0


def test_the_same_seed_gives_the_same_figures():
    assert bothways.play_deal((5, "close", "greedy", "sixty-six", 2)) == \
        bothways.play_deal((5, "close", "greedy", "sixty-six", 2))


def test_the_summary_prints_and_a_bad_player_is_refused(capsys, tmp_path):
    out = tmp_path / "rows.jsonl"
    assert bothways.main(["--kind", "close", "--against", "greedy", "--deals", "3",
                          "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "HARD closes" in text and "HARD plays on" in text
    assert len(out.read_text().splitlines()) == sum(
        len(bothways.play_deal((i, "close", "greedy", "sixty-six", 5))) for i in range(3))
    assert bothways.main(["--against", "no-such-player"]) == 2
    assert "no player" in capsys.readouterr().err
    assert bothways.main(["--against", "greedy", "--out", str(tmp_path / "no" / "f")]) == 2


def test_out_is_written_at_the_end_and_a_failed_write_keeps_the_report_and_the_old_file(
        capsys, tmp_path, monkeypatch):
    out = tmp_path / "rows.jsonl"
    out.write_text('{"old": "results"}\n')
    seen = []
    real = bothways.play_deal

    def play(task):  # the old file is whole while the deals are played
        seen.append(out.read_text())
        return real(task)
    monkeypatch.setattr(bothways, "play_deal", play)
    real_open = open

    def full(path, mode="r", *a, **k):
        if str(path).endswith(".tmp"):
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *a, **k)
    import builtins
    monkeypatch.setattr(builtins, "open", full)
    code = bothways.main(["--kind", "close", "--against", "greedy", "--deals", "2",
                          "--out", str(out)])
    monkeypatch.undo()
    got = capsys.readouterr()
    assert code == 1 and "HARD closes" in got.out  # the report is printed
    assert "--out %s not written: No space left on device" % out in got.err
    assert seen == ['{"old": "results"}\n'] * 2 and out.read_text() == '{"old": "results"}\n'
    assert bothways.main(["--against", "greedy", "--out", str(tmp_path)]) == 2
