"""The three presets: Sixty-Six (the defaults), Schnapsen (20 cards) and Santase (Bulgarian).

Rules: docs/rules.md#presets-side-by-side.
"""
import pytest

from engine.cards import popcount
from engine.deck import ALL20, mask_of, points_of
from engine.hand import Hand
from engine.match import Match
from engine.record import replay
from engine.rules import Rules, SIXTY_SIX, SCHNAPSEN, SANTASE, OPTIONS, preset
from helpers import DL, ND, hand, play, legal, mask, cards

SCHNAPSEN_LAST_TRICK = """
    # nobody declares; seat 0 takes the last trick with 45 against 75: 1 game point
    preset schnapsen
    dealer 0
    deck AD TD JC JD QD QH KS TH KH QC AC TC JS AH TS QS KC JH AS KD
    play AD AC W TH QH W AH JD W QS QD W TD TS W KD KS JH JS QC TC KH AS KC JC
"""

SANTASE_FAILED_CLOSE = """
    # seat 0 closes before the draw while seat 1 holds a trick, and fails: 3, not 2
    preset santase
    dealer 0
    deck KS JH 9H AC QD TC AS JD AH JC QH AD TH KD QC KH QS KC 9C TS 9D 9S TD JS
    play JH TC W JD AD C QH AH AS QD KS AC KD QC 9H JC
"""


# ---- Sixty-Six ----------------------------------------------------------------------------
def test_sixty_six_is_the_rules_md_defaults():
    assert SIXTY_SIX == Rules() and SIXTY_SIX.changed() == {}
    o = SIXTY_SIX.options()
    assert (o["deck"], o["match_target"], o["match_style"], o["next_dealer"]) == (24, 7, "up",
                                                                                   "alternate")
    assert (o["exchange_needs_trick"], o["exchange_timing"], o["exchange_min_stock"],
            o["exchange_on_opponent_close"]) == (True, "leader", 2, False)
    assert (o["close_before_draw"], o["close_before_first_trick"], o["close_min_stock"]) == (
        True, True, 2)
    assert (o["marriage_on_first_lead"], o["marriage_after_close"], o["strictness"]) == (
        True, False, "full")
    assert (o["false_declare_schwarz3"], o["beaten_closer_flat2"], o["failed_close_always3"],
            o["close_score_at"], o["run_out_winner"], o["last_trick_bonus"],
            o["draw_carry_point"]) == (True, False, False, "closing", "total", 10, False)
    assert not any(o[k] for k in ("auto_declare", "show_own_points", "show_opponent_points",
                                  "review_last_trick"))
    assert set(o) == set(OPTIONS)


@pytest.mark.parametrize("name, rules", [("sixty-six", SIXTY_SIX), ("66", SIXTY_SIX),
                                         ("Sixty_Six", SIXTY_SIX), (" schnapsen ", SCHNAPSEN),
                                         ("SANTASE", SANTASE)])
def test_preset_lookup(name, rules):
    assert preset(name) is rules


def test_preset_lookup_refuses_unknown_names():
    with pytest.raises(ValueError, match="no preset"):
        preset("bezique")


# ---- Schnapsen --------------------------------------------------------------------------------
def test_schnapsen_20_cards_a_ten_k_q_j_worth_120():
    h = Hand.new(3, 0, SCHNAPSEN)
    assert len(h.deck) == 20 and mask_of(h.deck) == ALL20
    assert not mask_of(h.deck) & mask("9C 9D 9H 9S")
    assert sum(points_of(c) for c in h.deck) == 120


def test_schnapsen_5_card_hands_dealt_3_trump_2_stock_of_10():
    h = Hand.new(3, 0, SCHNAPSEN)
    d = list(h.deck)
    assert h.hands[ND] == mask_of(d[0:3] + d[7:9]) and h.hands[DL] == mask_of(d[3:6] + d[9:11])
    assert h.trump_card == d[6] and h.stock_size == 10
    assert popcount(h.hands[0]) == popcount(h.hands[1]) == 5


def test_schnapsen_stock_runs_out_after_5_tricks():
    h = hand(nondealer="AC TC KC QC JC", dealer="JD QD KD TD AD", trump="KH", rules=SCHNAPSEN,
             stock="JS QS KS TS AS JH QH TH AH")
    for lead, follow in zip("AC TC KC QC JC".split(), "JD QD KD TD AD".split()):
        assert not h.strict
        play(h, lead + " " + follow + " W")
    assert h.stock_size == 0 and h.strict
    assert h.hands[DL] & mask("KH")  # the loser of trick 5 took the trump card


def test_schnapsen_trump_jack_exchange_without_a_trick():
    h = hand(nondealer="JH AC TC KC QC", dealer="JD QD KD TD AD", trump="AH", rules=SCHNAPSEN)
    assert "X" in legal(h)
    play(h, "X")
    assert h.hands[ND] & mask("AH") and h.trump_card == cards("JH")[0]


def test_schnapsen_close_only_after_drawing():
    h = hand(nondealer="AC TC KC QC JC", dealer="JD QD KD TD AD", trump="KH", rules=SCHNAPSEN)
    play(h, "AC JD")
    assert legal(h) == {"D", "W"}
    play(h, "W")
    assert "C" in legal(h)


def test_schnapsen_exchange_and_close_only_with_more_than_2_stock_cards():
    """R15, R18: the Schnapsen apps (APP-S) forbid both with two cards left (docs/rules.md)."""
    h = hand(nondealer="AC TC KC QC JH", dealer="JD QD KD TD AD", trump="TH",
             stock="JS QS KS TS AS AH KH QH JC", rules=SCHNAPSEN)
    play(h, "AC JD W TC QD W KC KD W")
    assert h.stock_size == 4 and {"X", "C"} <= legal(h)
    play(h, "QC TD W")
    assert h.stock_size == 2 and not {"X", "C"} & legal(h)


def test_schnapsen_marriages_after_the_close():
    h = hand(nondealer="AC KD QD QC JC", dealer="JD AD TD KC TC", trump="KH", rules=SCHNAPSEN)
    play(h, "AC JD W C")
    assert "M:D" in legal(h)
    play(h, "M:D KD")
    assert h.points(ND) == 13 + 20


def test_schnapsen_played_out_hand_goes_to_the_last_trick_for_1_point():
    h = replay(SCHNAPSEN_LAST_TRICK)
    assert h.last_trick[2] == 0 and (h.points(0), h.points(1)) == (45, 75)
    assert h.bonus == [0, 0]  # no 10 for the last trick in Schnapsen
    assert h.winner == 0 and h.game_points == 1 and h.reason == "last trick"


def test_schnapsen_match_is_a_bummerl_from_7():
    m = Match(SCHNAPSEN, 1)
    assert m.bummerl and m.scores == [7, 7]


# ---- Santase ----------------------------------------------------------------------------------
def test_santase_match_to_11():
    assert Match(SANTASE, 1).target == 11 and not Match(SANTASE, 1).bummerl


def test_santase_no_marriage_or_close_on_the_first_trick():
    h = hand(nondealer="KH QH AC TC 9D JD", dealer="9S JS QS KS TS AS", trump="9C", rules=SANTASE)
    assert legal(h) == {"KH", "QH", "AC", "TC", "9D", "JD"}


def test_santase_no_exchange_on_the_first_trick():
    h = hand(nondealer="9C QH AC TC 9D JD", dealer="9S JS QS KS TS AS", trump="KC", rules=SANTASE)
    assert "X" not in legal(h)  # the trump nine, but no trick yet


def _stock_of(n):
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S JS QS KS TS AS JH QH TH AH", rules=SANTASE)
    for lead, follow in zip("AC TC KC QC JC".split(), "9D JD QD KD TD".split()):
        play(h, lead + " " + follow + " W")
        if h.stock_size == n:
            return h


def test_santase_exchange_and_close_only_with_more_than_2_stock_cards():
    assert {"X", "C"} <= legal(_stock_of(4))
    assert not {"X", "C"} & legal(_stock_of(2))


def test_santase_marriages_after_the_close():
    h = hand(nondealer="AC KD QD QC JC 9C", dealer="JD AD TD KC TC 9S", trump="KH", rules=SANTASE)
    play(h, "AC JD W C")
    assert "M:D" in legal(h)


def test_santase_failed_close_costs_3():
    h = replay(SANTASE_FAILED_CLOSE)
    assert h.closed_by == 0 and h.frozen_tricks == 1  # 2 under the Sixty-Six default
    assert h.winner == 1 and h.reason == "closer failed" and h.game_points == 3
