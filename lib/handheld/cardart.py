"""Card pictures, built once at start into one sprite sheet (no image files to ship).

Sheet tiles: 0..23 the card faces (card = suit * 6 + rank), 24 the back, 25 the "more" chip.
One 8-colour bitmap; three palettes over it: NORMAL, DIM (cards that may not be played, a
turned-down trump) and LIT (the selected card: a yellow edge). Suit glyphs: a 7x7 one in the
corner, a 9x9 one (drawn at `big` times) in the middle; `glyphs()` gives 7x7 suits for the
status lines.
"""
import displayio

try:
    import bitmaptools
except ImportError:  # not on every build
    bitmaptools = None

BACK = 24
MORE = 25
TILES = 26

# palette indices
CLEAR = 0  # transparent
WHITE = 1
BLACK = 2
RED = 3
BLUE = 4
LIGHT = 5
YELLOW = 6
EDGE = 7

_NORMAL = (0x000000, 0xF8F8F0, 0x101010, 0xD01818, 0x1838A0, 0x6890E8, 0xF8D020, 0x101010)
_DIM = (0x000000, 0x707870, 0x303830, 0x603838, 0x182850, 0x304870, 0x807020, 0x283028)
_LIT = (0x000000, 0xFFFFFF, 0x101010, 0xE01818, 0x1838A0, 0x6890E8, 0xF8D020, 0xF8D020)

_RANK_GLYPHS = (  # 5x7, rank 0..5 = 9 J Q K 10 A; the 10 is drawn as "1" + "0"
    ("01110", "10001", "10001", "01111", "00001", "00010", "01100"),
    ("00111", "00010", "00010", "00010", "00010", "10010", "01100"),
    ("01110", "10001", "10001", "10001", "10101", "10010", "01101"),
    ("10001", "10010", "10100", "11000", "10100", "10010", "10001"),
    None,
    ("01110", "10001", "10001", "11111", "10001", "10001", "10001"),
)
_ONE = ("01", "11", "01", "01", "01", "01", "01")
_ZERO = ("01110", "10001", "10011", "10101", "11001", "10001", "01110")

SUIT_7 = (  # clubs diamonds hearts spades, 7x7
    ("0011100", "0011100", "1101011", "1111111", "1101011", "0001000", "0011100"),
    ("0001000", "0011100", "0111110", "1111111", "0111110", "0011100", "0001000"),
    ("0110110", "1111111", "1111111", "1111111", "0111110", "0011100", "0001000"),
    ("0001000", "0011100", "0111110", "1111111", "1111111", "0001000", "0011100"),
)
SUIT_9 = (
    ("000111000", "001111100", "001111100", "110111011", "111111111", "111111111",
     "110010011", "000010000", "000111000"),
    ("000010000", "000111000", "001111100", "011111110", "111111111", "011111110",
     "001111100", "000111000", "000010000"),
    ("011000110", "111101111", "111111111", "111111111", "111111111", "011111110",
     "001111100", "000111000", "000010000"),
    ("000010000", "000111000", "001111100", "011111110", "111111111", "111111111",
     "011010110", "000010000", "000111000"),
)
SUIT_COLOUR = (BLACK, RED, RED, BLACK)


def _rect(bm, x, y, w, h, v):
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bm[i, j] = v


def _glyph(bm, x, y, rows, v, scale=1):
    for j in range(len(rows)):
        row = rows[j]
        for i in range(len(row)):
            if row[i] == "1":
                if scale == 1:
                    bm[x + i, y + j] = v
                else:
                    _rect(bm, x + i * scale, y + j * scale, scale, scale, v)


def _card_shape(bm, x0, w, h, fill):
    """A card outline with cut corners, filled."""
    _rect(bm, x0 + 1, 0, w - 2, h, EDGE)
    _rect(bm, x0, 1, w, h - 2, EDGE)
    _rect(bm, x0 + 1, 1, w - 2, h - 2, fill)


def _face(bm, x0, w, h, c, big):
    _card_shape(bm, x0, w, h, WHITE)
    s = c // 6
    r = c % 6
    v = SUIT_COLOUR[s]
    if r == 4:  # the ten
        _glyph(bm, x0 + 2, 2, _ONE, v)
        _glyph(bm, x0 + 5, 2, _ZERO, v)
    else:
        _glyph(bm, x0 + 2, 2, _RANK_GLYPHS[r], v)
    _glyph(bm, x0 + w - 9, 2, SUIT_7[s], v)
    size = 9 * big
    _glyph(bm, x0 + (w - size) // 2, h - size - (h - 9 - size) // 2 - 1, SUIT_9[s], v, big)


def _back(bm, x0, w, h):
    _card_shape(bm, x0, w, h, WHITE)
    _rect(bm, x0 + 2, 2, w - 4, h - 4, BLUE)
    for y in range(2, h - 2):
        for x in range(2, w - 2):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                bm[x0 + x, y] = LIGHT


def _more(bm, x0, w, h):
    _rect(bm, x0 + 2, 1, w - 4, 1, YELLOW)
    _rect(bm, x0 + 2, h - 2, w - 4, 1, YELLOW)
    _rect(bm, x0 + 1, 2, 1, h - 4, YELLOW)
    _rect(bm, x0 + w - 2, 2, 1, h - 4, YELLOW)
    cy = h // 2 - 1
    for k in range(3):
        _rect(bm, x0 + w // 2 - 1, cy + (k - 1) * 5, 3, 3, YELLOW)


def _palette(colours):
    p = displayio.Palette(len(colours))
    for i in range(len(colours)):
        p[i] = colours[i]
    p.make_transparent(CLEAR)
    return p


class CardArt:
    """The sheet and its palettes for cards of w x h pixels (big: scale of the middle suit)."""

    def __init__(self, w=20, h=28, big=1):
        self.w = w
        self.h = h
        self.sheet = displayio.Bitmap(w * TILES, h, 8)
        for c in range(24):
            _face(self.sheet, c * w, w, h, c, big)
        _back(self.sheet, BACK * w, w, h)
        _more(self.sheet, MORE * w, w, h)
        self.normal = _palette(_NORMAL)
        self.dim = _palette(_DIM)
        self.lit = _palette(_LIT)
        self.suits = displayio.Bitmap(7 * 5, 7, 8)  # 7x7 suits, then an empty tile
        for s in range(4):
            _glyph(self.suits, s * 7, 0, SUIT_7[s], SUIT_COLOUR[s])
        self.glyph_palette = _palette(_NORMAL[:7] + (0xF8F8F0,))
        self.glyph_palette[BLACK] = 0xF8F8F0  # black suits drawn white on the felt

    def card(self, tile=BACK, x=0, y=0):
        """A TileGrid showing one tile of the sheet."""
        return displayio.TileGrid(self.sheet, pixel_shader=self.normal, width=1, height=1,
                                  tile_width=self.w, tile_height=self.h, default_tile=tile,
                                  x=x, y=y)

    def glyph(self, suit=0, x=0, y=0):
        """A TileGrid showing a 7x7 suit (tile 4 is empty)."""
        return displayio.TileGrid(self.suits, pixel_shader=self.glyph_palette, width=1,
                                  height=1, tile_width=7, tile_height=7, default_tile=suit,
                                  x=x, y=y)
