"""Card pictures, built once at start into small sprite sheets (no image files to ship).

The face sheet: tiles 0..23 the card faces (card = suit * 6 + rank), 24 the "more" chip; 2 bits
a pixel (clear, paper, edge, ink), so six palettes colour it: NORMAL, DIM (cards that may not
be played, a turned-down trump) and LIT (the selected card: a yellow edge), each with black or
red ink for the card's suit (`shade(card, state)`). The back is a bitmap of its own (it has
more colours). Suit glyphs: a 7x7 one in the corner, a 9x9 one (drawn at `big` times) in the
middle; `glyph()` gives 7x7 suits for the status lines. Glyph rows are ints, bit (width - 1)
the leftmost pixel.
"""
import displayio

try:
    import bitmaptools
except ImportError:  # not on every build
    bitmaptools = None

MORE = 24
TILES = 25

# what shade() colours a card for
NORMAL = 0
DIM = 1
LIT = 2

# face sheet values
CLEAR = 0  # transparent
PAPER = 1
EDGE = 2
INK = 3  # black or red, by the palette

# the back's values
WHITE = 1
BLACK = 2
BLUE = 4
LIGHT = 5

# paper, edge, black ink, red ink
_SHADES = ((0xF8F8F0, 0x101010, 0x101010, 0xD01818),  # NORMAL
           (0x707870, 0x283028, 0x303830, 0x603838),  # DIM
           (0xFFFFFF, 0xF8D020, 0x101010, 0xE01818))  # LIT: the yellow edge; the "more" chip
_BACK = (0x000000, 0xF8F8F0, 0x101010, 0xD01818, 0x1838A0, 0x6890E8)

_RANK_GLYPHS = (  # 5x7, rank 0..5 = 9 J Q K 10 A; the 10 is drawn as "1" + "0"
    (0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C),
    (0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C),
    (0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D),
    (0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11),
    None,
    (0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11),
)
_ONE = (0x01, 0x03, 0x01, 0x01, 0x01, 0x01, 0x01)  # 2 wide
_ZERO = (0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E)

SUIT_7 = (  # clubs diamonds hearts spades, 7x7
    (0x1C, 0x1C, 0x6B, 0x7F, 0x6B, 0x08, 0x1C),
    (0x08, 0x1C, 0x3E, 0x7F, 0x3E, 0x1C, 0x08),
    (0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08),
    (0x08, 0x1C, 0x3E, 0x7F, 0x7F, 0x08, 0x1C),
)
SUIT_9 = (  # 9x9
    (0x038, 0x07C, 0x07C, 0x1BB, 0x1FF, 0x1FF, 0x193, 0x010, 0x038),
    (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010),
    (0x0C6, 0x1EF, 0x1FF, 0x1FF, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010),
    (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x1FF, 0x0D6, 0x010, 0x038),
)
RED_SUIT = (0, 1, 1, 0)


def _rect(bm, x, y, w, h, v):
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bm[i, j] = v


def _glyph(bm, x, y, rows, width, v, scale=1):
    for j in range(len(rows)):
        row = rows[j]
        for i in range(width):
            if row >> (width - 1 - i) & 1:
                if scale == 1:
                    bm[x + i, y + j] = v
                else:
                    _rect(bm, x + i * scale, y + j * scale, scale, scale, v)


def _card_shape(bm, x0, w, h, edge, fill):
    """A card outline with cut corners, filled."""
    _rect(bm, x0 + 1, 0, w - 2, h, edge)
    _rect(bm, x0, 1, w, h - 2, edge)
    _rect(bm, x0 + 1, 1, w - 2, h - 2, fill)


def _face(bm, x0, w, h, c, big):
    _card_shape(bm, x0, w, h, EDGE, PAPER)
    s = c // 6
    r = c % 6
    if r == 4:  # the ten
        _glyph(bm, x0 + 2, 2, _ONE, 2, INK)
        _glyph(bm, x0 + 5, 2, _ZERO, 5, INK)
    else:
        _glyph(bm, x0 + 2, 2, _RANK_GLYPHS[r], 5, INK)
    _glyph(bm, x0 + w - 9, 2, SUIT_7[s], 7, INK)
    size = 9 * big
    _glyph(bm, x0 + (w - size) // 2, h - size - (h - 9 - size) // 2 - 1, SUIT_9[s], 9, INK, big)


def _back(bm, w, h):
    _card_shape(bm, 0, w, h, BLACK, WHITE)
    _rect(bm, 2, 2, w - 4, h - 4, BLUE)
    for y in range(2, h - 2):
        for x in range(2, w - 2):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                bm[x, y] = LIGHT


def _more(bm, x0, w, h):
    _rect(bm, x0 + 2, 1, w - 4, 1, EDGE)
    _rect(bm, x0 + 2, h - 2, w - 4, 1, EDGE)
    _rect(bm, x0 + 1, 2, 1, h - 4, EDGE)
    _rect(bm, x0 + w - 2, 2, 1, h - 4, EDGE)
    cy = h // 2 - 1
    for k in range(3):
        _rect(bm, x0 + w // 2 - 1, cy + (k - 1) * 5, 3, 3, EDGE)


def _palette(colours):
    p = displayio.Palette(len(colours))
    for i in range(len(colours)):
        p[i] = colours[i]
    p.make_transparent(CLEAR)
    return p


class CardArt:
    """The sheets and their palettes for cards of w x h pixels (big: scale of the middle suit)."""

    def __init__(self, w=20, h=28, big=1):
        self.w = w
        self.h = h
        self.sheet = displayio.Bitmap(w * TILES, h, 4)
        for c in range(24):
            _face(self.sheet, c * w, w, h, c, big)
        _more(self.sheet, MORE * w, w, h)
        self.shades = []
        for state in (NORMAL, DIM, LIT):
            paper, edge, black, red = _SHADES[state]
            for ink in (black, red):
                self.shades.append(_palette((0, paper, edge, ink)))
        self.back_sheet = displayio.Bitmap(w, h, len(_BACK))
        _back(self.back_sheet, w, h)
        self.back_palette = _palette(_BACK)
        self.suits = displayio.Bitmap(7 * 5, 7, 4)  # 7x7 suits, then an empty tile
        for s in range(4):
            _glyph(self.suits, s * 7, 0, SUIT_7[s], 7, 2 if RED_SUIT[s] else 1)
        self.glyph_palette = _palette((0, 0xF8F8F0, 0xD01818, 0))  # black suits white on the felt

    def shade(self, card, state=NORMAL):
        """The palette for card (a face, or MORE: always the yellow chip) in state."""
        if card >= 24:
            return self.shades[2 * LIT]
        return self.shades[2 * state + RED_SUIT[card // 6]]

    def card(self, tile=0, x=0, y=0):
        """A TileGrid showing one face (or the "more" chip) of the sheet."""
        return displayio.TileGrid(self.sheet, pixel_shader=self.shade(tile), width=1, height=1,
                                  tile_width=self.w, tile_height=self.h, default_tile=tile,
                                  x=x, y=y)

    def back(self, x=0, y=0):
        """A TileGrid showing a card's back."""
        return displayio.TileGrid(self.back_sheet, pixel_shader=self.back_palette, x=x, y=y)

    def glyph(self, suit=0, x=0, y=0):
        """A TileGrid showing a 7x7 suit (tile 4 is empty)."""
        return displayio.TileGrid(self.suits, pixel_shader=self.glyph_palette, width=1,
                                  height=1, tile_width=7, tile_height=7, default_tile=suit,
                                  x=x, y=y)
