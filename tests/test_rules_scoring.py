"""R31-R38 game points for a hand, with D8 (a never-closed hand runs out) and D9 (a closed one).

Rules: docs/rules.md#9-a-hand-played-to-the-last-card, #10-game-points, #engine-decisions.

Worked examples: explicit deals played move by move, or whole hands as records (engine.record).
"""
import pytest

from engine.match import Match
from engine.record import replay
from engine.rules import SIXTY_SIX
from helpers import DL, ND, hand, play, finish, scale, DRAWN_FIRST_HAND, drawn_match


# ---- R35: the 1 / 2 / 3 scale for a correct declaration ------------------------------------
def _declare_74(nondealer, dealer_trick_2):
    """Spades trump (JS up). The dealer takes TC with AC (21) and trick 2, then the non-dealer
    wins three tricks and goes out with the trump marriage: 11 + 11 + 12 + 40 = 74."""
    h = hand(nondealer=nondealer, dealer="AC AD TD 9C 9H JH", trump="JS", stock="QC AS KC JC")
    return play(h, "TC AC W " + dealer_trick_2 + " W 9C AS W AH 9H W TH JH W M:S D")


def test_r35_one_game_point_when_the_loser_has_33():
    h = _declare_74("TC JD AH TH KS QS", "TD JD")  # the dealer: 21 + 12 = 33
    assert (h.points(ND), h.points(DL)) == (74, 33)
    assert h.winner == ND and h.game_points == 1 and h.reason == "declared"


def test_r35_schneider_two_game_points_when_the_loser_has_32():
    h = _declare_74("TC 9D AH TH KS QS", "AD 9D")  # the dealer: 21 + 11 = 32
    assert (h.points(ND), h.points(DL)) == (74, 32)
    assert h.winner == ND and h.game_points == 2


def test_r35_schwarz_three_game_points_when_the_loser_has_no_trick():
    h = hand(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    play(h, "AC TC W AD TD W M:H D")  # 21 + 21 + 40
    assert h.tricks(DL) == 0 and h.winner == ND and h.game_points == 3


def test_r35_schneider_not_schwarz_with_only_a_zero_point_trick():
    # the dealer trumps 9C with 9S: a trick worth nothing, but a trick (R42.12)
    h = hand(nondealer="9C AS KS QS AH TH", dealer="9S 9D 9H JH QC KC", trump="JS")
    play(h, "9C 9S W 9D AS W AH 9H W TH JH W M:S D")
    assert h.tricks(DL) == 1 and h.points(DL) == 0 and h.points(ND) == 74
    assert h.winner == ND and h.game_points == 2


@pytest.mark.parametrize("points, tricks, expected", [
    (0, 0, 3), (0, 1, 2), (32, 3, 2), (33, 2, 1), (65, 5, 1), (90, 6, 1)])
def test_r35_scale_table(points, tricks, expected):
    from engine.score import scale as engine_scale
    assert engine_scale(points, tricks) == expected == scale(points, tricks)


# ---- R36 / R37: closed hands scored by declaration ---------------------------------------
CLOSER_67 = """
    # hearts trump; the non-dealer takes 21, closes (the dealer has no trick), takes 21 + 21,
    # loses KC to the dealer's QH (7 points, 1 trick), wins 9D with KH: 67, and declares
    preset sixty-six
    dealer 0
    deck AC AD AS TC TD TS KC QC KH 9D 9S QH JH 9C JD JC QD KD 9H TH AH JS QS KS
    play AC TC W C AD TD AS TS KC QH 9D KH D
"""


def _closer_67(options=""):
    if options:
        return replay(CLOSER_67.replace("dealer 0", "options %s\n    dealer 0" % options))
    return replay(CLOSER_67)


def test_r36_closer_scored_from_values_frozen_at_the_close():
    h = _closer_67()
    assert h.points(DL) == 7 and h.tricks(DL) == 1  # now
    assert (h.frozen_tricks, h.frozen_points) == (0, 0)  # at the close
    assert h.winner == ND and h.game_points == 3 and h.reason == "closer won"


def test_r36_close_score_at_end_reads_the_opponent_at_the_end():
    h = _closer_67("close_score_at=end")
    assert h.winner == ND and h.game_points == scale(7, 1) == 2


def test_r37a_beaten_closer_the_opponent_declares_first():
    # the non-dealer closes at once; the dealer heads every lead: 21 + 21 + 21 + 6 = 69
    h = hand(nondealer="TC TD TS JC JD JS", dealer="AC AD AS KC KD KS", trump="QH")
    play(h, "C TC AC AD TD AS TS KC JC D")
    assert h.winner == DL and h.game_points == 3 and h.reason == "closer beaten"


@pytest.mark.parametrize("options, points", [({}, 3), ({"beaten_closer_flat2": True}, 2),
                                             ({"failed_close_always3": True}, 3)])
def test_r37b_beaten_closer_options(options, points):
    h = hand(nondealer="TC TD TS JC JD JS", dealer="AC AD AS KC KD KS", trump="QH",
             rules=SIXTY_SIX.but(**options))
    play(h, "C TC AC AD TD AS TS KC JC D")
    assert h.winner == DL and h.game_points == points


@pytest.mark.parametrize("options, points", [({}, 3), ({"false_declare_schwarz3": False}, 2)])
def test_r30a_false_declare_schwarz3(options, points):
    h = hand(nondealer="AC AD KC QC 9H JC", dealer="TC 9D JD QD TD 9S", trump="KH",
             rules=SIXTY_SIX.but(**options))
    play(h, "AC TC D")  # 21 is not 66; the dealer has no trick
    assert h.winner == DL and h.game_points == points and h.reason == "false declaration"


# ---- R31-R33, D8: a never-closed hand runs out -------------------------------------------
RUN_OUT_DECLARED = """
    # seat 0 takes the last trick: 58 + 10 = 68; seat 1 has 82 with the diamond marriage but
    # never declared: D8 scores seat 0's correct declaration, 1 game point (82 >= 33)
    preset sixty-six
    dealer 0
    deck QD KD 9C QC TS JC AD AS 9S AC JS TD TH KC TC KS QS 9D AH JH 9H QH KH JD
    play M:D QD TS W AD AC W KC JC W KS TC W AS 9H W QC KH W KD TD TH JH QH 9S AH 9D JS JD QS 9C
"""

RUN_OUT_HIGHER_TOTAL = """
    # seat 1 takes the last trick: 39 + 10 = 49; seat 0 has 81 and wins, 1 game point
    preset sixty-six
    dealer 0
    deck 9D 9S TH KS 9H AD KC JD TC TD JS QC TS AH KH QH KD JH 9C QD QS AC AS JC
    play TC JS W AH KH W KS 9D W 9H 9C W QH JD W QD QS W KC AC QC JC AD KD TD AS 9S TS JH TH
"""

RUN_OUT_SCHNEIDER = """
    # seat 0 takes the last trick: 9 + 10 = 19 in 3 tricks; seat 1 has 111: 2 game points
    preset sixty-six
    dealer 0
    deck TH QH JD QC 9S QS KC AC AS QD AD JC KH 9H KD TC JH AH KS TS TD 9D 9C JS
    play QH AD W TH QC W AC KD W TC QD W X KC KS W AS TD W TS 9S KH JH JS QS 9C AH JD 9H JC 9D
"""

RUN_OUT_DRAWN = """
    # 65 - 65 (R33): a drawn hand, nobody scores
    preset sixty-six
    dealer 0
    deck KH KD KC AS 9C TH KS AD JD JC QH AC AH QD 9H TS TD QS 9D QC 9S JS TC JH
    play KD AS W KH JC W KS 9H W QH QD W QC JD W TD 9S W QS TS AH TH AD JH JS 9D 9C TC KC AC
"""


def _last_winner(h):
    return h.last_trick[2]


def test_r31_d8_last_trick_bonus_then_a_correct_declaration_even_if_the_other_has_more():
    h = replay(RUN_OUT_DECLARED)
    w = _last_winner(h)
    assert h.trick_no == 12 and h.closed_by == -1 and w == 0
    assert h.bonus == [10, 0]
    assert (h.points(0), h.points(1)) == (68, 82)
    assert h.winner == 0 and h.reason == "declared" and h.game_points == scale(82, h.tricks(1)) == 1


def test_r32_d8_higher_total_wins_when_the_last_trick_winner_is_short_of_66():
    h = replay(RUN_OUT_HIGHER_TOTAL)
    assert _last_winner(h) == 1 and h.bonus == [0, 10]
    assert (h.points(0), h.points(1)) == (81, 49)
    assert h.winner == 0 and h.reason == "run out" and h.game_points == 1


def test_r32_r35_run_out_is_scored_on_the_scale():
    h = replay(RUN_OUT_SCHNEIDER)
    assert (h.points(0), h.points(1), h.tricks(0)) == (19, 111, 3)
    assert h.winner == 1 and h.game_points == 2


def test_r3_r31_a_run_out_distributes_130_without_marriages():
    for text in (RUN_OUT_HIGHER_TOTAL, RUN_OUT_DRAWN):
        h = replay(text)
        assert h.points(0) + h.points(1) == 130


def test_r33_65_65_is_a_drawn_hand():
    h = replay(RUN_OUT_DRAWN)
    assert (h.points(0), h.points(1)) == (65, 65)
    assert h.over and h.winner is None and h.game_points == 0 and h.reason == "drawn"


def test_run_out_winner_last_gives_the_last_trick_1_point():
    text = RUN_OUT_HIGHER_TOTAL.replace("preset sixty-six", "preset sixty-six\noptions run_out_winner=last")
    h = replay(text)
    assert (h.points(0), h.points(1)) == (81, 49)
    assert h.winner == 1 and h.game_points == 1 and h.reason == "last trick"


# ---- R34, D9: a closed hand runs out -------------------------------------------------------
CLOSED_CLOSER_WINS = """
    # seat 0 closes after 3 tricks (seat 1 then had 1 trick, 10 points) and takes the last
    # trick with 84: the closer's correct declaration, scored from the frozen values: 2
    preset sixty-six
    dealer 0
    deck QH JS JC TH AS QC TD JH QS QD 9S KC AC 9H 9C AD AH KS KH TS JD 9D TC KD
    play TD 9S W JC KC W AD AH W X C AS QS KS JS TH KH QD JH AC 9H QC QH
"""

CLOSED_CLOSER_FAILS = """
    # seat 0 closes with seat 1 holding 2 tricks; seat 1 takes the last trick: 2 game points
    preset sixty-six
    dealer 0
    deck KC AD AC QH 9C KH QD QS TC QC 9S TD KD JD JH AS KS 9H TH 9D TS JC JS AH
    play QS QH W AC 9C W AS TD W C 9H TH JD KH QD QC TC KS AD JH KC 9S
"""

CLOSED_CLOSER_67_UNDECLARED = """
    # seat 0 closes (seat 1 has no trick), reaches 67 but never declares, and seat 1 takes the
    # last trick: the close failed (R34, R42.10), 3 game points
    preset sixty-six
    dealer 0
    deck TD QS 9S KC JH AC TH QD AH 9D AS KS QC TS 9C AD JD KH QH KD TC JS JC 9H
    play QS KS W AC QD W C JH TH TD AD 9D JD AH KC TS 9S AS 9C
"""


def test_d9_closer_takes_the_last_trick_with_66():
    h = replay(CLOSED_CLOSER_WINS)
    assert h.closed_by == 0 and _last_winner(h) == 0 and h.points(0) == 84
    assert (h.frozen_tricks, h.frozen_points) == (1, 10)
    assert h.bonus == [0, 0]  # R31: no bonus in a closed hand
    assert h.winner == 0 and h.reason == "closer won" and h.game_points == scale(10, 1) == 2


def test_d9_closer_fails_opponent_with_a_trick_at_the_close_scores_2():
    h = replay(CLOSED_CLOSER_FAILS)
    assert h.closed_by == 0 and h.frozen_tricks == 2
    assert h.winner == 1 and h.reason == "closer failed" and h.game_points == 2


def test_d9_failed_close_always3():
    text = CLOSED_CLOSER_FAILS.replace("preset sixty-six",
                                       "preset sixty-six\noptions failed_close_always3=True")
    h = replay(text)
    assert h.winner == 1 and h.game_points == 3


def test_r34_closer_with_66_who_never_declared_fails_opponent_trickless_at_close_3():
    h = replay(CLOSED_CLOSER_67_UNDECLARED)
    assert h.points(0) == 67 and h.frozen_tricks == 0 and _last_winner(h) == 1
    assert h.winner == 1 and h.reason == "closer failed" and h.game_points == 3


# ---- R38: one side scores ----------------------------------------------------------------
@pytest.mark.parametrize("text", [RUN_OUT_DECLARED, RUN_OUT_HIGHER_TOTAL, RUN_OUT_SCHNEIDER,
                                  CLOSED_CLOSER_WINS, CLOSED_CLOSER_FAILS, CLOSER_67])
def test_r38_exactly_one_winner_with_1_to_3_points(text):
    h = replay(text)
    assert h.winner in (0, 1) and h.game_points in (1, 2, 3)


# ---- R33 with draw_carry_point, through a match ---------------------------------------------
@pytest.mark.parametrize("carry", [False, True])
def test_r33_draw_carry_point_goes_to_the_winner_of_the_next_hand(carry):
    m = drawn_match(SIXTY_SIX.but(draw_carry_point=carry))
    play(m, DRAWN_FIRST_HAND)
    assert m.hand.reason == "drawn" and m.scores == [0, 0]
    assert m.results[-1] == (None, 0, "drawn")
    m.next_hand()
    finish(m)
    w, pts = m.hand.winner, m.hand.game_points
    assert m.scores[w] == pts + (1 if carry else 0) and m.scores[1 - w] == 0
