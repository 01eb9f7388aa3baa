# The card pictures drawn into handheld.cardpaint's sheets (`paint`): the faces, the "more"
# chip, the back and the suit glyphs, once, then dropped from memory as cardpaint is. A module
# of its own so that neither compile is big on a board (from .py the screen build's
# biggest compile, cardpaint's, was what failed first on a tight heap: python -m sim.bench
# board). Glyph rows are ints, bit (width - 1) the leftmost pixel.

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

try:
    import bitmaptools
except ImportError:  # not on every build
    bitmaptools = None

_MORE = const(24)  # the "more" chip's top half (handheld.draw's _MORE)

# the face sheet's values (the palettes colour them; 0 is clear), as handheld.cardpaint lays
# them out
_PAPER = const(1)
_EDGE = const(2)
_INK = const(3)  # black or red, by the palette
# the back's values
_WHITE = const(1)
_BLACK = const(2)
_RED = const(3)  # the suit glyphs' red (they share the back's palette)
_BLUE = const(4)
_LIGHT = const(5)


def _rect(bm, x, y, w, h, v, shift=0, half=0):
    # Fill w x h at x, y with v; with half (a face's rows in a tile of the sheet of half
    # faces), the rows from half on go to the bottom half's tile, shift pixels to the right.
    if half and y + h > half:
        if y < half:
            _rect(bm, x, y, w, half - y, v)
            h -= half - y
            y = half
        x += shift
        y -= half
    if bitmaptools is not None:
        bitmaptools.fill_region(bm, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bm[i, j] = v


def _glyph(bm, x, y, rows, width, v, scale=1, shift=0, half=0):
    for j in range(len(rows)):
        row = rows[j]
        for i in range(width):
            if row >> (width - 1 - i) & 1:
                _rect(bm, x + i * scale, y + j * scale, scale, scale, v, shift, half)


def paint(art, big):
    # Draw every tile of art's sheets (cards of art.w x art.h, the middle suit big times; the
    # "more" chip's top half at tile _MORE; the face sheet's tiles are half faces, as
    # handheld.cardpaint's comment at its top lays them out: a face is drawn whole, its bottom
    # rows going to its suit's bottom half, the same for each rank).
    # the glyphs, as locals: a module-level name would be interned on a board for good
    rank_glyphs = (  # 5x7, rank 0..5 = 9 J Q K 10 A; the 10 is drawn as "1" + "0"
        (0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C),
        (0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C),
        (0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D),
        (0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11),
        None,
        (0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11),
    )
    one = (0x01, 0x03, 0x01, 0x01, 0x01, 0x01, 0x01)  # 2 wide
    zero = (0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E)

    suit_7 = (  # clubs diamonds hearts spades, 7x7
        (0x1C, 0x1C, 0x6B, 0x7F, 0x6B, 0x08, 0x1C),
        (0x08, 0x1C, 0x3E, 0x7F, 0x3E, 0x1C, 0x08),
        (0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08),
        (0x08, 0x1C, 0x3E, 0x7F, 0x7F, 0x08, 0x1C),
    )
    suit_9 = (  # 9x9
        (0x038, 0x07C, 0x07C, 0x1BB, 0x1FF, 0x1FF, 0x193, 0x010, 0x038),
        (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010),
        (0x0C6, 0x1EF, 0x1FF, 0x1FF, 0x1FF, 0x0FE, 0x07C, 0x038, 0x010),
        (0x010, 0x038, 0x07C, 0x0FE, 0x1FF, 0x1FF, 0x0D6, 0x010, 0x038),
    )
    w = art.w
    h = art.h
    half = h // 2  # the rows of a tile (rank and corner suit in the top one)
    bm = art.sheet
    size = 9 * big
    for c in range(24):  # the faces: rank and corner suit at the top, the big suit in the middle
        x0 = c * w
        s = c // 6
        r = c % 6
        shift = (_MORE + 2 + s - c) * w  # to the suit's bottom half
        _rect(bm, x0 + 1, 0, w - 2, h, _EDGE, shift, half)  # an outline with cut corners, filled
        _rect(bm, x0, 1, w, h - 2, _EDGE, shift, half)
        _rect(bm, x0 + 1, 1, w - 2, h - 2, _PAPER, shift, half)
        if r == 4:  # the ten
            _glyph(bm, x0 + 2, 2, one, 2, _INK)
            _glyph(bm, x0 + 5, 2, zero, 5, _INK)
        else:
            _glyph(bm, x0 + 2, 2, rank_glyphs[r], 5, _INK)
        _glyph(bm, x0 + w - 9, 2, suit_7[s], 7, _INK)
        _glyph(bm, x0 + (w - size) // 2, h - size - (h - 9 - size) // 2 - 1, suit_9[s], 9, _INK,
               big, shift, half)
    x0 = _MORE * w  # the "more" chip: a frame and three dots (its bottom half the next tile)
    _rect(bm, x0 + 2, 1, w - 4, 1, _EDGE)
    _rect(bm, x0 + 2, h - 2, w - 4, 1, _EDGE, w, half)
    _rect(bm, x0 + 1, 2, 1, h - 4, _EDGE, w, half)
    _rect(bm, x0 + w - 2, 2, 1, h - 4, _EDGE, w, half)
    y = h // 2 - 1
    for k in range(3):
        _rect(bm, x0 + w // 2 - 1, y + (k - 1) * 5, 3, 3, _EDGE, w, half)
    bm = art.back_sheet  # the back: a blue field with a light lattice
    _rect(bm, 1, 0, w - 2, h, _BLACK)  # its outline as a face's
    _rect(bm, 0, 1, w, h - 2, _BLACK)
    _rect(bm, 1, 1, w - 2, h - 2, _WHITE)
    _rect(bm, 2, 2, w - 4, h - 4, _BLUE)
    for y in range(2, h - 2):
        for x in range(2, w - 2):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                bm[x, y] = _LIGHT
    g = art.g  # the first strip again, over a back: its clear corners show that back's edge
    for y in range(h):
        for x in range(g):
            bm[w + x, y] = _BLACK if x == 0 and (y == 0 or y == h - 1) else bm[x, y]
    for s in range(4):
        _glyph(art.suits, s * 9, 0, suit_7[s], 7, _RED if s == 1 or s == 2 else _WHITE)
