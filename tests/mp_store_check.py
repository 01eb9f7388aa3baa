"""Save/restore checks that run the same on CPython and the MicroPython VM.

    MICROPYPATH=lib:tests micropython -X heapsize=128k tests/mp_store_check.py
    PYTHONPATH=lib:tests python tests/mp_store_check.py

Prints "OK <digest> <checks>": the digest is a CRC-32 over every outcome, so both
interpreters must agree on each one. Any broken invariant raises (exit code 1).
tests/test_store.py imports the helpers below and runs them on more cases.
"""
from handheld import records, savedata, store
from fakeflash import FakeFiles, FakeNvm, PowerCut

MATCH = {"preset": "Classic", "level": 2, "seed": 2147483648, "hand_no": 7, "dealer": 1,
         "scores": [3, 6], "carry": 1, "history": [0, 5, 31, 12, 7, 3],
         "options": {"close": True, "target": 7, "deck": "24"}}


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


def cut_nvm_everywhere(size, page, prior, length, key="match"):
    """Save `prior` payloads of `length` bytes (and a settings and a stats record), then cut
    the next save at every step of its write. Returns the outcome of each cut (bytes)."""
    ps = payloads(prior + 1, length)
    old = ps[prior - 1] if prior else None
    nvm = FakeNvm(size, page)
    s = store.NvmStore(nvm)
    s.save("settings", b"settings")
    s.save("stats", b"stats")
    for p in ps[:prior]:
        s.save(key, p)
    snapshot = bytes(nvm.data)
    out = bytearray()
    budget = 0
    while True:
        nvm = FakeNvm(size, page)
        nvm.data[:] = snapshot
        s = store.NvmStore(nvm)
        nvm.budget = budget
        done = True
        try:
            s.save(key, ps[prior])
        except PowerCut:
            done = False
        nvm.budget = None
        after = store.NvmStore(nvm)
        got = after.load(key)
        out.extend(outcome(got, old, ps[prior]))
        # A page rewrite may cost another key its newest copy, never its sanity.
        if after.load("settings") not in (b"settings", None) or \
                after.load("stats") not in (b"stats", None):
            raise AssertionError("another key damaged by a cut at step %d" % budget)
        if after.save(key, b"after the cut") is not True or \
                store.NvmStore(nvm).load(key) != b"after the cut":
            raise AssertionError("cannot save again after a cut at step %d" % budget)
        if done:
            if got != ps[prior]:
                raise AssertionError("completed save did not load back")
            return out
        budget += 1


def cut_files_everywhere(prior, size, key="match"):
    """As cut_nvm_everywhere, on FakeFiles (FAT-like rename)."""
    ps = payloads(prior + 1, size)
    old = ps[prior - 1] if prior else None
    out = bytearray()
    budget = 0
    while True:
        files = FakeFiles()
        s = store.FileStore("/saves", files)
        for p in ps[:prior]:
            s.save(key, p)
        files.budget = budget
        done = True
        try:
            s.save(key, ps[prior])
        except PowerCut:
            done = False
        files.budget = None
        got = store.FileStore("/saves", files).load(key)
        out.extend(outcome(got, old, ps[prior]))
        if done:
            if got != ps[prior]:
                raise AssertionError("completed file save did not load back")
            return out
        budget += 1


def flip_every_byte(size, mask):
    """Corrupt each byte of the newest record in turn: load gives the older payload or None."""
    old, new = payloads(2, size)
    nvm = FakeNvm()
    s = store.NvmStore(nvm)
    s.save("stats", old)
    s.save("stats", new)
    start = s.address("stats", 1)  # old went to slot 0, new to slot 1
    out = bytearray()
    for i in range(records.HEADER + size):
        nvm.data[start + i] ^= mask
        after = store.NvmStore(nvm)
        got = after.load("stats")
        if got not in (old, None):
            raise AssertionError("flipped byte %d loaded %r" % (i, got))
        out.extend(b"o" if got == old else b"-")
        nvm.data[start + i] ^= mask
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
    cases = ((savedata.encode_match, savedata.decode_match, MATCH),
             (savedata.encode_stats, savedata.decode_stats, stats),
             (savedata.encode_settings, savedata.decode_settings, settings))
    for encode, decode, value in cases:
        data = encode(value)
        if decode(data) != value:
            raise AssertionError("round trip changed %r" % (value,))
        out.extend(b"%d:%08x|" % (len(data), records.crc32(data)))
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
    nvm = FakeNvm()
    s = store.NvmStore(nvm)
    s.save("settings", b"ours")
    rec = bytearray(records.pack(3, 1, b"from the future"))
    rec[2] = records.FORMAT + 1
    a = s.address("settings", 1)
    nvm[a:a + len(rec)] = rec
    before = bytes(nvm.data)
    s = store.NvmStore(nvm)
    got = s.load("settings")
    saved = s.save("settings", b"new")
    if got is not None or saved or s.notice != store.NOTICE_NEWER or bytes(nvm.data) != before:
        raise AssertionError("newer record not protected")
    s.erase("settings")
    if not s.save("settings", b"new") or store.NvmStore(nvm).load("settings") != b"new":
        raise AssertionError("erase did not free the key")
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
    disk = RamDisk(50)
    os.VfsFat.mkfs(disk)
    os.mount(os.VfsFat(disk), "/fat")
    try:
        s = store.open_store(root="/fat/saves")
        if s.kind != "file":
            raise AssertionError("FAT store not writable: %s" % s.notice)
        for p in payloads(3, 40):
            s.save("match", p)
            if store.open_store(root="/fat/saves").load("match") != p:
                raise AssertionError("FAT round trip failed")
    finally:
        os.umount("/fat")
    os.mount(os.VfsFat(disk), "/fat", readonly=True)
    try:
        s = store.open_store(root="/fat/saves")
        if s.kind != "ram" or s.notice != store.NOTICE_READ_ONLY:
            raise AssertionError("read-only FAT not detected: %s %s" % (s.kind, s.notice))
    finally:
        os.umount("/fat")


def main():
    out = codec_checks()
    out.extend(b"%08x|" % records.crc32_py(b"Sixty-Six"))
    if records.crc32_py(b"Sixty-Six") != records.crc32(b"Sixty-Six"):
        raise AssertionError("crc32 fallback differs from binascii")
    for prior in (0, 1, 2):
        out.extend(cut_nvm_everywhere(8192, None, prior, 24))  # the slice is erased
        out.extend(cut_nvm_everywhere(2048, 1024, prior, 24))  # whole pages, as on nRF52840
    for prior in (0, 2):
        out.extend(cut_files_everywhere(prior, 24))
    out.extend(flip_every_byte(16, 0x01))
    out.extend(newer_version_check())
    fat_check()
    print("OK %08x %d" % (records.crc32(out), len(out)))


if __name__ == "__main__":
    main()
