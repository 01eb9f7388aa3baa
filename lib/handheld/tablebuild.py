"""The card table's displayio objects, built once for handheld.render's Renderer (a step of its
build, after handheld.layout's numbers and the card sheets; this module then leaves the heap).
"""
import displayio
import terminalio
import vectorio
from handheld.tiletext import Text, LEFT, CENTRE, RIGHT
from handheld.cardart import bottom

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_WHITE = const(0xF0F0E8)  # the text colours, the choices panel's fill
_YELLOW = const(0xF8D020)
_GREY = const(0xA0B0A0)
_PANEL_FILL = const(0x0C2A16)
_SLOTS = const(7)  # the hand's slots: six cards and the "more" chip
_BACKS = const(6)  # art.shades[6]: the back's palette, the suit glyphs' too


def text():
    """The Text (handheld.tiletext) over the built-in font's glyph sheet."""
    f = terminalio.FONT
    tx = Text()
    tx.w, tx.h = f.get_bounding_box()[:2]
    tx.sheet = f.bitmap  # the glyph sheet
    if not isinstance(getattr(f.bitmap, "width", None), int):
        from handheld.fontsheet import sheet  # the desktop's font only: a board's has one
        tx.sheet = sheet(f, tx.w, tx.h)
    tx.aligns = {}  # id(line): CENTRE or RIGHT (absent: LEFT)
    return tx


def line(tx, group, colour, x, y, width, align=LEFT, rows=1):
    """A line of `width` characters of the Text tx in colour (an `ink`) appended to group, its
    left edge, centre or right edge at x (align); rows > 1: that many lines, one under the
    other."""
    w = tx.w
    if align == CENTRE:
        x -= width * w // 2
    elif align == RIGHT:
        x -= width * w
    tg = displayio.TileGrid(tx.sheet, pixel_shader=colour, width=width, height=rows,
                            tile_width=w, tile_height=tx.h, default_tile=0, x=x, y=y)
    if align != LEFT:
        tx.aligns[id(tg)] = align
    group.append(tg)
    return tg


def block(tx, group, x, y, n, width, step, white, yellow):
    """n lines of `width` characters, step pixels apart, in white, any two of them in yellow:
    (lines, marks, step, n) for the Text's `rows`. When step is a glyph's height, lines is one
    TileGrid of n rows (a TileGrid, 96 B on a board, for all), else n TileGrids; the marks are
    two yellow lines that `rows` moves over the lines to show in yellow."""
    if step == tx.h:
        lines = (line(tx, group, white, x, y, width, LEFT, n),)
    else:
        lines = tuple(line(tx, group, white, x, y + i * step, width) for i in range(n))
    return (lines, (line(tx, group, yellow, x, y, width), line(tx, group, yellow, x, y, width)),
            step, n)


def card(art, tile=0, x=0, y=0):
    """A TileGrid showing one face (or the "more" chip) of art's sheet (handheld.cardart): its
    top half is tile `tile`, its bottom half `bottom(tile)` (set both to change it)."""
    tg = displayio.TileGrid(art.sheet, pixel_shader=art.shade(tile), width=1, height=2,
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


def build(r, lay):
    """The table's group (r.table) and its parts for the Renderer r at layout lay (the tuple of
    handheld.layout), with the card sheets in r.art."""
    # the fields as locals (handheld.layout lists them): no names to intern
    (width, height, card_w, card_h, big, felt, page_fill, opp_x, opp_step, opp_y,
     opp_info, opp_glyphs, stock, trump, stock_label, trump_glyph, trick_opp, trick_me,
     score, me_info, me_glyphs, hand, prompt, panel, page_top, page_step, page_lines, page_x,
     title_y, title_cards, title_text_top) = lay
    r.tx = tx = text()
    r.white = white = ink(_WHITE)
    r.yellow = yellow = ink(_YELLOW)
    art = r.art
    r.table = t = displayio.Group()
    # the computer's hand, its line and marriages
    tg = backs(art, opp_x, opp_y, 6, opp_step)
    t.append(tg)
    r.backs = (tg, art.w // art.g, opp_step // art.g)  # a back's strips, a step's
    opp = (line(tx, t, white, opp_info[0], opp_info[1], 18),
           glyph(art, 4, opp_glyphs[0], opp_glyphs[1], 3))  # its marriages' suits: placed by
    t.append(opp[1])  # update()
    # stock and trump
    r.stock = tg = backs(art, stock[0], stock[1], 1, 0)
    for i in range(art.w // art.g):
        tg[i] = i
    r.trump = card(art, 0, trump[0], trump[1])
    t.append(r.trump)
    t.append(r.stock)
    r.stock_label = line(tx, t, white, stock_label[0], stock_label[1], 7, CENTRE)
    g = displayio.Group(scale=2, x=trump_glyph[0], y=trump_glyph[1])
    r.trump_big = (g, glyph(art, 0))  # the group that scales it, the suit's tile
    g.append(r.trump_big[1])
    t.append(g)
    # the trick: the computer's card above, the player's below
    r.trick = (card(art, 0, trick_me[0], trick_me[1]),
               card(art, 0, trick_opp[0], trick_opp[1]))
    t.append(r.trick[1])
    t.append(r.trick[0])
    x, y, step = score
    r.score = (line(tx, t, white, x, y, 6, RIGHT),
               line(tx, t, white, x, y + step, 6, RIGHT),
               line(tx, t, ink(_GREY), x, y + 2 * step, 6, RIGHT))
    me = (line(tx, t, white, me_info[0], me_info[1], 18),
          glyph(art, 4, me_glyphs[0], me_glyphs[1], 3))
    t.append(me[1])
    r.seats = (me, opp)  # per seat: its status line and its marriages' suits
    slots = []
    for i in range(_SLOTS):
        tg = card(art, 0, hand[0] + i * hand[2], hand[1])
        slots.append(tg)
        t.append(tg)
    r.cards = tuple(slots)  # the hand's slots
    r.prompt = line(tx, t, white, prompt[0], prompt[1], 26)
    # the choices panel over the table
    x, y, w, h, step = panel
    r.panel = g = displayio.Group(x=x, y=y)
    p = displayio.Palette(4)  # an edged box whose height can change: two rectangles; the
    p[0] = _PANEL_FILL  # felt's and the pages' colours too (handheld.pagebuild's rectangles)
    p[1] = _YELLOW
    p[2] = felt
    p[3] = page_fill
    r.panel_box = (
        vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0, color_index=1),
        vectorio.Rectangle(pixel_shader=p, width=w - 2, height=h - 2, x=1, y=1, color_index=0))
    g.append(r.panel_box[0])
    g.append(r.panel_box[1])
    r.panel_lines = block(tx, g, 3, 3, 6, 18, step, white, yellow)  # title, 5 choices
    t.append(g)
