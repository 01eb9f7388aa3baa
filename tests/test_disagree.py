"""sim.disagree: where two players choose differently, counted by why."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.cards import CLOSE
from engine.hand import Hand
from engine.rng import mix
from engine.rules import SIXTY_SIX, SCHNAPSEN
from sim import disagree
from sim.players import make_player


def test_a_player_agrees_with_itself_everywhere():
    hard = make_player("hard")
    for kind in disagree.KINDS:
        n, counts = disagree.compare(hard, make_player("hard"), kind, 40, SIXTY_SIX, 5)
        assert n == 40 and counts == {"same": 40}


def test_every_position_is_counted_once_and_labelled_by_what_differs():
    n, counts = disagree.compare(make_player("hard"), make_player("greedy"), "follow", 80,
                                 SCHNAPSEN, 9)
    assert n == 80 and sum(counts.values()) == 80
    assert counts.get("same", 0) < 80  # greedy plays otherwise somewhere
    for label in counts:
        assert label == "same" or (label.startswith("base ") and ", other " in label)


def test_close_labels_say_who_closes():
    never = disagree.compare(make_player("hard"), make_player("greedy"), "close", 60,
                             SIXTY_SIX, 3)[1]  # greedy never closes
    assert "other closes, base not" not in never
    assert set(never) <= {"same", "base closes, other not", "neither closes, other moves"}


def test_positions_of_a_kind():
    h = Hand.new(mix(3, 1), 0, SIXTY_SIX)
    seen = {"follow": 0, "close": 0}
    hard = make_player("hard")
    ply = 0
    while not h.over:
        view = h.view(h.to_move)
        for kind in seen:
            if disagree.position_kind(view, kind):
                seen[kind] += 1
                if kind == "close":
                    assert CLOSE in view.legal and not view.strict
                else:
                    assert view.trick_card >= 0 and view.stock_size >= 4 and not view.strict
        h.apply(hard(view, ply))
        ply += 1
    assert seen["follow"] > 0


def test_the_command_line(capsys):
    assert disagree.main(["greedy", "--positions", "20", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "20 follow positions" in out and "same choice:" in out
    assert disagree.main(["no-such-player"]) == 2


def test_a_base_that_never_reaches_the_kind_stops():
    def closer(view, seed):  # closes whenever it may: no open-phase follow is ever played
        return CLOSE if CLOSE in view.legal else view.legal[0]
    n, counts = disagree.compare(closer, make_player("hard"), "follow", 3, SIXTY_SIX, 1)
    assert n == 0 and counts == {}
