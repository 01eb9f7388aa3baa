"""A stand-in `terminalio` for the VMs (see displayio.py here): FONT, the 6x12 built-in font, a
fontio.BuiltinFont (defined here: fontio.py takes it from this module, so that a run that needs
only terminalio, as lib/handheld/grids.py does, loads one module).

BuiltinFont: as much of it as lib/handheld/grids.py reads on a board: `get_bounding_box()` (a
new tuple at each call, as shared-module/fontio/BuiltinFont.c:18-24 makes) and `bitmap`, the
glyph sheet (printable ASCII in a row), of which only the size is read. A board's font and its
sheet are in flash and take no heap: the font here is its own sheet (its width and height are
the sheet's).
"""


class BuiltinFont:
    @micropython.native
    def __init__(self, width, height):
        self.bitmap = self
        self.width = 95 * width
        self.height = height

    @micropython.native
    def get_bounding_box(self):
        return (self.width // 95, self.height)


FONT = BuiltinFont(6, 12)
