"""A stand-in `fontio` for the VMs (see displayio.py here): BuiltinFont and Glyph as
CircuitPython 10.2.1 has them (shared-module/fontio/BuiltinFont.c): `get_bounding_box()`
makes a new (width, height) tuple and `get_glyph(codepoint)` a new Glyph, a namedtuple of 8
fields, at each call, as the firmware does (BuiltinFont.c:17-22, 46-60); printable ASCII only.

A board's font lives in flash and takes no heap, so this one keeps no glyph shapes: its
bitmap's pixels are a pattern made from the glyph's number (text is drawn, not readable).
"""
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))


class _FontBitmap:
    """The glyph sheet: one row of glyphs; pixel (x, y) is a pattern of its glyph number."""

    def __init__(self, glyphs, width, height):
        self.width = glyphs * width
        self.height = height
        self.bits_per_value = 1
        self._w = width

    def _get(self, x, y):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return 0
        g = x // self._w + 1
        return (g >> ((x % self._w + y) % 7)) & 1

    def __getitem__(self, index):
        if isinstance(index, tuple):
            return self._get(index[0], index[1])
        return self._get(index % self.width, index // self.width)


class BuiltinFont:
    def __init__(self, width=6, height=12):
        self._w = width
        self._h = height
        self.bitmap = _FontBitmap(0x7F - 0x20, width, height)

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if not 0x20 <= codepoint <= 0x7E:
            return None
        return Glyph(self.bitmap, codepoint - 0x20, self._w, self._h, 0, 0, self._w, 0)
