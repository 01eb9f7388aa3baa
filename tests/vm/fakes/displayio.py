"""A stand-in `displayio` for the VMs (MicroPython, CircuitPython's unix build), on their path
only: Bitmap, Palette, TileGrid and Group as lib/handheld's renderer uses them, each weighing
on the heap what CircuitPython 10.2.1's C object weighs there, so that a heap figure includes
the screens (drawing to a screen is not modelled: a board's refresh allocates nothing).

What the firmware allocates (adafruit/circuitpython at tag 10.2.1; a 32-bit board's heap hands
out 16-byte blocks; struct sizes as gcc lays them out for a 32-bit target):
- Bitmap: `mp_obj_malloc(displayio_bitmap_t)` (shared-bindings/displayio/Bitmap.c:58), 36 B
  (shared-module/displayio/Bitmap.h), and its pixels, `m_malloc_without_collect(stride *
  height * 4)`, rows of whole 32-bit words (shared-module/displayio/Bitmap.c:16-20, 34); bits
  per value from value_count (shared-bindings/displayio/Bitmap.c:47-56), packed as
  shared-module/displayio/Bitmap.c:124-156 writes them.
- Palette: the struct, 16 B (shared-bindings/displayio/Palette.c:41, Palette.h), and 16 B a
  colour, `color_count * sizeof(_displayio_color_t)` (shared-module/displayio/Palette.c:13).
- TileGrid: the struct, 84 B (shared-bindings/displayio/TileGrid.c:131, TileGrid.h:16-50); the
  tile indices inline in its `tiles` pointer for up to 4 (8-bit) tiles, else
  `m_malloc_without_collect(width * height)` bytes, 2 a tile past 255 tiles in the bitmap
  (shared-module/displayio/TileGrid.c:25-63).
- Group: the struct, 44 B (shared-bindings/displayio/Group.c:41, Group.h), and its members,
  `mp_obj_new_list(0, NULL)` (shared-module/displayio/Group.c:24): a 16 B list and room for 4
  items (py/objlist.c:40, 508-511), grown as `list.append` grows it.

Each stand-in is a Python instance (16 B on the 32-bit build) with a few attributes (16 B of
table for every two) and one buffer, `_p`: a bytearray (16 B and its bytes) or a list. What
the C object keeps that the renderer never reads is not kept; the buffer is sized so that the
whole stand-in weighs what the C object weighs (never less, and never less than its data
needs): in tests/vm/mp_fakes_check.py's figures heap = C, but for a Bitmap (16 B over: 4
attributes and a bytearray) and a Palette of 1 or 2 colours (32, 16 B over: the Python objects
alone). `C_BYTES` adds up what the firmware would have allocated, `KINDS` counts what was built
(tests/vm/mp_app_check.py compares them). On MicroPython's 64-bit VM the stand-ins weigh more
(bigger objects), never less.

Their code is compiled by the VM to machine code (`@micropython.native`: a directive of the
compiler, nothing to import), which the unix builds keep outside the heap, as a board keeps the
C code of these modules in flash: what stays on the heap is their modules, classes, functions
and names (tests/vm/mp_app_check.py's `fakes`). Native code keeps its frames on the C stack, not
on the pystack, as C does. Every name in a module is interned on the VM (a board has
displayio's names in flash), so the stand-ins' attributes, arguments and messages reuse names
the app interns anyway (`_p`, `n` for value_count and color_count, `bits` for bits_per_value),
and their messages are short: a string of more than 10 characters is an object of its own on
the heap (py/parse.c:631).
"""

C_BYTES = 0  # heap bytes CircuitPython's C objects would have taken for what was built here
KINDS = [0, 0, 0, 0, 0]  # stand-ins built: Bitmap, Palette, TileGrid, Group, vectorio.Rectangle


@micropython.native
def _count(kind, *a):
    """One object of kind built: the firmware allocates blocks of each of a (bytes)."""
    global C_BYTES
    for n in a:
        C_BYTES += (n + 15) // 16 * 16
    KINDS[kind] += 1


class Bitmap:
    """width x height values below n (the firmware's value_count), of 1, 2, 4 or 8 bits."""

    @micropython.native
    def __init__(self, width, height, n):
        if not (0 <= width < 32768 and 0 <= height < 32768 and 0 < n <= 65536):
            raise ValueError("width")
        bits = 1
        while (n - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        if bits > 8:
            raise NotImplementedError("bits")
        self.width = width
        self.height = height
        self.bits = bits  # the firmware's bits_per_value
        self._p = bytearray((width * bits + 31) // 32 * 4 * height)  # 16 B over the C object
        _count(0, 36, len(self._p))

    @micropython.native
    def __getitem__(self, i, v=None):
        """The value at i, (x, y) or y * width + x; as __setitem__, first writes v there."""
        w = self.width
        if isinstance(i, tuple):
            x, y = i
        else:  # no tuple made: bitmaptools.fill_region allocates nothing, as on a board
            x = i % w
            y = i // w
        if not (0 <= x < w and 0 <= y < self.height):
            raise IndexError("index")
        b = self.bits
        mask = (1 << b) - 1
        c = 8 // b  # values in a byte, the first in its highest bits
        k = y * ((w * b + 31) // 32 * 4) + x // c
        s = (c - 1 - x % c) * b
        d = self._p
        if v is not None:
            if not 0 <= v <= mask:
                raise ValueError("value")
            d[k] = d[k] & ~(mask << s) | v << s
        return d[k] >> s & mask

    __setitem__ = __getitem__


class Palette:
    """n colours (the firmware's color_count), ints 0xRRGGBB."""

    @micropython.native
    def __init__(self, n):
        if not 0 < n < 32768:
            raise ValueError("count")
        # bytes 0-1: n; then 3 a colour (red, green, blue). The instance, its table and the
        # bytearray's own 16 B weigh 48: the bytes make up the rest of the C object's weight
        p = self._p = bytearray(max(2 + 3 * n, 16 * n - 32))
        p[0] = n & 0xFF
        p[1] = n >> 8
        _count(1, 16, 16 * n)

    @micropython.native
    def __getitem__(self, i, v=None):
        """Colour i (negative: from the end); as __setitem__, first sets it to v."""
        p = self._p
        n = p[0] | p[1] << 8
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index")
        i = 2 + 3 * i
        if v is not None:
            if not 0 <= v <= 0xFFFFFF:
                raise TypeError("colour")
            p[i] = v >> 16
            p[i + 1] = v >> 8 & 0xFF
            p[i + 2] = v & 0xFF
        return p[i] << 16 | p[i + 1] << 8 | p[i + 2]

    __setitem__ = __getitem__

    @micropython.native
    def make_transparent(self, i):
        """Checks i (what is transparent is not kept: nothing draws here)."""
        self[i]


class TileGrid:
    """width x height tiles of tile_width x tile_height pixels from bitmap."""

    @micropython.native
    def __init__(self, bitmap, pixel_shader, width=1, height=1, tile_width=0, tile_height=0,
                 default_tile=0, x=0, y=0):
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("tile")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        k = (bitmap.width // tile_width) * (bitmap.height // tile_height)  # tiles in bitmap
        n = width * height * (2 if k > 255 else 1)  # bytes of tile indices
        # bytes 0-5: width, height and k (16 bits each); from 8: the tiles. The instance and
        # its table weigh 64 B, the bytearray 16 and its first 16 bytes 16 more: the C struct's
        # 96, with the tiles inline in it (n <= 4) as in the firmware; more tiles are the
        # firmware's own block(s) on top of that.
        p = self._p = bytearray(16 + (n if n > 4 else 0))
        p[0] = width & 0xFF
        p[1] = width >> 8
        p[2] = height & 0xFF
        p[3] = height >> 8
        p[4] = k & 0xFF
        p[5] = k >> 8
        for i in range(width * height):
            self[i] = default_tile
        _count(2, 84, n if n > 4 else 0)

    @property
    @micropython.native
    def width(self):
        return self._p[0] | self._p[1] << 8

    @micropython.native
    def __getitem__(self, i, v=None):
        """Tile i, (x, y) or y * width + x; as __setitem__, first sets it to v."""
        p = self._p
        w = p[0] | p[1] << 8
        n = w * (p[2] | p[3] << 8)
        if isinstance(i, tuple):
            i = i[0] + w * i[1] if 0 <= i[0] < w else n
        if not 0 <= i < n:
            raise IndexError("index")
        k = p[4] | p[5] << 8  # tiles in the bitmap: 2 bytes a tile index past 255
        i = 8 + (2 * i if k > 255 else i)
        if v is not None:
            if not 0 <= v < k:
                raise ValueError("tile")
            p[i] = v & 0xFF
            if k > 255:
                p[i + 1] = v >> 8
        return p[i] | p[i + 1] << 8 if k > 255 else p[i]

    __setitem__ = __getitem__


class Group:
    """Layers (TileGrids, Groups, vectorio shapes) moved together (scale: not modelled)."""

    @micropython.native
    def __init__(self, *, scale=1, x=0, y=0):
        if not 0 < scale < 32768:
            raise ValueError("scale")
        self.x = x
        self.y = y
        self.hidden = False
        self._p = []  # the members: the firmware's list, as big (with the rest, heap = C)
        _count(3, 44, 16, 16)

    @micropython.native
    def append(self, item):
        self._p.append(item)
