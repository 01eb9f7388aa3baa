"""Records: a hand written as text (preset, options, dealer, deck, play) and replayed."""
import pytest

from engine.hand import Hand
from engine.record import record, replay
from engine.rng import Rng
from engine.rules import Rules, SIXTY_SIX, SCHNAPSEN, SANTASE
from helpers import hand, play

RULE_SETS = [SIXTY_SIX, SCHNAPSEN, SANTASE,
             SIXTY_SIX.but(exchange_timing="any", exchange_on_opponent_close=True,
                           strictness="follow", close_score_at="end"),
             Rules("house rules", deck=20, close_min_stock=4, auto_declare=True)]


def _random_prefix(rules, seed):
    """A hand dealt from seed, played at random for a seeded number of actions."""
    h = Hand.new(seed, seed % 2, rules)
    rng = Rng(seed)
    steps = rng.below(40)
    while not h.over and len(h.history) < steps:
        acts = h.legal_actions()
        h.apply(acts[rng.below(len(acts))])
    return h


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_record_then_replay_gives_the_same_state(rules):
    for seed in range(1, 120):
        h = _random_prefix(rules, seed)
        text = record(h)
        again = replay(text)
        assert vars(again) == vars(h), text
        assert record(again) == text


def test_record_format():
    h = play(hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
                  stock="9C 9S", rules=SIXTY_SIX.but(close_min_stock=4)), "AC 9D W M:C KC")
    assert record(h) == (
        "preset sixty-six\n"
        "options close_min_stock=4\n"
        "dealer 0\n"
        "deck AC 9H QH 9D JD QD KC QC JC KD TD AD KH 9C 9S TC JH TH AH JS QS KS TS AS\n"
        "play AC 9D W M:C KC\n")


def test_replay_ignores_comments_blank_lines_and_indentation():
    text = """
        # a hand to study
        preset sixty-six

        dealer 1
        deck 9C JC QC KC TC AC 9D JD QD KD TD AD 9H JH QH KH TH AH 9S JS QS KS TS AS
        play 9C KC
    """
    h = replay(text)
    assert h.dealer == 1 and h.tricks(1) == 1 and h.points(1) == 4  # seat 0 led, seat 1 won


def test_replay_without_a_play_line_is_the_deal():
    h = replay("preset schnapsen\ndealer 0\ndeck " + record(Hand.new(4, 0, SCHNAPSEN)).split(
        "deck ")[1].split("\n")[0])
    assert h.history == [] and len(h.deck) == 20


def test_custom_rule_sets_are_written_as_custom():
    h = Hand.new(2, 0, Rules("house rules", close_min_stock=4))
    text = record(h)
    assert text.startswith("preset custom\noptions close_min_stock=4\n")
    assert replay(text).rules == h.rules
