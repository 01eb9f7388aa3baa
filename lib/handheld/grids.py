"""The TileGrids of the screen's build (handheld.tablebuild's table, handheld.pagebuild's pages):
text lines over the built-in font's glyph sheet, card faces, backs and suit glyphs over the card
sheets (handheld.cardpaint's). Loaded for the build only: handheld.render drops it after.
"""
import displayio
import terminalio
from handheld.draw import Text, bottom, shade

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_LEFT = const(0)  # how a text line aligns (handheld.draw's Text)
_CENTRE = const(1)
_RIGHT = const(2)
_BACKS = const(6)  # art.shades[6]: the back's palette, the suit glyphs' too


def text():
    """The Text (handheld.draw) over the built-in font's glyph sheet."""
    f = terminalio.FONT
    tx = Text()
    tx.w, tx.h = f.get_bounding_box()[:2]
    tx.sheet = f.bitmap  # the glyph sheet
    if not isinstance(getattr(f.bitmap, "width", None), int):
        from handheld.fontsheet import sheet  # the desktop's font only: a board's has one
        tx.sheet = sheet(f, tx.w, tx.h)
    return tx


def line(tx, group, colour, x, y, width, align=_LEFT, rows=1):
    """A line of `width` characters of the Text tx in colour (an `ink`) appended to group, its
    left edge, centre or right edge at x (align: the Text's `set` is told it too); rows > 1:
    that many lines, one under the other."""
    w = tx.w
    if align == _CENTRE:
        x -= width * w // 2
    elif align == _RIGHT:
        x -= width * w
    tg = displayio.TileGrid(tx.sheet, pixel_shader=colour, width=width, height=rows,
                            tile_width=w, tile_height=tx.h, default_tile=0, x=x, y=y)
    group.append(tg)
    return tg


def block(tx, group, x, y, n, width, step, white, yellow):
    """n lines of `width` characters, step pixels apart, in white, any two of them in yellow:
    (lines, marks, step, n) for the Text's `rows`. When step is a glyph's height, lines is one
    TileGrid of n rows (a TileGrid, 96 B on a board, for all), else n TileGrids; the marks are
    two yellow lines that `rows` moves over the lines to show in yellow."""
    if step == tx.h:
        lines = (line(tx, group, white, x, y, width, _LEFT, n),)
    else:
        lines = tuple(line(tx, group, white, x, y + i * step, width) for i in range(n))
    return (lines, (line(tx, group, yellow, x, y, width), line(tx, group, yellow, x, y, width)),
            step, n)


def card(art, tile=0, x=0, y=0):
    """A TileGrid showing one face (or the "more" chip) of art's sheet (handheld.cardpaint's): its
    top half is tile `tile`, its bottom half `bottom(tile)` (set both to change it)."""
    tg = displayio.TileGrid(art.sheet, pixel_shader=shade(art, tile), width=1, height=2,
                            tile_width=art.w, tile_height=art.h // 2, default_tile=tile,
                            x=x, y=y)
    tg[1] = bottom(tile)
    return tg


def backs(art, x, y, n, step):
    """A TileGrid of n card backs step pixels apart, each over the one before (what handheld.draw
    shows of it: tiles of the back's strips, handheld.cardpaint's, art.g wide)."""
    g = art.g
    k = art.w // g  # a back's strips; tile k: the first over a back, k + 1: clear
    return displayio.TileGrid(art.back_sheet, pixel_shader=art.shades[_BACKS],
                              width=(n - 1) * step // g + k, height=1, tile_width=g,
                              tile_height=art.h, default_tile=k + 1, x=x, y=y)


def glyph(art, suit=0, x=0, y=0, n=1):
    """A TileGrid of n 7x7 suits 9 pixels apart, each showing suit (tile 4 is empty)."""
    return displayio.TileGrid(art.suits, pixel_shader=art.shades[_BACKS], width=n, height=1,
                              tile_width=9, tile_height=7, default_tile=suit, x=x, y=y)


def ink(colour):
    """A text colour: the glyph sheet's 1s in colour, its 0s transparent."""
    p = displayio.Palette(2)
    p[1] = colour
    p.make_transparent(0)
    return p
