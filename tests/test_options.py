"""Every rule option, the default against the variant, one test each.

Rules: docs/rules.md#options.

Each option `name` has a `test_option_<name>` here (test_every_option_is_tested checks it).
"""
import sys

import pytest

from engine.hand import Hand
from engine.match import Match
from engine.record import record, replay
from engine.rules import Rules, SIXTY_SIX, SCHNAPSEN, OPTIONS
from helpers import DL, ND, hand, play, legal, mask, finish, DRAWN_FIRST_HAND, drawn_match


def rules(**options):
    return SIXTY_SIX.but(**options)


def _won_trick_1(**options):
    """Hearts trump (KH up); the non-dealer (9H, KC QC) wins trick 1 with AC and must draw."""
    h = hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S", rules=rules(**options))
    return play(h, "AC 9D")


def _stock_2(**options):
    h = hand(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
             stock="9C 9S JS QS KS TS AS JH QH TH AH", rules=rules(**options))
    return play(h, "AC 9D W TC JD W KC QD W QC KD W JC TD W")


def _closing_at_once(**options):
    """The non-dealer closes before trick 1; the dealer then heads three tricks: 21 x 3."""
    h = hand(nondealer="TC TD TS JC JD JS", dealer="AC AD AS KC KD KS", trump="QH",
             rules=rules(**options))
    return play(h, "C TC AC AD TD AS TS")


def test_every_option_is_tested():
    here = sys.modules[__name__]
    missing = [o for o in OPTIONS if not hasattr(here, "test_option_" + o)]
    assert not missing


def test_options_are_validated():
    with pytest.raises(ValueError, match="one of"):
        Rules(deck=32)
    with pytest.raises(ValueError, match="True or False"):
        Rules(auto_declare=1)
    with pytest.raises(ValueError, match="whole number"):
        Rules(match_target=0)
    with pytest.raises(ValueError, match="unknown rule option.*the options: deck, match_target"):
        Rules(trumps_wild=True)  # says what is allowed (docs/rules.md, Options)


def test_option_deck():
    h = Hand.new(1, 0, Rules(deck=20))
    assert len(h.deck) == 20 and h.stock_size == 10
    assert not h.hands[0] & mask("9C 9D 9H 9S")
    assert len(Hand.new(1).deck) == 24


def test_option_match_target():
    m = Match(rules(match_target=2), 7)
    while not m.over:
        finish(m)
        if not m.over:
            m.next_hand()
    assert m.target == 2 and m.scores[m.winner] >= 2


def test_option_match_style():
    assert Match(rules(match_style="bummerl"), 1).scores == [7, 7]
    assert Match(SIXTY_SIX, 1).scores == [0, 0]


def test_option_next_dealer():
    for rule, expected in (("alternate", 1), ("winner", 0)):
        m = drawn_match(rules(next_dealer=rule))  # dealer 0; played this way it is drawn
        play(m, DRAWN_FIRST_HAND)
        m.next_hand()
        assert m.dealer == expected


def test_option_exchange_needs_trick():
    deal = dict(nondealer="9H AC TC KC QC JC", dealer="9D JD QD KD TD AD", trump="KH")
    assert "X" not in legal(hand(**deal))
    assert "X" in legal(hand(rules=rules(exchange_needs_trick=False), **deal))


def test_option_exchange_timing():
    deal = dict(nondealer="AC TC KC QC JC 9C", dealer="9H QH AD KD JD 9D", trump="AH",
                stock="9S TD")
    moves = "9C QH W JD TD W AC"  # the dealer wins a trick, then follows with 9H in hand
    assert "X" not in legal(play(hand(**deal), moves))
    assert "X" in legal(play(hand(rules=rules(exchange_timing="any"), **deal), moves))


def test_option_exchange_min_stock():
    assert "X" in legal(_stock_2())
    assert "X" not in legal(_stock_2(exchange_min_stock=4))


def test_option_exchange_on_opponent_close():
    deal = dict(nondealer="AC TC KC QC JC AD", dealer="9H JH 9C JD QD KD", trump="AH")
    assert "X" not in legal(play(hand(**deal), "C AC"))
    assert "X" in legal(play(hand(rules=rules(exchange_on_opponent_close=True), **deal), "C AC"))
    # with two stock cards left, R15's exchange_min_stock=4 still forbids it (a reviewer's find)
    deal = dict(nondealer="AC TC KC QC JC 9S", dealer="9H JD QD KD TD AD", trump="KH",
                stock="9C 9D JS QS KS TS AS JH QH TH AH")
    moves = "AC AD W TC TD W KC KD W QC QD W JC JD W C AS"
    assert "X" in legal(play(hand(rules=rules(exchange_on_opponent_close=True), **deal), moves))
    assert "X" not in legal(play(hand(rules=rules(exchange_on_opponent_close=True,
                                                  exchange_min_stock=4), **deal), moves))


def test_option_close_before_draw():
    assert "C" in legal(_won_trick_1())
    assert "C" not in legal(_won_trick_1(close_before_draw=False))


def test_option_close_before_first_trick():
    deal = dict(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH")
    assert "C" in legal(hand(**deal))
    assert "C" not in legal(hand(rules=rules(close_before_first_trick=False), **deal))


def test_option_close_min_stock():
    assert "C" in legal(_stock_2())
    assert "C" not in legal(_stock_2(close_min_stock=4))


def test_option_marriage_on_first_lead():
    deal = dict(nondealer="KH QH 9C JC QC AC", dealer="9D JD QD KD TD AD", trump="9S")
    assert "M:H" in legal(hand(**deal))
    assert "M:H" not in legal(hand(rules=rules(marriage_on_first_lead=False), **deal))


def test_option_marriage_after_close():
    assert "M:C" not in legal(play(_won_trick_1(), "C"))
    assert "M:C" in legal(play(_won_trick_1(marriage_after_close=True), "C"))


def test_option_strictness():
    deal = dict(nondealer="QH QC JC 9C QD KD", dealer="AH KH 9H AC TC 9D", trump="JS")
    assert legal(play(hand(**deal), "C QH")) == {"AH", "KH"}
    assert legal(play(hand(rules=rules(strictness="follow"), **deal), "C QH")) == {"AH", "KH",
                                                                                    "9H"}


def test_option_false_declare_schwarz3():
    assert play(_won_trick_1(), "D").game_points == 3  # 11 points; the dealer has no trick
    assert play(_won_trick_1(false_declare_schwarz3=False), "D").game_points == 2


def test_option_beaten_closer_flat2():
    assert play(_closing_at_once(), "KC JC D").game_points == 3  # 69; the closer had no trick
    assert play(_closing_at_once(beaten_closer_flat2=True), "KC JC D").game_points == 2


def test_option_failed_close_always3():
    # the dealer wins trick 1, the non-dealer trick 2, closes and declares 11 falsely
    h = hand(nondealer="9D AC TC KC QC JC", dealer="AD JD QD KD TD 9S", trump="KH",
             stock="9C JS 9H JH")
    play(h, "9D AD W 9S JS W C D")  # the dealer held a trick at the close
    assert h.game_points == 2
    h = hand(nondealer="9D AC TC KC QC JC", dealer="AD JD QD KD TD 9S", trump="KH",
             stock="9C JS 9H JH", rules=rules(failed_close_always3=True))
    play(h, "9D AD W 9S JS W C D")
    assert h.game_points == 3


def test_option_close_score_at():
    deal = dict(nondealer="AC AD AS KC QC KH", dealer="TC TD TS 9D 9S QH", trump="JH",
                stock="9C JD")
    moves = "AC TC W C AD TD AS TS KC QH 9D KH D"  # the dealer gets a trick after the close
    assert play(hand(**deal), moves).game_points == 3
    assert play(hand(rules=rules(close_score_at="end"), **deal), moves).game_points == 2


RUN_OUT = """
    preset sixty-six
    dealer 0
    deck 9D 9S TH KS 9H AD KC JD TC TD JS QC TS AH KH QH KD JH 9C QD QS AC AS JC
    play TC JS W AH KH W KS 9D W 9H 9C W QH JD W QD QS W KC AC QC JC AD KD TD AS 9S TS JH TH
"""


def _run_out(options):
    return replay(RUN_OUT.replace("dealer 0", "options %s\n    dealer 0" % options)
                  if options else RUN_OUT)


def test_option_run_out_winner():
    h = _run_out("")
    assert (h.points(0), h.points(1)) == (81, 49) and h.winner == 0  # seat 1 took the last trick
    h = _run_out("run_out_winner=last")
    assert h.winner == 1 and h.game_points == 1


def test_option_last_trick_bonus():
    assert _run_out("").bonus == [0, 10]
    h = _run_out("run_out_winner=last last_trick_bonus=0")
    assert h.bonus == [0, 0] and (h.points(0), h.points(1)) == (81, 39)
    assert h.winner == 1 and h.game_points == 1  # the last trick decides, as with the 10
    # with the higher total deciding, no bonus would change results (R31, D8): refused
    with pytest.raises(ValueError, match="last_trick_bonus=0: only with run_out_winner='last'"):
        _run_out("last_trick_bonus=0")
    with pytest.raises(ValueError, match="only with run_out_winner='last'"):
        SCHNAPSEN.but(run_out_winner="total")
    assert SCHNAPSEN.but(run_out_winner="total", last_trick_bonus=10).last_trick_bonus == 10


def test_option_draw_carry_point():
    for carry, extra in ((False, 0), (True, 1)):
        m = drawn_match(rules(draw_carry_point=carry))
        play(m, DRAWN_FIRST_HAND)
        m.next_hand()
        finish(m)
        assert m.scores[m.hand.winner] == m.hand.game_points + extra


def test_option_auto_declare():
    deal = dict(nondealer="AC AD KH QH 9S JS", dealer="TC TD 9C JC QC KC", trump="9H")
    h = play(hand(**deal), "AC TC W AD TD W M:H")
    assert not h.over and h.points(ND) == 82
    h = play(hand(rules=rules(auto_declare=True), **deal), "AC TC W AD TD W M:H")
    assert h.over and h.winner == ND and h.declared_by == ND


def _display_option_changes_no_rule(option):
    """R43: a display option is carried by the rules (and records) but changes no play."""
    for seed in range(1, 30):
        a, b = Hand.new(seed), Hand.new(seed, 0, rules(**{option: True}))
        while not a.over:
            assert a.legal_actions() == b.legal_actions()
            act = a.legal_actions()[(seed + len(a.history)) % len(a.legal_actions())]
            a.apply(act)
            b.apply(act)
        assert (a.winner, a.game_points, a.reason) == (b.winner, b.game_points, b.reason)
    assert getattr(rules(**{option: True}), option) is True
    text = record(b)
    assert option + "=True" in text and replay(text).rules == b.rules


def test_option_show_own_points():
    _display_option_changes_no_rule("show_own_points")


def test_option_show_opponent_points():
    _display_option_changes_no_rule("show_opponent_points")


def test_option_review_last_trick():
    _display_option_changes_no_rule("review_last_trick")
