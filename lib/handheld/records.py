"""Save records: a 12-byte header plus a payload, checked by CRC-32.

    0  magic "S6"        (2)   anything else is not ours: ignored, may be overwritten
    2  format version    (1)   a higher one is from a newer game: kept, never overwritten
    3  key id            (1)   4: the game's state (1-3: per-key records of format 1's
                                   first layout, no longer written nor read)
    4  sequence number   (2)   big-endian, wraps; the newer of two slots wins
    6  payload length    (2)
    8  CRC-32            (4)   over bytes 0..7 and the payload (same as binascii.crc32)
   12  payload

Pure functions on bytes, no I/O: `store` puts the record's two copies in nvm or files.
Resident on a board (every save packs a record), so its names are few and short.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

try:
    from binascii import crc32 as _lib_crc32
except ImportError:  # a CircuitPython build without binascii.crc32
    _lib_crc32 = None

FORMAT = const(1)
HEADER = const(12)

# What a copy holds, from parse().
EMPTY = const(0)    # erased, foreign, or another key's record
VALID = const(1)
DAMAGED = const(2)  # ours, but cut short or corrupt
NEWER = const(3)    # written by a newer format version


def crc32_py(data, c=0):
    """CRC-32 of data without binascii (handheld.crcpy: imported only where it is used)."""
    from handheld.crcpy import crc32_py as f
    return f(data, c)


def crc32(data, c=0):
    """CRC-32 of data, continuing from c; binascii.crc32 where the firmware has it."""
    if _lib_crc32 is not None:
        return _lib_crc32(data, c) & 0xFFFFFFFF
    return crc32_py(data, c)


def pack(key, n, data):
    """The record bytes for payload `data` under key id `key` with sequence number n."""
    size = len(data)
    if size > 0xFFFF:
        raise ValueError("payload of %d bytes is too long for a record" % size)
    out = bytearray(HEADER + size)
    out[0] = 0x53  # "S6", the magic
    out[1] = 0x36
    out[2] = FORMAT
    out[3] = key
    out[4] = (n >> 8) & 0xFF
    out[5] = n & 0xFF
    out[6] = size >> 8
    out[7] = size & 0xFF
    out[HEADER:] = data
    m = memoryview(out)
    c = crc32(m[HEADER:], crc32(m[0:8]))
    for i in range(4):
        out[8 + i] = (c >> (24 - 8 * i)) & 0xFF
    return bytes(out)


def parse(data, key):
    """(status, seq, payload) for the record at the start of data, for key id `key`.

    status is EMPTY, VALID, DAMAGED or NEWER; seq and payload are None unless VALID.
    Bytes after the record are ignored (a copy may be longer than its record).
    """
    if data is None or len(data) < 4 or data[0] != 0x53 or data[1] != 0x36:  # not "S6"
        return EMPTY, None, None
    if data[2] > FORMAT and data[2] != 0xFF:  # 0xFF: erased flash, a save cut after the magic
        return (NEWER if data[3] == key else EMPTY), None, None
    if data[3] != key:
        return EMPTY, None, None
    if data[2] != FORMAT or len(data) < HEADER:
        return DAMAGED, None, None
    size = (data[6] << 8) | data[7]
    if len(data) < HEADER + size:
        return DAMAGED, None, None
    m = memoryview(data)
    c = crc32(m[HEADER:HEADER + size], crc32(m[0:8]))
    if c != (data[8] << 24) | (data[9] << 16) | (data[10] << 8) | data[11]:
        return DAMAGED, None, None
    return VALID, (data[4] << 8) | data[5], bytes(m[HEADER:HEADER + size])


def is_newer(a, b):
    """True if sequence number a was written after b (16-bit serial arithmetic)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000
