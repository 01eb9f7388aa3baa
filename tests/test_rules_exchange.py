"""R13-R16: exchanging the trump nine (the trump jack in Schnapsen), with every exchange option.

Rules: docs/rules.md#4-exchanging-the-trump-nine.
"""
import pytest

from engine.hand import IllegalAction
from engine.names import card_name
from engine.notation import parse_action
from engine.rules import SIXTY_SIX, SCHNAPSEN
from helpers import DL, ND, hand, play, legal, mask, snapshot


def _leader_with_a_trick(rules=SIXTY_SIX):
    """Hearts trump (AH face up); the non-dealer holds 9H, wins trick 1 and must draw."""
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="AH",
             stock="9C 9S", rules=rules)
    return play(h, "AC 9D")


def test_r13_exchange_swaps_the_nine_for_the_trump_card_both_become_known():
    h = play(_leader_with_a_trick(), "W X")
    assert card_name(h.trump_card) == "9H"  # the nine lies face up in the ace's place
    assert h.hands[ND] & mask("AH") and not h.hands[ND] & mask("9H")
    assert h.exchanged_by == ND
    seen_by_dealer = h.view(DL)
    assert seen_by_dealer.opp_known == mask("AH")  # everyone knows who holds the old trump card
    assert seen_by_dealer.trump_card == h.trump_card
    assert h.stock_size == 10  # the stock keeps its size
    assert h.to_move == ND and h.trick_card == -1  # still the lead


def test_r14_exchange_needs_the_draw_done():
    h = _leader_with_a_trick()
    assert legal(h) == {"D", "W", "C"}  # before the draw: no exchange (R14.3)
    with pytest.raises(IllegalAction, match="draw first"):
        h.apply(parse_action("X"))
    play(h, "W")
    assert "X" in legal(h)


def test_r14_exchange_needs_a_trick_won():
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="AH")
    assert "X" not in legal(h)  # the non-dealer on the opening lead has no trick
    with pytest.raises(IllegalAction, match="trick won"):
        h.apply(parse_action("X"))


def test_r14_exchange_is_for_the_leader_only():
    # the dealer holds 9H and wins trick 1, then follows on trick 2
    h = hand(nondealer="AC TC KC QC JC 9C", dealer="9H QH AD KD JD 9D", trump="AH",
             stock="9S TD")
    play(h, "9C QH W JD TD W AC")  # the dealer trumps, leads JD, the non-dealer wins with TD
    assert h.to_move == DL and h.tricks(DL) == 1 and h.hands[DL] & mask("9H")
    assert "X" not in legal(h)


def test_v_ex1_exchange_timing_any_lets_the_follower_exchange_and_play_the_trump_card():
    rules = SIXTY_SIX.but(exchange_timing="any")
    h = hand(nondealer="AC TC KC QC JC 9C", dealer="9H QH AD KD JD 9D", trump="AH",
             stock="9S TD", rules=rules)
    play(h, "9C QH W JD TD W AC")
    assert "X" in legal(h)
    play(h, "X AH")  # the follower takes the ace of trumps and wins the trick with it
    assert card_name(h.trump_card) == "9H" and h.exchanged_by == DL
    assert h.tricks(DL) == 2 and h.last_trick == (parse_action("AC"), parse_action("AH"), DL)


def test_v_ex1_follower_still_needs_a_trick():
    rules = SIXTY_SIX.but(exchange_timing="any")
    h = hand(nondealer="AC TC KC QC JC 9C", dealer="9H QH AD KD JD 9D", trump="AH", rules=rules)
    play(h, "AC")
    assert "X" not in legal(h)  # the dealer has won nothing yet


def test_v_ex2_exchange_without_a_trick():
    rules = SIXTY_SIX.but(exchange_needs_trick=False)
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="AH", rules=rules)
    assert "X" in legal(h)  # before trick 1
    play(h, "X")
    assert h.hands[ND] & mask("AH")


def test_schnapsen_exchanges_the_trump_jack_without_a_trick():
    h = hand(nondealer="JH AC TC KC QC", dealer="JD QD KD TD AD", trump="AH", rules=SCHNAPSEN)
    assert "X" in legal(h)
    play(h, "X")
    assert card_name(h.trump_card) == "JH" and h.hands[ND] & mask("AH")


def _stock_of(n, rules=SIXTY_SIX):
    """The non-dealer (with 9H, hearts trump) wins tricks and draws until the stock holds n."""
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S JS QS KS TS AS JH QH TH AH", rules=rules)
    for lead, follow in zip("AC TC KC QC JC".split(), "9D JD QD KD TD".split()):
        if h.stock_size == n:
            break
        play(h, lead + " " + follow + " W")
    assert h.stock_size == n and h.to_move == ND and h.hands[ND] & mask("9H")
    return h


def test_r15_exchange_with_two_stock_cards_is_allowed_by_default():
    h = _stock_of(2)
    assert "X" in legal(h)
    play(h, "X")
    assert h.hands[ND] & mask("KH") and card_name(h.trump_card) == "9H"


def test_r15_r11_after_an_exchange_at_two_stock_cards_the_loser_draws_the_nine():
    """The hand played on after the exchange at two cards (a path only random play reached):
    the trick's winner draws the face-down card, its loser the 9 now face up (R11, R12)."""
    h = _stock_of(2)
    play(h, "X AS 9S")  # the non-dealer swaps, leads the ace of spades and takes the trick
    assert h.draw_pending and card_name(h.trump_card) == "9H" and h.to_move == ND
    play(h, "W")
    assert h.stock_size == 0 and h.trump_card < 0
    assert h.hands[1 - ND] & mask("9H") and not h.hands[ND] & mask("9H")
    while not h.over:  # strict play to the end: each seat's lowest legal card
        play(h, sorted(legal(h) - {"D"})[0])
    assert h.over and sum(h.tricks_won) == 12


@pytest.mark.parametrize("stock, allowed", [(4, True), (2, False)])
def test_r15_exchange_min_stock_4(stock, allowed):
    h = _stock_of(stock, SIXTY_SIX.but(exchange_min_stock=4))
    assert ("X" in legal(h)) == allowed


def _opponent_closes(rules):
    """The non-dealer closes at once; the dealer holds 9H (hearts trump) and no trick."""
    h = hand(nondealer="AC TC KC QC JC AD", dealer="9H JH 9C JD QD KD", trump="AH", rules=rules)
    return play(h, "C AC")


def test_v_ex4_off_by_default():
    h = _opponent_closes(SIXTY_SIX)
    assert legal(h) == {"9C"}  # strict: follow suit; no exchange for the closer's opponent


def test_v_ex4_exchange_on_opponent_close():
    h = _opponent_closes(SIXTY_SIX.but(exchange_on_opponent_close=True))
    assert legal(h) == {"X", "9C"}
    play(h, "X")
    assert h.hands[DL] & mask("AH") and card_name(h.trump_card) == "9H"
    assert h.closed_by == ND and h.stock_size == 12  # still closed, the nine turned down
    play(h, "9C")


def test_v_ex4_only_on_the_trick_after_the_close():
    h = _opponent_closes(SIXTY_SIX.but(exchange_on_opponent_close=True))
    play(h, "9C TC")  # the dealer lets the chance go; trick 2: void in clubs, must trump
    assert legal(h) == {"9H", "JH"}


def test_r16_exchange_only_once():
    h = play(_leader_with_a_trick(), "W X")
    assert "X" not in legal(h)
    with pytest.raises(IllegalAction):
        h.apply(parse_action("X"))


def test_r16_no_exchange_when_the_nine_is_the_trump_card():
    h = hand(nondealer="AH AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="9H",
             rules=SIXTY_SIX.but(exchange_needs_trick=False, exchange_timing="any"))
    assert "X" not in legal(h)
    play(h, "AC")
    assert "X" not in legal(h)


def test_r16_nine_drawn_on_the_final_draw_cannot_be_exchanged():
    h = hand(nondealer="AC TC KC QC JC 9C", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9S JS QS KS TS AS JH QH TH AH 9H")
    for lead, follow in zip("AC TC KC QC JC 9C".split(), "9D JD QD KD TD AD".split()):
        play(h, lead + " " + follow + " W")
    assert h.hands[ND] & mask("9H") and h.stock_size == 0  # drawn as the last face-down card
    assert "X" not in legal(h)


def test_r16_exchange_is_never_compulsory():
    h = play(_leader_with_a_trick(), "W")
    before = snapshot(h)
    assert "X" in legal(h)
    play(h, "9H")  # leading the nine itself is fine
    assert h.exchanged_by == -1 and before["face_up"] == h.trump_card
