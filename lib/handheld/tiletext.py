"""Text as TileGrids: one TileGrid per line (or per block of lines) over the built-in font's glyph
sheet.

`terminalio.FONT.bitmap` holds every glyph of a board's built-in font in flash, printable ASCII
first (a character's tile is its code minus 32), so a line of n characters costs one TileGrid
(96 B and n bytes of tile indices on a board) and a colour one shared 2-colour palette
(handheld.tablebuild's `ink`, which makes the Text too: code needed once, dropped after).
It draws the pixels adafruit_display_text's bitmap_label drew, for a fraction of the heap: a
label took about 1.4 KB (its Group, bitmap, palette and Python object) and the library's code
16 KB (README, Memory). Blinka's font on the desktop has no sheet: handheld.fontsheet builds
one.
"""
LEFT = 0
CENTRE = 1
RIGHT = 2


class Text:
    """Changes what lines show. The tiles are the only copy of the text: a character is written
    only where the tile differs. Made by handheld.tablebuild's `text()` (w, h: a glyph's size;
    sheet: the glyph sheet; aligns: id(line) -> CENTRE or RIGHT), which makes the lines too
    (its `line` and `block`: code needed once, dropped after)."""

    def rows(self, block, top, texts, lit):
        """Show texts on block's lines, the first at y top, those whose number is
        in lit (at most two) in yellow: on its marks, the line under a mark left blank (a block:
        handheld.tablebuild's `block`)."""
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

    @staticmethod
    def shown(tg, row=0):
        """The text line tg shows (its row `row`)."""
        w = tg.width
        return "".join(chr(32 + tg[row * w + i]) for i in range(w))

    def set(self, tg, text, colour=None, row=0):
        """Show text on line tg (its row `row`; cut to the line's width, padded as the line
        aligns), in colour if given; a character outside printable ASCII shows as "?"."""
        width = tg.width
        n = len(text)
        if n > width:
            text = text[:width]
            n = width
        pad = width - n
        align = self.aligns.get(id(tg), LEFT) if pad else LEFT
        left = pad // 2 if align == CENTRE else (pad if align == RIGHT else 0)
        # a character read from a str (text[i], or a loop over it) becomes an interned name
        # that never leaves the heap (README, Memory): the codes are read from bytes instead
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
