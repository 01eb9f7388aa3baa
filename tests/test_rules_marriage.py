"""R20-R23 marriages, D2 (what may follow an announcement) and pending marriages (R21).

Rules: docs/rules.md#6-marriages; D2 in #engine-decisions.
"""
import pytest

from engine.hand import IllegalAction
from engine.notation import parse_action
from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, legal, mask


def _leader_with_clubs_marriage(rules=SIXTY_SIX):
    """Hearts trump (KH up); the non-dealer wins trick 1 (AC on 9D: 11), draws, holds KC QC."""
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S", rules=rules)
    return play(h, "AC 9D W")


def test_r20_marriage_of_a_plain_suit_is_worth_20_and_its_k_or_q_must_be_led():
    h = _leader_with_clubs_marriage()
    assert "M:C" in legal(h) and h.points(ND) == 11
    play(h, "M:C")
    assert h.points(ND) == 31
    assert legal(h) == {"KC", "QC", "D"}  # D2
    assert h.view(DL).opp_known == mask("KC QC")  # both cards shown
    play(h, "QC")
    assert h.view(DL).opp_known == mask("KC")  # the partner stays known in hand
    assert h.view(DL).marriages[ND] == 1 << 0  # clubs


def test_r20_trump_marriage_is_worth_40():
    h = hand(nondealer="AC KS QS TC JC 9C", dealer="9D JD QD KD TD AD", trump="AS")
    play(h, "AC 9D W M:S")
    assert h.points(ND) == 11 + 40
    play(h, "KS")


def test_d2_one_marriage_per_lead_and_nothing_else_after_an_announcement():
    h = hand(nondealer="AC KD QD KC QC 9H", dealer="9D JD TD AD JC TC", trump="KH",
             stock="9C 9S")
    play(h, "AC 9D W")
    assert {"M:C", "M:D", "X", "C"} <= legal(h)
    play(h, "M:D")
    assert legal(h) == {"KD", "QD", "D"}
    for word in ("M:C", "X", "C", "W", "AC"):
        with pytest.raises(IllegalAction):
            h.apply(parse_action(word))


def test_r20_the_follower_never_declares_a_marriage():
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="KD QD 9D JD TD AD", trump="KH")
    play(h, "AC")
    assert not any(a.startswith("M:") for a in legal(h))
    with pytest.raises(IllegalAction, match="only the leader"):
        h.apply(parse_action("M:D"))


def test_r21_first_lead_marriage_is_pending_until_the_first_trick():
    # the non-dealer announces hearts on the opening lead; the dealer takes KH with AH
    h = hand(nondealer="KH QH 9C JC QC KC", dealer="AH 9D JD QD KD AS", trump="9S",
             stock="AC TD")
    play(h, "M:H KH AH W")
    assert h.melds[ND] == 20 and h.points(ND) == 0  # pending: worth nothing yet
    assert h.view(DL).points[ND] == 0
    play(h, "9D TD")  # the non-dealer wins a trick: the marriage counts from now on
    assert h.points(ND) == 20 + 10


def test_r21_pending_marriage_counts_with_the_very_trick_it_was_led_to():
    h = hand(nondealer="KH QH 9C JC QC KC", dealer="AC 9D JD QD KD TD", trump="9S")
    play(h, "M:H KH 9D")  # hearts led, diamonds played: the leader wins
    assert h.tricks(ND) == 1 and h.points(ND) == 20 + 4


def test_r21_no_declaring_66_on_a_pending_marriage():
    h = hand(nondealer="KS QS 9C JC QC KC", dealer="AC 9D JD QD KD TD", trump="9S")
    play(h, "M:S")
    assert legal(h) == {"KS", "QS"}  # D1: no trick, so no D even after 40


def test_marriage_on_first_lead_can_be_forbidden():
    rules = SIXTY_SIX.but(marriage_on_first_lead=False)
    h = hand(nondealer="KH QH 9C JC QC KC", dealer="AC 9D JD QD KD TD", trump="9S", rules=rules)
    assert "M:H" not in legal(h) and "M:C" not in legal(h)
    play(h, "9C AC W")  # trick 2: the dealer leads; later leads allow marriages again
    h2 = hand(nondealer="KH QH 9C JC QC KC", dealer="9D AC JD QD KD TD", trump="9S", rules=rules)
    play(h2, "9C 9D W")
    assert {"M:H", "M:C"} <= legal(h2)


def test_r22_no_marriage_once_closed():
    h = play(_leader_with_clubs_marriage(), "C")
    assert "M:C" not in legal(h)


def test_r22_no_marriage_once_exhausted():
    # the non-dealer wins six tricks and keeps KC QC into the strict phase
    h = hand(nondealer="KC QC AD TD JD 9D", dealer="9S JS QS 9H JH QH", trump="KH",
             stock="AC TC AS TS KS 9C JC KD QD AH TH")
    play(h, "AD 9S W TD JS W JD QS W 9D TS W AC TC W AS 9C W")
    assert h.stock_size == 0 and h.to_move == ND
    assert h.hands[ND] == mask("KC QC KS JC QD TH")
    assert "M:C" not in legal(h)


def test_marriage_after_close_option():
    h = play(_leader_with_clubs_marriage(SIXTY_SIX.but(marriage_after_close=True)), "C")
    assert "M:C" in legal(h)
    play(h, "M:C KC")
    assert h.points(ND) == 31


def test_r23_going_out_on_a_marriage_without_leading():
    # the non-dealer takes 21 twice (42), then announces the trump marriage (40): 82
    h = hand(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    play(h, "AC TC W AD TD W M:H")
    assert h.points(ND) == 82 and "D" in legal(h)
    play(h, "D")
    assert h.over and h.winner == ND and h.game_points == 3  # the dealer has no trick
    assert h.hands[ND] & mask("KH QH") == mask("KH QH")  # neither card had to be led
