"""Save records: a 12-byte header plus a payload, checked by CRC-32.

    0  magic "S6"        (2)   anything else is not ours: ignored, may be overwritten
    2  format version    (1)   a higher one is from a newer game: kept, never overwritten
    3  key id            (1)   4: the game's state (1-3: per-key records of format 1's
                                   first layout, no longer written)
    4  sequence number   (2)   big-endian, wraps; the newer of two slots wins
    6  payload length    (2)
    8  CRC-32            (4)   over bytes 0..7 and the payload (same as binascii.crc32)
   12  payload

Pure functions on bytes, no I/O: `store` puts the record's two copies in nvm or files.
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

MAGIC = b"S6"
FORMAT = const(1)
HEADER = const(12)

KEYS = ("match", "stats", "settings", "state")  # key id = index + 1

# What a copy holds, from parse().
EMPTY = const(0)    # erased, foreign, or another key's record
VALID = const(1)
DAMAGED = const(2)  # ours, but cut short or corrupt
NEWER = const(3)    # written by a newer format version

# CRC-32 (IEEE 802.3, reflected 0xEDB88320), one nibble at a time.
_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
)


def crc32_py(data, crc=0):
    """CRC-32 of data without binascii (slow but small: 16-entry table)."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = (crc >> 4) ^ _NIBBLE[(crc ^ b) & 15]
        crc = (crc >> 4) ^ _NIBBLE[(crc ^ (b >> 4)) & 15]
    return crc ^ 0xFFFFFFFF


def crc32(data, crc=0):
    """CRC-32 of data, continuing from crc; binascii.crc32 where the firmware has it."""
    if _lib_crc32 is not None:
        return _lib_crc32(data, crc) & 0xFFFFFFFF
    return crc32_py(data, crc)


def key_id(key):
    """1, 2 or 3 for "match", "stats", "settings"; ValueError for anything else."""
    for i in range(len(KEYS)):
        if KEYS[i] == key:
            return i + 1
    raise ValueError("unknown save key %r (use %s)" % (key, ", ".join(KEYS)))


def _u16(buf, i):
    return (buf[i] << 8) | buf[i + 1]


def pack(kid, seq, payload):
    """The record bytes for payload under key id kid with sequence number seq."""
    n = len(payload)
    if n > 0xFFFF:
        raise ValueError("payload of %d bytes is too long for a record" % n)
    rec = bytearray(HEADER + n)
    rec[0:2] = MAGIC
    rec[2] = FORMAT
    rec[3] = kid
    rec[4] = (seq >> 8) & 0xFF
    rec[5] = seq & 0xFF
    rec[6] = n >> 8
    rec[7] = n & 0xFF
    rec[HEADER:] = payload
    c = crc32(memoryview(rec)[HEADER:], crc32(memoryview(rec)[0:8]))
    for i in range(4):
        rec[8 + i] = (c >> (24 - 8 * i)) & 0xFF
    return bytes(rec)


def parse(buf, kid):
    """(status, seq, payload) for the record at the start of buf, for key id kid.

    status is EMPTY, VALID, DAMAGED or NEWER; seq and payload are None unless VALID.
    Bytes after the record are ignored (a copy may be longer than its record).
    """
    if buf is None or len(buf) < 4 or buf[0] != MAGIC[0] or buf[1] != MAGIC[1]:
        return EMPTY, None, None
    if buf[2] > FORMAT and buf[2] != 0xFF:  # 0xFF: erased flash, a save cut after the magic
        return (NEWER if buf[3] == kid else EMPTY), None, None
    if buf[3] != kid:
        return EMPTY, None, None
    if buf[2] != FORMAT or len(buf) < HEADER:
        return DAMAGED, None, None
    n = _u16(buf, 6)
    if len(buf) < HEADER + n:
        return DAMAGED, None, None
    mv = memoryview(buf)
    c = crc32(mv[HEADER:HEADER + n], crc32(mv[0:8]))
    stored = (_u16(buf, 8) << 16) | _u16(buf, 10)
    if c != stored:
        return DAMAGED, None, None
    return VALID, _u16(buf, 4), bytes(mv[HEADER:HEADER + n])


def is_newer(seq, than):
    """True if sequence number seq was written after than (16-bit serial arithmetic)."""
    d = (seq - than) & 0xFFFF
    return 0 < d < 0x8000
