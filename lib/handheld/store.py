"""Persistence of the named records "match", "stats" and "settings" (payloads are bytes).

    store = open_store(nvm=microcontroller.nvm, root="/saves")
    data = store.load("settings")        # bytes, or None if there is no usable save
    store.save("settings", payload)      # True once it is stored (or was already)
    store.kind                           # 'nvm', 'file' or 'ram'
    store.notice                         # None, or a short message for the screen

Every key has two slots (two NVM regions, or two files). A save goes to the slot that does
not hold the newest valid record, so a power cut during a save leaves the previous save
intact; load picks the newest slot whose record checks out (see `records`). A payload equal
to the stored one is not written again (flash wears).

How far the slots protect against a power cut depends on how the firmware writes NVM:
- nRF52840 (CLUE): NVM is two 4 KB flash pages, erased page by page; slot 0 of every key
  lives in the first page and slot 1 in the second, so the slot being written is the only
  one at risk.
- SAMD51 (PyGamer, PyBadge): the 8 KB NVM is one erase block that the firmware erases and
  rewrites whole on every write; a cut in that short window can damage both slots. The CRC
  still stops a damaged record from loading (the game starts fresh instead of crashing).
- ESP32-S3: NVM is a blob in the NVS partition, erased then rewritten: the same caveat.
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

# Slot capacity per key (header included), in key id order. Slot 0 of each key sits in the
# first half of the NVM area, slot 1 in the second half.
CAPACITY = (768, 192, 64)
_OFFSETS = (0, 768, 960)    # running sums of CAPACITY; one half holds 1024 bytes of slots
NVM_MIN = const(2048)       # a smaller nvm cannot hold two slots per key
_NVM_SPAN = const(8192)     # halves are 4 KB apart once the nvm has 8 KB (nRF52840 pages)


class _Slots:
    """Two slots per key; subclasses read and write the raw slots."""

    kind = None

    def __init__(self, notice=None):
        self.notice = notice
        self._newest = {}  # key id -> (slot, seq, payload) of the newest valid record
        self._locked = set()  # key ids whose newer-game record must be kept

    def _read(self, kid, slot):  # bytes of the slot, or None
        raise NotImplementedError

    def _write(self, kid, slot, record):  # raises OSError on failure
        raise NotImplementedError

    def _clear(self, kid, slot):
        raise NotImplementedError

    def _scan(self, kid):
        if kid in self._newest:
            return self._newest[kid]
        best = None
        damaged = False
        for slot in (0, 1):
            status, seq, payload = records.parse(self._read(kid, slot), kid)
            if status == records.NEWER:
                self._locked.add(kid)
            elif status == records.DAMAGED:
                damaged = True
            elif status == records.VALID and (best is None or records.is_newer(seq, best[1])):
                best = (slot, seq, payload)
        if kid in self._locked:
            self.notice = NOTICE_NEWER
            best = None
        elif best is None and damaged:
            self.notice = NOTICE_DAMAGED
        self._newest[kid] = best
        return best

    def load(self, key):
        """The newest valid payload saved under key, or None."""
        best = self._scan(records.key_id(key))
        return None if best is None else best[2]

    def save(self, key, payload):
        """Store payload under key; True if stored (or unchanged), False with a notice if not."""
        kid = records.key_id(key)
        payload = bytes(payload)
        if records.HEADER + len(payload) > CAPACITY[kid - 1]:
            raise ValueError("%s save is %d bytes; its slot holds %d"
                             % (key, len(payload), CAPACITY[kid - 1] - records.HEADER))
        best = self._scan(kid)
        if kid in self._locked:
            self.notice = NOTICE_NEWER
            return False
        if best is not None and best[2] == payload:
            return True
        slot = 0 if best is None else 1 - best[0]
        seq = 0 if best is None else (best[1] + 1) & 0xFFFF
        try:
            self._write(kid, slot, records.pack(kid, seq, payload))
        except (OSError, RuntimeError) as e:
            self.notice = _notice_for(e)
            return False
        self._newest[kid] = (slot, seq, payload)
        return True

    def erase(self, key):
        """Forget key in both slots, also a newer game's record (an explicit player choice)."""
        kid = records.key_id(key)
        for slot in (0, 1):
            self._clear(kid, slot)
        self._newest[kid] = None
        self._locked.discard(kid)


def _notice_for(error):
    code = error.args[0] if error.args else None
    if code == _EROFS:
        return NOTICE_READ_ONLY
    if code == _ENOSPC:
        return NOTICE_FULL
    return NOTICE_ERROR


class NvmStore(_Slots):
    """Slots in a microcontroller.nvm-like byte array (one slice write per save)."""

    kind = "nvm"

    def __init__(self, nvm, notice=None):
        if len(nvm) < NVM_MIN:
            raise ValueError("nvm has %d bytes; saves need %d" % (len(nvm), NVM_MIN))
        super().__init__(notice)
        self._nvm = nvm
        self._half = min(len(nvm), _NVM_SPAN) // 2

    def address(self, key, slot):
        """Where slot 0 or 1 of key starts in the nvm."""
        return self._start(records.key_id(key), slot)

    def _start(self, kid, slot):
        return slot * self._half + _OFFSETS[kid - 1]

    def _read(self, kid, slot):
        a = self._start(kid, slot)
        return self._nvm[a:a + CAPACITY[kid - 1]]

    def _write(self, kid, slot, record):
        a = self._start(kid, slot)
        self._nvm[a:a + len(record)] = record

    def _clear(self, kid, slot):
        a = self._start(kid, slot)
        self._nvm[a:a + 2] = b"\xff\xff"


class OsFiles:
    """The file operations FileStore needs, on the real filesystem."""

    def __init__(self):
        import os
        self._os = os
        self.replace = getattr(os, "replace", os.rename)  # FAT: rename removes the target
        self.remove = os.remove
        self.mkdir = os.mkdir

    def read(self, path, limit):
        with open(path, "rb") as f:
            return f.read(limit)

    def write(self, path, data):
        """Write data to path and push it to the flash before returning."""
        os = self._os
        with open(path, "wb") as f:
            f.write(data)
            f.flush()
            if hasattr(os, "fsync"):  # CPython
                os.fsync(f.fileno())
        if not hasattr(os, "fsync") and hasattr(os, "sync"):  # CircuitPython
            os.sync()


class FileStore(_Slots):
    """Slots as files root/KEY0.bin and root/KEY1.bin, each written as temp + rename."""

    kind = "file"

    def __init__(self, root, files=None, notice=None):
        super().__init__(notice)
        self._root = root.rstrip("/")
        self._files = files if files is not None else OsFiles()

    def _path(self, kid, slot):
        return "%s/%s%d.bin" % (self._root, records.KEYS[kid - 1], slot)

    def probe(self):
        """None if the folder can be written, else the OSError that says why not."""
        try:
            try:
                self._files.mkdir(self._root)
            except OSError as e:
                if e.args and e.args[0] != _EEXIST:
                    raise
            probe = self._root + "/probe.tmp"
            self._files.write(probe, b"")
            self._files.remove(probe)
        except OSError as e:
            return e
        return None

    def _read(self, kid, slot):
        try:
            return self._files.read(self._path(kid, slot), CAPACITY[kid - 1])
        except OSError:
            return None

    def _write(self, kid, slot, record):
        tmp = "%s/%s.tmp" % (self._root, records.KEYS[kid - 1])
        try:
            self._files.write(tmp, record)
            self._files.replace(tmp, self._path(kid, slot))
        except OSError:
            try:
                self._files.remove(tmp)
            except OSError:
                pass
            raise

    def _clear(self, kid, slot):
        try:
            self._files.remove(self._path(kid, slot))
        except OSError:
            pass


class RamStore:
    """Saves kept in RAM for this session only; save() returns False (nothing is durable)."""

    kind = "ram"

    def __init__(self, notice=NOTICE_NO_STORAGE):
        self.notice = notice
        self._data = {}

    def load(self, key):
        return self._data.get(records.key_id(key))

    def save(self, key, payload):
        self._data[records.key_id(key)] = bytes(payload)
        return False

    def erase(self, key):
        self._data.pop(records.key_id(key), None)


def open_store(nvm=None, root=None, files=None):
    """The best store available: NVM if big enough, else files under root, else RAM."""
    if nvm is not None:
        if len(nvm) >= NVM_MIN:
            return NvmStore(nvm)
        print("saves: nvm has %d bytes, %d needed; trying files" % (len(nvm), NVM_MIN))
    if root is None:
        return RamStore(NOTICE_NO_STORAGE)
    store = FileStore(root, files)
    error = store.probe()
    if error is None:
        return store
    print("saves: cannot write %s: %r" % (root, error))
    return RamStore(_notice_for(error) if error.args and error.args[0] in (_EROFS, _ENOSPC)
                    else NOTICE_NO_STORAGE)


def device_nvm():
    """microcontroller.nvm on a board that has one, else None (desktop, MicroPython VM)."""
    try:
        import microcontroller
    except ImportError:
        return None
    return getattr(microcontroller, "nvm", None)
