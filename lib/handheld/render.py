"""Draws the app with displayio: TileGrids over one card sheet, text as TileGrids of glyphs.

Everything is built once; `update(app)` only changes the tiles, positions and palettes that
differ from what is shown (a cache per element), then refreshes the display once.

Text is one TileGrid per line over the built-in font's glyph sheet (`terminalio.FONT.bitmap`,
in flash on a board), one tile per character, with a shared 2-colour palette per text colour.
It draws the same pixels as adafruit_display_text's bitmap_label did, for a fraction of the
heap: a line costs a TileGrid (96 B and a byte per character on a board) where a label took
about 1.4 KB (its Group, bitmap, palette and Python object), and the library's 16 KB of code
is not imported (README, Memory).
"""
import displayio
import terminalio
import vectorio

from handheld import screen as A
from handheld.cardart import CardArt, BACK, MORE
from handheld.layout import layout
from handheld import words

WHITE = 0xF0F0E8
YELLOW = 0xF8D020
GREY = 0xA0B0A0
PANEL_FILL = 0x0C2A16
SLOTS = 7  # six cards and the "more" chip
LEFT = 0
CENTRE = 1
RIGHT = 2


def _font():
    """(glyph sheet, glyph width, height) for text TileGrids, a character's tile its code
    minus 32. A board's built-in font keeps its glyphs in one bitmap in flash, printable ASCII
    first (fontio.BuiltinFont.bitmap); Blinka's font on the desktop has none: it gets a sheet
    built here once."""
    f = terminalio.FONT
    w, h = f.get_bounding_box()[:2]
    bm = f.bitmap
    if isinstance(getattr(bm, "width", None), int):
        return bm, w, h
    return _sheet(f, w, h), w, h


def _sheet(font, w, h):
    """Printable ASCII of font (any font with get_glyph) as one bitmap of w x h tiles, each
    glyph where bitmap_label would draw it in its line. Runs on the desktop only (a board's
    font has its sheet)."""
    sheet = displayio.Bitmap(95 * w, h, 2)
    ascent = 0
    for k in range(95):
        gl = font.get_glyph(32 + k)
        ascent = max(ascent, gl.height + gl.dy)
    for k in range(95):
        gl = font.get_glyph(32 + k)
        top = ascent - gl.height - gl.dy
        gb = gl.bitmap
        x0 = gl.tile_index * gl.width if gb.width > gl.width else 0
        for y in range(gl.height):
            for x in range(gl.width):
                if gb[x0 + x, y]:
                    sheet[k * w + gl.dx + x, top + y] = 1
    return sheet


def _ink(colour):
    """A text colour: the glyph sheet's 1s in colour, its 0s transparent."""
    p = displayio.Palette(2)
    p[1] = colour
    p.make_transparent(0)
    return p


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
        self._cache = {}
        self.font = _font()
        self.white = _ink(WHITE)
        self.yellow = _ink(YELLOW)
        self.grey = _ink(GREY)
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
        self.opp_info = self._line(t, L.opp_info[0], L.opp_info[1], 18)
        self.opp_glyphs = self._glyph_row(t, L.opp_glyphs)
        # stock and trump
        self.stock = art.card(BACK, L.stock[0], L.stock[1])
        self.trump = art.card(0, L.trump[0], L.trump[1])
        t.append(self.trump)
        t.append(self.stock)
        self.stock_label = self._line(t, L.stock_label[0], L.stock_label[1], 7, CENTRE)
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
        self.score = (self._line(t, x, y, 6, RIGHT), self._line(t, x, y + step, 6, RIGHT),
                      self._line(t, x, y + 2 * step, 6, RIGHT, self.grey))
        self.me_info = self._line(t, L.me_info[0], L.me_info[1], 18)
        self.me_glyphs = self._glyph_row(t, L.me_glyphs)
        self.slots = []
        for i in range(SLOTS):
            tg = art.card(BACK, L.hand[0] + i * L.hand[2], L.hand[1])
            self.slots.append(tg)
            t.append(tg)
        self.prompt = self._line(t, L.prompt[0], L.prompt[1], 26)
        # the choices panel over the table
        px, py, pw, ph, pstep = L.panel
        self.panel = displayio.Group(x=px, y=py)
        self.panel_box = _box(pw, ph, PANEL_FILL, YELLOW)
        self.panel.append(self.panel_box[0])
        self.panel.append(self.panel_box[1])
        self.panel_lines = []
        for i in range(6):
            self.panel_lines.append(self._line(self.panel, 3, 3 + i * pstep, 18, LEFT,
                                               self.yellow if i == 0 else self.white))
        t.append(self.panel)
        # full-screen pages
        self.page = displayio.Group()
        self.page.append(_fill(L.width, L.height, L.page))
        self.title = displayio.Group()
        big = displayio.Group(scale=2, x=L.width // 2 - 9 * self.font[1], y=L.title_y)
        self._text(self._line(big, 0, 0, 9, LEFT, self.yellow), "Sixty-Six")
        self.title.append(big)
        cx, cy, cstep = L.title_cards
        for i in range(4):
            self.title.append(art.card((0, 2, 3, 1)[i] * 6 + 5, cx + i * cstep, cy))
        self.page.append(self.title)
        self.page_lines = []
        for i in range(L.page_lines):
            self.page_lines.append(self._line(self.page, L.page_x, L.page_top + i * L.page_step,
                                              words.WIDTH))
        root.append(self.page)
        if display is not None:
            display.auto_refresh = False
            display.root_group = root

    def _line(self, group, x, y, width, align=LEFT, ink=None):
        """A line of `width` characters at (x, y): its left edge, centre or right edge at x
        (align), appended to group. Its alignment is kept for `_text`."""
        sheet, w, h = self.font
        if align == CENTRE:
            x -= width * w // 2
        elif align == RIGHT:
            x -= width * w
        tg = displayio.TileGrid(sheet, pixel_shader=ink or self.white, width=width, height=1,
                                tile_width=w, tile_height=h, default_tile=0, x=x, y=y)
        self._cache[id(tg)] = (b" " * width, align)
        group.append(tg)
        return tg

    def _glyph_row(self, group, spec):
        x, y, step = spec
        row = []
        for i in range(3):
            g = self.art.glyph(4, x + i * step, y)
            row.append(g)
            group.append(g)
        return row

    def shown(self, tg):
        """The text a line shows (for tests)."""
        return self._cache[id(tg)][0].decode()

    # ---- small setters that touch displayio only on a change --------------------------------
    def _text(self, tg, text, ink=None):
        """Show text on line tg (cut to the line's width; padded as the line aligns), in ink
        (a palette: self.white...) if given. Only the characters that change are written."""
        key = id(tg)
        old, align = self._cache[key]
        width = len(old)
        n = len(text)
        if n > width:
            text = text[:width]
            n = width
        pad = width - n
        left = pad // 2 if align == CENTRE else (pad if align == RIGHT else 0)
        s = (" " * left + text + " " * (pad - left)).encode()
        if s != old:
            for i in range(width):
                c = s[i]
                if c != old[i]:
                    tg[i] = c - 32 if 32 <= c < 127 else 31
            self._cache[key] = (s, align)
        if ink is not None and tg.pixel_shader is not ink:
            tg.pixel_shader = ink

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
            if lb.y != y:
                lb.y = y
            text = lines[i] if i < len(lines) else ""
            if y + L.page_step > L.height + 2 and text == "":
                self._hide(lb, True)
                continue
            self._hide(lb, False)
            self._text(lb, text, self.yellow if i == page.sel or
                       (i == 0 and not is_title) else self.white)

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
                self._text(self.stock_label, "closed" if closed else "%d" % h.stock_size)
                self._hide(self.trump_big, True)
            else:
                self._hide(self.stock, True)
                self._hide(self.trump, True)
                self._text(self.stock_label, "trumps")
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
            self._text(self.score[0], "You %2d" % s[0])
            self._text(self.score[1], "CPU %2d" % s[1])
            self._text(self.score[2], "to go" if m.bummerl else "to %d" % m.target)
        if d & A.D_HAND:
            self._hand(tb)
        if d & A.D_PANEL:
            self._panel(tb)
        if d & A.D_PROMPT:
            self._text(self.prompt, app.prompt)

    def _seat(self, app, h, seat, lb, glyphs):
        text = "%s %d trick%s" % (words.WHO[seat], h.tricks(seat), "" if h.tricks(seat) == 1 else "s")
        if app.show_points:
            text += " %d pt" % h.points(seat)
        self._text(lb, text, self.yellow if h.to_move == seat else self.white)
        m = h.marriages[seat]
        x = lb.x + self.font[1] * len(text) + 4
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
                if choosing:
                    if sel:
                        shader = art.lit
                    elif i < n and not tb.playable >> cards[i] & 1:
                        shader = art.dim
                self._tile(tg, tile, x0 + i * step, y0 - lift if sel else y0, shader)
            else:
                self._hide(tg, True)

    def _panel(self, tb):
        if tb.panel is None:
            self._hide(self.panel, True)
            return
        self._hide(self.panel, False)
        title, items = tb.panel
        self._text(self.panel_lines[0], title)
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
                self._text(lb, ("> " if sel else "  ") + items[i][0],
                           self.yellow if sel else self.white)
            else:
                self._text(lb, "")
