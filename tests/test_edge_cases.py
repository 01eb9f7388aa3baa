"""R42: the thirteen edge cases, each with its default answer (and the option where there is one).

Rules: docs/rules.md#12-turn-order-and-edge-cases (R42).
"""
from engine.hand import Hand
from engine.record import replay
from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, legal, cards, mask, scale

BOTH_OVER_66 = """
    # seat 1 reaches 74 with two marriages but does not declare; seat 0 announces diamonds
    # (72) and declares first: seat 0 wins, 1 game point since the loser has 66+
    preset sixty-six
    dealer 0
    deck QH QC KC AS 9C TD KH JD TS AD TC KS AC 9H JH QD AH TH 9S KD QS JS 9D JC
    play M:C QC AD W M:H KH 9C W TC KC W AS AH W JH TS W M:D D
"""

DRAWN_65_65 = """
    preset sixty-six
    dealer 0
    deck KH KD KC AS 9C TH KS AD JD JC QH AC AH QD 9H TS TD QS 9D QC 9S JS TC JH
    play KD AS W KH JC W KS 9H W QH QD W QC JD W TD 9S W QS TS AH TH AD JH JS 9D 9C TC KC AC
"""

CLOSER_67_UNDECLARED = ("TD QS 9S KC JH AC TH QD AH 9D AS KS QC TS 9C AD JD KH QH KD TC JS JC 9H",
                        "QS KS W AC QD W C JH TH TD AD 9D JD AH KC TS 9S AS 9C")


def test_r42_1_both_at_66_the_first_correct_declaration_wins_1_point():
    h = replay(BOTH_OVER_66)
    assert (h.points(0), h.points(1)) == (72, 74)
    assert h.winner == 0 and h.declared_by == 0 and h.game_points == 1


def test_r42_2_65_65_is_a_draw():
    h = replay(DRAWN_65_65)
    assert (h.points(0), h.points(1)) == (65, 65)
    assert h.winner is None and h.game_points == 0 and h.reason == "drawn"


def test_r42_3_no_trick_but_a_marriage_counts_nothing_opponent_scores_3():
    # the non-dealer announces hearts on the opening lead and never wins a trick
    h = hand(nondealer="KH QH 9C JC QC 9D", dealer="AH TH AC TC AD TD", trump="9S")
    play(h, "M:H KH AH W TH QH W AC 9C W TC JC W AD 9D W TD QC")
    assert h.melds[ND] == 20 and h.tricks(ND) == 0 and h.points(ND) == 0
    assert h.points(DL) == 75
    play(h, "D")
    assert h.winner == DL and h.game_points == 3


def test_r42_4_pending_marriage_of_a_player_who_never_wins_a_trick_is_worth_nothing():
    # as in 3, but the dealer closes: the frozen values ignore the pending 20 (D5), so schwarz
    h = hand(nondealer="KH QH 9C JC QC 9D", dealer="AH TH AC TC AD TD", trump="9S",
             stock="9H KC")
    play(h, "M:H KH AH W C TH QH AC 9C TC JC AD 9D TD QC")
    assert (h.frozen_tricks, h.frozen_points) == (0, 0) and h.points(ND) == 0
    play(h, "D")
    assert h.winner == DL and h.reason == "closer won" and h.game_points == 3


def test_r42_5_marriage_to_66_with_a_trick_declares_without_leading():
    h = hand(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    play(h, "AC TC W AD TD W M:H")
    assert legal(h) == {"KH", "QH", "D"} and h.points(ND) == 82
    play(h, "D")
    assert h.winner == ND and h.hands[ND] & mask("KH QH") == mask("KH QH")


def _stock_2(rules=SIXTY_SIX):
    """The non-dealer (holding 9H, hearts trump) wins five tricks; the stock is down to 2."""
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S JS QS KS TS AS JH QH TH AH", rules=rules)
    play(h, "AC 9D W TC JD W KC QD W QC KD W JC TD W")
    assert h.stock_size == 2
    return h


def test_r42_6_exchange_with_stock_2_allowed_by_default_option_forbids():
    assert "X" in legal(_stock_2())
    assert "X" not in legal(_stock_2(SIXTY_SIX.but(exchange_min_stock=4)))


def test_r42_7_close_with_stock_2_allowed_by_default_option_forbids():
    assert "C" in legal(_stock_2())
    assert "C" not in legal(_stock_2(SIXTY_SIX.but(close_min_stock=4)))


def test_r42_8_the_face_up_trump_is_part_of_the_stock():
    h = _stock_2()
    assert not h.strict  # one face-down card and the trump card: still open
    play(h, "9C")
    assert len(legal(h)) == 6  # trick 6 is free play
    play(h, "AD W")
    assert h.stock_size == 0 and h.strict  # exhausted only once the trump card is taken


def test_r42_9_closing_before_the_first_trick():
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH")
    play(h, "C")
    assert h.closed_by == ND and h.trick_no == 0 and len(legal(h)) == 6


def test_r42_10_closer_reached_66_but_never_declared_fails():
    deck, moves = CLOSER_67_UNDECLARED
    h = play(Hand(cards(deck), 0), moves)
    assert h.closed_by == 0 and h.points(0) == 67
    assert h.winner == 1 and h.reason == "closer failed" and h.game_points == 3


def test_r42_10_with_auto_declare_the_closer_wins():
    deck, moves = CLOSER_67_UNDECLARED
    h = Hand(cards(deck), 0, SIXTY_SIX.but(auto_declare=True))
    for word in moves.split():
        if h.over:
            break
        play(h, word)
    assert h.winner == 0 and h.reason == "closer won" and h.points(0) == 67
    assert h.game_points == scale(0, 0) == 3  # seat 1 had no trick at the close


def test_r42_11_opponent_closes_while_i_hold_the_nine_without_a_trick():
    deal = dict(nondealer="AC TC KC QC JC AD", dealer="9H JH 9C JD QD KD", trump="AH")
    h = play(hand(**deal), "C AC")
    assert "X" not in legal(h)
    h = play(hand(rules=SIXTY_SIX.but(exchange_on_opponent_close=True), **deal), "C AC")
    assert "X" in legal(h)  # V-EX4


def test_r42_12_a_zero_point_trick_is_a_trick():
    # the non-dealer's first-lead marriage waits; a 9D-9S trick activates it
    h = hand(nondealer="KH QH 9S JC QC KC", dealer="AH 9D JD QD KD TD", trump="JS",
             stock="AC TC")
    play(h, "M:H KH AH W 9D 9S")
    assert h.tricks(ND) == 1 and h.won[ND] == 0
    assert h.points(ND) == 20  # the pending marriage now counts


def test_r42_12_a_zero_point_trick_makes_schneider_not_schwarz():
    h = hand(nondealer="9C AS KS QS AH TH", dealer="9S 9D 9H JH QC KC", trump="JS")
    play(h, "9C 9S W 9D AS W AH 9H W TH JH W M:S D")
    assert h.points(DL) == 0 and h.tricks(DL) == 1 and h.game_points == 2


def test_r42_13_the_close_records_the_opponents_tricks_and_points():
    h = hand(nondealer="9D AC TC KC QC JC", dealer="AD JD QD KD TD 9S", trump="KH",
             stock="9C JS 9H JH")
    play(h, "9D AD W 9S JS W C")
    assert (h.frozen_tricks, h.frozen_points) == (1, 11) and h.close_trick == 2
