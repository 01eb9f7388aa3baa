"""Persistence of the game's one save record (settings, statistics and the match together).

    store = open_store(nvm=microcontroller.nvm, root="/saves")
    data = store.load()        # the newest payload whose record checks out, or None
    store.save(payload)        # True once it is stored (or was already)
    store.kind                 # 'files+nvm', 'files', 'nvm+file', 'nvm', 'file' or 'ram'
    store.notice               # None, or why (a NOTICE_ code: handheld.savenote's words)

The record is kept in copies that never share a flash erase unit, and a save never
overwrites the copy that holds the newest record: a power cut during a save can damage
only the copy being written, another one holds the previous save, whole. At power-up the
newest copy that checks out loads. Where they live (handheld/savelayout.py lays them out
at power-up; docs/devices.md says why):
- A writable drive: /saves/a/state.bin and /saves/b/state.bin, two files whose FAT
  clusters lie in different 4 KB flash sectors, take the saves in turn; nvm (one 8 KB
  unit on SAMD51, two 4 KB pages on nRF52840, an NVS blob on ESP32-S3) is an extra copy
  written when its record is `every` saves behind (16; 2 on ESP32-S3, whose NVS spreads
  its wear and whose drive erases a sector per block written).
- A drive too full for that layout: today's nvm + /saves/state.bin (with a notice).
- A read-only drive: the two nvm pages on a CLUE; elsewhere the nvm copy alone, and the
  store says so (NOTICE_ONE_COPY).

A record, in each copy: a 12-byte header plus the payload, checked by CRC-32
(_seal() here, handheld.saveread's parse() for the reading at power-up):
    0  magic "S6"        (2)   anything else is not ours: ignored, may be overwritten
    2  format version    (1)   a higher one is from a newer game: kept, never overwritten
    3  key id            (1)   4: the game's state (1-3: per-key records of format 1's
                                   first layout, no longer written nor read)
    4  sequence number   (2)   big-endian, wraps; the newer of two copies wins
    6  payload length    (2)
    8  CRC-32            (4)   over bytes 0..7 and the payload (same as binascii.crc32)
   12  payload
Resident on a board (every save writes a record), so its names are few and short.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

import os

FORMAT = const(1)
HEADER = const(12)

# What a copy holds, from handheld.saveread.parse().
EMPTY = const(0)    # erased, foreign, or another key's record
VALID = const(1)
DAMAGED = const(2)  # ours, but cut short or corrupt
NEWER = const(3)    # written by a newer format version

_EROFS = const(30)
_ENOSPC = const(28)
_EEXIST = const(17)

# store.notice: why the saves are not as they should be, a code; its words are
# handheld.savenote's, loaded for a notice's screen only (no text of them in the heap here)
NOTICE_READ_ONLY = const(1)  # saves off: the drive is read-only
NOTICE_NO_STORAGE = const(2)  # saves off: no storage found
NOTICE_FULL = const(3)  # not saved: the drive is full
NOTICE_ERROR = const(4)  # not saved: a storage error
NOTICE_NEWER = const(5)  # a newer game's save: kept, not loaded
NOTICE_DAMAGED = const(6)  # the old save is damaged: starting fresh
NOTICE_ONE_COPY = const(7)  # one save copy only: the drive is read-only
NOTICE_ONE_COPY_DRIVE = const(8)  # one save copy only: /saves cannot be written
NOTICE_OLD_LAYOUT = const(9)  # saves in the old layout: the flash wears faster

KID = const(4)              # the record's key id ("state")
CAPACITY = const(1024)      # one copy, header included
NVM_MIN = const(2048)       # a smaller nvm is not used
FILE_BLOCK = const(512)     # a file copy is written in whole FAT blocks, in place
_PAGE_NRF = const(4096)      # nRF52840 flash page: nvm's erase unit there


# -- the record ------------------------------------------------------------------------------
def crc32(data, c=0):
    """CRC-32 of data, continuing from c; binascii.crc32 where the firmware has it, else
    handheld.crcpy's (imported only there)."""
    try:
        from binascii import crc32 as f
    except ImportError:  # a CircuitPython build without binascii.crc32
        from handheld.crcpy import crc32 as f
    return f(data, c) & 0xFFFFFFFF


def _seal(out, key, n):
    """Fill in the header of the record in bytearray out (its payload from HEADER to the
    end): key id `key`, sequence number n, the length and the CRC; nothing allocated."""
    size = len(out) - HEADER
    out[0] = 0x53  # "S6", the magic
    out[1] = 0x36
    out[2] = FORMAT
    out[3] = key
    out[4] = (n >> 8) & 0xFF
    out[5] = n & 0xFF
    out[6] = size >> 8
    out[7] = size & 0xFF
    m = memoryview(out)
    c = crc32(m[HEADER:], crc32(m[0:8]))
    for i in range(4):
        out[8 + i] = (c >> (24 - 8 * i)) & 0xFF


def is_newer(a, b):
    """True if sequence number a was written after b (16-bit serial arithmetic)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


# -- its copies ------------------------------------------------------------------------------
class NvmCopy:
    """One copy at nvm[start:start + CAPACITY]; one slice write per save."""

    rank = 0  # SAMD51, nRF52840: 10,000 erase cycles (docs/devices.md)

    def __init__(self, nvm, start):
        self.nvm = nvm
        self.start = start

    def write(self, data):
        a = self.start
        self.nvm[a:a + len(data)] = data

class FileCopy:
    """One copy in a file, written in place (docs/devices.md: on FAT this rewrites the
    file's blocks and its folder entry, never the allocation table). rank None: read at
    load, never written (the files of an older layout)."""

    def __init__(self, files, path, rank=1):
        self.files = files
        self.path = path
        self.rank = rank  # CIRCUITPY's flash: 100,000 erase cycles

    def write(self, data):
        """Write the record in the bytearray data, padded with 0xff to whole blocks in data
        itself (then cut back): no copy of it."""
        n = len(data)
        for _ in range(-n % FILE_BLOCK):
            data.append(0xFF)
        try:
            self.files.overwrite(self.path, data)
        finally:
            data[n:] = b""


class Store:
    """The record in one or two copies (see the module doc)."""

    def __init__(self, copies, kind, notice=None, every=0):
        self.copies = copies
        self.kind = kind
        self.notice = notice
        self.every = every  # nvm takes a save when its newest record is this far behind
        # The record buffer, allocated here (at power-up, on a heap still whole): a save
        # encodes, packs and pads the record in it and writes it from there, with no other
        # allocation of its size. It holds the last record (payload: _n bytes from HEADER;
        # -1: none). One file block; a record that needs more makes it grow.
        self.buf = bytearray(FILE_BLOCK)
        self.buf[HEADER:] = b""
        self._n = -1
        self._newest = None  # (copy index, seq) of the newest valid record
        self._seqs = None  # sequence number of each copy's valid record, once scanned
        self._locked = False  # a newer game's record: never overwritten

    def _scan(self):
        """(copy index, seq) of the newest valid record, or None: the copies read once."""
        if self._seqs is None:
            self._read(False)
        return self._newest

    def load(self):
        """The newest valid payload, or None."""
        return self._read(True)

    def _read(self, load):
        """handheld.saveread's scan (and with load the newest payload, returned): code for
        power-up, dropped after unless it was loaded before (tests, tools)."""
        import sys
        keep = "handheld.saveread" in sys.modules
        from handheld import saveread, unload
        try:
            return (saveread.load if load else saveread.scan)(self, sys.modules[__name__])
        finally:
            saveread = None
            if not keep:
                unload("handheld.saveread")

    def save(self, data):
        """Store a payload: bytes (True at once if equal to the last one), or a function that
        appends it to the bytearray it is given (the record buffer: encoded there, no copy of
        it is made; the caller knows it changed: handheld.persist). True if stored, False with
        a notice if not."""
        best = self._scan()
        if self._locked:
            self.notice = NOTICE_NEWER
            return False
        buf = self.buf
        f = callable(data)
        if not f and len(data) == self._n and memoryview(buf)[HEADER:] == data:
            return True
        self._n = -1  # the last record is overwritten: until this one is written, none
        buf[HEADER:] = b""
        if f:
            data(buf)
        else:
            buf.extend(data)
        n = len(buf) - HEADER
        if HEADER + n > CAPACITY:
            buf[HEADER:] = b""
            raise ValueError("save is %d bytes; a copy holds %d" % (n, CAPACITY - HEADER))
        i = self._choose(None if best is None else best[0])
        seq = 0 if best is None else (best[1] + 1) & 0xFFFF
        _seal(buf, KID, seq)
        try:
            self.copies[i].write(buf)
        except (OSError, RuntimeError) as e:
            self.notice = _notice_for(e)
            return False
        self._newest = (i, seq)
        self._seqs[i] = seq
        self._n = n
        return True

    def _choose(self, n):
        """The copy to write: never n, the one holding the newest record (a cut may erase it),
        unless it is the only one (nvm alone: the notice says a cut can lose it), nor an old
        layout's file. With `every`, nvm (rank 0) when its newest record is
        every - 1 saves behind the newest (or has none), else a drive copy (rank 1);
        without, the highest rank. Then the copy with the oldest record."""
        seqs = self._seqs
        due = False
        if self.every:
            top = None if self._newest is None else self._newest[1]
            last = None  # the newest record among the nvm copies
            for i in range(len(seqs)):
                if self.copies[i].rank == 0 and _older(last, seqs[i]):
                    last = seqs[i]
            due = top is None or last is None or (top - last) & 0xFFFF >= self.every - 1
        pick = None
        for i in range(len(self.copies)):
            r = self.copies[i].rank
            if i == n or r is None:
                continue
            r = -r if due else r
            if pick is None or r > pick[1] or (r == pick[1] and _older(seqs[i], seqs[pick[0]])):
                pick = (i, r)
        return n if pick is None else pick[0]  # one copy only: over its own record


def _older(a, b):
    """True if a copy with record a (None: none) is a better one to overwrite than one with
    record b."""
    if a is None:
        return b is not None
    return b is not None and is_newer(b, a)


def _notice_for(e):
    code = e.args[0] if e.args else None
    if code == _EROFS:
        return NOTICE_READ_ONLY
    if code == _ENOSPC:
        return NOTICE_FULL
    return NOTICE_ERROR


def NvmStore(nvm, unit=_PAGE_NRF):
    """Both copies in nvm, `unit` bytes apart (the nRF52840's two 4 KB pages)."""
    if len(nvm) < 2 * unit:
        raise ValueError("nvm has %d bytes; two %d-byte erase units are needed" % (len(nvm), unit))
    return Store([NvmCopy(nvm, 0), NvmCopy(nvm, unit)], "nvm")


class OsFiles:
    """The file operations the store needs, on the real filesystem."""

    def __init__(self):
        self.remove = os.remove
        self.mkdir = os.mkdir
        self.rmdir = os.rmdir
        self.listdir = os.listdir

    def read(self, path, n):
        with open(path, "rb") as f:
            return f.read(n)

    def stat(self, path):
        """(is a folder, size); OSError if path is missing."""
        st = os.stat(path)
        return bool(st[0] & 0x4000), st[6]

    def free(self, path):
        """Free bytes on path's drive, or None where the port cannot say."""
        try:
            st = os.statvfs(path)
        except (AttributeError, OSError):
            return None
        return st[0] * st[4]

    def write(self, path, data, n=1):
        """Write data n times to path (created or emptied first) and push it to the flash."""
        _put(path, data, n, "wb")

    def overwrite(self, path, data):
        """Write data at the start of a file at least as long, in place (its FAT chain
        and size stay), else write the file anew."""
        try:
            fits = os.stat(path)[6] >= len(data)
        except OSError:
            fits = False
        if not fits:
            return self.write(path, data)
        _put(path, data, 1, "r+b")


def _put(path, data, n, mode):
    with open(path, mode) as f:
        for _ in range(n):
            f.write(data)
        f.flush()
        if hasattr(os, "fsync"):  # CPython
            os.fsync(f.fileno())
    if not hasattr(os, "fsync") and hasattr(os, "sync"):  # CircuitPython: flush the cache
        os.sync()


def open_store(nvm=None, root=None, files=None, unit=-1, probe=True, every=-1):
    """The best store (see the module doc); handheld/savelayout.py, imported for this
    call only. unit: nvm's erase unit if two fit in nvm (None: the whole nvm is one unit;
    -1: savelayout.platform()'s). every: -1 for savelayout.platform()'s. probe=False
    trusts root to be writable and writes nothing (no layout made, no old file removed)."""
    import sys
    from handheld import savelayout, unload
    try:
        return savelayout.open_store(sys.modules[__name__], nvm, root, files, unit, probe,
                                     every)
    finally:
        if probe:  # a power-up: its code is needed once
            savelayout = None
            unload("handheld.savelayout")


class RamStore:
    """Saves kept in RAM for this session only; save() returns False (nothing is durable)."""

    kind = "ram"

    def __init__(self, notice=NOTICE_NO_STORAGE):
        self.notice = notice
        self._data = None

    def load(self):
        return self._data

    def save(self, data):
        if callable(data):  # as Store.save
            w = bytearray()
            data(w)
            data = w
        self._data = bytes(data)
        return False


def device_nvm():
    """microcontroller.nvm on a board that has one, else None (desktop, MicroPython VM)."""
    try:
        import microcontroller
    except ImportError:
        return None
    return getattr(microcontroller, "nvm", None)
