"""The desktop simulator: the board's app loop in a window, a terminal, or headless.

    python -m sim                          a window (the screen scaled x4); keys: arrows,
                                           Z = A, X = B, Enter = START, Space = SELECT, Esc quits
    python -m sim --text                   play in the terminal (type key letters, then Enter;
                                           q, end of input or Ctrl-C quits and saves)
    python -m sim --text --keys "BBB.B"    replay a key script in text
    python -m sim --headless --keys "BBB.B" --shots DIR
                                           replay a key script on simulated time, save a PNG of
                                           every frame that changed (text frames without pygame)
Options: --size 160x128|240x135|240x240, --preset, --level easy|normal|hard, --seed N.
Exit status: 0, or 1 when the app counted errors (headless and text replays) or a shot could
not be written, 2 for bad options.
Saves: the window and the terminal game keep the match, statistics and settings in
~/.local/share/sixtysix (or $XDG_DATA_HOME/sixtysix); --save-dir DIR puts them elsewhere,
--no-save keeps them in memory only. Headless runs and key scripts save nothing unless
--save-dir is given.
With no display available the window and headless modes fall back to the text mode (headless
with --shots fails instead, exit 1: the PNGs asked for cannot be made).
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from handheld.app import App  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.textview import TextView  # noqa: E402
from sim.cli import at_least_1, write_problem  # noqa: E402
from sim.headless import Runner, unknown_keys, KEY_LETTERS  # noqa: E402

# what the saves' layout (handheld.savelayout's NAMES, at the folder's top) and the layouts
# before it (the files its open_store reads once) put in their folder
from handheld.savelayout import NAMES as _LAYOUT  # noqa: E402
SAVE_NAMES = tuple(n for n in _LAYOUT if "/" not in n) + ("state.bin", "state0.bin",
                                                           "state1.bin")
LEVELS = {"easy": 0, "normal": 1, "hard": 2, "0": 0, "1": 1, "2": 2}
TEXT_HELP = ("Keys: L R U D arrows, A, B, S = START, E = SELECT, H = hold B (menu), "
             ". = wait 500 ms; type letters then Enter (Enter alone = B), q quits.")


def parse(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim", description="Sixty-Six simulator")
    ap.add_argument("--text", action="store_true", help="play in the terminal")
    ap.add_argument("--headless", action="store_true", help="no window: replay --keys")
    ap.add_argument("--keys", default="", help="key script: L R U D A B S E H and .")
    ap.add_argument("--shots", default=None, help="folder for a PNG of each changed frame")
    ap.add_argument("--size", default="160x128", choices=("160x128", "240x135", "240x240"))
    ap.add_argument("--scale", type=at_least_1, default=4, help="window scale (default 4)")
    ap.add_argument("--preset", default=None, choices=("sixty-six", "schnapsen", "santase"),
                    help="the game (default: the saved setting, else sixty-six)")
    ap.add_argument("--level", default=None, choices=sorted(LEVELS),
                    help="the computer's level (default: the saved setting, else normal)")
    ap.add_argument("--seed", type=int, default=None,
                    help="the first match's deal (default: a new one each time you play; 1 "
                         "for --keys and --headless scripts, so that they replay the same)")
    ap.add_argument("--save-dir", default=None,
                    help="folder for saves (default for the window and the terminal game: %s)"
                    % default_save_dir())
    ap.add_argument("--no-save", action="store_true", help="keep saves in memory only")
    args = ap.parse_args(argv)
    bad = unknown_keys(args.keys)
    if bad:
        ap.error("--keys: unknown key%s %s: use %s" % ("s" if len(bad) > 1 else "",
                                                       " ".join(repr(c) for c in bad),
                                                       KEY_LETTERS))
    if args.save_dir is not None and not args.save_dir.strip():
        # an unset shell variable: never the default folder, whose saves a script would replace
        ap.error("--save-dir: the path is empty (leave the option out for %s)"
                 % default_save_dir())
    if args.save_dir is not None and args.no_save:
        ap.error("--save-dir and --no-save: choose one")
    if args.save_dir and os.path.exists(args.save_dir) and not os.path.isdir(args.save_dir):
        ap.error("--save-dir %s is a file: give a folder (made if missing)" % args.save_dir)
    if args.save_dir and os.path.isdir(args.save_dir):
        # the saves' layout removes and rewrites files of its names there: a folder of its own
        other = sorted(set(os.listdir(args.save_dir)) - set(SAVE_NAMES))
        if other:
            ap.error("--save-dir %s holds other files (%s%s): give the saves a folder of their "
                     "own" % (args.save_dir, ", ".join(other[:3]), "..." if len(other) > 3
                                                                     else ""))
    if args.shots:
        why = shots_problem(args.shots)
        if why:
            ap.error("--shots %s: %s" % (args.shots, why))
    return args



def shots_problem(folder):
    """Why PNGs cannot be written into folder (made if missing), or None."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        return "is a file, not a folder"
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        return "cannot write there: %s" % (e.strerror or e)
    why = write_problem(folder)
    return "cannot write there: %s" % why if why else None


def default_save_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return os.path.join(base, "sixtysix")


def make_store(args, interactive=False):
    """A file store in --save-dir (or the desktop folder when interactive), else RAM."""
    from handheld.store import open_store, RamStore
    folder = getattr(args, "save_dir", None)
    if getattr(args, "no_save", False) or (folder is None and not interactive):
        return RamStore(None)
    folder = folder or default_save_dir()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        sys.stderr.write("saves: cannot make %s: %s\n" % (folder, e))
    return open_store(root=folder)


def make_app(args, interactive=False):
    seed = args.seed
    if seed is None:  # a game played: new cards each time, as a board's code.py deals; a
        # script: the same every time
        seed = int.from_bytes(os.urandom(3), "big") + 1 if interactive else 1
        if interactive:
            print("Seed %d: a new match deals from it (--seed %d deals the same cards again)"
                  % (seed, seed))
    # built with the defaults, the command line's preset and level then set as the menu
    # would: so they are saved as settings changed (built with them, the saves took them for
    # the settings already saved, and a new player's first choice was never written)
    app = App(seed=seed, store=make_store(args, interactive))
    given = {}  # given on the command line: over the saved settings (which the App loaded)
    if args.preset:
        given["preset"] = args.preset
    if args.level:
        given["level"] = LEVELS[args.level]
    app.load_settings(given)
    return app


def run_text(args, script=None, out=sys.stdout):
    """Terminal play (or a text replay of script); returns the app."""
    app = make_app(args, script is None)
    view = TextView()
    seen = []

    def on_frame(runner):
        lines = view.update(app)
        if lines and lines[-1].startswith(": "):
            said = lines[-1][2:]
            for line in lines:  # a trick with both cards down: name them, as the screen shows
                if line.startswith("Trick: ") and "[  ]" not in line:
                    said += "   (%s)" % line
            if not seen or seen[-1] != said:  # (a frame that changed nothing said)
                seen.append(said)

    runner = Runner(Loop(app, view), on_frame)
    if script is not None:
        runner.play(script)
        runner.settle()
        out.write("\n".join(view.update(app)) + "\n")
        if app.saves is not None:
            app.saves.save_settings(app)  # the script is over: as when the simulator quits
        return app
    out.write(TEXT_HELP + "\n\n" + "\n".join(view.update(app)) + "\n")
    try:
        while True:
            try:
                line = input("keys> ")
            except (EOFError, RuntimeError):  # end of input, or no stdin at all ("lost")
                break
            if line.strip().lower() in ("q", "quit", "exit"):
                break
            del seen[:]
            try:
                runner.play(line or "B")
            except ValueError as e:
                out.write("%s\n" % e)
                continue
            runner.settle()
            for s in seen[:-1]:
                out.write("  .. %s\n" % s)
            out.write("\n".join(view.update(app)) + "\n")
    except KeyboardInterrupt:  # Ctrl-C quits as q does: the match is kept
        out.write("\n")
    if app.saves is not None:
        app.saves.save_settings(app)  # quitting: a changed match or menu setting is kept
    return app


def _size(args):
    w, h = args.size.split("x")
    return int(w), int(h)


def run_headless(args):
    """Replay args.keys with pixels; PNGs in args.shots; returns the app. Without pygame: text,
    or with --shots None (main exits 1)."""
    w, h = _size(args)
    try:
        from sim.display import make_display
        display = make_display(w, h, 1, headless=True)
    except Exception as e:  # no pygame or no display at all
        if args.shots:  # the PNGs asked for cannot be made: say so, and exit 1 (main)
            sys.stderr.write("sim: --shots: no display to draw on (%s): no PNG written; "
                             "run it with the venv's python (README)\n" % e)
            return None
        sys.stderr.write("no display (%s): text mode\n" % e)
        return run_text(args, args.keys)
    from handheld.render import Renderer
    app = make_app(args)
    view = Renderer(display)
    shots = args.shots
    count = [0]

    class ShotFailed(Exception):
        pass

    def on_frame(runner):
        count[0] += 1
        if shots:
            path = os.path.join(shots, "frame_%04d.png" % count[0])
            try:
                display.save(path)
            except OSError as e:
                raise ShotFailed("cannot write %s: %s" % (path, e.strerror or e))

    try:
        runner = Runner(Loop(app, view), on_frame)
        runner.play(args.keys)
        runner.settle()
        if app.saves is not None:
            app.saves.save_settings(app)  # the script is over: as when the simulator quits
    except ShotFailed as e:
        sys.stderr.write("sim: --shots: %s (%d PNGs written before it); stopped\n" %
                         (e, count[0] - 1))
        app.shot_failed = True
        return app
    sys.stdout.write("%d presses, %d frames, %d refreshes, %d areas, %d pixels redrawn; "
                     "screen %d, errors %d\n" % (runner.presses, count[0], display.frames,
                                                 display.areas, display.pixels, app.screen,
                                                 app.errors))
    return app


def run_window(args):
    w, h = _size(args)
    try:
        from sim.display import make_display, PygameKeys
        display = make_display(w, h, args.scale)
        keys = PygameKeys()
        import pygame
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
            # SDL found no screen (a DISPLAY set but dead, over ssh or in a container) and
            # chose a driver with no window: nothing to see and no keys to read
            pygame.quit()
            raise RuntimeError("SDL has no screen here, only its %s driver" % driver)
    except Exception as e:
        sys.stderr.write("no window (%s): text mode\n" % e)
        return run_text(args)
    import pygame
    from handheld.render import Renderer
    app = make_app(args, True)
    app.clock = _ms
    loop = Loop(app, Renderer(display), keys, _ms, idle=pygame.time.wait)
    print("Sixty-Six simulator. Keys: " + "arrows, Z = A, X = B, Enter = START, "
          "Space = SELECT, Esc = quit")
    try:
        loop.run()
    except KeyboardInterrupt:  # Ctrl-C in the terminal closes the window as Esc does
        pass
    if app.saves is not None:
        app.saves.save_settings(app)  # the window closes: a changed match or setting is kept
    pygame.quit()
    return app


def _ms():
    return time.monotonic_ns() // 1000000


def main(argv=None):
    """Exit status: 1 if a scripted run counted app errors or could not write a shot."""
    args = parse(argv)
    if args.headless and not args.text and not args.keys and not args.shots:
        sys.stderr.write("python -m sim: error: --headless needs --keys (what to press, e.g. "
                         "--keys \"B.BRB\") or --shots DIR (a PNG of the title); with neither "
                         "it would do nothing\n")
        return 2
    if args.text and not args.keys:
        app = run_text(args)
    elif args.headless or args.text:  # --text --keys: the script replayed in text
        app = run_headless(args) if not args.text else run_text(args, args.keys)
        if app is None or getattr(app, "shot_failed", False):
            return 1
        if app.errors:
            sys.stderr.write("sim: the app counted %d error%s (its error screen showed them)\n"
                             % (app.errors, "" if app.errors == 1 else "s"))
            return 1
        return 0
    else:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
                and sys.platform.startswith("linux"):
            sys.stderr.write("no display: text mode\n")
            run_text(args)
        else:
            run_window(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
