"""R28-R30b declaring 66, D1 (when declaring is legal) and D7 (declarations in a closed hand).

Rules: docs/rules.md#8-declaring-66; D1, D7 in #engine-decisions.
"""
import pytest

from engine.hand import IllegalAction
from engine.notation import parse_action
from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, legal

NO_SCHWARZ3 = SIXTY_SIX.but(false_declare_schwarz3=False)


def _non_dealer_won_trick_1(rules=SIXTY_SIX):
    """Hearts trump (KH up); the non-dealer holds 9H, KC QC and wins trick 1 (AC on TC: 21)."""
    h = hand(nondealer="AC AD KC QC 9H JC", dealer="TC 9D JD QD TD 9S", trump="KH",
             stock="9C JS", rules=rules)
    return play(h, "AC TC")


# ---- D1: when declaring is legal ---------------------------------------------------------
@pytest.mark.parametrize("moves", ["", "W", "W X", "W C", "C", "W M:C", "W X C"])
def test_d1_declare_stays_legal_through_the_whole_lead_turn(moves):
    h = play(_non_dealer_won_trick_1(), moves)
    assert "D" in legal(h)


def test_d1_declare_is_offered_whatever_the_total():
    h = _non_dealer_won_trick_1()
    assert h.points(ND) == 21 and "D" in legal(h)


def test_d1_no_declaring_without_a_trick():
    h = hand(nondealer="AC AD KC QC 9H JC", dealer="TC 9D JD QD TD 9S", trump="KH")
    assert "D" not in legal(h)
    with pytest.raises(IllegalAction, match="won no trick"):
        h.apply(parse_action("D"))


def test_d1_r29_no_declaring_once_the_lead_is_played():
    h = play(_non_dealer_won_trick_1(), "W AD")
    assert h.to_move == DL and "D" not in legal(h)
    with pytest.raises(IllegalAction, match="only the leader"):
        h.apply(parse_action("D"))


def test_r29_the_follower_cannot_declare_even_with_a_trick():
    # the dealer wins trick 1, then follows on trick 2
    h = hand(nondealer="9C AD KC QC 9H JC", dealer="AC 9D JD QD TD 9S", trump="KH",
             stock="TC JS")
    play(h, "9C AC W 9D AD W JC")  # the dealer wins 11, the non-dealer 11, leads JC
    assert h.to_move == DL and h.tricks(DL) == 1
    assert "D" not in legal(h)
    with pytest.raises(IllegalAction, match="only the leader"):
        h.apply(parse_action("D"))


# ---- R28, R30, R30a: correct and false declarations in an open hand ------------------------
def test_r28_correct_declaration_ends_the_hand_at_once():
    # 21 + 21 + 40 (trump marriage) = 82
    h = hand(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    play(h, "AC TC W AD TD W M:H D")
    assert h.over and h.winner == ND and h.reason == "declared" and h.declared_by == ND
    assert h.legal_actions() == [] and h.to_move is None  # D10


def test_r30_marriages_that_count_are_part_of_the_total():
    # 21 + 20 (clubs) = 41: false; the same with 21 + 21 + 20 + 4 = 66 is correct
    h = hand(nondealer="AC AD KC QC 9S JS", dealer="TC TD 9C JC QD KD", trump="9H")
    play(h, "AC TC W AD TD W M:C KC 9C")  # 42 + 20 + 4 = 66
    assert h.points(ND) == 66
    play(h, "W D")
    assert h.winner == ND and h.reason == "declared"


@pytest.mark.parametrize("rules, points", [(SIXTY_SIX, 3), (NO_SCHWARZ3, 2)])
def test_r30a_false_declaration_opponent_without_a_trick_scores_3(rules, points):
    h = _non_dealer_won_trick_1(rules)
    play(h, "D")  # 21 is not 66
    assert h.over and h.winner == DL and h.game_points == points
    assert h.reason == "false declaration" and h.declared_by == ND


def test_r30a_false_declaration_opponent_with_a_trick_scores_2():
    h = hand(nondealer="9C AD KC QC 9H JC", dealer="AC 9D JD QD TD 9S", trump="KH",
             stock="TC JS")
    play(h, "9C AC W 9D AD W")  # each has a trick; the non-dealer leads with 11
    play(h, "D")
    assert h.winner == DL and h.game_points == 2 and h.reason == "false declaration"


def test_r30b_reaching_66_without_declaring_changes_nothing():
    h = hand(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    play(h, "AC TC W AD TD W M:H KH 9C W")  # 42 + 40 + 4 = 86, not declared
    assert h.points(ND) == 86 and not h.over
    assert "D" in legal(h) and len(legal(h)) > 1  # play goes on; D stays on offer


# ---- D7: declarations in a closed hand -------------------------------------------------------
def _closer_reaches_67(rules=SIXTY_SIX):
    """Hearts trump (JH up). The non-dealer takes 21, closes with the dealer trickless, takes
    21 + 21, loses a trick to the dealer's QH (7), then wins with KH: 67 against 7 (1 trick)."""
    h = hand(nondealer="AC AD AS KC QC KH", dealer="TC TD TS 9D 9S QH", trump="JH",
             stock="9C JD", rules=rules)
    play(h, "AC TC W C AD TD AS TS KC QH 9D KH")
    assert h.closed_by == ND and h.points(ND) == 67 and h.points(DL) == 7
    assert (h.frozen_tricks, h.frozen_points) == (0, 0)
    return h


def test_d7_closer_declares_correctly_scored_from_the_frozen_values():
    h = play(_closer_reaches_67(), "D")
    assert h.winner == ND and h.game_points == 3 and h.reason == "closer won"  # 0 tricks at close


def test_d7_closer_declares_correctly_close_score_at_end():
    h = play(_closer_reaches_67(SIXTY_SIX.but(close_score_at="end")), "D")
    assert h.winner == ND and h.game_points == 2  # the dealer now has a trick and 7 points


@pytest.mark.parametrize("rules, points", [
    (SIXTY_SIX, 3), (NO_SCHWARZ3, 3), (SIXTY_SIX.but(failed_close_always3=True), 3)])
def test_d7_closer_declares_falsely_opponent_trickless_at_the_close(rules, points):
    h = hand(nondealer="AC AD AS KC QC KH", dealer="TC TD TS 9D 9S QH", trump="JH",
             stock="9C JD", rules=rules)
    play(h, "AC TC W C AD TD D")  # 42
    assert h.winner == DL and h.game_points == points and h.reason == "closer declared falsely"


@pytest.mark.parametrize("rules, points", [
    (SIXTY_SIX, 2), (SIXTY_SIX.but(failed_close_always3=True), 3)])
def test_d7_closer_declares_falsely_opponent_with_a_trick_at_the_close(rules, points):
    # the dealer wins trick 1, the non-dealer trick 2, then closes and declares 11 points
    h = hand(nondealer="9D AC TC KC QC JC", dealer="AD JD QD KD TD 9S", trump="KH",
             stock="9C JS 9H JH", rules=rules)
    play(h, "9D AD W 9S JS W C D")
    assert h.winner == DL and h.game_points == points


def _opponent_of_closer(rules=SIXTY_SIX):
    """The non-dealer closes at once; the dealer heads every lead."""
    h = hand(nondealer="TC TD TS JC JD JS", dealer="AC AD AS KC KD KS", trump="QH", rules=rules)
    return play(h, "C TC AC")


@pytest.mark.parametrize("rules, points", [
    (SIXTY_SIX, 3), (SIXTY_SIX.but(beaten_closer_flat2=True), 2),
    (SIXTY_SIX.but(failed_close_always3=True), 3)])
def test_d7_r37b_closers_opponent_declares_correctly(rules, points):
    h = play(_opponent_of_closer(rules), "AD TD AS TS KC JC")
    assert h.points(DL) == 69
    play(h, "D")
    assert h.winner == DL and h.game_points == points and h.reason == "closer beaten"


def test_d7_r37b_closers_opponent_had_a_trick_at_the_close():
    # the dealer wins trick 1 (AD on 9D), the non-dealer trick 2 (JC on 9C) and closes
    h = hand(nondealer="9D JC QC KC TS JD", dealer="AD AC AS TC TD KS", trump="KH",
             stock="9C 9S QS 9H")
    play(h, "9D AD W 9C JC W C")
    assert h.closed_by == ND and (h.frozen_tricks, h.frozen_points) == (1, 11)
    play(h, "QC AC AS TS TC KC TD JD")  # the dealer heads or is followed: 11 + 14 + 21 + 14 + 12
    assert h.points(DL) == 72
    play(h, "D")
    assert h.winner == DL and h.game_points == 2 and h.reason == "closer beaten"


@pytest.mark.parametrize("rules, points", [(SIXTY_SIX, 3), (NO_SCHWARZ3, 2)])
def test_d7_closers_opponent_declares_falsely_closer_without_a_trick(rules, points):
    h = play(_opponent_of_closer(rules), "D")  # the dealer: 21
    assert h.winner == ND and h.game_points == points and h.reason == "false declaration"


def test_d7_closers_opponent_declares_falsely_closer_with_a_trick():
    # as in _closer_reaches_67, but the dealer declares on his 7 points after taking KC with QH
    h = hand(nondealer="AC AD AS KC QC KH", dealer="TC TD TS 9D 9S QH", trump="JH",
             stock="9C JD")
    play(h, "AC TC W C AD TD AS TS KC QH D")
    assert h.winner == ND and h.game_points == 2 and h.reason == "false declaration"
