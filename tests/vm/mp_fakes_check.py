"""The VM stand-ins of tests/vm/fakes: pixels, tiles and colours read back what was written, bad
sizes, indices and values raise what the firmware raises, and each kind weighs on the heap what
CircuitPython's C object weighs (displayio.C_BYTES): not less, and at most a block more.

    MICROPYPATH=tests/vm/fakes circuitpython -X heapsize=128k tests/vm/mp_fakes_check.py
Prints `kind <name> heap=<B> c=<B>` per kind (bytes an object, the mean of 16 built), then OK;
exits 1 on a mismatch (FAILED and what).
"""
import gc
import sys

import bitmaptools
import displayio
import terminalio
import vectorio

bad = []


def raises(what, error, f, *args):
    """f(*args) must raise error (the firmware's exception type)."""
    try:
        f(*args)
    except error:
        return
    except Exception as e:  # noqa: BLE001 (the wrong type is the failure reported)
        bad.append("%s: %r, not %s" % (what, e, error.__name__))
        return
    bad.append("%s: no %s" % (what, error.__name__))


def put(obj, index, value):
    obj[index] = value


for count in (2, 3, 4, 16, 200):  # value_count: 1, 2, 2 (rounded up), 4, 8 bits per value
    bm = displayio.Bitmap(13, 5, count)
    for y in range(5):
        for x in range(13):
            bm[x, y] = (x * 7 + y) % count
    if [bm[x, y] for y in range(5) for x in range(13)] != [
            (x * 7 + y) % count for y in range(5) for x in range(13)] or \
            [bm[i] for i in range(65)] != [bm[i % 13, i // 13] for i in range(65)]:
        bad.append("bitmap %d" % count)
    raises("bitmap value %d" % count, ValueError, put, bm, (0, 0), 1 << bm.bits)
raises("bitmap x", IndexError, put, bm, (13, 0), 1)
raises("bitmap y", IndexError, lambda: bm[0, 5])
raises("bitmap index", IndexError, lambda: bm[65])
raises("bitmap negative", IndexError, lambda: bm[-1])
raises("bitmap value_count", ValueError, displayio.Bitmap, 4, 4, 0)
raises("bitmap size", ValueError, displayio.Bitmap, -1, 4, 2)

bm = displayio.Bitmap(30, 12, 3)
bitmaptools.fill_region(bm, 2, 3, 5, 4, 2)
if [bm[x, 3] for x in range(6)] != [0, 0, 2, 2, 2, 0] or bm[3, 2] or bm[3, 4]:
    bad.append("fill_region")
gc.collect()
gc.disable()
before = gc.mem_alloc()
bitmaptools.fill_region(bm, 0, 0, 30, 12, 1)
if gc.mem_alloc() != before:  # C on a board: nothing on the heap
    bad.append("fill_region allocates")
gc.enable()
if [bm[i] for i in range(360)] != [1] * 360:
    bad.append("fill_region whole")
raises("fill_region outside", ValueError, bitmaptools.fill_region, bm, 0, 0, 31, 1, 1)
raises("fill_region reversed", ValueError, bitmaptools.fill_region, bm, 5, 0, 4, 1, 1)
raises("fill_region value", ValueError, bitmaptools.fill_region, bm, 0, 0, 1, 1, 4)

p = displayio.Palette(3)
p[1] = 0x123456
p[-1] = 0xFFFFFF
p.make_transparent(2)
if [p[0], p[1], p[2], p[-2]] != [0, 0x123456, 0xFFFFFF, 0x123456]:
    bad.append("palette")
raises("palette index", IndexError, put, p, 3, 0)
raises("palette negative", IndexError, lambda: p[-4])
raises("palette transparent", IndexError, p.make_transparent, 3)
raises("palette colour", TypeError, put, p, 0, 0x1000000)
raises("palette count", ValueError, displayio.Palette, 0)

tg = displayio.TileGrid(displayio.Bitmap(40, 10, 2), pixel_shader=p, width=3, height=2,
                        tile_width=10, tile_height=10, default_tile=2)
tg[1, 1] = 3
tg[5] = 1
one = displayio.TileGrid(displayio.Bitmap(40, 10, 2), pixel_shader=p, tile_width=10)
one[0] = 3
if [tg[i] for i in range(6)] != [2, 2, 2, 2, 3, 1] or tg[2, 1] != 1 or one[0] != 3 or \
        tg.width != 3 or one.width != 1:
    bad.append("tiles")
raises("tile x", IndexError, lambda: tg[3, 0])
raises("tile y", IndexError, put, tg, (0, 2), 0)
raises("tile index", IndexError, lambda: tg[6])
raises("tile negative", IndexError, lambda: tg[-1])
raises("tile value", ValueError, put, tg, 0, 4)
raises("tile width", ValueError, displayio.TileGrid, bm, p, 1, 1, 7)
# a sheet of 300 tiles: 2 bytes a tile (the text font has 95: 1 byte)
wide = displayio.TileGrid(displayio.Bitmap(300, 1, 2), pixel_shader=p, width=5, tile_width=1,
                          default_tile=299)
wide[4] = 258
if [wide[i] for i in range(5)] != [299, 299, 299, 299, 258]:
    bad.append("tiles past 255")

font = terminalio.FONT
if font.get_bounding_box() != (6, 12) or (font.bitmap.width, font.bitmap.height) != (570, 12):
    bad.append("font")
raises("group scale", ValueError, lambda: displayio.Group(scale=0))
raises("rectangle size", ValueError, lambda: vectorio.Rectangle(pixel_shader=p, width=0,
                                                                height=4))

makers = (("Bitmap", lambda: displayio.Bitmap(20, 7, 5)),
          ("Palette", lambda: displayio.Palette(8)),
          ("TileGrid 1", lambda: displayio.TileGrid(bm, pixel_shader=p, tile_width=6,
                                                    tile_height=6)),
          ("TileGrid 9", lambda: displayio.TileGrid(bm, pixel_shader=p, width=9, height=1,
                                                    tile_width=6, tile_height=6)),
          ("Group", lambda: displayio.Group()),
          ("Rectangle", lambda: vectorio.Rectangle(pixel_shader=p, width=4, height=4)))
for name, make in makers:
    keep = [None] * 16
    gc.collect()
    before, c = gc.mem_alloc(), displayio.C_BYTES
    for i in range(16):
        keep[i] = make()
    gc.collect()
    heap = gc.mem_alloc() - before
    c = displayio.C_BYTES - c
    print("kind %s heap=%d c=%d" % (name, heap // 16, c // 16))
    # two blocks of slack on the 16: the collector frees one or two in between
    if heap + 32 < c:
        bad.append(name + " takes less than the C object")
    if heap > c + 16 * 16 + 32 and sys.maxsize < 1 << 32:  # 64-bit objects are bigger
        bad.append(name + " takes more than a block over the C object")
if bad:
    print("FAILED", bad)
    sys.exit(1)
print("OK")
