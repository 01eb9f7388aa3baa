"""Save/restore checks that run the same on CPython and the MicroPython VM.

    MICROPYPATH=lib:tests/support micropython -X heapsize=128k tests/vm/mp_store_check.py
    PYTHONPATH=lib:tests/support python tests/vm/mp_store_check.py

Prints "OK <digest> <checks>": the digest is a CRC-32 over every outcome, so both
interpreters must agree on each one. Any broken invariant raises (exit code 1).
tests/test_store.py imports the helpers below and runs them on more cases.
"""
from handheld import savedata, saveload, store
from handheld import saveread  # noqa: F401  (kept loaded: a store's load drops it else, each time)
import fakeflash

MATCH = {"preset": "Classic", "level": 2, "seed": 2147483648, "hand_no": 7, "dealer": 1,
         "scores": [3, 6], "carry": 1, "history": [0, 5, 31, 12, 7, 3],
         "options": {"close": True, "target": 7, "deck": "24"}}


def pack(key, n, data):
    """The record bytes for payload data under key id `key`, sequence number n (as Store.save
    writes them: store._seal)."""
    out = bytearray(store.HEADER)
    out.extend(data)
    store._seal(out, key, n)
    return bytes(out)


def payloads(n, size):
    """n distinct payloads of about size bytes."""
    out = []
    for i in range(n):
        p = bytearray(size)
        for j in range(size):
            p[j] = (i * 37 + j * 11) & 0xFF
        out.append(bytes(p))
    return out


def outcome(got, old, new):
    """b"o" old payload, b"n" new payload, b"-" nothing; raises on anything else."""
    if got == new:
        return b"n"
    if got is None and old is None:
        return b"-"
    if got == old:
        return b"o"
    raise AssertionError("load returned neither the old nor the new payload: %r" % (got,))


def sweep(i, writes, size=200, every=None, fragmented=False):
    """Board model i (every: how far behind nvm may fall, None: the board's; fragmented: a
    drive with holes): `writes` saves of distinct payloads, each cut at every point. Returns
    the outcome of each cut (bytes); raises if a cut loses the last complete save."""
    name, nvm, files, unit, _, _, e = fakeflash.board(i, fragmented)
    every = e if every is None else every
    s = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit, every=every)
    if s.kind != "files+nvm" or s.notice:
        raise AssertionError("%s: store %s %s" % (name, s.kind, s.notice))
    sa = files.sectors("/saves/a/state.bin")
    for k in files.sectors("/saves/b/state.bin"):
        if k in sa:
            raise AssertionError("%s: a and b share flash sector %d" % (name, k))
    ps = payloads(writes, size)
    out = bytearray()
    old = [None]
    for p in ps:
        def check():
            files.mount()
            got = store.open_store(nvm=nvm, root="/saves", files=files, unit=unit,
                                   probe=False).load()
            out.extend(outcome(got, old[0], p))
        fakeflash.for_each_cut([nvm, files], lambda: s.save(p), check)
        if store.open_store(nvm=nvm, root="/saves", files=files, unit=unit,
                            probe=False).load() != p:
            raise AssertionError("%s: a complete save did not load back" % name)
        old[0] = p
    return out


def flip_every_byte(size, mask):
    """Corrupt each byte of the newest record in turn: load gives the older payload or None."""
    old, new = payloads(2, size)
    nvm = bytearray(b"\xff" * 8192)
    s = store.NvmStore(nvm)
    s.save(old)
    s.save(new)
    start = 4096  # old went to copy 0, new to copy 1
    out = bytearray()
    for i in range(store.HEADER + size):
        nvm[start + i] ^= mask
        got = store.NvmStore(nvm).load()
        if got not in (old, None):
            raise AssertionError("flipped byte %d loaded %r" % (i, got))
        out.extend(b"o" if got == old else b"-")
        nvm[start + i] ^= mask
    return out


def codec_checks():
    """Round trips, and every truncation of every encoding is refused with ValueError."""
    out = bytearray()
    stats = savedata.new_stats()
    savedata.record_hand(stats, 1, True, 2, closed=True)
    savedata.record_hand(stats, 1, False, 3, carry=1)
    savedata.record_hand(stats, 0, None)
    savedata.record_match(stats, 1, True)
    settings = savedata.default_settings()
    cases = ((savedata.encode_match, saveload.decode_match, MATCH),
             (savedata.encode_stats, saveload.decode_stats, stats),
             (savedata.encode_settings, saveload.decode_settings, settings))
    for encode, decode, value in cases:
        data = encode(value)
        if decode(data) != value:
            raise AssertionError("round trip changed %r" % (value,))
        out.extend(b"%d:%08x|" % (len(data), store.crc32(data)))
        for n in range(len(data)):
            try:
                decode(data[:n])
            except ValueError:
                continue
            raise AssertionError("a save cut to %d bytes decoded" % n)
        try:
            decode(data + b"\x00")
        except ValueError:
            pass
        else:
            raise AssertionError("trailing byte accepted")
    return out


def newer_version_check():
    """A record from a newer format is reported, not loaded, and never overwritten."""
    nvm = bytearray(b"\xff" * 8192)
    s = store.NvmStore(nvm)
    s.save(b"ours")
    rec = bytearray(pack(store.KID, 1, b"from the future"))
    rec[2] = store.FORMAT + 1
    nvm[4096:4096 + len(rec)] = rec
    before = bytes(nvm)
    s = store.NvmStore(nvm)
    got = s.load()
    saved = s.save(b"new")
    if got is not None or saved or s.notice != store.NOTICE_NEWER or bytes(nvm) != before:
        raise AssertionError("newer record not protected")
    from handheld import savelayout
    savelayout.erase(s)
    if not s.save(b"new") or store.NvmStore(nvm).load() != b"new":
        raise AssertionError("erase did not free the record")
    return b"newer"


def fat_check():
    """On the MicroPython VM: real VfsFat on a RAM disk (FAT rename over an existing file)."""
    import os
    if not hasattr(os, "VfsFat"):
        return

    class RamDisk:
        def __init__(self, blocks):
            self.data = bytearray(512 * blocks)

        def readblocks(self, n, buf, offset=0):
            a = n * 512 + offset
            buf[:] = self.data[a:a + len(buf)]

        def writeblocks(self, n, buf, offset=0):
            a = n * 512 + offset
            self.data[a:a + len(buf)] = buf

        def ioctl(self, op, arg):
            if op == 4:
                return len(self.data) // 512
            if op == 5:
                return 512
            return 0

    import gc
    gc.collect()
    disk = RamDisk(160)  # 80 KB: room for the layout (savelayout.NEED)
    os.VfsFat.mkfs(disk)
    os.mount(os.VfsFat(disk), "/fat")
    try:
        s = store.open_store(root="/fat/saves")
        if s.kind != "files":
            raise AssertionError("FAT store not laid out: %s %s" % (s.kind, s.notice))
        for p in payloads(3, 40):
            s.save(p)
            if store.open_store(root="/fat/saves").load() != p:
                raise AssertionError("FAT round trip failed")
    finally:
        os.umount("/fat")
    import sys
    if sys.implementation.name == "circuitpython":
        return  # its unix build ignores read-only FAT mounts (../shared/tools/circuitpython)
    os.mount(os.VfsFat(disk), "/fat", readonly=True)
    try:
        s = store.open_store(root="/fat/saves")
        if s.kind != "ram" or s.notice != store.NOTICE_READ_ONLY:
            raise AssertionError("read-only FAT not detected: %s %s" % (s.kind, s.notice))
    finally:
        os.umount("/fat")


def main(full=False):
    out = codec_checks()
    from handheld.crcpy import crc32 as crc32_py  # the CRC without binascii
    out.extend(b"%08x|" % crc32_py(b"Sixty-Six"))
    if crc32_py(b"Sixty-Six") != store.crc32(b"Sixty-Six"):
        raise AssertionError("crc32 fallback differs from binascii")
    for i in range(len(fakeflash.BOARDS)):
        # 3 saves: nvm, then a and nvm (every 2) or a and b (tests/test_store.py sweeps more)
        out.extend(sweep(i, 3, 60, every=2 if i else 16))
    out.extend(flip_every_byte(16, 0x01))
    out.extend(newer_version_check())
    fat_check()
    print("OK %08x %d" % (store.crc32(out), len(out)))


if __name__ == "__main__":
    main()
