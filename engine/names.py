"""Cards by name: 'QH' (card_name: records and tools), 'QH' and '10S' (card_label) and 'queen of
hearts' (card_words): what the game shows.

Reading names back (parse_card, parse_action) and the actions' names ('M:H', 'X', 'C', 'W',
'D') are in engine.notation: records, tests and tools use them, a board's game does not.
"""
# split from one string: a board compiling this .py interns every short string literal
SUIT_WORDS = tuple("clubs diamonds hearts spades".split())
RANK_WORDS = tuple("nine jack queen king ten ace".split())


def card_name(c):
    """'QH' for the queen of hearts (rank 9 J Q K T A, suit C D H S: engine.notation.RANKS,
    SUITS)."""
    if not 0 <= c < 24:
        raise ValueError("no card %r: cards are 0..23" % (c,))
    r = c % 6
    c //= 6
    return "9JQKTA"[r:r + 1] + "CDHS"[c:c + 1]  # slices: a board interns a str's c[i] for good


def card_words(c):
    return RANK_WORDS[c % 6] + " of " + SUIT_WORDS[c // 6]


def card_label(c):
    """card_name as the game's texts show it (the coach's, the text view's): the ten as '10S',
    not 'TS', as on its face."""
    if c % 6 == 4:
        return "10" + "CDHS"[c // 6:c // 6 + 1]
    return card_name(c)
