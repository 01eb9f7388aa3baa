"""Persistence of the game's one save record (settings, statistics and the match together).

    store = open_store(nvm=microcontroller.nvm, root="/saves")
    data = store.load()        # the newest payload whose record checks out, or None
    store.save(payload)        # True once it is stored (or was already)
    store.kind                 # 'nvm', 'nvm+file', 'file' or 'ram'
    store.notice               # None, or a short message for the screen

The record is kept in two or three copies that never share a flash erase unit, and a save
never overwrites the copy that holds the newest record. A power cut during a save can so
damage only the copy being written: another one holds the previous save, whole. Of the
copies it may write, a save picks a file on CIRCUITPY first (its flash takes 100,000 erase
cycles, nvm's 10,000), then the copy with the oldest record (docs/devices.md):
- SAMD51 (PyGamer, PyBadge) and ESP32-S3: every nvm write erases the whole nvm (one 8 KB
  block on SAMD51, an NVS erase-all then a new blob on ESP32-S3): one copy in nvm, one in a
  file on CIRCUITPY, written in turn.
- nRF52840 (CLUE): the 8 KB nvm is two 4 KB pages, each erased on its own
  (ports/nordic/common-hal/nvm/ByteArray.c): one copy per page, and one in a file; the file
  takes every other save, the pages share the rest.
- With a read-only drive: the two pages on a CLUE; elsewhere the nvm copy alone, and the
  store says so (NOTICE_ONE_COPY).
- No nvm: two files (boards outside the supported four; a cut while FAT rewrites the folder's
  sector can cost both).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld import records

_EROFS = const(30)
_ENOSPC = const(28)
_EEXIST = const(17)

NOTICE_READ_ONLY = "Saves off:\ndrive is read-only"
NOTICE_NO_STORAGE = "Saves off:\nno storage found"
NOTICE_FULL = "Not saved:\ndrive is full"
NOTICE_ERROR = "Not saved:\nstorage error"
NOTICE_NEWER = "Save from a newer game:\nkept, not loaded"
NOTICE_DAMAGED = "Old save damaged:\nstarting fresh"
NOTICE_ONE_COPY = "One save copy only:\ndrive is read-only"

KID = const(4)              # the record's key id ("state")
CAPACITY = const(1024)      # one copy, header included
NVM_MIN = const(2048)       # a smaller nvm is not used
FILE_BLOCK = const(512)     # a file copy is padded to whole FAT blocks: its size never changes
PAGE_NRF = const(4096)      # nRF52840 flash page: nvm's erase unit there


class NvmCopy:
    """One copy at nvm[start:start + CAPACITY]; one slice write per save."""

    rank = 0  # SAMD51, nRF52840: 10,000 erase cycles (docs/devices.md)

    def __init__(self, nvm, start):
        self.nvm = nvm
        self.start = start

    def read(self):
        a = self.start
        try:  # an ESP32-S3 nvm read can raise after a cut inside NVS
            head = self.nvm[a:a + records.HEADER]
            n = (head[6] << 8) | head[7]
            if n > CAPACITY - records.HEADER:
                return head
            return self.nvm[a:a + records.HEADER + n]
        except (OSError, RuntimeError):
            return None

    def write(self, record):
        a = self.start
        self.nvm[a:a + len(record)] = record

    def clear(self):
        self.nvm[self.start:self.start + 2] = b"\xff\xff"


class FileCopy:
    """One copy in a file, overwritten in place at a fixed size (docs/devices.md: on FAT
    this rewrites the file's sector and its folder entry, never the allocation table)."""

    rank = 1  # CIRCUITPY's SPI/QSPI flash: 100,000 erase cycles: takes the writes it can

    def __init__(self, files, path):
        self.files = files
        self.path = path

    def read(self):
        try:
            return self.files.read(self.path, CAPACITY)
        except OSError:
            return None

    def write(self, record):
        n = len(record)
        size = (n + FILE_BLOCK - 1) // FILE_BLOCK * FILE_BLOCK
        self.files.overwrite(self.path, record + b"\xff" * (size - n))

    def clear(self):
        try:
            self.files.remove(self.path)
        except OSError:
            pass


class Store:
    """The record in one or two copies (see the module doc)."""

    def __init__(self, copies, kind, notice=None):
        self.copies = copies
        self.kind = kind
        self.notice = notice
        self._newest = None  # (copy index, seq, payload) of the newest valid record
        self._seqs = [None] * len(copies)  # sequence number of each copy's valid record
        self._scanned = False
        self._locked = False  # a newer game's record: never overwritten

    def _scan(self):
        if self._scanned:
            return self._newest
        best = None
        damaged = False
        for i in range(len(self.copies)):
            status, seq, payload = records.parse(self.copies[i].read(), KID)
            if status == records.NEWER:
                self._locked = True
            elif status == records.DAMAGED:
                damaged = True
            elif status == records.VALID:
                self._seqs[i] = seq
                if best is None or records.is_newer(seq, best[1]):
                    best = (i, seq, payload)
        if self._locked:
            self.notice = NOTICE_NEWER
            best = None
        elif best is None and damaged:
            self.notice = NOTICE_DAMAGED
        self._newest = best
        self._scanned = True
        return best

    def load(self):
        """The newest valid payload, or None."""
        best = self._scan()
        return None if best is None else best[2]

    def save(self, payload):
        """Store payload; True if stored (or unchanged), False with a notice if not."""
        payload = bytes(payload)
        if records.HEADER + len(payload) > CAPACITY:
            raise ValueError("save is %d bytes; a copy holds %d"
                             % (len(payload), CAPACITY - records.HEADER))
        best = self._scan()
        if self._locked:
            self.notice = NOTICE_NEWER
            return False
        if best is not None and best[2] == payload:
            return True
        i = self._choose(None if best is None else best[0])
        seq = 0 if best is None else (best[1] + 1) & 0xFFFF
        try:
            self.copies[i].write(records.pack(KID, seq, payload))
        except (OSError, RuntimeError) as e:
            self.notice = _notice_for(e)
            return False
        self._newest = (i, seq, payload)
        self._seqs[i] = seq
        return True

    def _choose(self, newest):
        """The copy to write: never the one holding the newest record (a cut may erase it);
        of the others, the highest rank (the most erase cycles), then the oldest record."""
        pick = None
        for i in range(len(self.copies)):
            if i == newest:
                continue
            if pick is None:
                pick = i
                continue
            a, b = self.copies[i].rank, self.copies[pick].rank
            if a > b or (a == b and _older(self._seqs[i], self._seqs[pick])):
                pick = i
        return pick

    def erase(self):
        """Forget the record in every copy, also a newer game's (an explicit player choice)."""
        for c in self.copies:
            c.clear()
        self._newest = None
        self._seqs = [None] * len(self.copies)
        self._locked = False


def _older(seq, than):
    """True if a copy with record seq (None: none) is a better one to overwrite."""
    if seq is None:
        return than is not None
    return than is not None and records.is_newer(than, seq)


def _notice_for(error):
    code = error.args[0] if error.args else None
    if code == _EROFS:
        return NOTICE_READ_ONLY
    if code == _ENOSPC:
        return NOTICE_FULL
    return NOTICE_ERROR


def NvmStore(nvm, unit=PAGE_NRF):
    """Both copies in nvm, `unit` bytes apart (the nRF52840's two 4 KB pages)."""
    if len(nvm) < 2 * unit:
        raise ValueError("nvm has %d bytes; two %d-byte erase units are needed" % (len(nvm), unit))
    return Store([NvmCopy(nvm, 0), NvmCopy(nvm, unit)], "nvm")


class OsFiles:
    """The file operations the store needs, on the real filesystem."""

    def __init__(self):
        import os
        self._os = os
        self.remove = os.remove
        self.mkdir = os.mkdir

    def read(self, path, limit):
        with open(path, "rb") as f:
            return f.read(limit)

    def _sync(self, f):
        os = self._os
        f.flush()
        if hasattr(os, "fsync"):  # CPython
            os.fsync(f.fileno())

    def write(self, path, data):
        """Write data to path (created or emptied first) and push it to the flash."""
        with open(path, "wb") as f:
            f.write(data)
            self._sync(f)
        self._os_sync()

    def overwrite(self, path, data):
        """Write data over a file of the same size in place (its FAT chain stays), else
        write it anew."""
        try:
            same = self._os.stat(path)[6] == len(data)
        except OSError:
            same = False
        if not same:
            return self.write(path, data)
        with open(path, "r+b") as f:
            f.write(data)
            self._sync(f)
        self._os_sync()

    def check(self, root):
        """OSError(30) if root cannot be written. On CircuitPython the mount's flag says it
        without a write (a write would rewrite the folder's flash sector at every power-up,
        the sector that holds the save file's entry); elsewhere a probe file is written."""
        try:
            import storage
        except ImportError:
            storage = None
        if storage is not None and hasattr(storage, "getmount"):
            try:
                mount = storage.getmount(root)
            except (OSError, ValueError):
                mount = storage.getmount("/")
            if getattr(mount, "readonly", False):
                raise OSError(_EROFS, root)
            return
        probe = root + "/probe.tmp"
        self.write(probe, b"")
        self.remove(probe)

    def _os_sync(self):
        os = self._os
        if not hasattr(os, "fsync") and hasattr(os, "sync"):  # CircuitPython: flush the cache
            os.sync()


def _probe(root, files):
    """None if the folder can be written, else the OSError that says why not."""
    try:
        try:
            files.mkdir(root)
        except OSError as e:
            if e.args and e.args[0] != _EEXIST:
                raise
        files.check(root)
    except OSError as e:
        return e
    return None


def nvm_unit():
    """nvm's erase unit where two fit in it (nRF52840: 4096), else None (one unit)."""
    import sys
    return PAGE_NRF if sys.platform.startswith("nRF") else None


def open_store(nvm=None, root=None, files=None, unit=-1, probe=True):
    """The best store: two nvm units, else nvm + a file, else nvm alone (with a notice),
    else two files, else RAM. unit: nvm's erase unit if two fit in nvm (None: the whole nvm
    is one unit; -1: ask nvm_unit()). probe=False trusts root to be writable (no write)."""
    if unit == -1:
        unit = nvm_unit()
    if nvm is not None and len(nvm) < NVM_MIN:
        print("saves: nvm has %d bytes, %d needed; trying files" % (len(nvm), NVM_MIN))
        nvm = None
    error = None
    if root is not None:
        root = root.rstrip("/")
        if files is None:
            files = OsFiles()
        error = _probe(root, files) if probe else None
        if error is not None:
            print("saves: cannot write %s: %r" % (root, error))
    if nvm is not None:
        copies = [NvmCopy(nvm, 0)]
        if unit and len(nvm) >= 2 * unit:
            copies.append(NvmCopy(nvm, unit))
        if root is not None and error is None:
            copies.append(FileCopy(files, root + "/state.bin"))
            return Store(copies, "nvm+file")
        if len(copies) == 2:
            return Store(copies, "nvm")
        return Store(copies, "nvm", NOTICE_ONE_COPY)
    if root is None:
        return RamStore(NOTICE_NO_STORAGE)
    if error is None:
        return Store([FileCopy(files, root + "/state0.bin"),
                      FileCopy(files, root + "/state1.bin")], "file")
    return RamStore(_notice_for(error) if error.args and error.args[0] in (_EROFS, _ENOSPC)
                    else NOTICE_NO_STORAGE)


class RamStore:
    """Saves kept in RAM for this session only; save() returns False (nothing is durable)."""

    kind = "ram"

    def __init__(self, notice=NOTICE_NO_STORAGE):
        self.notice = notice
        self._data = None

    def load(self):
        return self._data

    def save(self, payload):
        self._data = bytes(payload)
        return False

    def erase(self):
        self._data = None


def device_nvm():
    """microcontroller.nvm on a board that has one, else None (desktop, MicroPython VM)."""
    try:
        import microcontroller
    except ImportError:
        return None
    return getattr(microcontroller, "nvm", None)
