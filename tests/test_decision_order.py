"""R41: the decision points of a lead turn, in the order exchange -> close -> marriage -> lead.

Rules: docs/rules.md#12-turn-order-and-edge-cases (R41).
"""
import pytest

from engine.hand import IllegalAction
from engine.notation import parse_action
from helpers import ND, hand, play, legal, snapshot


def _won_trick_1():
    """Hearts trump (KH up). The non-dealer holds 9H (to exchange), QH (KH completes the trump
    marriage), KC QC (a clubs marriage) and wins trick 1 with AC."""
    h = hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S")
    return play(h, "AC 9D")


def test_r41_pre_draw_point_offers_declare_draw_close():
    assert legal(_won_trick_1()) == {"D", "W", "C"}


def test_r41_lead_point_offers_everything():
    h = play(_won_trick_1(), "W")
    assert legal(h) == {"D", "X", "C", "M:C", "9H", "QH", "KC", "QC", "JC", "9C"}  # 9C drawn


def test_r41_exchange_then_close_is_allowed():
    h = play(_won_trick_1(), "W X")
    assert "C" in legal(h)
    play(h, "C")
    assert h.closed_by == ND and h.exchanged_by == ND


def test_r41_close_then_exchange_is_refused():
    h = play(_won_trick_1(), "W C")
    assert "X" not in legal(h)
    before = snapshot(h)
    with pytest.raises(IllegalAction):
        h.apply(parse_action("X"))
    assert snapshot(h) == before


def test_r41_close_before_the_draw_then_no_exchange():
    h = play(_won_trick_1(), "C")
    assert legal(h) == {"D", "9H", "QH", "KC", "QC", "JC"}


def test_r41_exchange_then_marriage_is_allowed():
    h = play(_won_trick_1(), "W X M:C KC")
    assert h.melds[ND] == 20


def test_r41_exchange_completing_the_trump_pair_then_40():
    h = play(_won_trick_1(), "W")
    assert "M:H" not in legal(h)  # only QH so far
    play(h, "X")  # the KH comes into hand
    assert "M:H" in legal(h)
    play(h, "M:H")
    assert h.points(ND) == 11 + 40
    assert legal(h) == {"KH", "QH", "D"}


def test_r41_close_then_marriage_is_refused_by_default():
    h = play(_won_trick_1(), "W X C")
    assert "M:H" not in legal(h) and "M:C" not in legal(h)


def test_r41_marriage_then_no_exchange_or_close():
    h = play(_won_trick_1(), "W M:C")
    assert legal(h) == {"KC", "QC", "D"}


def test_r41_the_whole_turn_exchange_close_declare():
    h = play(_won_trick_1(), "W X C D")  # 11 is not 66: the closer declared falsely
    assert h.over and h.reason == "closer declared falsely" and h.game_points == 3


def test_r41_after_the_draw_no_draw_is_offered_again():
    h = play(_won_trick_1(), "W")
    assert "W" not in legal(h)
    with pytest.raises(IllegalAction, match="nothing to draw"):
        h.apply(parse_action("W"))
