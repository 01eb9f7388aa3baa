"""Draws the app with displayio: TileGrids over one card sheet, bitmap_label text.

Everything is built once; `update(app)` only changes the tiles, positions, palettes and texts
that differ from what is shown (a cache per element), then refreshes the display once. Texts
are padded to a fixed width so bitmap_label reuses its bitmap.
"""
import displayio
import terminalio
import vectorio
from adafruit_display_text import bitmap_label

from handheld import screen as A
from handheld.cardart import CardArt, BACK, MORE
from handheld.layout import layout
from handheld import words

WHITE = 0xF0F0E8
YELLOW = 0xF8D020
GREY = 0xA0B0A0
PANEL_FILL = 0x0C2A16
SLOTS = 7  # six cards and the "more" chip


def _label(x, y, width, anchor_x=0.0, color=WHITE, scale=1):
    lb = bitmap_label.Label(terminalio.FONT, text=" " * width, color=color, scale=scale)
    lb.anchor_point = (anchor_x, 0.0)
    lb.anchored_position = (x, y)
    return lb


def _fill(w, h, colour, scale=8):
    """A solid rectangle as a small bitmap in a scaled group."""
    g = displayio.Group(scale=scale)
    bm = displayio.Bitmap((w + scale - 1) // scale, (h + scale - 1) // scale, 1)
    p = displayio.Palette(1)
    p[0] = colour
    g.append(displayio.TileGrid(bm, pixel_shader=p))
    return g


def _box(w, h, fill, edge):
    """An edged box whose height can change: two vectorio rectangles."""
    p = displayio.Palette(2)
    p[0] = fill
    p[1] = edge
    return (vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0, color_index=1),
            vectorio.Rectangle(pixel_shader=p, width=w - 2, height=h - 2, x=1, y=1,
                               color_index=0))


class Renderer:
    """The whole screen. `display` may be None (build the groups only, for tests)."""

    def __init__(self, display=None, width=None, height=None):
        if display is not None:
            width = display.width
            height = display.height
        self.lay = L = layout(width or 160, height or 128)
        self.display = display
        self.refreshes = 0
        self.art = art = CardArt(L.card_w, L.card_h, L.big)
        self.root = root = displayio.Group()
        root.append(_fill(L.width, L.height, L.felt))
        self.table = t = displayio.Group()
        root.append(t)
        # the computer's hand, its line and marriages
        self.backs = []
        for i in range(6):
            tg = art.card(BACK, L.opp_x + i * L.opp_step, L.opp_y)
            self.backs.append(tg)
            t.append(tg)
        self.opp_info = _label(L.opp_info[0], L.opp_info[1], 18)
        t.append(self.opp_info)
        self.opp_glyphs = self._glyph_row(t, L.opp_glyphs)
        # stock and trump
        self.stock = art.card(BACK, L.stock[0], L.stock[1])
        self.trump = art.card(0, L.trump[0], L.trump[1])
        t.append(self.trump)
        t.append(self.stock)
        self.stock_label = _label(L.stock_label[0], L.stock_label[1], 7, 0.5)
        t.append(self.stock_label)
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
        self.score = (_label(x, y, 6, 1.0), _label(x, y + step, 6, 1.0),
                      _label(x, y + 2 * step, 6, 1.0, GREY))
        for lb in self.score:
            t.append(lb)
        self.me_info = _label(L.me_info[0], L.me_info[1], 18)
        t.append(self.me_info)
        self.me_glyphs = self._glyph_row(t, L.me_glyphs)
        self.slots = []
        for i in range(SLOTS):
            tg = art.card(BACK, L.hand[0] + i * L.hand[2], L.hand[1])
            self.slots.append(tg)
            t.append(tg)
        self.prompt = _label(L.prompt[0], L.prompt[1], 26)
        t.append(self.prompt)
        # the choices panel over the table
        px, py, pw, ph, pstep = L.panel
        self.panel = displayio.Group(x=px, y=py)
        self.panel_box = _box(pw, ph, PANEL_FILL, YELLOW)
        self.panel.append(self.panel_box[0])
        self.panel.append(self.panel_box[1])
        self.panel_lines = []
        for i in range(6):
            lb = _label(3, 3 + i * pstep, 18, 0.0, YELLOW if i == 0 else WHITE)
            self.panel_lines.append(lb)
            self.panel.append(lb)
        t.append(self.panel)
        # full-screen pages
        self.page = displayio.Group()
        self.page.append(_fill(L.width, L.height, L.page))
        self.title = displayio.Group()
        self.title.append(_label(L.width // 2, L.title_y, 9, 0.5, YELLOW, 2))
        self.title[0].text = "Sixty-Six"
        cx, cy, cstep = L.title_cards
        for i in range(4):
            self.title.append(art.card((0, 2, 3, 1)[i] * 6 + 5, cx + i * cstep, cy))
        self.page.append(self.title)
        self.page_lines = []
        for i in range(L.page_lines):
            lb = _label(L.page_x, L.page_top + i * L.page_step, words.WIDTH)
            self.page_lines.append(lb)
            self.page.append(lb)
        root.append(self.page)
        self._cache = {}
        if display is not None:
            display.auto_refresh = False
            display.root_group = root

    def _glyph_row(self, group, spec):
        x, y, step = spec
        row = []
        for i in range(3):
            g = self.art.glyph(4, x + i * step, y)
            row.append(g)
            group.append(g)
        return row

    # ---- small setters that touch displayio only on a change --------------------------------
    def _text(self, lb, text, width, color=None, centre=False):
        key = id(lb)
        s = text
        if width:
            n = len(text)
            if n >= width:
                s = text[:width]
            elif centre:
                s = " " * ((width - n) // 2) + text + " " * (width - n - (width - n) // 2)
            else:
                s = text + " " * (width - n)
        c = self._cache
        if c.get(key) != s:
            c[key] = s
            lb.text = s
        if color is not None and c.get(-key) != color:
            c[-key] = color
            lb.color = color

    @staticmethod
    def _tile(tg, tile, x, y, shader, hidden=False):
        if tg.hidden != hidden:
            tg.hidden = hidden
        if hidden:
            return
        if tg[0] != tile:
            tg[0] = tile
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y
        if tg.pixel_shader is not shader:
            tg.pixel_shader = shader

    @staticmethod
    def _hide(obj, hidden):
        if obj.hidden != hidden:
            obj.hidden = hidden

    # ---- drawing ------------------------------------------------------------------------------
    def update(self, app):
        """Bring the screen up to date with app; refreshes the display if anything changed."""
        d = app.dirty
        app.dirty = 0
        if not d:
            return False
        on_table = app.screen == A.TABLE
        self._hide(self.table, not on_table)
        self._hide(self.page, on_table)
        if on_table:
            self._table(app, app.top, d)
        else:
            self._page(app.top)
        if self.display is not None:
            self.display.refresh()
            self.refreshes += 1
        return True

    def _page(self, page):
        L = self.lay
        is_title = page.kind == A.TITLE
        self._hide(self.title, not is_title)
        top = L.title_text_top if is_title else L.page_top
        lines = page.lines
        for i in range(len(self.page_lines)):
            lb = self.page_lines[i]
            y = top + i * L.page_step
            if lb.anchored_position[1] != y:
                lb.anchored_position = (L.page_x, y)
            text = lines[i] if i < len(lines) else ""
            if y + L.page_step > L.height + 2 and text == "":
                self._hide(lb, True)
                continue
            self._hide(lb, False)
            self._text(lb, text, words.WIDTH, YELLOW if i == page.sel or
                       (i == 0 and not is_title) else WHITE)

    def _table(self, app, tb, d):
        m = app.match
        h = m.hand
        art = self.art
        if d & (A.D_OPP | A.D_ME):
            n = 0
            mask = h.hand_mask(1)
            while mask:
                mask &= mask - 1
                n += 1
            for i in range(6):
                self._hide(self.backs[i], i >= n)
            self._seat(app, h, 1, self.opp_info, self.opp_glyphs)
            self._seat(app, h, 0, self.me_info, self.me_glyphs)
        if d & A.D_STOCK:
            if h.stock_size:
                closed = h.closed_by >= 0
                self._tile(self.stock, BACK, self.stock.x, self.stock.y, art.normal)
                self._tile(self.trump, h.trump_card, self.trump.x, self.trump.y,
                           art.dim if closed else art.normal)
                self._text(self.stock_label, "closed" if closed else "%d" % h.stock_size, 7,
                           None, True)
                self._hide(self.trump_big, True)
            else:
                self._hide(self.stock, True)
                self._hide(self.trump, True)
                self._text(self.stock_label, "trumps", 7, None, True)
                self._hide(self.trump_big, False)
                if self.trump_big_tile[0] != h.trump_suit:
                    self.trump_big_tile[0] = h.trump_suit
        if d & A.D_TRICK:
            for seat in (0, 1):
                tg = self.trick[seat]
                c = tb.trick[seat]
                self._tile(tg, c if c >= 0 else 0, tg.x, tg.y, art.normal, c < 0)
        if d & A.D_SCORE:
            s = m.scores
            self._text(self.score[0], "You %2d" % s[0], 0)
            self._text(self.score[1], "CPU %2d" % s[1], 0)
            self._text(self.score[2], "to go" if m.bummerl else "to %d" % m.target, 0)
        if d & A.D_HAND:
            self._hand(tb)
        if d & A.D_PANEL:
            self._panel(tb)
        if d & A.D_PROMPT:
            self._text(self.prompt, app.prompt, 26)

    def _seat(self, app, h, seat, lb, glyphs):
        text = "%s %d trick%s" % (words.WHO[seat], h.tricks(seat), "" if h.tricks(seat) == 1 else "s")
        if app.show_points:
            text += " %d pt" % h.points(seat)
        self._text(lb, text, 18, YELLOW if h.to_move == seat else WHITE)
        m = h.marriages[seat]
        x = lb.anchored_position[0] + 6 * len(text) + 4
        k = 0
        for s in range(4):
            if m >> s & 1 and k < len(glyphs):
                glyphs[k][0] = s
                glyphs[k].x = x + k * 9
                k += 1
        for i in range(k, len(glyphs)):
            if glyphs[i][0] != 4:
                glyphs[i][0] = 4

    def _hand(self, tb):
        art = self.art
        x0, y0, step, lift = self.lay.hand
        cards = tb.hand_cards
        n = len(cards)
        choosing = tb.phase == A.HUMAN and tb.panel is None
        for i in range(SLOTS):
            tg = self.slots[i]
            if i < n or (i == n and tb.has_more and choosing):
                sel = choosing and i == tb.cursor
                tile = cards[i] if i < n else MORE
                shader = art.normal
                y = y0 - lift if sel else y0
                if choosing:
                    if sel:
                        shader = art.lit
                    elif i < n and not tb.playable >> cards[i] & 1:
                        shader = art.dim
                    if i < n and cards[i] == tb.hint_card:  # the hint's card: lit, raised
                        shader = art.lit
                        y = y0 - 2 * lift
                self._tile(tg, tile, x0 + i * step, y, shader)
            else:
                self._hide(tg, True)

    def _panel(self, tb):
        if tb.panel is None:
            self._hide(self.panel, True)
            return
        self._hide(self.panel, False)
        title, items = tb.panel
        self._text(self.panel_lines[0], title, 18)
        rows = len(self.panel_lines) - 1
        top = 0
        if tb.panel_sel >= rows:
            top = tb.panel_sel - rows + 1
        shown = min(rows, len(items))
        h = 6 + (shown + 1) * self.lay.panel[4]
        if self.panel_box[0].height != h:
            self.panel_box[0].height = h
            self.panel_box[1].height = h - 2
        for r in range(rows):
            i = top + r
            lb = self.panel_lines[r + 1]
            if i < len(items):
                sel = i == tb.panel_sel
                self._text(lb, ("> " if sel else "  ") + items[i][0], 18, YELLOW if sel else WHITE)
            else:
                self._text(lb, "", 18)
