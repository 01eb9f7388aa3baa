"""R8-R12 trick play with the stock open, R26-R27 the strict rules (full and follow-only).

Rules: docs/rules.md#3-play-while-the-stock-is-open and #7-strict-play.
"""
import pytest

from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, legal, mask

FOLLOW_ONLY = SIXTY_SIX.but(strictness="follow")


def test_r8_follower_may_play_any_card_while_the_stock_is_open():
    h = hand(nondealer="AH TC KC QC JC 9C", dealer="KH 9H AS QD JD 9D", trump="9S")
    play(h, "AH")
    assert legal(h) == {"KH", "9H", "AS", "QD", "JD", "9D"}  # no duty to follow, trump or win


def test_r8_leader_may_lead_any_card():
    h = hand(nondealer="AH TC KC QC JC 9C", dealer="KH 9H AS QD JD 9D", trump="9S")
    assert {"AH", "TC", "KC", "QC", "JC", "9C"} <= legal(h)


@pytest.mark.parametrize("lead, follow, winner, why", [
    ("QH", "KH", DL, "same suit: the higher rank wins"),
    ("TH", "KH", ND, "same suit: the ten beats the king"),
    ("AH", "9S", DL, "a trump beats any non-trump"),
    ("9S", "AH", ND, "a led trump beats a higher non-trump"),
    ("9D", "AH", ND, "two non-trump suits: the led card wins"),
    ("JS", "QS", DL, "trumps against trumps: the higher wins"),
])
def test_r9_who_wins_a_trick(lead, follow, winner, why):
    # spades are trump (the KS lies face up); the other cards are clubs and diamonds
    h = hand(nondealer=lead + " TC QC JC 9C AC", dealer=follow + " JD QD KD TD AD", trump="KS")
    play(h, lead + " " + follow)
    assert h.tricks(winner) == 1 and h.tricks(1 - winner) == 0, why


def test_r10_winner_takes_the_points_and_leads_next():
    h = hand(nondealer="KH TC KC QC JC 9C", dealer="AH 9D JD QD KD TD", trump="9S")
    play(h, "KH AH")  # the dealer wins with the ace: 4 + 11
    assert h.points(DL) == 15 and h.points(ND) == 0
    assert h.leader == DL and h.to_move == DL
    assert h.last_trick[2] == DL


def test_r11_the_trick_winner_draws_first_then_the_loser():
    h = hand(nondealer="KH TC KC QC JC 9C", dealer="AH 9D JD QD KD TD", trump="9S",
             stock="AS JS")
    play(h, "KH AH")
    assert legal(h) >= {"W"} and h.stock_size == 12
    play(h, "W")
    assert h.hands[DL] & mask("AS")  # the winner drew the top card
    assert h.hands[ND] & mask("JS")
    assert h.stock_size == 10 and not h.draw_pending


def _play_to_exhaustion():
    """The first six tricks: the non-dealer leads clubs and wins each; both draw."""
    h = hand(nondealer="AC TC KC QC JC 9C", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9S JS QS KS TS AS 9H JH QH TH AH")
    for lead, follow in zip("AC TC KC QC JC 9C".split(), "9D JD QD KD TD AD".split()):
        assert not h.strict
        play(h, lead + " " + follow + " W")
    return h


def test_r12_strict_phase_starts_at_trick_7_led_by_the_winner_of_trick_6():
    h = _play_to_exhaustion()
    assert h.trick_no == 6 and h.stock_size == 0 and h.trump_card == -1
    assert h.strict and h.leader == ND and h.to_move == ND
    assert h.hands[ND] == mask("9S QS TS 9H QH AH")  # the winner drew the last face-down card
    assert h.hands[DL] == mask("JS KS AS JH TH KH")  # the loser took the trump card


def test_r12_the_trump_card_is_part_of_the_stock_until_drawn():
    h = _play_to_exhaustion()
    assert "W" not in legal(h) and "C" not in legal(h)


def test_r27_exhausted_stock_brings_the_strict_rules_at_trick_7():
    h = _play_to_exhaustion()
    play(h, "QH")  # trumps led; the dealer holds JH TH KH: must head with TH or KH
    assert legal(h) == {"TH", "KH"}


def _closed(nondealer, dealer, trump="JS", rules=SIXTY_SIX):
    """The non-dealer closes at once (R17) so the strict rules hold from trick 1."""
    return play(hand(nondealer, dealer, trump, rules=rules), "C")


@pytest.mark.parametrize("dealer, lead, must", [
    ("AH KH 9H AC TC 9D", "QH", {"AH", "KH"}),  # follow suit and head the trick
    ("KH 9H AS TC JD 9D", "AH", {"KH", "9H"}),  # cannot head: any lower card of the suit
    ("QS KS AC TC JD 9D", "AH", {"QS", "KS"}),  # void in the suit: must trump
    ("AC TC KC JD 9D QD", "AH", {"AC", "TC", "KC", "JD", "9D", "QD"}),  # void in both: any
    ("9S KS AH TC JD 9D", "QS", {"KS"}),  # trumps led: head with a higher trump
    ("9S TC AH KC JD 9D", "QS", {"9S"}),  # trumps led, no higher trump: a lower one
    ("AC TC AH KC JD 9D", "QS", {"AC", "TC", "AH", "KC", "JD", "9D"}),  # no trump: any
])
def test_r26_full_strictness(dealer, lead, must):
    nd = " ".join([lead] + [c for c in "QC JC 9C QD KD TD AD".split() if c not in dealer][:5])
    h = _closed(nd, dealer)
    play(h, lead)
    assert legal(h) == must


@pytest.mark.parametrize("dealer, lead, must", [
    ("AH KH 9H AC TC 9D", "QH", {"AH", "KH", "9H"}),  # follow suit, no duty to head
    ("KH 9H AS TC JD 9D", "AH", {"KH", "9H"}),
    ("QS KS AC TC JD 9D", "AH", {"QS", "KS", "AC", "TC", "JD", "9D"}),  # void: no duty to trump
    ("9S KS AH TC JD 9D", "QS", {"9S", "KS"}),
])
def test_r26_follow_only_strictness(dealer, lead, must):
    nd = " ".join([lead] + [c for c in "QC JC 9C QD KD TD AD".split() if c not in dealer][:5])
    h = _closed(nd, dealer, rules=FOLLOW_ONLY)
    play(h, lead)
    assert legal(h) == must


def test_r26_leader_may_lead_any_card_in_the_strict_phase():
    h = _closed("AH QC JC 9C QD KD", "KH 9H AS TC JD 9D")
    assert legal(h) == {"AH", "QC", "JC", "9C", "QD", "KD"}  # no trick yet: no declare (D1)


def test_r27_strict_rules_start_with_the_first_card_after_the_close():
    before = hand("AH QC JC 9C QD KD", "KH 9H AS TC JD 9D", "JS")
    play(before, "AH")
    assert legal(before) == {"KH", "9H", "AS", "TC", "JD", "9D"}  # open: free
    after = _closed("AH QC JC 9C QD KD", "KH 9H AS TC JD 9D")
    play(after, "AH")
    assert legal(after) == {"KH", "9H"}  # the same cards after the close: follow suit


def test_r26_illegal_follow_is_refused_naming_the_rule():
    h = _closed("AH QC JC 9C QD KD", "KH 9H AS TC JD 9D")
    play(h, "AH")
    from engine.hand import IllegalAction
    from engine.notation import parse_action
    with pytest.raises(IllegalAction, match="R26"):
        h.apply(parse_action("AS"))
