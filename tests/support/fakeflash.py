"""Flash models of the four boards, written from CircuitPython's source (adafruit/circuitpython
at cd3da4a, 2026-08-21), for power cuts and wear. Runs on CPython and the MicroPython VM.

Every write goes through a Flash: an erase sets a whole erase unit to 0xFF (and counts it),
a program writes program units into erased bytes. `for_each_cut(devices, action, check)`
runs action() once while it records those operations, then puts the devices in the state of
a cut at every point of them and calls check(): a cut inside an erase leaves the first half
of the unit erased and the rest as it was; a cut inside a program unit leaves the bytes before
the cut programmed and the rest erased (0xFF). What a board does, cited:

- SamdNvm: ports/atmel-samd/common-hal/nvm/ByteArray.c:27 calls ASF4 flash_write
  (hal_flash.c), whose _flash_write (hpl/nvmctrl/hpl_nvmctrl.c) copies the 8 KB block into
  a buffer, erases the block and programs it back page by page (512 B). The nvm is 8 KB
  (ports/atmel-samd/mpconfigport.h:130) aligned to an erase block (:239): one erase unit.
- NrfNvm: ports/nordic/common-hal/nvm/ByteArray.c:20-53 splits a write into 4 KB pages and
  rewrites every touched page whole: peripherals/nrf/nvm.c:77 nrf_nvm_safe_flash_page_write
  erases the page, then writes it in words (4 B), in two halves. nvm is 8 KB: two pages.
- EspNvm: ports/espressif/common-hal/nvm/ByteArray.c:63-110 reads the blob "data", calls
  nvs_erase_all, then nvs_set_blob of the whole 8 KB (mpconfigport.h:46) and nvs_commit. A cut
  anywhere between erase_all and the end of set_blob leaves no complete blob, and a missing blob
  reads as 8 KB of zeros (get_bytes, :39-58). Wear: NVS writes 32-byte entries into 4 KB
  pages (126 entries each, ESP-IDF NVS docs) and erases a page when it reclaims it; an 8 KB
  blob is 256 data entries + 3 chunk headers + 1 index entry.
- FatFiles: CIRCUITPY is FAT with 512-byte blocks (py/circuitpy_mpconfig.h:191) on a flash
  erased in 4 KB sectors. External SPI/QSPI flash (PyGamer, PyBadge, CLUE):
  supervisor/shared/external_flash/external_flash.c:503-540 caches the blocks of one sector
  in RAM and flushes (:387-438: read the rest of the sector, erase it, program 256-byte pages)
  when a block of another sector is written or the filesystem syncs: mode "cache". ESP32-S3
  (ports/espressif/supervisor/internal_flash.c:131-155): every block write erases and
  rewrites its whole 4 KB sector at once: mode "through". A file write in place (same size)
  writes its data blocks, then its folder entry (size, time) at f_close; a new file also
  writes the allocation table (FAT) block. f_close and os.sync() (shared-bindings/os/
  __init__.c:274) end in CTRL_SYNC, which flushes the cache (supervisor/shared/flash.c:45).
"""


class PowerCut(Exception):
    pass


class Flash:
    """NOR flash: `erase` bytes per erase unit, `program` bytes per program unit."""

    def __init__(self, size, erase, program):
        self.data = bytearray(b"\xff" * size)
        self.erase_size = erase
        self.program_size = program
        self.erases = [0] * (size // erase)
        self.log = None  # a list while for_each_cut records

    def erase(self, unit):
        if self.log is not None:
            self.log.append((self, 0, unit, None))
        self.erases[unit] += 1
        a = unit * self.erase_size
        self.data[a:a + self.erase_size] = b"\xff" * self.erase_size

    def program(self, addr, data):
        p = self.program_size
        for i in range(0, len(data), p):
            chunk = bytes(data[i:i + p])
            if self.log is not None:
                self.log.append((self, 1, addr + i, chunk))
            self.data[addr + i:addr + i + len(chunk)] = chunk

    def rewrite(self, unit, image):
        """Erase a unit and program it with image (its whole new content)."""
        self.erase(unit)
        self.program(unit * self.erase_size, image)

    def busiest(self):
        return max(self.erases)


class _Nvm:
    """microcontroller.nvm over a Flash: reads from it; subclasses write."""

    def __init__(self, flash):
        self.flash = flash
        self.writes = 0

    def __len__(self):
        return len(self.flash.data)

    def __getitem__(self, key):
        return self.flash.data[key]

    def __setitem__(self, key, value):
        if not isinstance(key, slice):
            key = slice(key, key + 1)
            value = bytes([value])
        start, stop = key.start, key.stop
        if len(value) != stop - start:
            raise ValueError("nvm slice and value differ in length")
        self.writes += 1
        self._write(start, bytes(value))

    def busiest(self):
        """Erases of the busiest erase unit."""
        return self.flash.busiest()


class SamdNvm(_Nvm):
    """SAMD51: every write erases the one 8 KB block and programs it back (512-byte pages)."""

    def __init__(self):
        _Nvm.__init__(self, Flash(8192, 8192, 512))

    def _write(self, start, value):
        image = bytearray(self.flash.data)
        image[start:start + len(value)] = value
        self.flash.rewrite(0, image)


class NrfNvm(_Nvm):
    """nRF52840: every touched 4 KB page is erased and programmed back (4-byte words)."""

    def __init__(self):
        _Nvm.__init__(self, Flash(8192, 4096, 4))

    def _write(self, start, value):
        page = 4096
        stop = start + len(value)
        for unit in range(start // page, (stop - 1) // page + 1):
            a = unit * page
            image = bytearray(self.flash.data[a:a + page])
            lo = max(start, a)
            hi = min(stop, a + page)
            image[lo - a:hi - a] = value[lo - start:hi - start]
            self.flash.rewrite(unit, image)


class EspNvm(_Nvm):
    """ESP32-S3: nvm is an NVS blob; a write is erase_all, then the whole blob."""

    ENTRIES = 260  # 8 KB blob: 256 data entries + 3 chunk headers + 1 index (32 B each)
    PAGE_ENTRIES = 126
    PAGES = 5  # the 20 KB "nvs" partition of the boards' partition tables

    def __init__(self):
        _Nvm.__init__(self, Flash(8192, 8192, 32))
        self.flash.data[:] = bytes(8192)  # no blob yet: reads as zeros
        self.entries = 0

    def _write(self, start, value):
        image = bytearray(self.flash.data)
        image[start:start + len(value)] = value
        f = self.flash
        if f.log is not None:  # erase_all, then every entry of the new blob: no blob till done
            for _ in range(self.ENTRIES):
                f.log.append((f, 2, 0, None))
            f.log.append((f, 3, 0, bytes(image)))
        self.entries += self.ENTRIES
        f.data[:] = image

    def busiest(self):
        """Page erases of the busiest NVS page: pages fill and are reclaimed in turn."""
        return self.entries / float(self.PAGE_ENTRIES * self.PAGES)


class FatFiles:
    """The store's file operations on a FAT-like volume over a Flash (see the module doc).

    Block 0: the FAT; sector 1 holds the folder's block (32-byte entries: name 12, first
    block 2, size 2, time 4) and then the files' blocks. mode "cache" or "through"."""

    def __init__(self, flash=None, mode="cache", readonly=False):
        self.flash = flash or Flash(16 * 1024, 4096, 256)
        self.mode = mode
        self.readonly = readonly
        self.time = 0
        self._sector = None  # the cached sector and its blocks (mode "cache")
        self._blocks = {}
        self.writes = 0

    # -- blocks ---------------------------------------------------------------------------------
    def _block_write(self, n, data):
        f = self.flash
        sector = n * 512 // f.erase_size
        if self.mode == "through":
            image = bytearray(f.data[sector * f.erase_size:(sector + 1) * f.erase_size])
            off = n * 512 - sector * f.erase_size
            image[off:off + 512] = data
            f.rewrite(sector, image)
            return
        if self._sector is not None and (self._sector != sector or n in self._blocks):
            self.sync()
        self._sector = sector
        self._blocks[n] = bytes(data)

    def sync(self):
        if self._sector is None:
            return
        f = self.flash
        a = self._sector * f.erase_size
        image = bytearray(f.data[a:a + f.erase_size])
        for n in self._blocks:
            image[n * 512 - a:n * 512 - a + 512] = self._blocks[n]
        f.rewrite(self._sector, image)
        self._sector = None
        self._blocks = {}

    def _block(self, n):
        return bytearray(self.flash.data[n * 512:n * 512 + 512])

    # -- the folder -----------------------------------------------------------------------------
    DIR = 8  # block number of the folder (sector 1)

    def _entries(self):
        """{name: (index, first block, size)} of the folder's intact entries."""
        d = self._block(self.DIR)
        out = {}
        for i in range(16):
            e = d[i * 32:i * 32 + 32]
            if e[0] in (0, 0xFF):
                continue
            name = bytes(e[0:12]).rstrip(b"\x00")
            try:
                name = name.decode()
            except UnicodeError:
                continue
            out[name] = (i, (e[12] << 8) | e[13], (e[14] << 8) | e[15])
        return out

    def _name(self, path):
        return path.rsplit("/", 1)[1]

    def _check(self):
        if self.readonly:
            raise OSError(30)

    def mkdir(self, path):
        self._check()
        if self._block(self.DIR)[0] != 0xFF:
            raise OSError(17)
        self._block_write(self.DIR, bytes(512))
        self.sync()

    def check(self, root):
        self._check()

    def read(self, path, limit):
        e = self._entries().get(self._name(path))
        if e is None:
            raise OSError(2)
        _, first, size = e
        return bytes(self.flash.data[first * 512:first * 512 + min(size, limit)])

    def _set_entry(self, name, first, size):
        d = self._block(self.DIR)
        entries = self._entries()
        if name in entries:
            i = entries[name][0]
        else:
            i = 0
            while d[i * 32] not in (0, 0xFF):
                i += 1
        self.time += 1
        raw = name.encode()
        e = raw + bytes(12 - len(raw)) + bytes([first >> 8, first & 0xFF, size >> 8, size & 0xFF])
        e += bytes([(self.time >> s) & 0xFF for s in (24, 16, 8, 0)]) + bytes(12)
        d[i * 32:i * 32 + 32] = e
        self._block_write(self.DIR, d)

    def _data(self, first, data):
        for i in range(0, len(data), 512):
            chunk = bytes(data[i:i + 512])
            self._block_write(first + i // 512, chunk + b"\xff" * (512 - len(chunk)))

    def write(self, path, data):
        self._check()
        self.writes += 1
        name = self._name(path)
        entries = self._entries()
        blocks = (len(data) + 511) // 512 or 1
        if name in entries and (entries[name][2] + 511) // 512 == blocks:
            first = entries[name][1]
        else:  # allocate after the last file (the FAT block records the chain)
            first = self.DIR + 1
            for n in entries:
                first = max(first, entries[n][1] + (entries[n][2] + 511) // 512 or 1)
            self._block_write(0, bytes([first, blocks]) + bytes(510))
        self._data(first, data)
        self._set_entry(name, first, len(data))
        self.sync()

    def overwrite(self, path, data):
        self.write(path, data)  # the same blocks when the size is the same

    def remove(self, path):
        self._check()
        name = self._name(path)
        entries = self._entries()
        if name not in entries:
            raise OSError(2)
        d = self._block(self.DIR)
        i = entries[name][0]
        d[i * 32:i * 32 + 32] = bytes(32)
        self._block_write(self.DIR, d)
        self._block_write(0, bytes(512))
        self.sync()


def for_each_cut(devices, action, check):
    """Run action() recording the devices' flash operations, then for every cut point put the
    devices (objects with .flash) in the state the cut leaves and call check(). The devices
    end in the state after action(). Returns the number of cut points."""
    flashes = [d.flash for d in devices]
    pre = [bytearray(f.data) for f in flashes]
    log = []
    for f in flashes:
        f.log = log
    try:
        action()
    finally:
        for f in flashes:
            f.log = None
    post = [bytearray(f.data) for f in flashes]
    for i in range(len(flashes)):
        flashes[i].data = pre[i]  # work on the pre images, op by op
    n = 0
    for f, kind, a, b in log:
        if kind == 0:  # an erase, cut half way
            size = f.erase_size
            keep = f.data
            half = bytearray(keep)
            half[a * size:a * size + size // 2] = b"\xff" * (size // 2)
            f.data = half
            check()
            n += 1
            f.data = keep
            f.data[a * size:a * size + size] = b"\xff" * size
        elif kind == 1:  # program: a cut before each byte
            for k in range(len(b)):
                check()
                n += 1
                f.data[a + k] = b[k]
        elif kind == 2:  # an NVS entry: no complete blob, nvm reads as zeros
            if f.data[0] or f.data != bytes(len(f.data)):
                f.data = bytearray(len(f.data))
            check()
            n += 1
        else:  # the blob complete
            f.data = bytearray(b)
    for i in range(len(flashes)):
        flashes[i].data = post[i]
    return n


class _Budget:
    budget = None

    def step(self):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerCut()
            self.budget -= 1


class FakeFiles(_Budget):
    """The file operations of store.OsFiles on a dict, for drive errors: readonly=True and
    space=N model errors 30 and 28. `.budget`: the N+1th step (a byte, a create) cuts."""

    def __init__(self, readonly=False, space=None):
        self.files = {}
        self.dirs = set()
        self.readonly = readonly
        self.space = space
        self.writes = 0

    def _check_writable(self):
        if self.readonly:
            raise OSError(30)

    def mkdir(self, path):
        self._check_writable()
        if path in self.dirs:
            raise OSError(17)
        self.dirs.add(path)

    def check(self, root):
        self._check_writable()

    def read(self, path, limit):
        if path not in self.files:
            raise OSError(2)
        return bytes(self.files[path][:limit])

    def write(self, path, data):
        self._check_writable()
        self.writes += 1
        self.step()
        self.files[path] = bytearray()
        for b in data:
            used = 0
            for f in self.files.values():
                used += len(f)
            if self.space is not None and used >= self.space:
                raise OSError(28)
            self.step()
            self.files[path].append(b)

    def overwrite(self, path, data):
        self.write(path, data)

    def remove(self, path):
        self._check_writable()
        if path not in self.files:
            raise OSError(2)
        self.step()
        del self.files[path]


# the supported boards: nvm model, CIRCUITPY mode, and the flash datasheets' minimum
# endurance in erase cycles (nvm, CIRCUITPY); docs/devices.md cites them
BOARDS = (
    ("PyGamer/PyBadge (SAMD51)", SamdNvm, "cache", None, 10000, 100000),
    ("CLUE (nRF52840)", NrfNvm, "cache", 4096, 10000, 100000),
    ("Feather ESP32-S3 Reverse TFT", EspNvm, "through", None, 100000, 100000),
)


def board(i):
    """(name, nvm, files, unit, nvm endurance, drive endurance) of BOARDS[i], fresh."""
    name, nvm, mode, unit, e_nvm, e_fs = BOARDS[i]
    return name, nvm(), FatFiles(mode=mode), unit, e_nvm, e_fs
