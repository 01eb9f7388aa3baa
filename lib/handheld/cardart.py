"""Card pictures, built once at start into small sprite sheets (no image files to ship).

The face sheet holds half cards, h / 2 rows tall: tiles 0..23 the top halves of the card faces
(card = suit * 6 + rank: the rank and the corner suit are in the top half), 24 the "more" chip's,
25 the chip's bottom half, 26..29 the bottom halves of the four suits' faces (alike for every rank
of a suit: a sheet of 30 half tiles, not 25 whole ones, 2.1 KB and not 3.6 KB of a board's heap at
20 x 28); a card is a TileGrid of its two halves (`card()`, `bottom()`). 2 bits a pixel (clear,
paper, edge, ink), so six palettes colour it: NORMAL, DIM (cards that may not
be played, a turned-down trump) and LIT (the selected card: a yellow edge), each with black or
red ink for the card's suit (`shade(card, state)`). The back is a bitmap of its own (it has
more colours). Suit glyphs: a 7x7 one in the corner, a 9x9 one (drawn at `big` times) in the
middle; `glyph()` gives rows of 7x7 suits for the status lines. handheld.cardpaint makes the
sheets and their palettes and draws them, once.
"""
import displayio

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

MORE = 24

# what shade() colours a card for
NORMAL = 0
DIM = 1
LIT = 2

_BACKS = const(6)  # shades[6]: the back's palette, the suit glyphs' too


def bottom(tile):
    """The sheet's tile of the bottom half of a face (or of the "more" chip, tile MORE)."""
    return 25 if tile >= MORE else 26 + tile // 6


class CardArt:
    """The sheets and their palettes for cards of w x h pixels, and TileGrids of them: made by
    handheld.cardpaint's `sheets` (w, h; sheet, back_sheet, suits: the Bitmaps; shades: the
    palettes), whose code leaves the heap once they are drawn."""

    def shade(self, card, state=NORMAL):
        """The palette for card (a face, or MORE: always the yellow chip) in state."""
        if card >= 24:
            return self.shades[2 * LIT]
        s = card // 6  # diamonds and hearts are red
        return self.shades[2 * state + (1 if s == 1 or s == 2 else 0)]

    def card(self, tile=0, x=0, y=0):
        """A TileGrid showing one face (or the "more" chip) of the sheet: its top half is tile
        `tile`, its bottom half `bottom(tile)` (set both to change it)."""
        tg = displayio.TileGrid(self.sheet, pixel_shader=self.shade(tile), width=1, height=2,
                                tile_width=self.w, tile_height=self.h // 2, default_tile=tile,
                                x=x, y=y)
        tg[1] = bottom(tile)
        return tg

    def back(self, x=0, y=0):
        """A TileGrid showing a card's back."""
        return displayio.TileGrid(self.back_sheet, pixel_shader=self.shades[_BACKS], x=x, y=y)

    def glyph(self, suit=0, x=0, y=0, n=1):
        """A TileGrid of n 7x7 suits 9 pixels apart, each showing suit (tile 4 is empty)."""
        return displayio.TileGrid(self.suits, pixel_shader=self.shades[_BACKS], width=n,
                                  height=1, tile_width=9, tile_height=7, default_tile=suit,
                                  x=x, y=y)
