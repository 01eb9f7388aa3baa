"""Where the save copies live, chosen at power-up; handheld.store.open_store imports this
module for that one call (its code is not kept).

On a writable drive the layout is made once, in this order, in one go:
    /saves/gap0.bin     _GAP bytes, never written again
    /saves/a/           folder a (its cluster holds a/state.bin's entry)
    /saves/a/state.bin  CAPACITY bytes, rewritten in place by the saves
    /saves/gap1.bin     _GAP bytes, never written again
    /saves/b/
    /saves/b/state.bin  made last: the layout is complete when a and b have their size
FatFs gives new clusters next-fit (ff.c create_chain), so each gap file lies between a's
clusters and b's in allocation order, and _GAP (8.5 KB) is more than a 4 KB flash sector:
a save to one file never erases a sector of the other (docs/devices.md says when exactly).
Before the layout is made, the newest record of the files it replaces (the layouts before
it: /saves/state.bin, state0.bin, state1.bin; or a broken a/b) goes to nvm, those files are
removed, and /saves, left empty, is made again: its cluster then comes first in the layout's
order too. Without nvm, old files that hold a record stay, are read at power-up and removed
once a or b holds a newer one.
Also here, as code needed at power-up only (or never on a board): the platform's nvm unit and
share, the drive's write check, and erase() (tests and tools).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

S = None  # handheld.store, handed in by store.open_store (no import cycle)

_GAP = const(8704)  # 8 KB + one block
NEED = const(2 * _GAP + 4 * 4096)  # free bytes the layout asks for (the clusters rounded up)
_EVERY = const(16)  # beside two drive copies, nvm takes a save when 16 behind (platform())
NAMES = ("gap0.bin", "a", "a/state.bin", "gap1.bin", "b", "b/state.bin")
_EEXIST = const(17)
_ENOTDIR = const(20)
_EROFS = const(30)
_ENOSPC = const(28)


def _kind(files, path):
    """None if path is missing, "dir" for a folder, else the file's size."""
    try:
        d, n = files.stat(path)
    except OSError:
        return None
    return "dir" if d else n


def check(root, files):
    """None if the folder can be written, else the OSError that says why not."""
    try:
        try:
            files.mkdir(root)
        except OSError as e:
            if e.args and e.args[0] != _EEXIST:
                raise
        if _kind(files, root) != "dir":
            raise OSError(_ENOTDIR, root)
        if hasattr(files, "check"):  # a test's files
            files.check(root)
            return None
        # OSError(30) if root cannot be written. On CircuitPython the mount's flag says it
        # without a write (a write would rewrite a folder's flash sector at every power-up);
        # elsewhere a probe file is written.
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
            return None
        probe = root + "/probe.tmp"
        files.write(probe, b"")
        files.remove(probe)
    except OSError as e:
        return e
    return None


def platform():
    """(unit, every) for this platform's nvm: its erase unit where two fit in it (nRF52840:
    4096, store._PAGE_NRF), else None (one unit); how far behind its record may fall beside
    two drive copies: 2 on ESP32-S3 (NVS levels its wear, the drive erases a sector per block
    written), else _EVERY."""
    import sys
    p = sys.platform
    return (4096 if p.startswith("nRF") else None), (2 if p == "Espressif" else _EVERY)


def erase(s):
    """Forget the record in every copy of store s, also a newer game's (tests and tools: the
    game never erases). An old layout's file goes; the layout's files stay, blank."""
    if s.kind == "ram":
        s._data = None
        return
    for c in s.copies:
        if hasattr(c, "nvm"):
            c.nvm[c.start:c.start + 2] = b"\xff\xff"
            continue
        try:
            if c.rank is None:
                c.files.remove(c.path)
            else:  # one blank block: write() pads a record to whole blocks of 0xff
                c.write(bytearray(b"\xff"))
        except OSError:
            pass
    s._newest = None
    s._seqs = [None] * len(s.copies)  # scanned: nothing
    s._locked = False


def _clear(files, root):
    """Remove the layout's pieces that are there, last first; False if one cannot go."""
    for k in range(len(NAMES) - 1, -1, -1):
        p = root + "/" + NAMES[k]
        kind = _kind(files, p)
        try:
            if kind == "dir":
                files.rmdir(p)
            elif kind is not None:
                files.remove(p)
        except OSError as e:
            print("saves: cannot remove %s: %r" % (p, e))
            return False
    return True


def build(files, root, old=None):
    """Make the layout; True if done. If it cannot be, the pieces made are removed. old: the
    old layouts' files to remove first (their records are safe elsewhere); a /saves left
    empty is then made again, so that its own cluster comes first in the layout's order."""
    free = files.free(root)
    if free is not None and free < NEED:
        print("saves: %d bytes free on the drive, %d needed for two save files apart"
              % (free, NEED))
        return False
    if not _clear(files, root):
        return False
    blank = b"\xff" * S.FILE_BLOCK
    try:
        if old is not None:
            for c in old:
                files.remove(c.path)
            if not files.listdir(root):
                files.rmdir(root)
                files.mkdir(root)
        for name in NAMES:
            p = root + "/" + name
            if name.endswith(".bin"):
                size = S.CAPACITY if "/" in name else _GAP  # a/state.bin, b/...; a gap
                files.write(p, blank, size // S.FILE_BLOCK)
            else:
                files.mkdir(p)
    except OSError as e:
        print("saves: cannot lay out %s: %r" % (root, e))
        if _kind(files, root) is None:
            files.mkdir(root)
        _clear(files, root)
        return False
    return True


def _secure(nv, copies, old):
    """Before the layout's files (copies) and the old layouts' files (old) are removed: their
    newest record into an nvm copy that does not hold it. Returns (the layout's may go, old
    may go, notice): without nvm, files that hold no record may go; notice is the scan's:
    S.NOTICE_DAMAGED when no copy holds a record and one held a damaged one (the saves
    start fresh and say so), S.NOTICE_NEWER for a newer game's record (nothing goes), else
    None."""
    if not nv:  # the files that hold no record may go, and the layout's if old's is newer
        out = []
        for c in (copies, old, copies + old):
            s = S.Store(c, "files")
            best = s._scan()
            out.append(best is None and not s._locked)
        if best is not None and not s._locked and best[0] >= len(copies):
            out[0] = True  # a broken pair's record is older than the one old holds
        return out[0], out[1], s.notice  # (all of them read: NOTICE_DAMAGED, or None)
    s = S.Store(nv + copies + old, "nvm")
    best = s._scan()
    if s._locked:  # a newer game's record: touch nothing
        return False, False, None
    if best is not None and best[0] >= len(nv):
        payload = s.load()
        rec = bytearray(S.HEADER)  # the record, as the store's _seal makes it
        rec.extend(payload)
        S._seal(rec, S.KID, (best[1] + 1) & 0xFFFF)
        try:
            nv[s._choose(best[0])].write(rec)
        except (OSError, RuntimeError) as e:
            print("saves: cannot copy the save to nvm: %r" % e)
            return False, False, None
        if S.Store(nv, "nvm").load() != payload:
            print("saves: the save copied to nvm does not read back")
            return False, False, None
    return True, True, s.notice


def open_store(store, nvm, root, files, unit, probe, every):
    global S
    S = store
    if unit == -1:
        unit = platform()[0]
    if every == -1:
        every = platform()[1]
    if nvm is not None and len(nvm) < S.NVM_MIN:
        print("saves: nvm has %d bytes, %d needed; trying files" % (len(nvm), S.NVM_MIN))
        nvm = None
    nv = []
    if nvm is not None:
        nv.append(S.NvmCopy(nvm, 0))
        if unit and len(nvm) >= 2 * unit:
            nv.append(S.NvmCopy(nvm, unit))
    error = None
    if root is not None:
        root = root.rstrip("/")
        if files is None:
            files = S.OsFiles()
        error = check(root, files) if probe else None
        if error is not None:
            print("saves: cannot write %s: %r" % (root, error))
    if root is None or error is not None:
        if len(nv) == 2:
            return S.Store(nv, "nvm")
        code = error.args[0] if error is not None and error.args else _EROFS
        if nv:
            return S.Store(nv, "nvm", S.NOTICE_ONE_COPY if code == _EROFS
                           else S.NOTICE_ONE_COPY_DRIVE)
        if root is None or code not in (_EROFS, _ENOSPC, 13):  # 13, EACCES: a folder the
            return S.RamStore(S.NOTICE_NO_STORAGE)  # game may not write is read-only to it
        return S.RamStore(S.NOTICE_FULL if code == _ENOSPC else S.NOTICE_READ_ONLY)
    pair = [S.FileCopy(files, root + "/a/state.bin"), S.FileCopy(files, root + "/b/state.bin")]
    old = []
    for name in ("state.bin", "state0.bin", "state1.bin"):  # the layouts before
        if _kind(files, root + "/" + name) not in (None, "dir"):  # (a folder is no copy)
            old.append(S.FileCopy(files, root + "/" + name, None))
    ok = True  # a/state.bin and b/state.bin are there at their size
    for c in pair:
        if _kind(files, c.path) != S.CAPACITY:
            ok = False
    notice = None
    if not ok and probe:
        ro = [S.FileCopy(files, c.path, None) for c in pair]
        pair_ok, old_ok, notice = _secure(nv, ro, old)
        ok = pair_ok and build(files, root, old if old_ok else None)
        if old_ok:
            old = [c for c in old if _kind(files, c.path) is not None]
    if ok or not probe:
        copies = pair + nv
        s = S.Store(copies + old, "files+nvm" if nv else "files", notice, every if nv else 0)
        if not (old and probe):
            return s
        # the store without the old layouts' files once a or b holds the newest
        best = s._scan()
        if s._locked or best is None or best[0] > 1:
            return s
        for c in old:
            try:
                files.remove(c.path)
                print("saves: removed %s (moved to a/ and b/)" % c.path)
            except OSError as e:
                print("saves: cannot remove %s: %r" % (c.path, e))
        return S.Store(copies, s.kind, None, s.every)
    # today's layout: nvm and /saves/state.bin, or two files (the pair's files are read)
    print("saves: two save files apart cannot be made in %s: saves as before" % root)
    ro = [S.FileCopy(files, c.path, None) for c in pair]
    if nv and _kind(files, root + "/state.bin") == "dir":  # no file copy can be made there
        return S.Store(nv + ro, "nvm", S.NOTICE_ONE_COPY_DRIVE)
    if nv:
        copies = nv + [S.FileCopy(files, root + "/state.bin")]
        kind = "nvm+file"
    else:
        copies = [S.FileCopy(files, root + "/state0.bin"), S.FileCopy(files, root + "/state1.bin")]
        kind = "file"
    paths = [c.path for c in copies if isinstance(c, S.FileCopy)]
    for c in old:
        if c.path not in paths:
            ro.append(c)
    return S.Store(copies + ro, kind, S.NOTICE_OLD_LAYOUT)
