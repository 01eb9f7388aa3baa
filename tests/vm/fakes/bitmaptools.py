"""A stand-in `bitmaptools` for the VMs (see displayio.py here): fill_region and blit, which
are C on a board and allocate nothing (here they allocate nothing either). A board runs them
on the C stack; here each is one Python frame on the pystack (they call nothing else that
runs Python but the source's pixel read, to keep it short)."""


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    for y in range(max(y1, 0), min(y2, dest_bitmap.height)):
        for x in range(max(x1, 0), min(x2, dest_bitmap.width)):
            dest_bitmap._set(x, y, value)


def blit(dest_bitmap, source_bitmap, x, y, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    # the destination is a displayio.Bitmap of at most 8 bits per value (as the labels are)
    bits = dest_bitmap.bits_per_value
    per = 8 // bits
    mask = (1 << bits) - 1
    data = dest_bitmap._data
    stride = dest_bitmap._stride
    for j in range(y2 - y1):
        ty = y + j
        if ty < 0 or ty >= dest_bitmap.height:
            continue
        for i in range(x2 - x1):
            tx = x + i
            if tx < 0 or tx >= dest_bitmap.width:
                continue
            v = source_bitmap._get(x1 + i, y1 + j)
            if v == skip_source_index:
                continue
            k = ty * stride + tx // per
            shift = (per - tx % per - 1) * bits
            if skip_dest_index is not None and (data[k] >> shift & mask) == skip_dest_index:
                continue
            data[k] = (data[k] & ~(mask << shift) & 0xFF) | (v & mask) << shift
