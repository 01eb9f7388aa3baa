"""The card table's displayio objects, built once for handheld.render's Renderer (a step of its
build, after handheld.layout's numbers and the card sheets; this module then leaves the heap).
"""
import displayio
import vectorio
from handheld.grids import text, ink, line, block, card, backs, glyph

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_WHITE = const(0xF0F0E8)  # the text colours, the choices panel's fill
_YELLOW = const(0xF8D020)
_GREY = const(0xA0B0A0)
_PANEL_FILL = const(0x0C2A16)
_RIGHT = const(2)  # how a text line aligns (handheld.grids's line)
_SLOTS = const(7)  # the hand's slots: six cards and the "more" chip


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
    # the stock's count centred under it in 7 characters, or who closed it in 10 from there
    r.stock_label = line(tx, t, white, stock_label[0] - 7 * tx.w // 2, stock_label[1], 10)
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
    r.score = (line(tx, t, white, x, y, 6, _RIGHT),
               line(tx, t, white, x, y + step, 6, _RIGHT),
               line(tx, t, ink(_GREY), x, y + 2 * step, 6, _RIGHT))
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
