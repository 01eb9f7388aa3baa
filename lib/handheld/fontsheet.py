"""The glyph sheet of a font that has none: Blinka's on the desktop (handheld.draw's Text).

A board's built-in font has its sheet in flash; this module is never imported there, so its
names take no room among the board's interned names (docs/memory.md).
"""
import displayio


def sheet(font, w, h):
    """Printable ASCII of font (any font with get_glyph) as one bitmap of w x h tiles, each
    glyph where bitmap_label would draw it in its line. Runs on the desktop only (a board's
    font has its sheet)."""
    out = displayio.Bitmap(95 * w, h, 2)
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
                    out[k * w + gl.dx + x, top + y] = 1
    return out
