"""Reading the save record's copies, at power-up: handheld.store's Store imports this module
for its first scan (Store.load(), or a save with none before) and drops it after (its code
is not kept). The record's format is handheld.store's (the numbers below are its; tests hold
them equal); the store hands itself in (no import cycle).

    status, seq, payload = parse(data, key)   # one copy's bytes
    scan(s, store); load(s, store)             # Store s's copies read (Store._scan, load)
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

try:
    from binascii import crc32 as _crc
except ImportError:  # a CircuitPython build without binascii.crc32
    from handheld.crcpy import crc32 as _crc

_FORMAT = const(1)  # store.FORMAT
_HEADER = const(12)  # store.HEADER
_EMPTY = const(0)  # store.EMPTY, VALID, DAMAGED, NEWER
_VALID = const(1)
_DAMAGED = const(2)
_NEWER = const(3)
_KID = const(4)  # store.KID
_CAPACITY = const(1024)  # store.CAPACITY


def parse(data, key):
    """(status, seq, payload) for the record at the start of data, for key id `key`.

    status is EMPTY, VALID, DAMAGED or NEWER; seq and payload are None unless VALID.
    Bytes after the record are ignored (a copy may be longer than its record).
    """
    if data is None or len(data) < 4 or data[0] != 0x53 or data[1] != 0x36:  # not "S6"
        return _EMPTY, None, None
    if data[2] > _FORMAT and data[2] != 0xFF:  # 0xFF: erased flash, a save cut after the magic
        return (_NEWER if data[3] == key else _EMPTY), None, None
    if data[3] != key:
        return _EMPTY, None, None
    if data[2] != _FORMAT or len(data) < _HEADER:
        return _DAMAGED, None, None
    size = (data[6] << 8) | data[7]
    if len(data) < _HEADER + size:
        return _DAMAGED, None, None
    m = memoryview(data)
    c = _crc(m[_HEADER:_HEADER + size], _crc(m[0:8])) & 0xFFFFFFFF
    if c != (data[8] << 24) | (data[9] << 16) | (data[10] << 8) | data[11]:
        return _DAMAGED, None, None
    return _VALID, (data[4] << 8) | data[5], bytes(m[_HEADER:_HEADER + size])


def read(copy):
    """A copy's bytes (at least its record's), or None where it cannot be read."""
    if hasattr(copy, "nvm"):  # a store.NvmCopy
        a = copy.start
        try:  # an ESP32-S3 nvm read can raise after a cut inside NVS
            head = copy.nvm[a:a + _HEADER]
            n = (head[6] << 8) | head[7]
            if n > _CAPACITY - _HEADER:
                return head
            return copy.nvm[a:a + _HEADER + n]
        except (OSError, RuntimeError):
            return None
    try:  # a store.FileCopy
        return copy.files.read(copy.path, _CAPACITY)
    except OSError:
        return None


def scan(s, S):
    """Read every copy of Store s (S: handheld.store): its newest valid record's (copy index,
    seq) in s._newest (None if none), each copy's sequence number in s._seqs, that record's
    payload in s's record buffer; a newer game's record locks s."""
    s._seqs = [None] * len(s.copies)
    best = None
    damaged = False
    for i in range(len(s.copies)):
        status, seq, payload = parse(read(s.copies[i]), _KID)
        if status == _NEWER:
            s._locked = True
        elif status == _DAMAGED:
            damaged = True
        elif status == _VALID:
            s._seqs[i] = seq
            if best is None or S.is_newer(seq, best[1]):
                best = (i, seq)
                s.buf[_HEADER:] = payload
                s._n = len(payload)
        payload = None
    if s._locked:
        s.notice = S.NOTICE_NEWER
        best = None
    elif best is None and damaged:
        s.notice = S.NOTICE_DAMAGED
    s._newest = best


def load(s, S):
    """Store s's newest valid payload, or None (Store.load; S: handheld.store)."""
    if s._seqs is None:
        scan(s, S)
    best = s._newest
    return None if best is None else parse(read(s.copies[best[0]]), _KID)[2]
