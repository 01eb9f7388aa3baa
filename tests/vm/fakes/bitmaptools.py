"""A stand-in `bitmaptools` for the VMs (see displayio.py here): fill_region, which allocates
nothing, as on a board."""


@micropython.native
def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    """Pixels x1 <= x < x2, y1 <= y < y2 to value. As in the firmware (shared-bindings/
    bitmaptools/__init__.c:27-44, 491-497), a value too big for the bitmap, a corner outside it,
    x2 < x1 or y2 < y1 is an error."""
    if value >> dest_bitmap.bits_per_value or not (
            0 <= x1 <= x2 <= dest_bitmap.width and 0 <= y1 <= y2 <= dest_bitmap.height):
        raise ValueError("region")
    w = dest_bitmap.width
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest_bitmap[y * w + x] = value
