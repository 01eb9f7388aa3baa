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
from handheld.layout import layout
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


def _fill(w, h, colour):
    """A solid rectangle."""
    p = displayio.Palette(1)
    p[0] = colour
    return vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0)


class Renderer(Draw):
    """The whole screen. `display` may be None (build the groups only, for tests)."""

    def __init__(self, display=None, width=None, height=None):
        if display is not None:
            width = display.width
            height = display.height
        self.lay = L = layout(width or 160, height or 128)
        self.display = display
        self.refreshes = 0
        self.tx = Text()
        self.white = ink(_WHITE)
        self.yellow = ink(_YELLOW)
        self.grey = ink(_GREY)
        self.art = art = CardArt(L.card_w, L.card_h, L.big)
        self.root = root = displayio.Group()
        root.append(_fill(L.width, L.height, L.felt))
        self.table = t = displayio.Group()
        root.append(t)
        # the computer's hand, its line and marriages
        self.backs = []
        for i in range(6):
            tg = art.back(L.opp_x + i * L.opp_step, L.opp_y)
            self.backs.append(tg)
            t.append(tg)
        self.opp_info = self.tx.line(t, self.white, L.opp_info[0], L.opp_info[1], 18)
        self.opp_glyphs = self._glyph_row(t, L.opp_glyphs)
        # stock and trump
        self.stock = art.back(L.stock[0], L.stock[1])
        self.trump = art.card(0, L.trump[0], L.trump[1])
        t.append(self.trump)
        t.append(self.stock)
        self.stock_label = self.tx.line(t, self.white, L.stock_label[0], L.stock_label[1], 7,
                                        CENTRE)
        self.trump_big = displayio.Group(scale=2, x=L.trump_glyph[0], y=L.trump_glyph[1])
        self.trump_big_tile = art.glyph(0)
        self.trump_big.append(self.trump_big_tile)
        t.append(self.trump_big)
        # the trick: the computer's card above, the player's below
        self.trick = (art.card(0, L.trick_me[0], L.trick_me[1]),
                      art.card(0, L.trick_opp[0], L.trick_opp[1]))
        t.append(self.trick[1])
        t.append(self.trick[0])
        x, y, step = L.score
        self.score = (self.tx.line(t, self.white, x, y, 6, RIGHT),
                      self.tx.line(t, self.white, x, y + step, 6, RIGHT),
                      self.tx.line(t, self.grey, x, y + 2 * step, 6, RIGHT))
        self.me_info = self.tx.line(t, self.white, L.me_info[0], L.me_info[1], 18)
        self.me_glyphs = self._glyph_row(t, L.me_glyphs)
        self.slots = []
        for i in range(_SLOTS):
            tg = art.card(0, L.hand[0] + i * L.hand[2], L.hand[1])
            self.slots.append(tg)
            t.append(tg)
        self.prompt = self.tx.line(t, self.white, L.prompt[0], L.prompt[1], 26)
        # the choices panel over the table
        x, y, w, h, step = L.panel
        self.panel = displayio.Group(x=x, y=y)
        p = displayio.Palette(2)  # an edged box whose height can change: two rectangles
        p[0] = _PANEL_FILL
        p[1] = _YELLOW
        self.panel_box = (
            vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0, color_index=1),
            vectorio.Rectangle(pixel_shader=p, width=w - 2, height=h - 2, x=1, y=1, color_index=0))
        self.panel.append(self.panel_box[0])
        self.panel.append(self.panel_box[1])
        self.panel_lines = []
        for i in range(6):
            self.panel_lines.append(self.tx.line(
                self.panel, self.yellow if i == 0 else self.white, 3, 3 + i * step, 18))
        t.append(self.panel)
        # full-screen pages
        self.page = displayio.Group()
        self.page.append(_fill(L.width, L.height, L.page))
        self.title = displayio.Group()
        big = displayio.Group(scale=2, x=L.width // 2 - 9 * self.tx.w, y=L.title_y)
        self.tx.set(self.tx.line(big, self.yellow, 0, 0, 9), "Sixty-Six")
        self.title.append(big)
        x, y, step = L.title_cards
        for i in range(4):
            self.title.append(art.card((0, 2, 3, 1)[i] * 6 + 5, x + i * step, y))
        self.page.append(self.title)
        self.page_lines = []
        for i in range(L.page_lines):
            self.page_lines.append(self.tx.line(self.page, self.white, L.page_x,
                                                L.page_top + i * L.page_step, words.WIDTH))
        root.append(self.page)
        if display is not None:
            display.auto_refresh = False
            display.root_group = root

    def _glyph_row(self, group, at):
        """The marriages' suits after a status line: one TileGrid of 3 (placed by draw)."""
        g = self.art.glyph(4, at[0], at[1], 3)
        group.append(g)
        return g

    def _hand(self, tb):
        art = self.art
        x0, y0, step, lift = self.lay.hand
        cards = tb.hand_cards
        n = len(cards)
        choosing = tb.phase == A.HUMAN and tb.panel is None
        for i in range(_SLOTS):
            tg = self.slots[i]
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
