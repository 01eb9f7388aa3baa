"""The VM stand-ins of tests/vm/fakes: pixels, tiles and colours read back what was written, and
each kind takes at least the heap CircuitPython's C object takes (displayio.C_BYTES).

    MICROPYPATH=tests/vm/fakes circuitpython -X heapsize=128k tests/vm/mp_fakes_check.py
Prints `kind <name> heap=<B> c=<B>` per kind (16 built), then OK; exits 1 on a mismatch.
"""
import gc
import sys

import bitmaptools
import displayio
import terminalio
import vectorio

bad = []
for bits_for in (2, 3, 4, 16, 200):  # value_count: 1, 2, 2 (rounded up), 4, 8 bits per value
    bm = displayio.Bitmap(13, 5, bits_for)
    for y in range(5):
        for x in range(13):
            bm[x, y] = (x * 7 + y) % bits_for
    if [bm[x, y] for y in range(5) for x in range(13)] != [
            (x * 7 + y) % bits_for for y in range(5) for x in range(13)]:
        bad.append("bitmap %d" % bits_for)
    bm.fill(bits_for - 1)
    if bm[12, 4] != bits_for - 1 or bm[0] != bits_for - 1:
        bad.append("fill %d" % bits_for)
bm = displayio.Bitmap(30, 12, 3)
bitmaptools.blit(bm, terminalio.FONT.bitmap, 6, 0, x1=6, y1=0, x2=12, y2=12)
glyph = terminalio.FONT.get_glyph(ord("!"))
if [bm[6 + i, j] for j in range(12) for i in range(6)] != [
        terminalio.FONT.bitmap[6 + i, j] for j in range(12) for i in range(6)] or \
        glyph.tile_index != 1 or bm[0, 0] != 0:
    bad.append("blit")
bitmaptools.fill_region(bm, 2, 3, 5, 4, 2)
if [bm[x, 3] for x in range(6)] != [0, 0, 2, 2, 2, 0]:
    bad.append("fill_region")
p = displayio.Palette(3)
p[1] = 0x123456
p.make_transparent(2)
if p[1] != 0x123456 or not p.is_transparent(2) or p.is_transparent(1) or len(p) != 3:
    bad.append("palette")
tg = displayio.TileGrid(displayio.Bitmap(40, 10, 2), pixel_shader=p, width=3, height=2,
                        tile_width=10, tile_height=10, default_tile=2)
tg[1, 1] = 3
one = displayio.TileGrid(displayio.Bitmap(40, 10, 2), pixel_shader=p, tile_width=10)
one[0] = 3
if [tg[i] for i in range(6)] != [2, 2, 2, 2, 3, 2] or one[0] != 3:
    bad.append("tiles")

makers = (("Bitmap", lambda: displayio.Bitmap(20, 7, 5)),
          ("Palette", lambda: displayio.Palette(8)),
          ("TileGrid", lambda: displayio.TileGrid(bm, pixel_shader=p, tile_width=6,
                                                  tile_height=6)),
          ("TileGrid wide", lambda: displayio.TileGrid(bm, pixel_shader=p, width=9, height=1,
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
    if heap + 32 < c:  # two heap blocks of slack: the collector frees one or two in between
        bad.append(name + " takes less than the C object")
if bad:
    print("FAILED", bad)
    sys.exit(1)
print("OK")
