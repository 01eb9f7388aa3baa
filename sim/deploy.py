"""Copy the game onto a CIRCUITPY drive.

    python -m sim.deploy /media/$USER/CIRCUITPY [--dry-run] [--force] [--mpy-cross PATH]

Writes code.py, boot.py, engine/ and lib/handheld/, plus the Adafruit libraries they import
(found in this Python's installed packages) into lib/. Files already on the drive with the
same bytes are left alone; a .py removes a stale .mpy of the same name and vice versa, and
modules the project no longer has are removed from engine/, lib/handheld/ and the copied
libraries' folders. saves/ is never touched. settings.toml only gets the line
CIRCUITPY_PYSTACK_SIZE = 4096 added when it sets none (CircuitPython's default, 2048 bytes in
10.x and 1536 in 9.x, cannot hold the computer's search: lib/handheld/pystack.py; boot.py does
the same); all else in it stays byte for byte, and a size the player set is kept (with a note
if it is smaller). Refuses a folder without boot_out.txt (not a CIRCUITPY drive) unless
--force, and a deploy that does not fit.
"""
import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

from handheld import pystack
from handheld.bootmode import pystack_addition, pystack_size_in

PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OWN_DIRS = ("engine", "lib/handheld")       # copied whole; the drive copy is ours to tidy
ALWAYS = ("adafruit_display_text",)         # the renderer's text labels
NOT_FOR_BOARDS = ("adafruit_blinka", "adafruit_platformdetect")
PROTECTED = ("settings.toml", "saves")      # the player's: never shipped (settings: see above)
RESERVE = 16 * 1024                         # left free for saves and boot_out.txt
MODULE = (".py", ".mpy")
_IMPORT = re.compile(r"^\s*(?:from|import)\s+(adafruit_\w+)", re.M)

EPILOG = """\
settings.toml: the line CIRCUITPY_PYSTACK_SIZE = 4096 is added when the file sets no pystack
size (the computer's search needs more than CircuitPython's default, 2048 bytes); nothing else
in it changes, and a size already there is kept.

--mpy-cross needs CircuitPython's own mpy-cross, of the same major version as the firmware on
the board (9.x or 10.x): https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/
MicroPython's mpy-cross writes .mpy files that CircuitPython refuses ("Incompatible .mpy
file"), so a binary whose --version does not say CircuitPython is not used.
If writing fails with "read-only", the game owns the drive: hold the boot button while
resetting the board (SELECT on PyGamer/PyBadge, A on CLUE, D1 on the Feather ESP32-S3 Reverse
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
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        raise DeployError("cannot run mpy-cross %s: %s" % (exe, e))
    text = (out.stdout + out.stderr).strip()
    if "CircuitPython" not in text:
        raise DeployError("%s is not CircuitPython's mpy-cross (it says %r); CircuitPython "
                          "refuses MicroPython .mpy files. See --help." % (exe, text))
    return text.splitlines()[0]


def _compile(exe, rel, data, tmp):
    src = os.path.join(tmp, "src.py")
    out = os.path.join(tmp, "out.mpy")
    with open(src, "wb") as f:
        f.write(data)
    r = subprocess.run([exe, "-o", out, "-s", rel, src], capture_output=True, text=True)
    if r.returncode != 0:
        raise DeployError("mpy-cross failed on %s: %s" % (rel, (r.stdout + r.stderr).strip()))
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
    folders (engine, lib/handheld, copied libraries) that the project no longer has."""
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


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def deploy(dest, project=PROJECT, dry_run=False, force=False, mpy_cross=None, out=print):
    """Copy the game to dest; returns (written, removed, unchanged) counts."""
    if not os.path.isdir(dest):
        raise DeployError("%s is not a folder (is the board plugged in and mounted?)" % dest)
    if not force and not os.path.exists(os.path.join(dest, "boot_out.txt")):
        raise DeployError("%s has no boot_out.txt, so it is not a CIRCUITPY drive; "
                          "use --force to deploy there anyway" % dest)
    if mpy_cross:
        out("mpy-cross: " + check_mpy_cross(mpy_cross))
    files, libraries = plan(project, mpy_cross)
    writes = {}
    unchanged = 0
    for rel, data in files.items():
        path = os.path.join(dest, rel)
        if os.path.isfile(path) and _read(path) == data:
            unchanged += 1
        else:
            writes[rel] = data
    removes = stale(dest, files, libraries)
    settings = os.path.join(dest, "settings.toml")
    old = _read(settings) if os.path.isfile(settings) else b""
    extra, size = pystack_addition(old), pystack_size_in(old)
    if extra:
        writes["settings.toml"] = old + extra
        out("settings.toml: %s %s" % ("would add" if dry_run else "add", pystack.SETTING))
    elif size < pystack.SIZE:
        out("note: settings.toml sets CIRCUITPY_PYSTACK_SIZE = %d, left as it is; below %d the "
            "computer plays EASY endgames" % (size, pystack.SIZE))
    try:
        cluster = os.statvfs(dest).f_bsize
    except (AttributeError, OSError):
        cluster = 512
    need = space_needed(dest, writes, removes, cluster)
    free = shutil.disk_usage(dest).free
    if need > 0 and need + RESERVE > free:
        raise DeployError("not enough space on %s: the game needs %s more, %s is free (and %s "
                          "stays free for saves). Try --mpy-cross, or delete files you do "
                          "not need." % (dest, _kb(need), _kb(free), _kb(RESERVE)))
    # Libraries first, code.py last: a board that reloads on every write starts the new
    # game only once everything it imports is there.
    order = sorted(writes, key=lambda rel: (rel == "code.py", rel == "boot.py", rel))
    for rel in removes:
        out("%s %s (stale)" % ("would remove" if dry_run else "remove", rel))
        if not dry_run:
            os.remove(os.path.join(dest, rel))
    for rel in order:
        verb = "replace" if os.path.exists(os.path.join(dest, rel)) else "write"
        if dry_run:
            verb = "would " + verb
        out("%s %s (%s)" % (verb, rel, _kb(len(writes[rel]))))
        if not dry_run:
            path = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            try:
                with open(path, "wb") as f:
                    f.write(writes[rel])
            except OSError as e:
                if e.errno == 30:
                    raise DeployError("%s is read-only: the game owns the drive. Hold the "
                                      "boot button while resetting the board (see --help), "
                                      "then deploy again." % dest)
                raise
    out("%s %s: %d files %s (%s), %d stale removed, %d unchanged; libraries: %s"
        % ("Dry run for" if dry_run else "Deployed to", dest, len(writes),
           "to write" if dry_run else "written", _kb(sum(len(d) for d in writes.values())),
           len(removes), unchanged, ", ".join(libraries)))
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
