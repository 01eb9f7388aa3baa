"""A stand-in `displayio` for the VMs (MicroPython, CircuitPython's unix build), on their path
only: enough of Bitmap, Palette, TileGrid and Group for lib/handheld's renderer and
adafruit_display_text's bitmap_label, allocating on the heap what CircuitPython 10.2.1's C
objects allocate, so that a heap figure includes the screens.

What the firmware allocates (adafruit/circuitpython at tag 10.2.1; sizes on a 32-bit board,
where the heap hands out 16-byte blocks):
- Bitmap: `mp_obj_malloc(displayio_bitmap_t)` (shared-bindings/displayio/Bitmap.c:58; the
  struct of shared-module/displayio/Bitmap.h is 36 B: 48 on the heap), and its pixels,
  `m_malloc_without_collect(stride * height * 4)` with stride the row in 32-bit words
  (shared-module/displayio/Bitmap.c:16-20, 34); bits per value 1, 2, 4, 8, 16 from value_count
  (shared-bindings/displayio/Bitmap.c:47-56). Pixels are packed as Bitmap.c:88-155 does.
- Palette: the 14 B struct (shared-bindings/displayio/Palette.c:41, Palette.h: 16 on the heap)
  and 16 B per colour, `color_count * sizeof(_displayio_color_t)` (shared-module/displayio/
  Palette.c:13).
- TileGrid: the 84 B struct (shared-bindings/displayio/TileGrid.c:131, TileGrid.h:16-50: 96 on
  the heap); tile indices inline in the `tiles` pointer for up to 4 (8-bit) tiles, else
  `m_malloc_without_collect(width * height)` bytes, 2 per tile past 255 tiles in the bitmap
  (shared-module/displayio/TileGrid.c:25-57).
- Group: the 52 B struct (shared-bindings/displayio/Group.c:41, Group.h: 64 on the heap) and a
  list for its members, `mp_obj_new_list(0, NULL)` (shared-module/displayio/Group.c:24): a list
  object and room for 4 items, as `[]` allocates here.
Each stand-in is a Python instance whose attribute table (12 or fewer attributes: 112 B) holds
the struct's fields, so it takes at least what the struct takes; the buffers are bytearrays of
the firmware's sizes and a Group's members are a real list. `C_BYTES` adds up what the firmware
would have allocated (heap blocks), `KINDS` counts what was built, for the bench to compare
with what the stand-ins took (tests/vm/mp_app_check.py's EXCESS).
Drawing to a screen is not modelled (a board's display refresh allocates nothing).
"""

C_BYTES = 0  # heap bytes CircuitPython's C objects would have taken for what was built here
OBJECTS = 0  # stand-ins built
KINDS = [0, 0, 0, 0, 0]  # of them: Bitmap, Palette, TileGrid, Group, vectorio.Rectangle


def _blocks(n):
    """Bytes n takes on a 32-bit board's heap (16-byte blocks)."""
    return (n + 15) // 16 * 16


def _count(n, kind):
    global C_BYTES, OBJECTS
    C_BYTES += n
    OBJECTS += 1
    KINDS[kind] += 1


class Bitmap:
    """A bitmap of width x height values below value_count (packed as the firmware packs)."""

    def __init__(self, width, height, value_count):
        if not 1 <= value_count <= 65536:
            raise ValueError("value_count must be 1-65536")
        bits = 1
        while (value_count - 1) >> bits:
            bits = bits << 1 if bits < 8 else bits + 8
        self.width = width
        self.height = height
        self.bits_per_value = bits
        self._stride = (width * bits + 31) // 32 * 4  # bytes per row (whole 32-bit words)
        self._mask = (1 << bits) - 1
        self._data = bytearray(self._stride * height)
        _count(48 + _blocks(len(self._data)), 0)

    def _get(self, x, y):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return 0
        bits = self.bits_per_value
        if bits < 8:
            per = 8 // bits
            shift = (per - x % per - 1) * bits
            return self._data[y * self._stride + x // per] >> shift & self._mask
        if bits == 8:
            return self._data[y * self._stride + x]
        i = y * self._stride + 2 * x
        return self._data[i] | self._data[i + 1] << 8

    def _set(self, x, y, value):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return
        bits = self.bits_per_value
        if bits < 8:
            per = 8 // bits
            shift = (per - x % per - 1) * bits
            i = y * self._stride + x // per
            self._data[i] = (self._data[i] & ~(self._mask << shift) & 0xFF) | (
                (value & self._mask) << shift)
        elif bits == 8:
            self._data[y * self._stride + x] = value
        else:
            i = y * self._stride + 2 * x
            self._data[i] = value & 0xFF
            self._data[i + 1] = value >> 8 & 0xFF

    def _xy(self, index):
        if isinstance(index, tuple):
            return index[0], index[1]
        return index % self.width, index // self.width

    def __getitem__(self, index):
        x, y = self._xy(index)
        return self._get(x, y)

    def __setitem__(self, index, value):
        if not 0 <= value <= self._mask:
            raise ValueError("value out of range")
        x, y = self._xy(index)
        self._set(x, y, value)

    def fill(self, value):
        """Every pixel to value (the firmware packs one word and copies it: Bitmap.c:194-202)."""
        bits = self.bits_per_value
        v = value & self._mask
        byte = v
        if bits < 8:
            for _ in range(8 // bits - 1):
                byte = byte << bits | v
            v = byte
        data = self._data
        if bits <= 8:
            for i in range(len(data)):
                data[i] = v
        else:
            for i in range(0, len(data), 2):
                data[i] = v & 0xFF
                data[i + 1] = v >> 8


class Palette:
    """color_count colours (ints 0xRRGGBB), each may be transparent."""

    def __init__(self, color_count, *, dither=False):
        self._colors = bytearray(16 * color_count)  # _displayio_color_t: 16 B each
        _count(16 + _blocks(len(self._colors)), 1)

    def __bool__(self):  # always true (shared-bindings/displayio/Palette.c:78-79)
        return True

    def __len__(self):
        return len(self._colors) // 16

    def _at(self, index):
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("palette index out of range")
        return index * 16

    def __getitem__(self, index):
        i = self._at(index)
        c = self._colors
        return c[i] << 16 | c[i + 1] << 8 | c[i + 2]

    def __setitem__(self, index, value):
        i = self._at(index)
        if isinstance(value, tuple):
            value = value[0] << 16 | value[1] << 8 | value[2]
        c = self._colors
        c[i] = value >> 16 & 0xFF
        c[i + 1] = value >> 8 & 0xFF
        c[i + 2] = value & 0xFF

    def make_transparent(self, index):
        self._colors[self._at(index) + 14] = 1

    def make_opaque(self, index):
        self._colors[self._at(index) + 14] = 0

    def is_transparent(self, index):
        return self._colors[self._at(index) + 14] == 1


_FLIP_X = 1
_FLIP_Y = 2
_TRANSPOSE = 4


class TileGrid:
    """width x height tiles of tile_width x tile_height pixels from bitmap."""

    def __init__(self, bitmap, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        if not tile_width or bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self._flags = 0
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.width = width
        self.height = height
        in_bitmap = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        n = width * height
        wide = in_bitmap > 255
        if n <= (2 if wide else 4):  # inline in the tiles pointer: a small int here
            self._tiles = default_tile
            extra = 0
        else:
            self._tiles = bytearray((2 if wide else 1) * n)
            for i in range(len(self._tiles)):
                self._tiles[i] = default_tile & 0xFF if not wide or i % 2 == 0 else (
                    default_tile >> 8)
            extra = _blocks(len(self._tiles))
        _count(96 + extra, 2)

    def _index(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if not 0 <= index < self.width * self.height:
            raise IndexError("tile index out of bounds")
        return index

    def __getitem__(self, index):
        i = self._index(index)
        t = self._tiles
        if isinstance(t, int):
            return t if self.width * self.height == 1 else t >> (8 * i) & 0xFF
        if len(t) == self.width * self.height:
            return t[i]
        return t[2 * i] | t[2 * i + 1] << 8

    def __setitem__(self, index, value):
        i = self._index(index)
        t = self._tiles
        if isinstance(t, int):
            if self.width * self.height == 1:
                self._tiles = value
            else:
                self._tiles = t & ~(0xFF << (8 * i)) | (value & 0xFF) << (8 * i)
        elif len(t) == self.width * self.height:
            t[i] = value
        else:
            t[2 * i] = value & 0xFF
            t[2 * i + 1] = value >> 8

    def _flag(self, bit, on):
        self._flags = self._flags | bit if on else self._flags & ~bit

    @property
    def flip_x(self):
        return bool(self._flags & _FLIP_X)

    @flip_x.setter
    def flip_x(self, on):
        self._flag(_FLIP_X, on)

    @property
    def flip_y(self):
        return bool(self._flags & _FLIP_Y)

    @flip_y.setter
    def flip_y(self, on):
        self._flag(_FLIP_Y, on)

    @property
    def transpose_xy(self):
        return bool(self._flags & _TRANSPOSE)

    @transpose_xy.setter
    def transpose_xy(self, on):
        self._flag(_TRANSPOSE, on)


class Group:
    """A list of layers (TileGrids, Groups, vectorio shapes), scaled and moved together."""

    def __init__(self, *, scale=1, x=0, y=0):
        if not 1 <= scale <= 32767:
            raise ValueError("scale must be 1-32767")
        self._scale = scale  # a subclass may have its own `scale` (adafruit_display_text's)
        self.x = x
        self.y = y
        self.hidden = False
        self._members = []
        _count(64 + 32, 3)  # the struct, and the members list with room for 4

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, layer):
        self._members.append(layer)

    def insert(self, index, layer):
        self._members.insert(index, layer)

    def index(self, layer):
        return self._members.index(layer)

    def pop(self, i=-1):
        return self._members.pop(i)

    def remove(self, layer):
        self._members.remove(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __setitem__(self, index, layer):
        self._members[index] = layer

    def __delitem__(self, index):
        del self._members[index]
