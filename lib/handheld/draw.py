"""How the Renderer (handheld.render) brings the screen up to date: `Draw` is its base class,
with `update(app)` and the parts it draws; handheld.render builds the groups.

Only what differs from what is shown is touched: tiles, positions, palettes and texts. The card
sheets' tiles and palettes (handheld.cardpaint lays them out): `bottom(tile)`, `shade(art, card,
state)`; text: `Text`.
"""
# Text as TileGrids: one TileGrid per line (or per block of lines) over the built-in font's glyph
# sheet.
#
# `terminalio.FONT.bitmap` holds every glyph of a board's built-in font in flash, printable ASCII
# first (a character's tile is its code minus 32), so a line of n characters costs one TileGrid
# (96 B and n bytes of tile indices on a board) and a colour one shared 2-colour palette
# (handheld.grids's `ink`, which makes the Text and its lines too: code needed once, dropped
# after).
# It draws the pixels adafruit_display_text's bitmap_label drew, for a fraction of the heap: a
# label took about 1.4 KB (its Group, bitmap, palette and Python object) and the library's code
# 16 KB (docs/memory.md). Blinka's font on the desktop has no sheet: handheld.fontsheet builds
# one.

from handheld import screen as A
from handheld import words

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# handheld.screen's values, copied (a private constant is no name on a board)
_D_OPP = const(1)
_D_STOCK = const(2)
_D_TRICK = const(4)
_D_SCORE = const(8)
_D_ME = const(16)
_D_HAND = const(32)
_D_PROMPT = const(64)
_D_PANEL = const(128)
_SLOTS = const(7)  # the hand's slots: six cards and the "more" chip
_MORE = const(24)  # the "more" chip's tile (handheld.cardpaint)
# what shade() colours a card for
_NORMAL = const(0)
_DIM = const(1)  # a card that may not be played, a turned-down trump
_LIT = const(2)  # the selected card, the "more" chip: a yellow edge
_HINT_ASK = const(5)  # handheld.screen's: a table phase from it on is a hint asked
_LEFT = const(0)  # how a text line aligns (handheld.grids places it so; Text.set pads it so)
_CENTRE = const(1)
_RIGHT = const(2)


def bottom(tile):
    """The face sheet's tile of the bottom half of a face (or of the "more" chip, tile 24)."""
    return 25 if tile >= _MORE else 26 + tile // 6


def shade(art, card, state=_NORMAL):
    """The palette of art (handheld.cardpaint's) for card (a face, or the "more" chip: always
    lit) in state: normal, dim or lit, with the suit's ink."""
    if card >= 24:
        return art.shades[2 * _LIT]
    s = card // 6  # diamonds and hearts are red
    return art.shades[2 * state + (1 if s == 1 or s == 2 else 0)]


class Text:
    """Text as TileGrids: changes what lines show. The tiles are the only copy of the text: a
    character is written only where the tile differs. Made by handheld.grids's `text()` (w, h: a
    glyph's size; sheet: the glyph sheet), which makes the lines too (its `line` and `block`:
    code needed once, dropped after)."""

    def rows(self, block, top, texts, lit):
        """Show texts on block's lines, the first at y top, those whose number is in lit (at
        most two) in yellow: on its marks, the line under a mark left blank (a block:
        handheld.grids's `block`)."""
        lines, marks, step, n = block
        one = len(lines) == 1
        k = 0
        for i in range(n):
            text = texts[i] if i < len(texts) else ""
            y = top + i * step
            if k < 2 and i in lit:
                tg = marks[k]
                k += 1
                if tg.y != y:
                    tg.y = y
                self.set(tg, text)
                text = ""
            tg = lines[0] if one else lines[i]
            if not one and tg.y != y:
                tg.y = y
            self.set(tg, text, None, i if one else 0)
        if one and lines[0].y != top:
            lines[0].y = top
        for i in range(k, 2):
            self.set(marks[i], "")

    def set(self, tg, text, colour=None, row=0, align=_LEFT):
        """Show text on line tg (its row `row`; cut to the line's width, padded to the left,
        centre or right: align, as the line was placed), in colour if given; a character outside
        printable ASCII shows as "?"."""
        width = tg.width
        n = len(text)
        if n > width:
            text = text[:width]
            n = width
        pad = width - n
        left = pad // 2 if align == _CENTRE else (pad if align == _RIGHT else 0)
        # a character read from a str (text[i], or a loop over it) becomes an interned name
        # that never leaves the heap (docs/memory.md): the codes are read from bytes instead
        data = text.encode()
        if len(data) != n:  # not ASCII: a code per character, 127 ("?") past ASCII
            data = bytearray(n)
            for i in range(n):
                data[i] = min(ord(text[i]), 127)
        row *= width
        for i in range(width):
            c = data[i - left] if left <= i < left + n else 32
            t = c - 32 if 32 <= c < 127 else 31
            if tg[row + i] != t:
                tg[row + i] = t
        if colour is not None and tg.pixel_shader is not colour:
            tg.pixel_shader = colour


class Draw:
    """update() and the parts of the screen; the fields are made by handheld.render."""

    @staticmethod
    def _tile(tg, tile, x, y, shader, hidden=False):
        if tg.hidden != hidden:
            tg.hidden = hidden
        if hidden:
            return
        if tg[0] != tile:  # a card: its top half, then its bottom half
            tg[0] = tile
            tg[1] = bottom(tile)
        if tg.x != x:
            tg.x = x
        if tg.y != y:
            tg.y = y
        if tg.pixel_shader is not shader:
            tg.pixel_shader = shader

    @staticmethod
    def _hide(group, hidden):
        if group.hidden != hidden:
            group.hidden = hidden

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
        else:  # a full-screen page: the title or page's lines, the highlighted ones yellow
            page = app.top
            is_title = page.kind == A.TITLE
            self._hide(self.title, not is_title)
            self.tx.rows(self.page_lines, self.lay[1] if is_title else self.lay[0], page.lines,
                         (page.sel,) if is_title else (0, page.sel))
        if self.display is not None:
            self.display.refresh()
            self.refreshes += 1
        return True

    def _table(self, app, tb, d):
        m = app.match
        h = m.hand
        art = self.art
        if d & (_D_OPP | _D_ME):
            n = 0
            mask = h.hand_mask(1)
            while mask:
                mask &= mask - 1
                n += 1
            tg, k, s = self.backs  # the backs' strips (handheld.tablebuild's `backs`)
            for c in range(tg.width):
                i = min(n - 1, c // s)  # the top back over column c
                j = c - i * s  # its strip there
                t = k + 1 if n == 0 or j >= k else (k if j == 0 and i else j)
                if tg[c] != t:
                    tg[c] = t
            for seat in (1, 0):  # each seat's line: tricks (points), its marriages' suits
                tg, row = self.seats[seat]
                n = h.tricks(seat)
                married = h.marriages[seat]
                text = "%s %d trick%s" % (words.WHO[seat], n, "" if n == 1 else "s")
                if app.show_points:
                    text += " %d pt" % h.points(seat)
                    # "tr" for "tricks" where the line would not fit, or with its marriages'
                    # suits after it (room made for three: 29 pixels)
                    if len(text) > tg.width or married and \
                            tg.x + self.tx.w * len(text) + 29 > self.lay[3]:
                        text = "%s %d tr %d pt" % (words.WHO[seat], n, h.points(seat))
                self.tx.set(tg, text, self.yellow if h.to_move == seat else self.white)
                x = tg.x + self.tx.w * len(text) + 4
                if row.x != x:
                    row.x = x
                k = 0
                for s in range(4):
                    if married >> s & 1 and k < 3:
                        if row[k] != s:
                            row[k] = s
                        k += 1
                for i in range(k, 3):
                    if row[i] != 4:
                        row[i] = 4
        if d & _D_STOCK:
            if h.stock_size:
                closed = h.closed_by >= 0
                self._hide(self.stock, False)
                self._tile(self.trump, h.trump_card, self.trump.x, self.trump.y,
                           shade(art, h.trump_card, _DIM if closed else _NORMAL))
                if closed:  # who closed it (R43: public); 11 characters, trailing spaces
                    # cut by the line (a text of 10 or fewer, from .py, is a name for good)
                    text = "%s closed  " % words.WHO[h.closed_by]
                else:  # the count centred in the line's first 7 characters, under the stock
                    text = str(h.stock_size)
                    text = " " * ((7 - len(text)) // 2) + text
                self.tx.set(self.stock_label, text)
                self._hide(self.trump_big[0], True)
            else:
                self._hide(self.stock, True)
                self._hide(self.trump, True)
                self.tx.set(self.stock_label, "trumps")  # (as centred in 7)
                self._hide(self.trump_big[0], False)
                tile = self.trump_big[1]
                if tile[0] != h.trump_suit:
                    tile[0] = h.trump_suit
        if d & _D_TRICK:
            for seat in (0, 1):
                tg = self.trick[seat]
                c = tb.trick[seat]
                self._tile(tg, c if c >= 0 else 0, tg.x, tg.y, shade(art, c if c >= 0 else 0),
                           c < 0)
        if d & _D_SCORE:
            s = m.scores
            for seat in (0, 1):
                self.tx.set(self.score[seat], "%s %2d" % (words.WHO[seat], s[seat]), None, 0,
                            _RIGHT)
            self.tx.set(self.score[2], "replay" if app.replay is not None else "to go" if
                        m.bummerl else "to %d" % m.target, None, 0, _RIGHT)  # (a replayed
            # deal, from the other seat, does not count in the match)
        if d & (_D_HAND | _D_PANEL):  # (a panel open or gone changes the hand's look)
            self._hand(tb)
        if d & _D_PANEL:  # the choices panel (hidden while the last trick shows in the
            # trick's place, under it)
            self._hide(self.panel, tb.panel is None or tb.peek is not None)
            if tb.panel is not None and tb.peek is None:
                title, items = tb.panel
                rows = self.panel_lines[3] - 1
                top = 0
                if tb.panel_sel >= rows:
                    top = tb.panel_sel - rows + 1
                shown = min(rows, len(items))
                # (3 rows at least: the box's edge then falls below the score's third line)
                box_h = 6 + (max(shown, 3) + 1) * self.lay[2]
                if self.panel_box[0].height != box_h:
                    self.panel_box[0].height = box_h
                    self.panel_box[1].height = box_h - 2
                texts = [title]
                for i in range(top, top + shown):
                    texts.append(("> " if i == tb.panel_sel else "  ") + items[i][0])
                self.tx.rows(self.panel_lines, 3, texts, (0, 1 + tb.panel_sel - top))
        if d & _D_PROMPT:
            self.tx.set(self.prompt, app.prompt)

    def _hand(self, tb):
        art = self.art
        x0, y0, step, lift = self.hand
        cards = tb.hand_cards
        n = len(cards)
        # the player's turn, a hint asked in it too (the hand as it was while it computes)
        choosing = (tb.phase == A.HUMAN or tb.phase >= _HINT_ASK) and tb.panel is None
        for i in range(_SLOTS):
            tg = self.cards[i]
            if i < n or (i == n and tb.has_more and choosing):
                sel = choosing and i == tb.cursor
                tile = cards[i] if i < n else _MORE
                state = _NORMAL
                y = y0 - lift if sel else y0
                if choosing:
                    if sel:
                        state = _LIT
                    elif i < n and not tb.playable >> cards[i] & 1:
                        state = _DIM
                    if i < n and cards[i] == tb.hint_card:  # the hint's card: lit, raised
                        state = _LIT
                        y = y0 - 2 * lift
                shader = shade(art, tile, state)
                self._tile(tg, tile, x0 + i * step, y, shader)
            else:
                self._hide(tg, True)
