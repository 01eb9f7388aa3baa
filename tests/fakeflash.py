"""Fake flash storage that can lose power mid-write (runs on CPython and the MicroPython VM).

Set `.budget` to N: the N+1th write step raises PowerCut and leaves the bytes as they are at
that moment, like a board losing power. Steps: an erase is one step, every programmed byte
is one step; for files, creating/emptying a file, every byte, a remove and a rename.
"""


class PowerCut(Exception):
    pass


class _Budget:
    budget = None

    def step(self):
        if self.budget is not None:
            if self.budget <= 0:
                raise PowerCut()
            self.budget -= 1


class FakeNvm(_Budget):
    """microcontroller.nvm stand-in. A slice write erases its area to 0xFF, then programs it
    byte by byte. With page=N the erased area is every whole N-byte page the slice touches
    (the untouched bytes of those pages are programmed back too), as on the nRF52840."""

    def __init__(self, size=8192, page=None, fill=0xFF):
        self.data = bytearray(size)
        for i in range(size):
            self.data[i] = fill
        self.page = page
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        start, stop = key.start, key.stop
        if len(value) != stop - start:
            raise ValueError("nvm slice and value differ in length")
        self.writes += 1
        lo, hi = start, stop
        if self.page:
            lo = start - start % self.page
            hi = stop + (-stop) % self.page
        image = bytearray(self.data[lo:hi])
        image[start - lo:stop - lo] = value
        if self.budget is None:  # no cut planned: write at once
            self.data[lo:hi] = image
            return
        self.step()
        for i in range(lo, hi):
            self.data[i] = 0xFF
        for i in range(hi - lo):
            self.step()
            self.data[lo + i] = image[i]


class FakeFiles(_Budget):
    """The file operations of store.OsFiles on a dict. rename works as on FAT: it removes the
    target first, then renames (two steps). readonly=True and space=N model errors 30 and 28."""

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

    def remove(self, path):
        self._check_writable()
        if path not in self.files:
            raise OSError(2)
        self.step()
        del self.files[path]

    def replace(self, src, dst):
        self._check_writable()
        if src not in self.files:
            raise OSError(2)
        if dst in self.files:
            self.step()
            del self.files[dst]
        self.step()
        self.files[dst] = self.files.pop(src)
