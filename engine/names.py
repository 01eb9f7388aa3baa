"""Cards by name: 'QH' (card_name) and 'queen of hearts' (card_words), what the game shows.

Reading names back (parse_card, parse_action) and the actions' names ('M:H', 'X', 'C', 'W',
'D') are in engine.notation: records, tests and tools use them, a board's game does not.
"""
RANKS = "9JQKTA"
SUITS = "CDHS"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
RANK_WORDS = ("nine", "jack", "queen", "king", "ten", "ace")


def card_name(c):
    """'QH' for the queen of hearts."""
    if not 0 <= c < 24:
        raise ValueError("no card %r: cards are 0..23" % (c,))
    return RANKS[c % 6] + SUITS[c // 6]


def card_words(c):
    return RANK_WORDS[c % 6] + " of " + SUIT_WORDS[c // 6]
