"""Card pictures, built once at start into small sprite sheets (no image files to ship).

The face sheet holds half cards, h / 2 rows tall: tiles 0..23 the top halves of the card faces
(card = suit * 6 + rank: the rank and the corner suit are in the top half), 24 the "more" chip's,
25 the chip's bottom half, 26..29 the bottom halves of the four suits' faces (alike for every rank
of a suit: a sheet of 30 half tiles, not 25 whole ones, 2.1 KB and not 3.6 KB of a board's heap at
20 x 28); a card is a TileGrid of its two halves (handheld.tablebuild's `card()`,
`bottom()`). 2 bits a pixel (clear, paper, edge, ink), so six palettes colour it: NORMAL, DIM
(cards that may not be played, a turned-down trump) and LIT (the selected card: a yellow edge),
each with black or red ink for the card's suit (`shade(card, state)`). The back is a bitmap of
its own (it has more colours). Suit glyphs: a 7x7 one in the corner, a 9x9 one (drawn at `big`
times) in the middle; handheld.tablebuild's `glyph()` gives rows of 7x7 suits for the status
lines. handheld.cardpaint makes the sheets and their palettes and draws them, once.
"""
MORE = 24

# what shade() colours a card for
NORMAL = 0
DIM = 1
LIT = 2


def bottom(tile):
    """The sheet's tile of the bottom half of a face (or of the "more" chip, tile MORE)."""
    return 25 if tile >= MORE else 26 + tile // 6


class CardArt:
    """The sheets and their palettes for cards of w x h pixels: made by handheld.cardpaint's
    `sheets` (w, h; sheet, back_sheet, suits: the Bitmaps; shades: the palettes, the back's and
    the suit glyphs' the 7th), whose code leaves the heap once they are drawn; handheld.tablebuild
    makes the TileGrids of them (`card`, `back`, `glyph`)."""

    def shade(self, card, state=NORMAL):
        """The palette for card (a face, or MORE: always the yellow chip) in state."""
        if card >= 24:
            return self.shades[2 * LIT]
        s = card // 6  # diamonds and hearts are red
        return self.shades[2 * state + (1 if s == 1 or s == 2 else 0)]
