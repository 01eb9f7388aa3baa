"""`python -m sim.bench board`: the app on CircuitPython 10.2.1's own interpreter (issue 14).

Runs on the 32-bit unix build of CircuitPython 10.2.1 (CI: ../shared/tools/circuitpython; a
board's object sizes and a real pystack), with the files laid out as `sim.deploy` writes a
CIRCUITPY drive (into a temp folder), once as .py and once compiled by CircuitPython's own
mpy-cross, and the screens drawn by lib/handheld/render.py (text as tiles of the built-in
font) over the VM stand-ins of displayio & co. (tests/vm/fakes: they allocate what the
firmware's C objects allocate), started in the temp folder with module paths as on a board
(board_path: every module's path is a name interned for good). It measures, by bisection:
- the smallest `-X heapsize` with which the app at HARD plays 3 matches (one per preset) with
  its 160x128 screens (tests/vm/mp_app_check.py), from .py and from .mpy, saving as on a board:
  code.py's store (handheld.store.open_store: nvm and the drive's /saves, here a file standing
  for nvm and a folder in the temp folder), so the save code is loaded and every write of a
  hand's end, of the menu and of a pause happens; and with the rest of what code.py builds on a
  PyGamer (the check's `board`): the board profile (handheld.boards), its keypad and joystick
  input (handheld.input), through which the key presses come, and the sound and lights
  (handheld.feedback), over the stand-ins of tests/support/vmboard.py (C modules on a board);
  from two power-ups, the figure the larger: a first one (an empty store: the title, the
  menu's trip) and the one a player makes most (the check's `resume`): the store holds a match
  in progress, the one the first run's last write left (the app's own saves, after a trick and
  a pause), the saves load it, the app offers it, Continue, and it is played to its end before
  the 3 matches;
- the smallest CIRCUITPY_PYSTACK_SIZE with which those runs make no move by the EASY fallback
  and raise no `pystack exhausted` (the larger of the two starts').
With --where it also says where the check fails a kilobyte under each figure, in each layout:
the app's first error raised out of it (WHERE_BUILD), the screen on top, the free heap, the
app's innermost frames. With --size WxH (240x240: a CLUE's screen, 240x135: the Feather ESP32-S3
Reverse TFT's) it measures only the heap figures, the screens drawn at that size, the rest of
the board still a PyGamer's: its last line reads `board at WxH: app HARD with screens ...`.
Heap sizes do not pass or fail quite monotonically (the collector, fragmentation): the
bisection finds a size that completes with the next smaller step failing.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CP_DIR = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython")  # CI; skip
CP_VERSION = "10.2.1"
TARGET_PY_KB = 110
TARGET_MPY_KB = 90


def circuitpython_path(bits=32):
    """CircuitPython's unix build (32 or 64 bits), or None where it is missing."""
    exe = os.path.join(CP_DIR, "circuitpython-%s-unix-%s" % (CP_VERSION, "x86" if bits == 32
                                                              else "x64"))
    return exe if os.access(exe, os.X_OK) else None


def mpy_cross_path():
    exe = os.path.join(CP_DIR, "mpy-cross-circuitpython-" + CP_VERSION)
    return exe if os.access(exe, os.X_OK) else None


def missing():
    """Why nothing can be measured here, or None."""
    if circuitpython_path() is None or mpy_cross_path() is None:
        return ("CircuitPython %s's unix build and mpy-cross are not in %s (they come with the "
                "team's shared tools, not with a clone): nothing measured" % (CP_VERSION, CP_DIR))
    return None


def write_tree(dest, mpy):
    """Lay the drive's files out in dest as sim.deploy would (compiled to .mpy if mpy)."""
    from sim import deploy
    files, _ = deploy.plan(ROOT, mpy_cross_path() if mpy else None)
    for rel, data in files.items():
        path = os.path.join(dest, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return dest


def drive_trees(tmp):
    """(kind, tree) for "py" and "mpy": the drive's files laid out in tmp/<kind> (write_tree)."""
    for kind in ("py", "mpy"):
        yield kind, write_tree(os.path.join(tmp, kind), kind == "mpy")


# Module paths as on a board. A module's path is interned for good (its `__file__`; from .py
# also the name its code is compiled under), so the runs start in the drive's tree with relative
# entries on MICROPYPATH, and each module's name is as long as on a board. A board's sys.path is
# ['', '/', '.frozen', '/lib'] with the drive's root the current folder (adafruit/circuitpython
# main.c, start_mp(), at tag 10.2.1: "current dir (or base dir of the script)", then "/",
# ".frozen", "/lib"), so code.py's modules are `engine/ai/solver.mpy` and
# `/lib/handheld/app.mpy` there. The unix build's sys.path is the script's folder (its
# realpath, absolute: ports/unix/main.c at 10.2.1, "Set base dir of the script as first entry
# in sys.path") then MICROPYPATH's entries, where a first empty entry is dropped and a later
# one kept: "::lib/" gives ['', 'lib/'] after it (measured). `/lib` itself cannot be given (it
# is the host's /lib); `lib/` names `lib//handheld/app.mpy`, as long as a board's
# `/lib/handheld/app.mpy` (plain `lib` would make each name under it a character shorter than
# a board's). The script's folder, absolute, is one name more than a board has (its '').
# The harness (tests/vm's scripts with tests/support's modules, and the stand-ins of
# tests/vm/fakes) is copied into the temp tree under short folders for the runs (HARNESS):
# nothing of it is in a drive sim.deploy writes (write_tree is the drive alone).
HARNESS = (("t", ("tests/vm", "tests/support")), ("f", ("tests/vm/fakes",)))


def harness(tree):
    """Copy the harness into tree (once): tests/vm and tests/support's .py files into t/, the
    stand-ins of tests/vm/fakes into f/."""
    for folder, sources in HARNESS:
        dest = os.path.join(tree, folder)
        if os.path.isdir(dest):
            continue
        os.makedirs(dest)
        for src in sources:
            src = os.path.join(ROOT, *src.split("/"))
            for name in sorted(os.listdir(src)):
                if name.endswith(".py"):
                    shutil.copyfile(os.path.join(src, name), os.path.join(dest, name))
    return tree


def board_path(screens=True):
    """MICROPYPATH for a run in a tree with its harness (harness()): the drive's root, its lib,
    the stand-ins of displayio & co. if screens, the harness's scripts and modules."""
    return "::lib/" + (":f" if screens else "") + ":t"


# `where` runs (app_run's where, main's --where): the check's set-up module mp_app_build.py,
# read from the harness and run, then the app's fail() wrapped: its first error is raised out
# of the app with a WHERE line (the screen on top, the matches and hands played, the free heap
# after it), so the interpreter prints its traceback and the run stops there. Written by the
# bench into a folder of its own, found before the harness's (where_path), so that the
# harness's files, and the figures' runs, are what they are without it: a where run holds a
# few hundred bytes more (this module's code), so it shows where a slightly tighter run fails.
WHERE_BUILD = """exec(open("t/mp_app_build.py").read())
_build = build


def build(mark, o, g):
    _build(mark, o, g)
    app = g["app"]
    fail = app.fail

    def where(e):
        app.fail = fail
        import gc
        print("WHERE screen=%d matches=%d hands=%d free=%d" % (
            app.screen, app.matches_done, app.hands_done, gc.mem_free()))
        raise e

    app.fail = where
"""


def where_path(tree, screens=True):
    """MICROPYPATH for a `where` run in tree: WHERE_BUILD as w/mp_app_build.py, before the
    harness's own."""
    harness(tree)
    folder = os.path.join(tree, "w")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "mp_app_build.py"), "w") as f:
        f.write(WHERE_BUILD)
    return board_path(screens).replace(":t", ":w:t")


def run_cp(tree, script, heap_kb, args=(), pystack=4096, screens=True, path=None):
    """CompletedProcess of the 32-bit build running tests/vm/<script> on the drive in tree (its
    copy in the harness, from the tree's root: module paths as on a board); path: MICROPYPATH
    if not board_path(screens)'s."""
    harness(tree)
    env = dict(os.environ, MICROPYPATH=path or board_path(screens),
               CIRCUITPY_PYSTACK_SIZE=str(pystack))
    return subprocess.run([circuitpython_path(), "-X", "heapsize=%dk" % heap_kb,
                           "t/" + script] + [str(a) for a in args],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=600)


def app_run(tree, heap_kb, level=2, pystack=4096, screens=True, store=None, names=False,
            resume=None, live=False, where=False):
    """(completed, falls, stdout) of the app check: completed is True when it exited 0. store:
    a folder for the saves (nvm's file and the drive's copy), emptied for each run, None: no
    saves; with a store the check builds the rest of code.py's PyGamer too (`board`). resume:
    a folder with the saves an earlier run left (a match in progress: the check's last write),
    copied into store for each run; the check then continues that match first (`resume`: the
    power-up that resumes a match). names: the check lists every name interned at its end
    (`Q(...)` lines). live: the check also reports the live heap at its key presses, the most
    by screen (`LIVE` line; a collection at every press: not for the figures' runs). where: the
    first error the app meets is raised out of it with its traceback (WHERE_BUILD; not for
    the figures' runs either)."""
    args = (level, "screens" if screens else "text")
    if SIZE:  # main's --size: another screen than the PyGamer's 160x128
        args += ("screen_size=%dx%d" % SIZE,)
    if store:  # made anew for each run: the same heap figures every time
        shutil.rmtree(store, True)
        if resume:
            shutil.copytree(resume, store)
        else:
            os.makedirs(store)
        args += ("store=" + store, "board") + (("resume",) if resume else ())
    if names:
        args += ("names",)
    if live:
        args += ("live",)
    r = run_cp(tree, "mp_app_check.py", heap_kb, args, pystack, screens,
               where_path(tree, screens) if where else None)
    m = re.search(r"falls=(\d+)", r.stdout)
    return r.returncode == 0, int(m.group(1)) if m else None, r.stdout + r.stderr


def firmware_names(board_id="pygamer"):
    """The names of CircuitPython's own modules on board_id, a set (None without
    circuitpython-stubs): the board's pins, its modules' names, and their classes', functions',
    arguments' and constants' as the stubs list them. A board has these in flash (static
    qstrs); the unix build interns them on its heap where the stand-ins or the app use them.
    An estimate: the firmware's own list is made at its build."""
    import ast
    sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
    try:
        import cpstubs
    finally:
        sys.path.pop(0)
    board = cpstubs.stubs_dir() and cpstubs.board_stub(board_id)
    if not board:
        return None
    names = set(board.pins)
    for module in board.modules:
        top = module.split(".")[0]
        names.add(top)
        folder = os.path.join(cpstubs.stubs_dir(), top + "-stubs")
        for dirpath, _, files in os.walk(folder):
            for name in files:
                if not name.endswith(".pyi"):
                    continue
                with open(os.path.join(dirpath, name)) as f:
                    tree = ast.parse(f.read())
                for node in ast.walk(tree):
                    if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                        names.add(node.name)
                    if isinstance(node, ast.FunctionDef):
                        a = node.args
                        names.update(x.arg for x in a.posonlyargs + a.args + a.kwonlyargs)
                    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                        names.add(node.target.id)
                    elif isinstance(node, ast.Assign):
                        names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    names.discard("self")
    return names


def smallest(ok, lo, hi, step):
    """Smallest value in (lo, hi] for which ok(value) holds, to `step`, by bisection from a hi
    that holds (None if hi does not)."""
    if not ok(hi):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if mid <= lo:
            break
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def min_heap(tree, level=2, screens=True, lo=32, hi=256, store=None, resume=None):
    """Smallest -X heapsize (KB) with which the app check completes: coarse (8 KB) then fine."""
    return min_kb(lambda kb: app_run(tree, kb, level, 8192, screens, store, resume=resume)[0],
                  lo, hi)


# The least heap is not a smooth function of the code: the same run with its store's path a
# character longer lays the heap out otherwise (its strings, the collector's view of stale
# pointers on the C stack), and one bisection read 117 where the next layout needed 121 KB, or
# passed at 114 but failed at 116. So the figure is the least heap from which the check passes
# in each of LAYOUTS layouts (the store's path 0 to LAYOUTS - 1 characters longer) and at every
# size up to ABOVE KB over it.
LAYOUTS = 4
# the screen the check draws, (width, height), or None for a PyGamer's 160x128 (main's --size)
SIZE = None
ABOVE = 3


def steady_heap(tree, store, level=2, layouts=LAYOUTS, above=ABOVE, resume=None):
    """(figure, [each layout's bisected least]) in KB; figure None if a layout never passes.
    resume: the saves to start from (app_run), None: an empty store."""
    stores = [store + "x" * i for i in range(layouts)]
    least = [min_heap(tree, level, store=s, resume=resume) for s in stores]
    if None in least:
        return None, least
    kb = max(least)
    k = kb
    while k <= kb + above:  # every layout at every size from kb up to kb + above
        if all(app_run(tree, k, level, 8192, True, s, resume=resume)[0] for s in stores):
            k += 1
        else:
            kb = k = k + 1
    return kb, least


def min_kb(ok, lo=8, hi=256):
    """Smallest heap in KB for which ok(kb) holds: 8 KB steps, then 1 KB."""
    coarse = smallest(ok, lo, hi, 8)
    if coarse is None:
        return None
    return smallest(ok, coarse - 8, coarse, 1)


def script_heap(tree, script, args, lo=8, hi=256):
    """Smallest -X heapsize (KB) with which tests/vm/<script> args exits 0 (no stand-ins)."""
    return min_kb(lambda kb: run_cp(tree, script, kb, args, 8192, False).returncode == 0, lo, hi)


def min_pystack(ok, lo=512, hi=8192):
    """Smallest pystack in bytes (to 8, the frame alignment) for which ok(size) holds."""
    coarse = smallest(ok, lo, hi, 256)
    if coarse is None:
        return None
    return smallest(ok, coarse - 256, coarse, 8)


def app_pystack(tree, level, heap_kb=256, screens=True, store=None, resume=None):
    """Smallest pystack with which the app at level plays its 3 matches (with its screens, or
    the text view; after the saved match with resume) and never falls back to EASY's move."""
    def ok(size):
        done, falls, _ = app_run(tree, heap_kb, level, size, screens, store, resume=resume)
        return done and falls == 0
    return min_pystack(ok)


def ai_pystack(tree, heap_kb=256):
    """Smallest pystack with which a HARD vs HARD match (tests/vm/mp_ai_match.py) completes."""
    def ok(size):
        r = run_cp(tree, "mp_ai_match.py", heap_kb, ("sixty-six", 2, 2, 1), size, False)
        return r.returncode == 0
    return min_pystack(ok)


# handheld.screen's kinds, as the check's `live` reports them
SCREEN_NAMES = {0: "title", 1: "table", 2: "a hand's result", 3: "the match's end", 4: "menu",
                5: "rules help", 6: "error", 7: "resume offer", 8: "notice", 9: "statistics",
                10: "review", 11: "duplicate"}


def report(kind, out, least, starts):
    """Where the heap goes, from the app check's figures (KB after gc.collect) of a first
    power-up's run; least: the figure, starts: (an empty store's, a resumed match's)."""
    def kb(n):
        return "%.1f KB" % (n / 1024.0)
    base, imports, app, peak, engine, saves, board = [int(g) for g in re.search(
        r"HEAP base=(\d+) imports=(\d+) app=(\d+) peak=(\d+) engine=(\d+) saves=(\d+) "
        r"board=(\d+)", out).groups()]
    writes, store_kind, paused = re.search(r"SAVES writes=(\d+) kind=(\S+) idle=(\d+)", out).groups()
    c, objects, fakes, labels, excess = [int(g) for g in re.search(
        r"SCREENS c=(\d+) objects=(\d+) fakes=(\d+) labels=(\d+) excess=(\d+)",
        out).groups()]
    print("from .%s: smallest -X heapsize for 3 matches at HARD with the screens, the saves and "
          "the board's input and feedback: %s KB (target %d KB), the larger of two power-ups': "
          "from an empty store (a first power-up) %s KB, resuming a saved match (Continue, "
          "the match played to its end, then the 3 matches) %s KB" % (
              kind, least, TARGET_PY_KB if kind == "py" else TARGET_MPY_KB, starts[0], starts[1]))
    qs = re.findall(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)", out)
    names = int(qs[0][2]) if len(qs) > 1 else 0  # the names' heap at base (its first line)
    print("  where the heap goes, in the run from an empty store:")
    print("  the harness, live through the play: %s: the stand-ins' own code %s (displayio & "
          "co., keypad & co.: C on a board, no heap there), the check script's %s "
          "(tests/vm/mp_app_check.py, what the play needs, with the interpreter's start; its "
          "set-up, tests/vm/mp_app_setup.py and mp_app_build.py, leaves the heap before the "
          "play and is not counted, its report, mp_app_report.py, comes after it); of these "
          "%s, %s are the names interned before the app's imports (%s names: the app's, which "
          "a board interns too, and names of displayio, keypad & co., which a board has in "
          "flash; counted as the app's below); then live:" % (
              kb(base), kb(fakes), kb(base - fakes), kb(base), kb(names),
              qs[0][1] if len(qs) > 1 else "?"))
    print("  modules %s: engine and AI %s, %sthe app with its renderer %s, the save code %s "
          "(what stays loaded of handheld.store, persist, savedata), the board %s "
          "(what stays of handheld.powerup's work: input, feedback and the objects made, "
          "the store's among them)" % (
              kb(imports), kb(engine), "adafruit_display_text %s, " % kb(labels) if labels
              else "", kb(imports - engine - labels - saves - board), kb(saves), kb(board)))
    print("  the app object with its screens %s: %d displayio objects whose C structs and "
          "buffers take %s on a board; the stand-ins take %s more (their attribute tables)"
          % (kb(app), objects, kb(c), kb(excess)))
    print("  the saves: store %s (nvm and the drive's copy), %s writes in the run (%s of them "
          "after a pause), the last read back" % (store_kind, writes, paused))
    print("  live peak %s (after gc.collect, base included); the rest of the heap: HARD's "
          "search between collections and fragmentation" % kb(peak + base))
    by = re.search(r"^LIVE (.*)$", out, re.M)
    if by:  # the check's `live`: which screen sets the heap
        most = dict((int(k), int(v)) for k, v in (x.split("=") for x in by.group(1).split()))
        print("  live before a key press, the most on each screen (after gc.collect, base "
              "included): " + ", ".join("%s %s" % (SCREEN_NAMES.get(k, "screen %d" % k),
                                                   kb(n + base)) for k, n in sorted(most.items())))
    if qs:
        print("  names interned at the end (qstrs, never freed; the stand-ins' and the "
              "script's among them): %s in %s pools (CircuitPython makes its 7th, 1,280 names, "
              "at the 1,261st)" % (qs[-1][1], qs[-1][0]))
    flash = firmware_names()
    listed = re.findall(r"^Q\((.*)\)$", out, re.M)
    if flash and listed:
        print("  of these names, about %d are CircuitPython's own on a PyGamer (its modules', "
              "classes', functions' and arguments' names and the board's pins, as "
              "circuitpython-stubs lists them: in flash on a board, interned here by the "
              "stand-ins and by the app's modules that use them)" % len(
                  [n for n in listed if n in flash]))
    if least:
        print("  a board spends neither the stand-ins' code and excess nor the check script: "
              "about %.0f KB there (an estimate: the figure measured, %s KB, less the "
              "harness's share above but its names, and the excess)" % (
                  least - (base - names + excess) / 1024.0, least))


def where(tree, store, kb, resume=None):
    """Where the app check fails at kb in each layout (the store's path as steady_heap makes
    them): one line each, from the check's `where` run (the first error raised out of the app,
    its traceback's innermost frames of the app's code)."""
    lines = []
    for i in range(LAYOUTS):
        done, _, out = app_run(tree, kb, store=store + "x" * i, resume=resume, where=True)
        if done:
            lines.append("layout %d: passes" % i)
            continue
        w = re.search(r"^WHERE screen=(\d+) matches=(\d+) hands=(\d+) free=(\d+)$", out, re.M)
        frames = re.findall(r'^  File "([^"]+)", line \d+, in (\S+)$', out, re.M)
        app = ["%s (%s)" % (f[1], f[0].replace("lib//", "")) for f in frames
               if not f[0].startswith(("t/", "w/", "<"))]  # the app's, not the check's
        err = re.findall(r"^\w*(?:Error|Exception)\b.*$", out, re.M)  # the traceback's end
        err = err[-1] if err else (out.strip().splitlines() or ["?"])[-1]
        inner = " < ".join(reversed(app[-4:]))
        if w:
            k, m, h, free = (int(g) for g in w.groups())
            lines.append("layout %d: %s (%d matches, %d hands done), %d B free after it: %s; "
                         "in %s" % (i, SCREEN_NAMES.get(k, "screen %d" % k), m, h, free, err,
                                    inner))
        else:  # before the App was built (the imports, the screen's build) or after the play
            lines.append("layout %d: outside the play: %s; in %s" % (i, err, inner or "the check"))
    return lines


def size_figure(kind, tree, saves, saved):
    """main's --size: the figure from .kind at SIZE (the larger of an empty store's and a
    resumed match's steady heaps, as main's), printed with its layouts' bisections."""
    empty, least = steady_heap(tree, saves)
    resumed, least_r = steady_heap(tree, saves, resume=saved)
    kb = None if None in (empty, resumed) else max(empty, resumed)
    print("from .%s at %dx%d: %s KB (from an empty store %s KB, resumed %s KB; one bisection "
          "per layout read %s and %s)" % (kind, SIZE[0], SIZE[1], kb, empty, resumed,
                                          ", ".join(map(str, least)), ", ".join(map(str, least_r))))
    return kb


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim.bench board", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default=None, metavar="WxH",
                    help="only the heap figures with the screens at WxH (240x240: a CLUE's, "
                         "240x135: the Feather ESP32-S3 Reverse TFT's), the rest of the board "
                         "still a PyGamer's (its keys, sound and lights)")
    ap.add_argument("--where", action="store_true",
                    help="also say where the check fails 1 KB under each figure, in each "
                         "layout (the app's first error raised out of it, with its frames)")
    args = ap.parse_args(argv)
    if args.size:
        try:
            w, h = [int(x) for x in args.size.lower().split("x")]
        except ValueError:
            ap.error("--size %s: give it as WxH, e.g. 240x240" % args.size)
        if w < 160 or h < 128:
            ap.error("--size %s: the game needs a screen of 160x128 or more" % args.size)
        global SIZE
        SIZE = (w, h)
    why = missing()
    if why:
        print("board: " + why)
        return 1
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, tree in drive_trees(tmp):
            saves = os.path.join(tmp, "saves-" + kind)  # nvm's file and the drive's /saves
            done, falls, out = app_run(tree, 256, store=saves, names=not SIZE, live=not SIZE)
            if not done:
                print("board: the app at HARD failed on CircuitPython %s (%s):\n%s"
                      % (CP_VERSION, kind, out))
                return 1
            # what that run left in the store: a match in progress (the check's last write,
            # made by the app's saves after a trick and a pause), the resumed runs' start
            saved = os.path.join(tmp, "saved-" + kind)
            shutil.copytree(saves, saved)
            if SIZE:  # --size: the heap figures only
                figures[kind] = size_figure(kind, tree, saves, saved)
                continue
            done, _, back = app_run(tree, 256, store=saves, resume=saved, names=True)
            if not done:
                print("board: the app at HARD failed on CircuitPython %s (%s, resumed):\n%s"
                      % (CP_VERSION, kind, back))
                return 1
            empty, least = steady_heap(tree, saves)
            resumed, least_r = steady_heap(tree, saves, resume=saved)
            figures[kind] = None if None in (empty, resumed) else max(empty, resumed)
            report(kind, out, figures[kind], (empty, resumed))
            print("  the figure is the least heap from which the check passes in each of %d "
                  "layouts of the heap (the store's path 0-%d characters longer) and at every "
                  "size up to %d KB over it; one bisection per layout read %s KB from an empty "
                  "store, %s KB resumed" % (
                      LAYOUTS, LAYOUTS - 1, ABOVE, ", ".join(str(x) for x in least),
                      ", ".join(str(x) for x in least_r)))
            if args.where:  # what fails just under each figure
                for start, kb, resumed_from in (("from an empty store", empty, None),
                                                ("resumed", resumed, saved)):
                    if kb:
                        print("  where the check fails at %d KB, %s:" % (kb - 1, start))
                        for line in where(tree, saves, kb - 1, resumed_from):
                            print("    " + line)
            h = re.search(r"RESUME hand=(\d+) trick=(\d+)", back)
            app, peak = [int(g) for g in re.search(r"HEAP base=\d+ imports=\d+ app=(\d+) "
                                                    r"peak=(\d+)", back).groups()]
            base = int(re.search(r"HEAP base=(\d+)", back).group(1))
            qs = re.findall(r"n_pool=(\d+), n_qstr=(\d+),", back)
            print("  resumed: the store as the first run left it (hand %s, trick %s of a match "
                  "offered; Continue): the app object with its screens and the saved match "
                  "%.1f KB when built, live peak %.1f KB (base included); %s names interned at "
                  "the end in %s pools (a 7th pool comes at the 1,261st name: from .py, 6 names "
                  "more once put the live peak 9 KB higher and this figure at 142 KB, not 115; "
                  "a text of 10 characters or fewer, or an identifier, is a name)"
                  % (h.group(1), h.group(2), app / 1024.0, (peak + base) / 1024.0,
                     qs[-1][1] if qs else "?", qs[-1][0] if qs else "?"))
            vs = script_heap(tree, "mp_ai_match.py", ("sixty-six", 2, 2, 1))
            print("  HARD vs HARD, a match of the engine and the AI alone: %s KB" % vs)
            if kind == "py":
                sizes = (app_pystack(tree, 2, store=saves),
                         app_pystack(tree, 2, store=saves, resume=saved))
                figures["pystack"] = None if None in sizes else max(sizes)
                figures["pystacks"] = sizes
                figures["falls"] = app_run(tree, 256, 2, 2048, store=saves)[1]
    if SIZE:
        print("board at %dx%d: app HARD with screens .py %s KB, .mpy %s KB (a PyGamer's keys, "
              "sound and lights; CircuitPython %s, 32-bit)" % (SIZE[0], SIZE[1], figures["py"],
                                                              figures["mpy"], CP_VERSION))
        return 0
    print("pystack: the app at HARD with its screens and the saves needs %s B (from an empty "
          "store %s B, resuming a saved match %s B); at CircuitPython 10's default of 2,048 it "
          "made %s moves by the EASY fallback (from an empty store)" % (
              figures["pystack"], figures["pystacks"][0], figures["pystacks"][1],
              figures["falls"]))
    print("board: app HARD with screens .py %s KB, .mpy %s KB; pystack %s B (CircuitPython %s, "
          "32-bit)" % (figures["py"], figures["mpy"], figures["pystack"], CP_VERSION))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
