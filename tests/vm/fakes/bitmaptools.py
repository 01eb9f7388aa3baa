"""A stand-in `bitmaptools` for the VMs (see displayio.py here): fill_region, which allocates
nothing, as on a board."""


@micropython.native
def fill_region(bitmap, x0, top, x, y, v):
    """Pixels x0 <= i < x, top <= row < y to v (the firmware's dest_bitmap, x1, y1, x2, y2,
    value). As in the firmware (shared-bindings/bitmaptools/__init__.c:27-44, 491-497), a value
    too big for the bitmap, a corner outside it, x < x0 or y < top is an error."""
    w = bitmap.width
    if v >> bitmap.bits or not (0 <= x0 <= x <= w and 0 <= top <= y <= bitmap.height):
        raise ValueError("width")
    for row in range(top, y):
        for i in range(x0, x):
            bitmap[row * w + i] = v
