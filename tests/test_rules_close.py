"""R17-R19 closing the stock, as settled by D4 (when), D5 (frozen values) and D6 (stock count).

Rules: docs/rules.md#5-closing-the-stock; D4-D6 in #engine-decisions.
"""
import pytest

from engine.cards import popcount
from engine.hand import IllegalAction
from engine.names import card_name
from engine.notation import parse_action
from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, legal, mask


def _after_trick_1(rules=SIXTY_SIX):
    """Hearts trump (KH face up); the non-dealer (with 9H) wins trick 1 with AC: 11 points."""
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S", rules=rules)
    return play(h, "AC 9D")


def test_r17_close_before_the_draw_keeps_both_hands_at_five():
    h = _after_trick_1()
    assert legal(h) == {"D", "W", "C"}
    play(h, "C")
    assert h.closed_by == ND
    assert popcount(h.hands[ND]) == 5 and popcount(h.hands[DL]) == 5
    assert legal(h) == {"D", "TC", "KC", "QC", "9H", "JC"}  # D4: declare and lead remain
    assert not h.draw_pending


def test_r17_close_after_the_draw_with_six_cards():
    h = play(_after_trick_1(), "W")
    assert "C" in legal(h)
    play(h, "C")
    assert popcount(h.hands[ND]) == 6 and popcount(h.hands[DL]) == 6
    assert h.stock_size == 10


def test_r19_nobody_draws_after_the_close_and_the_hand_ends_when_hands_are_empty():
    h = play(_after_trick_1(), "C")
    while not h.over:  # play the first legal card each time
        acts = [a for a in h.legal_actions() if a < 24]
        assert acts, legal(h)
        h.apply(acts[0])
    assert h.trick_no == 6  # 1 before the close + 5 after
    assert h.stock_size == 12  # D6: the closed stock keeps its 11 cards and the trump card
    assert h.bonus == [0, 0]  # R19.4: no last-trick bonus in a closed hand


def test_r17_non_dealer_may_close_before_trick_1_with_six_cards():
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="9D JD QD KD TD AD", trump="KH")
    assert "C" in legal(h)
    play(h, "C")
    assert popcount(h.hands[ND]) == 6 and h.closed_by == ND and h.strict


def test_close_before_first_trick_can_be_forbidden():
    rules = SIXTY_SIX.but(close_before_first_trick=False)
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="9D JD QD KD TD AD", trump="KH", rules=rules)
    assert "C" not in legal(h)
    with pytest.raises(IllegalAction, match="R17"):
        h.apply(parse_action("C"))
    play(h, "AC 9D")
    assert "C" in legal(h)  # from trick 2 on


def test_close_before_draw_can_be_forbidden():
    h = _after_trick_1(SIXTY_SIX.but(close_before_draw=False))
    assert legal(h) == {"D", "W"}
    play(h, "W")
    assert "C" in legal(h)


def test_r17_the_follower_never_closes():
    h = hand(nondealer="AC TC KC QC 9H JC", dealer="9D JD QD KD TD AD", trump="KH")
    play(h, "AC")
    assert "C" not in legal(h)
    with pytest.raises(IllegalAction, match="only the leader"):
        h.apply(parse_action("C"))


def _stock_of(n, rules=SIXTY_SIX, draw=True):
    """The non-dealer wins tricks leading clubs until the stock holds n (after or before the draw)."""
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S JS QS KS TS AS JH QH TH AH", rules=rules)
    for lead, follow in zip("AC TC KC QC JC".split(), "9D JD QD KD TD".split()):
        play(h, lead + " " + follow)
        if h.stock_size == n and not draw:
            return h
        play(h, "W")
        if h.stock_size == n:
            return h
    raise AssertionError("stock never held %d" % n)


@pytest.mark.parametrize("draw", [True, False])
def test_r18_close_with_two_stock_cards_is_allowed_by_default(draw):
    h = _stock_of(2, draw=draw)
    assert "C" in legal(h)
    play(h, "C")
    assert h.stock_size == 2 and h.trump_card >= 0  # D6


@pytest.mark.parametrize("stock, allowed", [(4, True), (2, False)])
def test_r18_close_min_stock_4(stock, allowed):
    h = _stock_of(stock, SIXTY_SIX.but(close_min_stock=4))
    assert ("C" in legal(h)) == allowed


def test_d4_after_a_close_no_exchange_no_marriage_but_declare_and_lead():
    # the non-dealer holds 9H (exchangeable) and KC QC (a marriage) and has a trick
    h = play(_after_trick_1(), "W")
    assert {"X", "C", "M:C", "D"} <= legal(h)
    play(h, "C")
    assert "X" not in legal(h) and "M:C" not in legal(h) and "C" not in legal(h)
    assert "D" in legal(h) and "KC" in legal(h)
    with pytest.raises(IllegalAction, match="R13-R16"):
        h.apply(parse_action("X"))
    with pytest.raises(IllegalAction, match="R20-R22"):
        h.apply(parse_action("M:C"))


def test_d4_close_before_draw_then_no_exchange():
    h = play(_after_trick_1(), "C")
    assert "X" not in legal(h)


def test_d5_values_frozen_at_the_close():
    # the dealer wins trick 1 (AD on 9D: 11), the non-dealer trick 2 (JS on 9S) and closes
    h = hand(nondealer="9D AC TC KC QC JC", dealer="AD JD QD KD TD 9S", trump="KH",
             stock="9C JS 9H JH")
    play(h, "9D AD W 9S JS W C")
    assert h.closed_by == ND
    assert (h.frozen_tricks, h.frozen_points) == (1, 11)
    assert h.view(DL).frozen == (1, 11) and h.view(ND).frozen == (1, 11)
    play(h, "TC 9C KC JH")  # the dealer follows with 9C, then trumps KC with JH
    assert h.tricks(DL) == 2 and h.points(DL) == 17
    assert (h.frozen_tricks, h.frozen_points) == (1, 11)  # later tricks do not change them


def test_d5_a_pending_marriage_is_not_frozen():
    # the non-dealer announces hearts on the opening lead and loses the trick; the dealer closes
    h = hand(nondealer="KH QH AC TC 9D JD", dealer="AH 9S JS QS KS TS", trump="9C")
    play(h, "M:H KH AH W C")
    assert h.closed_by == DL
    assert (h.frozen_tricks, h.frozen_points) == (0, 0)
    assert h.melds[ND] == 20 and h.points(ND) == 0  # pending (R21)


def test_d6_closed_stock_keeps_its_count_and_trump_card():
    h = play(_after_trick_1(), "W C")
    assert h.stock_size == 10 and card_name(h.trump_card) == "KH"
    assert h.view(DL).stock_size == 10 and h.view(DL).stock_hidden() == 9


def test_d6_exhausted_stock_is_empty():
    h = _stock_of(2)
    play(h, "9H AD W")  # trick 6; the dealer takes the trump card KH
    assert h.stock_size == 0 and h.trump_card == -1 and h.closed_by == -1
