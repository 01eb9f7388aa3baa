"""Copy the game onto a CIRCUITPY drive.

    python -m sim.deploy /media/$USER/CIRCUITPY [--dry-run] [--force] [--mpy-cross PATH]

Writes code.py, boot.py, engine/ and lib/handheld/, plus the Adafruit libraries they import
(found in this Python's installed packages) into lib/. Files already on the drive with the
same bytes are left alone; a .py removes a stale .mpy of the same name and vice versa, and
modules the project no longer has are removed from engine/ (and its packages ai/, coach/),
lib/handheld/ and the copied libraries' folders; a subfolder of ours left empty goes too.
saves/ is never touched. settings.toml only gets the line
CIRCUITPY_PYSTACK_SIZE = 4096 added when it sets none (CircuitPython's default, 2048 bytes in
10.x and 1536 in 9.x, cannot hold the computer's search: lib/handheld/pystack.py; boot.py does the same); all else in it stays
byte for byte, and a size the player set is kept (with a note if it is smaller). Refuses a
folder without boot_out.txt (not a CIRCUITPY drive) unless --force, a deploy that does not
fit (bytes or files), and a drive where a file stands for a folder the game needs (or the
other way round), before anything is written. New files are staged in .sixtysix-new/ and
moved into place only once all are written (see EPILOG). Warns about a CircuitPython older
than MIN_VERSIONS (from boot_out.txt) and a root code.txt, which runs instead of code.py.
"""
import argparse
import errno
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

from handheld import pystack
from handheld.bootmode import pystack_size_in, with_pystack
from handheld.savelayout import NAMES as SAVE_NAMES, NEED as SAVE_NEED

PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OWN_DIRS = ("engine", "lib/handheld")       # copied whole; the drive copy is ours to tidy
ALWAYS = ()  # libraries shipped even if no file imports them (text is tiles: none today)
NOT_FOR_BOARDS = ("adafruit_blinka", "adafruit_platformdetect")
PROTECTED = ("settings.toml", "saves")      # the player's: never shipped (settings: see above)
RESERVE = 16 * 1024                         # left free for saves and boot_out.txt
MODULE = (".py", ".mpy")
STAGE = ".sixtysix-new"                     # the new files wait here until all are written
MPY_CROSS_TIMEOUT = 60                      # seconds for one module (a hung mpy-cross)
VERSION_TIMEOUT = 60                        # seconds for `mpy-cross --version` to answer
# CircuitPython runs the first of these it finds (main.c): code.txt before code.py.
RUNS_FIRST = ("code.txt",)
NEVER_RUN = ("main.py", "main.txt", "code.txt.py", "code.py.txt", "code.txt.txt", "code.py.py",
             "main.txt.py", "main.py.txt", "main.txt.txt", "main.py.py")
# (oldest CircuitPython, does the game need it today, why)
MIN_VERSIONS = (
    ((9, 0), True, "the game runs on CircuitPython 9.x and 10.x (9.2.9 and 10.2.1 were run); "
                   "older ones are not supported"),
    ((10, 1), False, "adafruit_display_text's bitmap_label calls bitmaptools.replace_color, "
                     "new in 10.1, on its accent path (accent_ranges); the game draws no "
                     "accented text, so this does not apply today"),
)
_VERSION = re.compile(r"CircuitPython (\d+)\.(\d+)(?:\.(\d+))?")
_IMPORT = re.compile(r"^\s*(?:from|import)\s+(adafruit_\w+)", re.M)

EPILOG = """\
settings.toml: the line CIRCUITPY_PYSTACK_SIZE = 4096 is added when the file sets no pystack
size (the computer's search needs more than CircuitPython's default, 2048 bytes); nothing else
in it changes, and a size already there is kept.

--mpy-cross needs CircuitPython's own mpy-cross, of the same major version as the firmware on
the board (9.x or 10.x): https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/
MicroPython's mpy-cross writes .mpy files that CircuitPython refuses ("Incompatible .mpy
file"), so a binary whose --version does not say CircuitPython is not used.

Nothing changes on the drive until every new file is written into .sixtysix-new/ on it;
then they are moved into place (code.py last). When that staging does not fit, files are
replaced one by one, and a failure says what is left to do: deploying again writes only what
differs. A CircuitPython older than the game needs (boot_out.txt) and a root code.txt (which
runs instead of code.py) are warned about.

If writing fails with "read-only", the game owns the drive: hold the boot button while
resetting the board (SELECT on PyGamer/PyBadge, B on CLUE, D1 on the Feather ESP32-S3 Reverse
TFT) and deploy again."""


class DeployError(Exception):
    """Why nothing was deployed; the message is for the user."""


def _walk(top):
    """Relative paths of the files under top (no __pycache__, no .pyc), sorted."""
    out = []
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith(".pyc"):
                out.append(os.path.relpath(os.path.join(root, f), top).replace(os.sep, "/"))
    return out


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def find_library(name):
    """(path, is_package) of an installed library, from importlib; DeployError if missing."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise DeployError("%s is not installed here: pip install -r requirements.txt" % name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0], True
    return spec.origin, False


def _imports(text):
    return set(m for m in _IMPORT.findall(text) if m not in NOT_FOR_BOARDS)


def needed_libraries(sources):
    """Adafruit libraries imported by the sources (a list of texts), and by those, sorted."""
    todo = set(ALWAYS)
    for text in sources:
        todo |= _imports(text)
    done = set()
    while todo:
        name = todo.pop()
        done.add(name)
        path, package = find_library(name)
        files = [os.path.join(path, f) for f in _walk(path)] if package else [path]
        for f in files:
            if f.endswith(".py"):
                todo |= _imports(_read(f).decode("utf-8", "replace")) - done
    return sorted(done)


def check_mpy_cross(exe):
    """The version line of CircuitPython's mpy-cross; DeployError for anything else."""
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True,
                             timeout=VERSION_TIMEOUT)
    except OSError as e:
        raise DeployError("cannot run mpy-cross %s: %s%s" % (
            exe, e, " (not found as a file here nor on PATH)" if os.sep not in exe else ""))
    except subprocess.TimeoutExpired:
        raise DeployError("mpy-cross %s --version did not answer within %d s" %
                          (exe, VERSION_TIMEOUT))
    text = (out.stdout + out.stderr).strip()
    if "CircuitPython" not in text:
        raise DeployError("%s is not CircuitPython's mpy-cross (it says %r); CircuitPython "
                          "refuses MicroPython .mpy files. See --help." % (exe, text))
    return text.splitlines()[0]


def module_name(rel):
    """The name a module on the drive is imported by (lib/handheld/app.py: handheld.app,
    engine/ai/__init__.py: engine.ai): the source name its .mpy is compiled under. A board
    interns a .mpy's source name for good as it loads it, and the import has interned this one
    already: the path would be a name more per module (about 1 KB for the game's)."""
    if rel.startswith("lib/"):
        rel = rel[4:]
    name = rel[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def _compile(exe, rel, data, tmp):
    src = os.path.join(tmp, "src.py")
    out = os.path.join(tmp, "out.mpy")
    with open(src, "wb") as f:
        f.write(data)
    if os.path.exists(out):
        os.remove(out)  # never the last module's output
    try:
        # -O3: no line numbers in the bytecode, which a board copies into its heap as it loads
        # a .mpy (3.5 KB less of the modules the game keeps loaded: sim.bench board's .mpy
        # figure 105 -> 102 KB); a traceback from a .mpy then says line 1 (the .py modules keep
        # theirs: a board's firmware has no micropython.opt_level). The game has no assert.
        r = subprocess.run([exe, "-O3", "-o", out, "-s", module_name(rel), src],
                           capture_output=True, text=True, timeout=MPY_CROSS_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise DeployError("mpy-cross did not finish %s within %d s (stopped); nothing was "
                          "written to the drive" % (rel, MPY_CROSS_TIMEOUT))
    except OSError as e:
        raise DeployError("cannot run mpy-cross %s: %s" % (exe, e))
    said = (r.stdout + r.stderr).strip()
    if r.returncode != 0:
        raise DeployError("mpy-cross failed on %s: %s" % (rel, said))
    if not os.path.isfile(out):
        raise DeployError("mpy-cross wrote no .mpy for %s (it said %r); nothing was written to "
                          "the drive" % (rel, said))
    return _read(out)


def plan(project, mpy_cross=None):
    """{drive path: bytes} to write, and the library names included."""
    files = {}
    for top in OWN_DIRS:
        for rel in _walk(os.path.join(project, top)):
            files[top + "/" + rel] = _read(os.path.join(project, top, rel))
    for name in ("boot.py", "code.py"):
        path = os.path.join(project, name)
        if not os.path.exists(path):
            raise DeployError("%s is missing from the project %s" % (name, project))
        files[name] = _read(path)
    texts = [data.decode("utf-8", "replace") for rel, data in files.items() if rel.endswith(".py")]
    libraries = needed_libraries(texts)
    for name in libraries:
        path, package = find_library(name)
        if package:
            for rel in _walk(path):
                files["lib/%s/%s" % (name, rel)] = _read(os.path.join(path, rel))
        else:
            files["lib/" + os.path.basename(path)] = _read(path)
    if mpy_cross:
        with tempfile.TemporaryDirectory() as tmp:
            for rel in sorted(files):
                if rel.endswith(".py") and "/" in rel:  # code.py and boot.py stay source
                    files[rel[:-3] + ".mpy"] = _compile(mpy_cross, rel, files.pop(rel), tmp)
    for rel in files:
        if rel.split("/")[0] in PROTECTED:
            raise DeployError("the project must not ship %s: it is the player's" % rel)
    return files, libraries


def _other_kind(rel):
    stem, ext = os.path.splitext(rel)
    return stem + (".mpy" if ext == ".py" else ".py") if ext in MODULE else None


def stale(dest, files, libraries):
    """Drive paths to remove: the other kind of each module written, and modules in our
    folders (engine, lib/handheld, copied libraries) that the project no longer has (only
    where dest is a CIRCUITPY drive or holds the game already: deploy())."""
    out = set()
    for rel in files:
        other = _other_kind(rel)
        if other and other not in files and os.path.isfile(os.path.join(dest, other)):
            out.add(other)
    for top in OWN_DIRS + tuple("lib/" + name for name in libraries):
        folder = os.path.join(dest, top)
        if os.path.isdir(folder):
            for rel in _walk(folder):
                path = top + "/" + rel
                if path.endswith(MODULE) and path not in files:
                    out.add(path)
    return sorted(out)


def emptied(dest, files, removes):
    """Subfolders of our folders (engine/ai, ...) that hold nothing once removes are gone and
    nothing is written into them, deepest first. They go too: a board imports a folder before
    a module of the same name, so an empty engine/ai/ left by another layout would hide
    engine/ai.py."""
    gone = set(removes)
    out = []
    for top in OWN_DIRS:
        root = os.path.join(dest, top)
        if not os.path.isdir(root):
            continue
        for base, dirs, names in os.walk(root, topdown=False):
            if base == root:
                continue
            rel = top + "/" + os.path.relpath(base, root).replace(os.sep, "/")
            if (all(rel + "/" + n in gone for n in names)
                    and all(rel + "/" + d in out for d in dirs)
                    and not any(f.startswith(rel + "/") for f in files)):
                out.append(rel)
    return out


def _cluster(n, size):
    return -(-n // size) * size if n else 0


def space_needed(dest, writes, removes, cluster):
    """Bytes the deploy takes from the drive's free space (negative: it frees space)."""
    need = 0
    for rel, data in writes.items():
        need += _cluster(len(data), cluster)
        path = os.path.join(dest, rel)
        if os.path.isfile(path):
            need -= _cluster(os.path.getsize(path), cluster)
    for rel in removes:
        need -= _cluster(os.path.getsize(os.path.join(dest, rel)), cluster)
    return need


def one_by_one_short(dest, writes, order, removes, free, cluster, folders=()):
    """Bytes missing at the tightest step of a deploy that replaces files one by one (0: it
    fits): the stage folder and new folders first, stale files removed, then each new file
    written beside its old copy and moved over it (_apply without staging)."""
    room = free - cluster * (1 + len(folders))
    for rel in removes:
        room += _cluster(os.path.getsize(os.path.join(dest, rel)), cluster)
    short = 0
    for rel in order:
        new = _cluster(len(writes[rel]), cluster)
        short = max(short, new - room)
        path = os.path.join(dest, rel)
        room += (_cluster(os.path.getsize(path), cluster) if os.path.isfile(path) else 0) - new
    return short


def _leftover(dest, cluster):
    """Bytes held by a stage folder an interrupted deploy left (ours: it goes first)."""
    total = 0
    for base, _, names in os.walk(os.path.join(dest, STAGE)):
        for n in names:
            try:
                total += _cluster(os.path.getsize(os.path.join(base, n)), cluster)
            except OSError:
                pass
    return total


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def circuitpython_version(dest):
    """(major, minor, patch) from the drive's boot_out.txt, or None."""
    try:
        text = _read(os.path.join(dest, "boot_out.txt")).decode("utf-8", "replace")
    except OSError:
        return None
    m = _VERSION.search(text)
    return tuple(int(g or 0) for g in m.groups()) if m else None


def version_notes(version):
    """Lines about a board's CircuitPython against MIN_VERSIONS: warnings for what the game
    needs, notes for what it does not use."""
    if version is None:
        return ["note: boot_out.txt names no CircuitPython version; the game needs %d.%d or "
                "newer" % MIN_VERSIONS[0][0]]
    have = "%d.%d.%d" % version
    lines = []
    for (major, minor), needed, why in MIN_VERSIONS:
        if version[:2] < (major, minor):
            if needed:
                lines.append("warning: the board runs CircuitPython %s; the game needs %d.%d or "
                             "newer: %s. Install a newer CircuitPython (circuitpython.org) "
                             "first." % (have, major, minor, why))
            else:
                lines.append("note: CircuitPython %s is older than %d.%d: %s." %
                             (have, major, minor, why))
    return lines


def root_code_notes(dest):
    """Warnings about files CircuitPython would run instead of code.py, or never runs."""
    lines = []
    for name in RUNS_FIRST:
        if os.path.exists(os.path.join(dest, name)):
            lines.append("warning: %s on the drive runs INSTEAD of code.py (CircuitPython runs "
                         "the first of code.txt, code.py, main.py, main.txt): delete or rename "
                         "%s, or the game will not start" % (name, os.path.join(dest, name)))
    for name in NEVER_RUN:
        if os.path.exists(os.path.join(dest, name)):
            lines.append("note: %s on the drive never runs while code.py is there; delete it "
                         "if it is an old program" % name)
    return lines


def _shape_problems(dest, rels):
    """Paths on the drive whose kind is wrong for the deploy: a file where a folder must be,
    a folder where a file must be. Checked before anything is written."""
    bad = []
    seen = set()
    for rel in sorted(rels):
        parts = rel.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if folder not in seen:
                seen.add(folder)
                path = os.path.join(dest, folder)
                if os.path.exists(path) and not os.path.isdir(path):
                    bad.append("%s is a file, where the game needs a folder" % folder)
        path = os.path.join(dest, rel)
        if os.path.isdir(path):
            bad.append("%s is a folder, where the game writes a file" % rel)
    return sorted(set(bad))


def _no_space(e):
    return e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


def _write_error(dest, e, what):
    """The DeployError for an OSError while changing the drive; `what` says where things are."""
    if e.errno == errno.EROFS:
        return DeployError("%s is read-only: the game owns the drive. Hold the boot button while "
                           "resetting the board (see --help), then deploy again. %s" % (dest, what))
    if e.errno == errno.EACCES:  # Windows says so of a write-protected drive (WinError 19)
        return DeployError("%s refused the write (%s): if the game owns the drive, hold the boot "
                           "button while resetting the board (see --help), then deploy again. %s"
                           % (dest, e.strerror, what))
    if _no_space(e):
        return DeployError("the drive %s is full (%s). %s" % (dest, e.strerror, what))
    return DeployError("cannot write to %s: %s. %s" % (dest, e, what))


def _write(path, data):
    """data into the file at path, on the drive itself before it returns (a board reset or
    unplugged while the computer still held the bytes in its cache kept a cut file)."""
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _inodes_free(dest):
    """Files that may still be made on the drive, or None where the file system sets no limit
    (FAT reports none)."""
    try:
        st = os.statvfs(dest)
    except (AttributeError, OSError):
        return None
    return st.f_favail if st.f_files > 0 else None


def _new_folders(dest, rels):
    out = set()
    for rel in rels:
        parts = rel.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if not os.path.isdir(os.path.join(dest, folder)):
                out.add(folder)
    return out


def _make_stage(dest):
    """The (empty) staging folder; the first write, so a read-only drive is found here."""
    stage = os.path.join(dest, STAGE)
    try:
        if os.path.isdir(stage):
            shutil.rmtree(stage)  # left by an interrupted deploy: ours
        os.mkdir(stage)
    except OSError as e:
        raise _write_error(dest, e, "Nothing on the drive was changed.")


def _apply(dest, writes, order, removes, staged, out, folders=()):
    """Change the drive. staged: every new file into STAGE/ first (a failure changes nothing
    the board runs), then moved into place; else stale files go first and each file is
    written beside its old copy and moved over it."""
    stage = os.path.join(dest, STAGE)
    redo = ("Free space on the drive (or fix what the error says), then deploy again: "
            "`python -m sim.deploy %s` writes only the files that differ." % dest)
    temp = {}
    if staged:
        try:
            for i, rel in enumerate(order):
                temp[rel] = os.path.join(stage, "%04d" % i)
                _write(temp[rel], writes[rel])
        except OSError as e:
            shutil.rmtree(stage, ignore_errors=True)
            raise _write_error(dest, e, "Writing the new files stopped after %d of %d; nothing "
                               "the board runs was changed (the old install still works). %s"
                               % (len(temp) - 1, len(order), redo))
    else:
        for rel in removes:
            try:
                os.remove(os.path.join(dest, rel))
            except OSError as e:
                raise _write_error(dest, e, "No game file was written yet. " + redo)
    done = 0
    for i, rel in enumerate(order):
        path = os.path.join(dest, rel)
        try:
            if not staged:
                temp[rel] = os.path.join(stage, "%04d" % i)
                _write(temp[rel], writes[rel])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.replace(temp[rel], path)
        except OSError as e:
            left = [r for r in order[done:]]
            shutil.rmtree(stage, ignore_errors=True)  # staged or not: nothing of it is used
            gone = [r for r in left if not staged and _other_kind(r) in removes]
            raise _write_error(dest, e, "%d of %d files are in place; still to write: %s%s. "
                               "The board holds a mix of the old and the new game until then "
                               "(%s%s). Free space or fix the drive, then deploy again: it "
                               "writes only the files that differ." % (
                                   done, len(order), ", ".join(left[:5]),
                                   " and %d more" % (len(left) - 5) if len(left) > 5 else "",
                                   "code.py is still the old one" if "code.py" in left else
                                   "code.py is new" if "code.py" in order else
                                   "code.py is unchanged",
                                   "; the game cannot start: %d of them %s on the drive in "
                                   "neither form, their old kind removed first to make room"
                                   % (len(gone), "is" if len(gone) == 1 else "are")
                                   if gone else ""))
        done += 1
    if staged:
        for rel in removes:
            try:
                os.remove(os.path.join(dest, rel))
            except OSError as e:
                raise _write_error(dest, e, "The game is installed; %s (stale) is left." % rel)
    for rel in folders:  # emptied(): deepest first
        try:
            os.rmdir(os.path.join(dest, rel))
        except OSError as e:
            raise _write_error(dest, e, "The game is installed; the empty folder %s is left: "
                               "delete it, it hides a module of the same name." % rel)
    shutil.rmtree(stage, ignore_errors=True)


def deploy(dest, project=PROJECT, dry_run=False, force=False, mpy_cross=None, out=print):
    """Copy the game to dest; returns (written, removed, unchanged) counts."""
    if not os.path.isdir(dest):
        raise DeployError("%s is not a folder (is the board plugged in and mounted?)" % dest)
    if not force and not os.path.exists(os.path.join(dest, "boot_out.txt")):
        raise DeployError("%s has no boot_out.txt, so it is not a CIRCUITPY drive; "
                          "use --force to deploy there anyway" % dest)
    if os.path.exists(os.path.join(dest, "boot_out.txt")):
        for line in version_notes(circuitpython_version(dest)):
            out(line)
    for line in root_code_notes(dest):
        out(line)
    if mpy_cross:
        if os.sep not in mpy_cross and os.path.isfile(mpy_cross):
            # a bare name: a file here (just downloaded), not a program looked up on PATH
            mpy_cross = os.path.abspath(mpy_cross)
        out("mpy-cross: " + check_mpy_cross(mpy_cross))
    files, libraries = plan(project, mpy_cross)
    bad = _shape_problems(dest, list(files) + ["settings.toml"])
    if bad:
        raise DeployError("%s cannot take the game as it is: %s (an old install?). Move or "
                          "delete %s, then deploy again; nothing was changed." % (
                              dest, "; ".join(bad), "it" if len(bad) == 1 else "them"))
    writes = {}
    unchanged = 0
    for rel, data in files.items():
        path = os.path.join(dest, rel)
        if os.path.isfile(path) and _read(path) == data:
            unchanged += 1
        else:
            writes[rel] = data
    ours = os.path.exists(os.path.join(dest, "boot_out.txt")) or os.path.isfile(
        os.path.join(dest, "lib", "handheld", "app.py")) or os.path.isfile(
        os.path.join(dest, "lib", "handheld", "app.mpy"))
    removes = stale(dest, files, libraries)
    if not ours:  # --force on another folder: its files of the same names are not ours
        kept = [rel for rel in removes if rel.endswith(".py") and _other_kind(rel) in files]
        removes = []
        for rel in kept:
            out("note: %s is left (this folder is no CIRCUITPY drive: --force removes nothing "
                "here); CircuitPython imports it before %s" % (rel, _other_kind(rel)))
    empty = emptied(dest, files, removes)
    settings = os.path.join(dest, "settings.toml")
    old = _read(settings) if os.path.isfile(settings) else b""
    new, size = with_pystack(old), pystack_size_in(old)
    if new is not None:
        writes["settings.toml"] = new
        out("settings.toml: %s %s%s" % ("would add" if dry_run else "add", pystack.SETTING,
                                        "" if new.startswith(old) else
                                        " (above its first [section]: CircuitPython reads "
                                        "no further)"))
    elif size < pystack.SIZE:
        out("note: settings.toml sets CIRCUITPY_PYSTACK_SIZE = %d, left as it is; below %d the "
            "computer plays EASY endgames" % (size, pystack.SIZE))
    try:
        cluster = os.statvfs(dest).f_bsize
    except (AttributeError, OSError):
        cluster = 512
    need = space_needed(dest, writes, removes, cluster)
    free = shutil.disk_usage(dest).free + _leftover(dest, cluster)
    if need > 0 and need + RESERVE > free:
        raise DeployError("not enough space on %s: the game needs %s more, and %s of the %s "
                          "free must stay free for saves. %sDelete files you do not need."
                          % (dest, _kb(need), _kb(RESERVE), _kb(free),
                             "" if mpy_cross else "Try --mpy-cross (smaller files), or "))
    laid_out = all(os.path.exists(os.path.join(dest, "saves", n)) for n in SAVE_NAMES)
    if not laid_out and free - max(need, 0) < SAVE_NEED:
        out("note: %s stays free after this deploy; the save files the game lays out at its "
            "first power-up need %s. With less it saves in the old layout, whose nvm copy "
            "wears the board's flash out sooner (docs/devices.md). Delete files you do not "
            "need to make room." % (_kb(free - max(need, 0)), _kb(SAVE_NEED)))
    folders = _new_folders(dest, writes)
    files_free = _inodes_free(dest)
    new_files = len([r for r in writes if not os.path.exists(os.path.join(dest, r))])
    if files_free is not None and new_files + len(folders) + 2 > files_free:
        raise DeployError("the drive %s has room for %d more files; the game needs %d. Delete "
                          "files you do not need, then deploy again; nothing was changed." %
                          (dest, files_free, new_files + len(folders) + 2))
    # Staging keeps the old game whole until the new one is written: it needs room for every
    # new file beside the old ones (and a file each for the ones it replaces).
    stage_need = sum(_cluster(len(d), cluster) for d in writes.values()) + cluster * (
        1 + len(folders))
    staged = stage_need + RESERVE <= free and (
        files_free is None or len(writes) + len(folders) + 2 <= files_free)
    # Libraries first, code.py last: a board that reloads on every write starts the new
    # game only once everything it imports is there.
    order = sorted(writes, key=lambda rel: (rel == "code.py", rel == "boot.py", rel))
    short = 0 if staged else one_by_one_short(dest, writes, order, removes, free, cluster,
                                              folders)
    if short > 0:  # a file would not fit beside its old copy: refuse before a mix is made
        raise DeployError("not enough space on %s to replace the game's files one by one: %s "
                          "more is needed while the largest is written (%s is free). Delete "
                          "files you do not need, or try --mpy-cross; nothing was changed."
                          % (dest, _kb(short), _kb(free)))
    if not dry_run and (order or removes):
        _make_stage(dest)
    for rel in removes:
        out("%s %s (stale)" % ("would remove" if dry_run else "remove", rel))
    for rel in empty:
        out("%s %s/ (empty)" % ("would remove" if dry_run else "remove", rel))
    for rel in order:
        verb = "replace" if os.path.exists(os.path.join(dest, rel)) else "write"
        if dry_run:
            verb = "would " + verb
        out("%s %s (%s)" % (verb, rel, _kb(len(writes[rel]))))
    if not dry_run and (order or removes):
        if not staged:
            out("note: no room to stage the new files beside the old ones: replacing them one "
                "by one")
        _apply(dest, writes, order, removes, staged, out, empty)
        if hasattr(os, "sync"):  # the folders' entries too (not on Windows: eject, below)
            os.sync()
    out("%s %s: %d files %s (%s), %d stale removed, %d unchanged; libraries: %s"
        % ("Dry run for" if dry_run else "Deployed to", dest, len(writes),
           "to write" if dry_run else "written", _kb(sum(len(d) for d in writes.values())),
           len(removes), unchanged, ", ".join(libraries) or "none needed"))
    if not dry_run and (order or removes):
        out("Eject the drive before you unplug or reset the board.")
    return len(writes), len(removes), unchanged


def main(argv=None, project=PROJECT):
    parser = argparse.ArgumentParser(
        prog="python -m sim.deploy", description=__doc__.split("\n\n")[0],
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY")
    parser.add_argument("--dry-run", action="store_true",
                        help="list what would be written and removed; write nothing")
    parser.add_argument("--force", action="store_true",
                        help="deploy to a folder without boot_out.txt")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="compile engine/ and lib/ to .mpy with CircuitPython's mpy-cross")
    args = parser.parse_args(argv)
    try:
        deploy(args.path, project, args.dry_run, args.force, args.mpy_cross)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
