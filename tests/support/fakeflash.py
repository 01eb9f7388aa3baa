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
  rewrites its whole 4 KB sector at once: mode "through". Clusters are allocated as
  lib/oofatfs/ff.c does (the class doc cites it): a file written in place writes its data
  blocks, then its folder entry (size, time) at f_close; allocating or freeing also writes
  the FAT. f_close and os.sync() (shared-bindings/os/__init__.c:274) end in CTRL_SYNC, which
  flushes the cache (supervisor/shared/flash.c:45). fragment() makes a drive with holes.
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
    """The store's file operations (store.OsFiles) on a FAT volume over a Flash, allocating
    clusters as CircuitPython's FatFs does (lib/oofatfs/ff.c at cd3da4a):
    - create_chain (ff.c:1496-1586): a new chain starts at the first free cluster after
      fs->last_clst (:1507-1508; after a mount last_clst is 0xFFFFFFFF, :3312, FAT12/16 have
      no FSInfo to load it from, :3315-3330, so the scan starts at cluster 2); a chain grows
      into the next cluster if it is free (:1548-1558), else from last_clst on; the scan
      wraps at the volume's end (:1562-1566) and fails when it comes back (:1565, :1569);
      every allocation sets last_clst (:1579). remove_chain leaves it (:1401-1440); f_open
      of an existing file with "wb" frees its chain and sets last_clst = first cluster - 1
      (:3524-3529, "reuse the cluster hole").
    - one block window (FF_FS_TINY, ffconf.h:304): FAT and folder blocks are written when
      the window moves (sync_window, :1025) and at f_sync/f_close (:3852-3926: the file's
      folder entry, size and time, then sync_fs and CTRL_SYNC); whole data blocks go
      straight to the disk (f_write, :3790-3800). f_mkdir (:4743-4810): allocate, clear the
      cluster, dot entries, register in the parent.
    - mkfs (:5700-5733): FAT12/16, the data area not aligned to the flash's 4 KB sectors
      (GET_BLOCK_SIZE is 1, extmod/vfs_fat_diskio.c:149); clusters of `cluster` blocks
      (512 B on a 1 MB volume, 1 KB on 2 MB, 2 KB on 8 MB).
    Layout here: block 0 boot, then the FAT (2 bytes a cluster), the root folder (`root`
    blocks), then the clusters. A folder's entries are the first block of its cluster
    (16 entries of 32 bytes: name 0-10, attribute 11, time 22, cluster 26, size 28).
    mode "cache" (external SPI/QSPI flash) or "through" (ESP32-S3), see the module doc;
    external_flash.c:503-524 also programs a block straight into flash that is erased."""

    def __init__(self, flash=None, mode="cache", readonly=False, cluster=2, root=2):
        self.flash = flash or Flash(128 * 1024, 4096, 256)
        self.mode = mode
        self.readonly = readonly
        self.time = 0
        self.writes = 0
        self.csize = cluster
        blocks = len(self.flash.data) // 512
        self.fat = 1
        nfat = ((blocks // cluster + 2) * 2 + 511) // 512
        self.rootdir = 1 + nfat
        self.nroot = root
        self.data0 = self.rootdir + root
        self.n_fatent = (blocks - self.data0) // cluster + 2
        d = self.flash.data
        d[0:512 * self.data0] = bytes(512 * self.data0)  # formatted: FAT and root zeroed
        d[512 * self.fat:512 * self.fat + 4] = b"\xf8\xff\xff\xff"
        self.mount()

    def mount(self):
        """A power-up: the volume mounted afresh (no window, no cache, last_clst unset)."""
        self.last_clst = None
        self._win = None  # [block, bytearray, dirty]
        self._sector = None
        self._blocks = {}

    # -- the flash under the FAT: one sector cached ("cache") or written at once ("through")
    def _block_write(self, n, data):
        f = self.flash
        sector = n * 512 // f.erase_size
        a = n * 512
        if self.mode == "through":
            image = bytearray(f.data[sector * f.erase_size:(sector + 1) * f.erase_size])
            off = a - sector * f.erase_size
            image[off:off + 512] = data
            f.rewrite(sector, image)
            return
        if self._sector != sector or n in self._blocks:
            if f.data[a:a + 512] == b"\xff" * 512:  # erased: programmed at once
                f.program(a, bytes(data))
                return
            self.flush()
        self._sector = sector
        self._blocks[n] = bytes(data)

    def flush(self):
        """CTRL_SYNC: the cached sector erased and programmed back."""
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

    def _read(self, n):
        w = self._win
        if w is not None and w[0] == n:
            return w[1]
        if n in self._blocks:
            return bytearray(self._blocks[n])
        return bytearray(self.flash.data[n * 512:n * 512 + 512])

    # -- FatFs's window ---------------------------------------------------------------------
    def _sync_window(self):
        w = self._win
        if w is not None and w[2]:
            self._block_write(w[0], w[1])
            w[2] = False

    def _move(self, n):
        if self._win is None or self._win[0] != n:
            self._sync_window()
            self._win = [n, self._read(n), False]
        return self._win[1]

    def _sync_fs(self):
        self._sync_window()
        self.flush()
        self._win = None

    # -- the FAT ----------------------------------------------------------------------------
    def get_fat(self, c):
        b = self._read(self.fat + c * 2 // 512)
        o = c * 2 % 512
        return b[o] | (b[o + 1] << 8)

    def _put_fat(self, c, v):
        n = self.fat + c * 2 // 512
        b = self._move(n)
        o = c * 2 % 512
        b[o] = v & 0xFF
        b[o + 1] = (v >> 8) & 0xFF
        self._win[2] = True

    def create_chain(self, clst):
        """ff.c create_chain on FAT16: the new cluster, or 0 when none is free."""
        n = self.n_fatent
        if clst == 0:
            scl = self.last_clst
            if scl is None or scl == 0 or scl >= n:
                scl = 1
        else:
            cs = self.get_fat(clst)
            if 2 <= cs < n:
                return cs
            scl = clst
        ncl = 0
        if scl == clst:
            ncl = scl + 1
            if ncl >= n:
                ncl = 2
            if self.get_fat(ncl) != 0:
                cs = self.last_clst
                if cs is not None and 2 <= cs < n:
                    scl = cs
                ncl = 0
        if ncl == 0:
            ncl = scl
            while True:
                ncl += 1
                if ncl >= n:
                    ncl = 2
                    if ncl > scl:
                        return 0
                if self.get_fat(ncl) == 0:
                    break
                if ncl == scl:
                    return 0
        self._put_fat(ncl, 0xFFFF)
        if clst:
            self._put_fat(clst, ncl)
        self.last_clst = ncl
        return ncl

    def _remove_chain(self, c):
        while 2 <= c < self.n_fatent:
            nxt = self.get_fat(c)
            self._put_fat(c, 0)
            c = nxt

    def chain(self, c):
        out = []
        while 2 <= c < self.n_fatent and len(out) < self.n_fatent:
            out.append(c)
            c = self.get_fat(c)
        return out

    def block_of(self, c):
        return self.data0 + (c - 2) * self.csize

    # -- folders ----------------------------------------------------------------------------
    def _dir_blocks(self, c):
        if c == 0:
            return range(self.rootdir, self.rootdir + self.nroot)
        if not 2 <= c < self.n_fatent:  # an entry a cut left half erased
            return ()
        return (self.block_of(c),)

    def _find(self, dirc, name):
        """(block, offset, attribute, cluster, size) of name in folder dirc, or None."""
        key = (name.encode() + b" " * 11)[:11]
        for blk in self._dir_blocks(dirc):
            d = self._read(blk)
            for o in range(0, 512, 32):
                if d[o] in (0, 0xE5) or d[o:o + 11] != key:
                    continue
                return (blk, o, d[o + 11], d[o + 26] | (d[o + 27] << 8),
                        d[o + 28] | (d[o + 29] << 8) | (d[o + 30] << 16) | (d[o + 31] << 24))
        return None

    def _walk(self, path):
        """(folder cluster, name, entry or None) of path; OSError if its folder is not one."""
        parts = [p for p in path.split("/") if p]
        dirc = 0
        for p in parts[:-1]:
            e = self._find(dirc, p)
            if e is None:
                raise OSError(2, path)
            if not e[2] & 0x10:
                raise OSError(20, path)
            dirc = e[3]
        if not parts:
            return 0, "", (None, None, 0x10, 0, 0)
        return dirc, parts[-1], self._find(dirc, parts[-1])

    def _entry(self, blk, o, name, attr, c, size):
        d = self._move(blk)
        self.time += 1
        e = bytearray((name.encode() + b" " * 11)[:11]) + bytearray([attr]) + bytes(10)
        e += bytes([(self.time >> s) & 0xFF for s in (0, 8, 16, 24)])
        e += bytes([c & 0xFF, c >> 8]) + bytes([(size >> s) & 0xFF for s in (0, 8, 16, 24)])
        d[o:o + 32] = e
        self._win[2] = True

    def _register(self, dirc, name, attr):
        """A free entry in folder dirc for name: (block, offset)."""
        for blk in self._dir_blocks(dirc):
            d = self._move(blk)
            for o in range(0, 512, 32):
                if d[o] in (0, 0xE5):
                    self._entry(blk, o, name, attr, 0, 0)
                    return blk, o
        raise OSError(28, name)

    def _check(self):
        if self.readonly:
            raise OSError(30)

    # -- the operations of store.OsFiles ----------------------------------------------------
    def check(self, root):
        self._check()

    def stat(self, path):
        e = self._walk(path)[2]
        if e is None:
            raise OSError(2, path)
        return bool(e[2] & 0x10), e[4]

    def free(self, path):
        n = 0
        for c in range(2, self.n_fatent):
            if self.get_fat(c) == 0:
                n += 1
        return n * self.csize * 512

    def read(self, path, limit):
        e = self._walk(path)[2]
        if e is None or e[2] & 0x10:
            raise OSError(2, path)
        out = bytearray()
        n = min(e[4], limit)
        for c in self.chain(e[3]):
            b = self.block_of(c)
            out += self.flash.data[b * 512:(b + self.csize) * 512]
            if len(out) >= n:
                break
        return bytes(out[:n])

    def mkdir(self, path):
        self._check()
        dirc, name, e = self._walk(path)
        if e is not None:
            raise OSError(17, path)
        dcl = self.create_chain(0)
        if dcl == 0:
            raise OSError(13, path)
        self._sync_window()  # dir_clear: the FAT block, then the cluster zeroed
        b0 = self.block_of(dcl)
        for k in range(self.csize):
            self._block_write(b0 + k, bytes(512))
        self._win = [b0, bytearray(512), True]
        self._entry(b0, 0, ".", 0x10, dcl, 0)
        self._entry(b0, 32, "..", 0x10, dirc, 0)
        blk, o = self._register(dirc, name, 0x10)
        self._entry(blk, o, name, 0x10, dcl, 0)
        self._sync_fs()

    def write(self, path, data, repeat=1):
        """open(path, "wb"), write data `repeat` times, close."""
        self._check()
        self.writes += 1
        data = bytes(data) * repeat
        dirc, name, e = self._walk(path)
        if e is not None and e[2] & 0x10:
            raise OSError(13, path)
        if e is None:
            blk, o = self._register(dirc, name, 0x20)
        else:
            blk, o = e[0], e[1]
            self._entry(blk, o, name, 0x20, 0, 0)
            if e[3]:
                self._remove_chain(e[3])
                self._move(blk)
                self.last_clst = e[3] - 1
        first = c = 0
        done = 0
        per = self.csize * 512
        while done < len(data):
            c = self.create_chain(c)
            if c == 0:
                break
            first = first or c
            b = self.block_of(c)
            chunk = data[done:done + per]
            for k in range(0, len(chunk), 512):
                piece = chunk[k:k + 512]
                if len(piece) < 512:
                    piece = piece + bytes(self._read(b + k // 512)[len(piece):])
                self._block_write(b + k // 512, piece)
            done += len(chunk)
        self._entry(blk, o, name, 0x20, first, min(done, len(data)))
        self._sync_fs()
        if done < len(data):
            raise OSError(28, path)

    def overwrite(self, path, data):
        """open(path, "r+b"), write data at the start, close; a shorter file is written anew."""
        e = self._walk(path)[2]
        if e is None or e[2] & 0x10 or e[4] < len(data):
            return self.write(path, data)
        self._check()
        self.writes += 1
        blocks = []
        for c in self.chain(e[3]):
            blocks.extend(range(self.block_of(c), self.block_of(c) + self.csize))
        for k in range(0, len(data), 512):
            piece = bytes(data[k:k + 512])
            if len(piece) < 512:
                piece = piece + bytes(self._read(blocks[k // 512])[len(piece):])
            self._block_write(blocks[k // 512], piece)
        self._entry(e[0], e[1], path.rsplit("/", 1)[1], 0x20, e[3], e[4])
        self._sync_fs()

    def _unlink(self, path, folder):
        self._check()
        dirc, name, e = self._walk(path)
        if e is None:
            raise OSError(2, path)
        if bool(e[2] & 0x10) != folder:
            raise OSError(21 if not folder else 20, path)
        if folder:
            d = self._read(self.block_of(e[3]))
            for o in range(64, 512, 32):
                if d[o] not in (0, 0xE5):
                    raise OSError(13, path)
        if e[3]:
            self._remove_chain(e[3])
        d = self._move(e[0])
        d[e[1]] = 0xE5
        self._win[2] = True
        self._sync_fs()

    def remove(self, path):
        self._unlink(path, False)

    def listdir(self, path):
        e = self._walk(path)[2]
        if e is None or not e[2] & 0x10:
            raise OSError(2, path)
        out = []
        for blk in self._dir_blocks(e[3]):
            d = self._read(blk)
            for o in range(0, 512, 32):
                if d[o] not in (0, 0xE5) and d[o] != ord("."):
                    out.append(bytes(d[o:o + 11]).decode().rstrip())
        return out

    def rmdir(self, path):
        self._unlink(path, True)

    # -- what a save rewrites ---------------------------------------------------------------
    def folder_sector(self, path):
        """The flash sector of the block that holds folder path's entries."""
        e = self._walk(path)[2]
        if path.strip("/") == "":
            return self.rootdir * 512 // self.flash.erase_size
        return self.block_of(e[3]) * 512 // self.flash.erase_size

    def sectors(self, path):
        """The flash sectors an in-place save of path rewrites: its clusters' and its folder
        entry's."""
        e = self._walk(path)[2]
        f = self.flash.erase_size
        out = set([e[0] * 512 // f])
        for c in self.chain(e[3]):
            b = self.block_of(c)
            out.add(b * 512 // f)
            out.add(((b + self.csize) * 512 - 1) // f)
        return out


def fragment(files, n=12, seed=5):
    """Files of 1 to 3 clusters in the root, then every other one removed: a drive with holes
    before and between what the layout will use. Ends with a mount (a power-up)."""
    r = seed
    for i in range(n):
        r = (r * 1103515245 + 12345) & 0x7FFFFFFF
        files.write("/f%d.bin" % i, b"\x00" * 512, files.csize * (1 + r % 3))
    for i in range(0, n, 2):
        files.remove("/f%d.bin" % i)
    files.mount()
    return files


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

    def _parent(self, path):
        parent = path.rsplit("/", 1)[0]
        if parent and parent not in self.dirs:
            raise OSError(20 if parent in self.files else 2, path)

    def mkdir(self, path):
        self._check_writable()
        if path in self.dirs or path in self.files:
            raise OSError(17)
        self._parent(path)
        self.dirs.add(path)

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(2, path)
        out = []
        for p in list(self.files) + list(self.dirs):
            if p.rsplit("/", 1)[0] == path:
                out.append(p.rsplit("/", 1)[1])
        return out

    def rmdir(self, path):
        self._check_writable()
        if path not in self.dirs:
            raise OSError(2, path)
        for p in list(self.files) + list(self.dirs):
            if p.startswith(path + "/"):
                raise OSError(13, path)
        self.dirs.remove(path)

    def check(self, root):
        self._check_writable()

    def stat(self, path):
        if path in self.dirs:
            return True, 0
        if path in self.files:
            return False, len(self.files[path])
        raise OSError(2, path)

    def _used(self):
        used = 0
        for f in self.files.values():
            used += len(f)
        return used

    def free(self, path):
        return None if self.space is None else max(0, self.space - self._used())

    def read(self, path, limit):
        if path not in self.files:
            raise OSError(2)
        return bytes(self.files[path][:limit])

    def write(self, path, data, repeat=1):
        self._check_writable()
        if path in self.dirs:
            raise OSError(21, path)
        self._parent(path)
        self.writes += 1
        self.step()
        self.files[path] = bytearray()
        for b in bytes(data) * repeat:
            if self.space is not None and self._used() >= self.space:
                raise OSError(28)
            self.step()
            self.files[path].append(b)

    def overwrite(self, path, data):
        f = self.files.get(path)
        if f is None or len(f) < len(data):
            return self.write(path, data)
        self._check_writable()
        self.writes += 1
        for i in range(len(data)):
            self.step()
            f[i] = data[i]

    def remove(self, path):
        self._check_writable()
        if path not in self.files:
            raise OSError(21 if path in self.dirs else 2, path)
        self.step()
        del self.files[path]


# the supported boards: nvm model, CIRCUITPY mode, nvm's erase unit, the flash datasheets'
# minimum endurance in erase cycles (nvm, CIRCUITPY; docs/devices.md cites them), and how
# far behind nvm's record may fall (savelayout.platform(): sys.platform "Espressif" gives 2)
BOARDS = (
    ("PyGamer/PyBadge (SAMD51)", SamdNvm, "cache", None, 10000, 100000, 16),
    ("CLUE (nRF52840)", NrfNvm, "cache", 4096, 10000, 100000, 16),
    ("Feather ESP32-S3 Reverse TFT", EspNvm, "through", None, 100000, 100000, 2),
)


def board(i, fragmented=False):
    """(name, nvm, files, unit, nvm endurance, drive endurance, every) of BOARDS[i], fresh;
    fragmented: a drive with holes (fragment())."""
    name, nvm, mode, unit, e_nvm, e_fs, every = BOARDS[i]
    files = FatFiles(mode=mode)
    if fragmented:
        fragment(files)
    return name, nvm(), files, unit, e_nvm, e_fs, every
