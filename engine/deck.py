"""Decks: checking one that is given (R1, R5) and shuffling one from a seed."""
from engine.rng import Rng


def check_deck(deck, rules):
    """The deck as bytes, or ValueError naming what is wrong with it."""
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
        from engine.names import mask_names
        raise ValueError("deck holds %s, which a %d-card deck has not" %
                         (mask_names(seen & ~rules.cards), n))
    return cards


def shuffled(seed, rules):
    """The rule set's cards shuffled by the engine's PRNG: the same on every platform."""
    deck = [c for c in range(24) if rules.cards >> c & 1]
    return Rng(seed).shuffle(deck)
