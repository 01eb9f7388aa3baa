"""Card and action names: 'QH', 'M:H', 'X', 'C', 'W', 'D', and their parsers (round trips)."""
import pytest

from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE
from engine.deck import N_ACTIONS, card
from engine.names import card_name, card_words
from engine.notation import parse_card, action_name, parse_action, mask_names
from helpers import mask


def test_every_card_round_trips():
    for c in range(24):
        assert parse_card(card_name(c)) == c
        assert parse_card(card_name(c).lower()) == c
    assert len(set(card_name(c) for c in range(24))) == 24


def test_card_names_read_rank_then_suit():
    assert card_name(card(2, 2)) == "QH"  # suit 2 hearts, rank 2 queen
    assert card_name(0) == "9C" and card_name(23) == "AS"
    assert parse_card("10H") == parse_card("TH") == parse_card(" th ")
    assert card_words(parse_card("QH")) == "queen of hearts"
    assert mask_names(mask("AS 9C QH")) == "9C QH AS"


@pytest.mark.parametrize("bad", ["", "H", "QX", "1H", "QHH", "11H", "Q H", None, 17])
def test_bad_card_names(bad):
    with pytest.raises(ValueError, match="not a card name"):
        parse_card(bad)


@pytest.mark.parametrize("bad", [-1, 24, 99])
def test_card_numbers_out_of_range(bad):
    with pytest.raises(ValueError, match="cards are 0..23"):
        card_name(bad)


def test_every_action_round_trips():
    for a in range(N_ACTIONS):
        name = action_name(a)
        assert parse_action(name) == a
        assert parse_action(name.lower()) == a
    assert len(set(action_name(a) for a in range(N_ACTIONS))) == N_ACTIONS


def test_action_names():
    assert [action_name(a) for a in (MARRIAGE, MARRIAGE + 2, EXCHANGE, CLOSE, DRAW, DECLARE)] == [
        "M:C", "M:H", "X", "C", "W", "D"]
    assert action_name(parse_card("QH")) == "QH"


@pytest.mark.parametrize("bad", [-1, 32, 100])
def test_action_numbers_out_of_range(bad):
    with pytest.raises(ValueError, match="actions are 0..31"):
        action_name(bad)


@pytest.mark.parametrize("bad", ["", "M:", "M:X", "MH", "Z", "XX", "M:HH", "QQ"])
def test_bad_action_names(bad):
    with pytest.raises(ValueError, match="not an action"):
        parse_action(bad)


def test_a_hand_reads_as_its_deal():
    # R5 deals 3 to the non-dealer, 3 to the dealer, 3 and 3 again: from the deck in card order
    # with seat 0 dealing, seat 1 holds cards 0-2 and 6-8, seat 0 cards 3-5 and 9-11
    from engine.hand import Hand
    from engine.rules import SIXTY_SIX
    h = Hand(list(range(24)), 0, SIXTY_SIX)
    assert repr(h) == "<Hand sixty-six dealer=0 trick=0 hands=[KC TC AC KD TD AD | 9C JC QC 9D JD QD]>"
    assert repr(SIXTY_SIX) == "<Rules sixty-six>"
    assert repr(SIXTY_SIX.but(close_min_stock=4)) == "<Rules sixty-six {'close_min_stock': 4}>"
