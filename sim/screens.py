"""Every screen of the app, reached by key presses only, for docs/ and the snapshot tests.

    python -m sim.screens docs/screens          PNGs at 160x128 (x3) and a few larger sizes
    python -m sim.screens DIR --scale 1 --stub  native size, fixed computer (as the tests do)

A scenario is a key policy (which key to press whenever the app waits) and a condition; the
first frame drawn while the condition holds is the shot.
"""
import os
import sys

from handheld import screen as A
from handheld.app import App
from handheld.loop import Loop
from handheld.buttons import UP, DOWN, A as KEY_A, B, SELECT
from engine.cards import CLOSE
from sim.headless import Runner


def stub_choose(view, level=1, seed=0):
    """A fixed computer player (draws, else the lowest legal card): snapshots stay put."""
    legal = view.legal
    if 30 in legal:
        return 30
    for a in legal:
        if a < 24:
            return a
    return legal[0]


def _human(app):
    return app.screen == A.TABLE and app.table.phase == A.HUMAN


def _panel_title(app):
    return app.table.panel[0] if app.table.panel is not None else ""


def play_key(app):
    """The plain policy: B everywhere (play the selected card, draw, next hand, new match)."""
    return B


def closer_key(app):
    """Close the stock when offered after a won trick."""
    if _panel_title(app) == "You won the trick" and app.table.panel_sel == 0:
        return KEY_A
    return B


def more_key(app):
    """Open the lead choices whenever there are some."""
    if _human(app) and app.table.panel is None and app.table.has_more:
        return UP
    return B


def strict(app):
    if not _human(app):
        return False
    h = app.match.hand
    return (app.table.panel is None and h.trick_card >= 0 and h.strict and h.closed_by < 0 and
            app.table.playable != h.hand_mask(0))  # the stock used up (a close is "closed")


def marriage(app):
    if not _human(app):
        return False
    h = app.match.hand
    return app.table.panel is None and (h.marriages[0] or h.marriages[1])


def closed(app):
    if not _human(app):
        return False
    h = app.match.hand
    return app.table.panel is None and h.closed_by >= 0 and h.trick_card >= 0


def _mid_hand(app):
    return (_human(app) and app.table.panel is None and app.match.hand.trick_no >= 2 and
            app.match.hand.trick_card < 0)


def hint_key(app):
    """Ask for a hint on the player's lead from the third trick on."""
    return DOWN if _mid_hand(app) else B


def close_hint_key(app):
    """Ask for a hint at each lead where closing is allowed (the hint's chip then shows)."""
    if _human(app) and app.table.panel is None and app.table.hint_card < 0 and \
            app.match.hand.trick_card < 0 and CLOSE in app.match.hand.legal_actions():
        return DOWN
    return B


def last_key(app):
    """Look at the last trick from the third trick on (the setting is on: make_app)."""
    return SELECT if _mid_hand(app) and app.table.peek is None else B


def _choose(app, i):
    """On a hand's result, its choice i (0 the next hand, 1 the review, 2 the same deal)."""
    if app.screen == A.RESULT:
        return KEY_A if app.top.choice != i else B
    return None


def review_key(app):
    """Open the review from the first hand's result, then scroll it."""
    if app.screen == A.REVIEW:
        return DOWN
    return _choose(app, 1) or B


def duplicate_key(app):
    """Replay the first hand's deal from the CPU's seat."""
    return _choose(app, 2) or B


def _review(app, done):
    return (app.screen == A.REVIEW and (app.top.items is not None) == done and
            (not done or app.top.at >= 3))


# name: (policy, condition, keys to press first)
SCENARIOS = (
    ("title", play_key, lambda app: app.screen == A.TITLE, ""),
    ("table", play_key, lambda app: _human(app) and app.table.panel is None and
     app.match.hand.trick_no > 1, "B"),
    ("thinking", play_key, lambda app: app.table.phase == A.THINK, "B"),
    ("trick", play_key, lambda app: app.table.phase == A.PAUSE and app.table.trick[0] >= 0 and
     app.table.trick[1] >= 0, "B"),
    ("after_trick", play_key, lambda app: _panel_title(app) == "You won the trick", "B"),
    ("lead_choices", more_key, lambda app: _panel_title(app) == "Your lead", "B"),
    ("marriage", play_key, marriage, "B"),
    ("closed", closer_key, closed, "B"),
    ("strict", play_key, strict, "B"),
    ("hand_result", play_key, lambda app: app.screen == A.RESULT, "B"),
    ("match_result", play_key, lambda app: app.screen == A.MATCH_END, "B"),
    ("menu", play_key, None, "BS"),
    ("rules_help", play_key, None, "BS" + "D" * 7 + "B"),
    ("error", play_key, None, "B"),
    ("menu_end", play_key, None, "BS" + "D" * 11),
    ("hint", hint_key, lambda app: _human(app) and 0 <= app.table.hint_card < 24, "B"),
    ("hint_close", close_hint_key, lambda app: _human(app) and app.table.hint_card == CLOSE,
     "B"),
    ("last_trick", last_key, lambda app: app.screen == A.TABLE and app.table.peek is not None,
     "B"),
    ("reviewing", review_key, lambda app: _review(app, False), "B"),
    ("review", review_key, lambda app: _review(app, True), "B"),
    ("duplicate", duplicate_key, lambda app: app.screen == A.DUPLICATE, "B"),
    ("resume", play_key, None, ""),
    ("statistics", play_key, None, "S" + "D" * 7 + "B"),
    ("notice", play_key, None, ""),
    ("notice_damaged", play_key, None, ""),
)
SAVED = ("resume", "statistics", "notice", "notice_damaged")  # need a store made first
LARGER = ("table", "hand_result", "hint", "last_trick", "review")  # also at 240x135, 240x240
NAMES = tuple([s[0] for s in SCENARIOS])


def shoot(name, view, app, save, limit=4000):
    """Drive app to the scenario `name`, calling save() on the first frame that shows it."""
    policy, cond, keys = None, None, ""
    for n, p, c, k in SCENARIOS:
        if n == name:
            policy, cond, keys = p, c, k
    done = [False]

    def on_frame(runner):
        if not done[0] and cond is not None and cond(app):
            done[0] = True
            save()

    runner = Runner(Loop(app, view), on_frame)
    runner.play(keys)
    if cond is None:
        if name == "error":
            app.fail(RuntimeError("demo: the computer chose an action the rules refuse"))
        runner.step()
        runner.settle()
        save()
        return True
    presses = 0
    while not done[0] and presses < limit:
        runner.settle()
        if done[0]:
            break
        runner.tap(policy(app))
        presses += 1
    return done[0]


def _played(nvm, seed, choose, done):
    """Play on an app over nvm (a power-on) until done(app); saves land in nvm."""
    from handheld.store import NvmStore
    from handheld.textview import TextView
    app = App(seed=seed, choose=choose, store=NvmStore(nvm))
    runner = Runner(Loop(app, TextView()))
    runner.tap(B)
    while not done(app):
        runner.settle()
        runner.tap(closer_key(app))
    app.saves.flush(app)  # as a pause or the menu would: the trick is written


def make_app(name, seed=3, choose=None):
    """The app for a scenario: for SAVED ones, after the play and power-off they need."""
    from handheld import store as stores
    if name == "last_trick":
        app = App(seed=seed, choose=choose)
        app.load_settings({"last_trick": True})
        return app
    if name not in SAVED:
        return App(seed=seed, choose=choose)
    nvm = bytearray(8192)
    if name == "resume":
        _played(nvm, seed, choose, lambda app: app.match.hand_no == 1 and
                app.match.hand.trick_no >= 3 and app.table.phase == A.HUMAN)
    elif name == "statistics":
        for i in range(3):
            _played(nvm, seed + i, choose, lambda app: app.screen == A.MATCH_END)
    elif name == "notice":
        return App(seed=seed, choose=choose, store=stores.RamStore(stores.NOTICE_READ_ONLY))
    else:
        stores.NvmStore(nvm).save(b"\x01" * 30)
        nvm[20] ^= 0x55  # the record's only copy, damaged
    return App(seed=seed, choose=choose, store=stores.NvmStore(nvm))


def capture(name, out_dir, width=160, height=128, scale=1, stub=True, seed=3, prefix=""):
    """Save the PNG of one scenario; returns its path (None if never reached)."""
    from sim.display import make_display
    from handheld.render import Renderer
    display = make_display(width, height, 1, headless=True)
    app = make_app(name, seed, stub_choose if stub else None)
    view = Renderer(display)
    path = os.path.join(out_dir, "%s%s.png" % (prefix, name))
    ok = shoot(name, view, app, lambda: display.save(path, scale))
    return path if ok else None


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m sim.screens")
    ap.add_argument("out")
    ap.add_argument("--scale", type=int, default=3)
    ap.add_argument("--stub", action="store_true", help="the fixed computer player")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--size", default=None, help="only this size, e.g. 240x135 (prefixed names)")
    ap.add_argument("--only", default=None, help="comma-separated scenario names")
    args = ap.parse_args(argv)
    if args.scale < 1:
        ap.error("--scale must be 1 or more, not %d" % args.scale)
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        ap.error("cannot make %s: %s" % (args.out, e.strerror or e))
    names = args.only.split(",") if args.only else NAMES
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        ap.error("--only: no scenario %s; choose from %s" % (", ".join(unknown),
                                                             ", ".join(NAMES)))
    if args.size:
        try:
            w, h = [int(v) for v in args.size.split("x")]
        except ValueError:
            w = h = 0
        if (w, h) not in ((160, 128), (240, 135), (240, 240)):
            ap.error("--size %s: choose 160x128, 240x135 or 240x240" % args.size)
        sizes = ((w, h),)
    else:
        sizes = ((160, 128), (240, 135), (240, 240))
    missed = 0
    for w, h in sizes:
        small = (w, h) == (160, 128)
        for name in (names if small or args.only else LARGER):
            try:
                p = capture(name, args.out, w, h,
                            args.scale if small else max(1, args.scale - 1),
                            args.stub, args.seed, "" if small else "%dx%d_" % (w, h))
            except OSError as e:
                sys.stderr.write("sim.screens: cannot write %s in %s: %s\n" % (
                    name, args.out, e.strerror or e))
                return 1
            print(w, h, name, p or "NOT REACHED")
            missed += p is None
    if missed:
        sys.stderr.write("sim.screens: %d scenario(s) never reached\n" % missed)
    return 1 if missed else 0


if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for _p in (root, os.path.join(root, "lib")):
        if _p not in sys.path:
            sys.path.insert(0, _p)
    sys.exit(main())
