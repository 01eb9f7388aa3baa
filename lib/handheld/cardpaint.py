# The card pictures' sheets and palettes, made once by `sheets` for handheld.render's Renderer
# (drawn by handheld.cardfaces), then dropped from memory (nothing keeps this module: its code
# leaves the heap). Its prose is in comments, not docstrings: from .py a docstring is a string
# in the heap while the module compiles, and this compile was the screen build's biggest
# (python -m sim.bench board: from .py it was what failed first on a tight heap; split in two
# with handheld.cardfaces, 2026-12-06).
#
# Card pictures, built once at start into small sprite sheets (no image files to ship).
#
# The face sheet holds half cards, h / 2 rows tall: tiles 0..23 the top halves of the card faces
# (card = suit * 6 + rank: the rank and the corner suit are in the top half), 24 the "more"
# chip's, 25 the chip's bottom half, 26..29 the bottom halves of the four suits' faces (alike for
# every rank of a suit: a sheet of 30 half tiles, not 25 whole ones, 2.1 KB and not 3.6 KB of a
# board's heap at 20 x 28); a card is a TileGrid of its two halves (handheld.grids's `card()`,
# handheld.draw's `bottom()`). 2 bits a pixel (clear, paper, edge, ink), so six palettes colour
# it: NORMAL, DIM (cards that may not be played, a turned-down trump) and LIT (the selected card:
# a yellow edge), each with black or red ink for the card's suit (handheld.draw's `shade(art,
# card, state)`). The back is a bitmap of its own (it has more colours), cut in strips
# (handheld.grids's `backs`). Suit glyphs: a 7x7 one in the corner, a 9x9 one (drawn at `big`
# times) in the middle; handheld.grids's `glyph()` gives rows of 7x7 suits for the status lines.
# `sheets` makes the sheets and their palettes, once; handheld.cardfaces draws the pictures in
# them (a module of its own: two compiles, each about half the size of one).

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

import displayio

_TILES = const(30)  # half tiles: 25 tops (the faces', the chip's), the chip's bottom, the suits'

# the sheets' value 0 is clear; the others are handheld.cardfaces's (it draws them)
_CLEAR = const(0)  # transparent, in every sheet


class CardArt:
    # The sheets and their palettes for cards of w x h pixels (w, h; g: the width of the back's
    # strips; sheet, back_sheet, suits: the Bitmaps; shades: the palettes, the back's and the
    # suit glyphs' the 7th; handheld.draw's `shade` picks one); handheld.grids makes TileGrids
    # of them (`card`, `backs`, `glyph`).
    pass


def sheets(w=20, h=28, step=5, sheet=None):
    # The CardArt for cards of w x h pixels (step: the x step of the computer's backs, which
    # overlap): its sheets and palettes, not drawn yet. sheet: the
    # face sheet's Bitmap (w * 30 x h / 2, 4 values) if made already (handheld.layout's build
    # makes it before this module compiles), else made here. handheld.cardfaces's paint draws
    # in them (handheld.layout's build, once this module is dropped).
    art = CardArt()
    art.w = w
    art.h = h
    g = step  # the back's strips: g pixels wide, g dividing both w and step
    while w % g or step % g:
        g -= 1
    art.g = g
    art.sheet = displayio.Bitmap(w * _TILES, h // 2, 4) if sheet is None else sheet
    # the palettes (a module-level table would be a name interned on a board for good):
    # the face sheet's colours 1-3, paper, edge, ink (black or red), per state
    shades = []
    for row in ((0xF8F8F0, 0x101010, 0x101010, 0xD01818),  # NORMAL
                (0x707870, 0x283028, 0x303830, 0x603838),  # DIM
                (0xFFFFFF, 0xF8D020, 0x101010, 0xE01818)):  # LIT: the yellow edge; "more"
        for ink in (row[2], row[3]):  # paper, edge, then the black and the red ink
            shades.append(_palette((0, row[0], row[1], ink)))
    # the back's colours 0-5: clear, white, black, red, blue, light
    # (the suit glyphs' too: black suits in its white, red ones in its red)
    shades.append(_palette((0x000000, 0xF8F8F0, 0x101010, 0xD01818, 0x1838A0, 0x6890E8)))
    art.shades = tuple(shades)
    # the back in strips g wide (w // g of them), then its first strip over a back (its clear
    # corners the under one's edge) and a clear strip: a row of overlapping backs is one
    # TileGrid of strips (handheld.tablebuild's `backs`)
    art.back_sheet = displayio.Bitmap(w + 2 * g, h, 6)
    art.suits = displayio.Bitmap(9 * 5, 7, 4)  # 7x7 suits in 9x7 tiles, then an empty one
    return art


def _palette(values):
    p = displayio.Palette(len(values))
    for i in range(len(values)):
        p[i] = values[i]
    p.make_transparent(_CLEAR)
    return p
