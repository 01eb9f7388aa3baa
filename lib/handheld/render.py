"""Draws the app with displayio: TileGrids over the card sheets (handheld.cardart), text as
TileGrids of glyphs (handheld.tiletext).

Everything is built once, here; `update(app)` (handheld.draw, the base class: split off so
that no module is big to compile on a board) only changes the tiles, positions, palettes and
texts that differ from what is shown, then refreshes the display once.
"""
import displayio
import vectorio

from handheld import screen as A
from handheld.cardart import CardArt, MORE, NORMAL, DIM, LIT
from handheld import unload
from handheld import words
from handheld.tiletext import Text, ink, CENTRE, RIGHT
from handheld.draw import Draw

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_WHITE = const(0xF0F0E8)
_YELLOW = const(0xF8D020)
_GREY = const(0xA0B0A0)
_PANEL_FILL = const(0x0C2A16)
_SLOTS = const(7)  # six cards and the "more" chip


class Renderer(Draw):
    """The whole screen. `display` may be None (build the groups only, for tests)."""

    def __init__(self, display=None, width=None, height=None):
        if display is not None:
            width = display.width
            height = display.height
        # the layout's fields as locals (handheld.layout lists them): no names to intern; its
        # numbers are read here only, so its code leaves the heap once they are
        from handheld.layout import layout
        (width, height, card_w, card_h, big, felt, page_fill, opp_x, opp_step, opp_y,
         opp_info, opp_glyphs, stock, trump, stock_label, trump_glyph, trick_opp, trick_me,
         score, me_info, me_glyphs, hand, prompt, panel, page_top, page_step, page_lines, page_x,
         title_y, title_cards, title_text_top) = layout(width or 160, height or 128)
        layout = None
        unload("handheld.layout")
        # what update() reads of it (handheld.draw unpacks it in this order); the hand's x, y,
        # step and raise
        self.lay = (height, page_top, page_step, title_text_top, panel[4])
        self.hand = hand
        self.display = display
        self.refreshes = 0
        self.tx = tx = Text()
        self.white = white = ink(_WHITE)
        self.yellow = yellow = ink(_YELLOW)
        self.art = art = CardArt(card_w, card_h, big)
        root = displayio.Group()
        p = displayio.Palette(1)  # the felt, a solid rectangle
        p[0] = felt
        root.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0))
        self.table = t = displayio.Group()
        root.append(t)
        # the computer's hand, its line and marriages
        backs = []
        for i in range(6):
            tg = art.back(opp_x + i * opp_step, opp_y)
            backs.append(tg)
            t.append(tg)
        self.backs = tuple(backs)
        opp = (tx.line(t, white, opp_info[0], opp_info[1], 18),
               art.glyph(4, opp_glyphs[0], opp_glyphs[1], 3))  # its marriages' suits: placed by
        t.append(opp[1])  # update()
        # stock and trump
        self.stock = art.back(stock[0], stock[1])
        self.trump = art.card(0, trump[0], trump[1])
        t.append(self.trump)
        t.append(self.stock)
        self.stock_label = tx.line(t, white, stock_label[0], stock_label[1], 7, CENTRE)
        g = displayio.Group(scale=2, x=trump_glyph[0], y=trump_glyph[1])
        self.trump_big = (g, art.glyph(0))  # the group that scales it, the suit's tile
        g.append(self.trump_big[1])
        t.append(g)
        # the trick: the computer's card above, the player's below
        self.trick = (art.card(0, trick_me[0], trick_me[1]),
                      art.card(0, trick_opp[0], trick_opp[1]))
        t.append(self.trick[1])
        t.append(self.trick[0])
        x, y, step = score
        self.score = (tx.line(t, white, x, y, 6, RIGHT),
                      tx.line(t, white, x, y + step, 6, RIGHT),
                      tx.line(t, ink(_GREY), x, y + 2 * step, 6, RIGHT))
        me = (tx.line(t, white, me_info[0], me_info[1], 18),
              art.glyph(4, me_glyphs[0], me_glyphs[1], 3))
        t.append(me[1])
        self.seats = (me, opp)  # per seat: its status line and its marriages' suits
        slots = []
        for i in range(_SLOTS):
            tg = art.card(0, hand[0] + i * hand[2], hand[1])
            slots.append(tg)
            t.append(tg)
        self.cards = tuple(slots)  # the hand's slots
        self.prompt = tx.line(t, white, prompt[0], prompt[1], 26)
        # the choices panel over the table
        x, y, w, h, step = panel
        self.panel = g = displayio.Group(x=x, y=y)
        p = displayio.Palette(2)  # an edged box whose height can change: two rectangles
        p[0] = _PANEL_FILL
        p[1] = _YELLOW
        self.panel_box = (
            vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0, color_index=1),
            vectorio.Rectangle(pixel_shader=p, width=w - 2, height=h - 2, x=1, y=1, color_index=0))
        g.append(self.panel_box[0])
        g.append(self.panel_box[1])
        self.panel_lines = tuple(tx.line(g, yellow if i == 0 else white, 3, 3 + i * step, 18)
                                 for i in range(6))
        t.append(g)
        # full-screen pages
        self.page = g = displayio.Group()
        p = displayio.Palette(1)  # the pages' background
        p[0] = page_fill
        g.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0))
        self.title = displayio.Group()
        big = displayio.Group(scale=2, x=width // 2 - 9 * tx.w, y=title_y)
        tx.set(tx.line(big, yellow, 0, 0, 9), "Sixty-Six")
        self.title.append(big)
        x, y, step = title_cards
        for i in range(4):
            self.title.append(art.card((0, 2, 3, 1)[i] * 6 + 5, x + i * step, y))
        g.append(self.title)
        self.page_lines = tuple(tx.line(g, white, page_x, page_top + i * page_step, words.WIDTH)
                                for i in range(page_lines))
        root.append(g)
        if display is not None:
            display.auto_refresh = False
            display.root_group = root

    def _hand(self, tb):
        art = self.art
        x0, y0, step, lift = self.hand
        cards = tb.hand_cards
        n = len(cards)
        choosing = tb.phase == A.HUMAN and tb.panel is None
        for i in range(_SLOTS):
            tg = self.cards[i]
            if i < n or (i == n and tb.has_more and choosing):
                sel = choosing and i == tb.cursor
                tile = cards[i] if i < n else MORE
                state = NORMAL
                y = y0 - lift if sel else y0
                if choosing:
                    if sel:
                        state = LIT
                    elif i < n and not tb.playable >> cards[i] & 1:
                        state = DIM
                    if i < n and cards[i] == tb.hint_card:  # the hint's card: lit, raised
                        state = LIT
                        y = y0 - 2 * lift
                shader = art.shade(tile, state)
                self._tile(tg, tile, x0 + i * step, y, shader)
            else:
                self._hide(tg, True)
