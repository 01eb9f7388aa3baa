"""Cards, masks and actions as small ints (docs/rules.md R1, R2).

card = suit * 6 + rank; rank 0..5 = 9 J Q K 10 A (ascending strength, R2);
suit 0..3 = clubs diamonds hearts spades. A set of cards is a 24-bit int mask.
Actions: 0..23 play that card; 24 + s marriage in suit s; 28 exchange; 29 close;
30 draw; 31 declare 66. Cards by suit and rank, and card sets by name: engine.deck.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x


MARRIAGE = const(24)  # + suit
EXCHANGE = const(28)
CLOSE = const(29)
DRAW = const(30)
DECLARE = const(31)

SUIT_MASK = (0x3F, 0xFC0, 0x3F000, 0xFC0000)

# card points of each card 0..23 (R1: by rank 0, 2, 3, 4, 10, 11), and a card's index from its
# one-bit mask: _LOG37[2**k % 37] == k (the 24 remainders differ). Bytes: a tuple of ints takes
# 4 bytes an entry on a board's heap, bytes 1.
CARD_POINTS = b"\x00\x02\x03\x04\n\x0b" * 4
_LOG37 = (b"\x00\x00\x01\x00\x02\x17\x00\x00\x03\x10\x00\x00\x00\x0b\x00\r\x04\x07\x11\x00\x00"
          b"\x16\x00\x0f\x00\n\x0c\x06\x00\x15\x0e\t\x05\x14\x08\x13\x12")


def bit_index(bit):
    """Index of a mask holding exactly one bit."""
    return _LOG37[bit % 37]


def popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def cards_of(mask):
    """List of the cards in a mask, ascending (allocates: not for hot loops)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_LOG37[low % 37])
        mask ^= low
    return out


