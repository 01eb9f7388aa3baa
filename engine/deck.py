"""Cards by suit and rank, card sets, and checking a deck that is given (R1, R5) or Hand.new's
arguments. For tests, tools and Hand(deck): a board's play (Hand.new) never imports this module;
the coach's replays on a board (Hand(deck)) import it and let it go (handheld.coachui, review),
so what only they use lives here rather than in engine.cards (rank 0..5 = 9 J Q K 10 A, suit
0..3 = clubs diamonds hearts spades, as there).
"""
from engine.cards import CARD_POINTS

NINE = 0
JACK = 1
QUEEN = 2
KING = 3
TEN = 4
ACE = 5
CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3
N_ACTIONS = 32  # actions are 0..31 (engine.cards)
NINES = 0x041041  # the four rank-0 cards
ALL24 = 0xFFFFFF
ALL20 = 0xFBEFBE  # ALL24 without the nines


def card(suit, rank):
    return suit * 6 + rank


def suit_of(c):
    return c // 6


def rank_of(c):
    return c % 6


def points_of(c):
    return CARD_POINTS[c]


def mask_of(cards):
    m = 0
    for c in cards:
        m |= 1 << c
    return m



def check_rules(rules):
    from engine.rules import Rules
    if not isinstance(rules, Rules):
        raise ValueError("rules must be a Rules object (e.g. engine.rules.preset(%r)), not %r"
                         % (rules if type(rules) is str else "sixty-six", rules))


def check_deck(deck, rules, dealer=0):
    """The deck as bytes, or ValueError naming what is wrong with it (or the dealer, or the
    rules)."""
    if type(dealer) is not int or dealer not in (0, 1):  # not 1.0 or True
        raise ValueError("dealer must be 0 or 1, not %r" % (dealer,))
    check_rules(rules)
    if type(deck) not in (list, tuple, bytes, bytearray):  # a set or a generator has no order
        raise ValueError("deck must be a sequence of card numbers 0..23 in deal order (a list, "
                         "tuple or bytes), not a %s" % type(deck).__name__)
    try:
        cards = bytes(deck)
    except (TypeError, ValueError):
        raise ValueError("deck must be a sequence of card numbers 0..23")
    n = 20 if rules.deck == 20 else 24
    if len(cards) != n:
        raise ValueError("deck has %d cards; %s needs %d" % (len(cards), rules.name, n))
    seen = 0
    for c in cards:
        if c > 23:
            raise ValueError("deck holds %d, which is not a card (0..23)" % c)
        if seen >> c & 1:
            from engine.names import card_name
            raise ValueError("deck holds %s twice" % card_name(c))
        seen |= 1 << c
    if seen != rules.cards:
        from engine.notation import mask_names
        raise ValueError("deck holds %s, which a %d-card deck has not" %
                         (mask_names(seen & ~rules.cards), n))
    return cards


def check_args(seed, dealer, rules):
    """ValueError naming what is wrong with Hand.new's arguments (or nothing)."""
    if type(seed) is not int:  # not 7.0, "7" or True
        raise ValueError("seed must be a whole number, not %r" % (seed,))
    check_rules(rules)
    if type(dealer) is not int or dealer not in (0, 1):  # not 1.0 or True
        raise ValueError("dealer must be 0 or 1, not %r" % (dealer,))
