"""The rarely shown screens leave the heap when they close, and open again, on a VM.

    circuitpython tests/vm/mp_unload_check.py          (also MicroPython, CPython)

Drives the app (EASY, the text view) by key presses: the rules help, the statistics, the menu,
a hand's result, a hint and a hand's review, each opened several times; after each closes its
modules must be gone from sys.modules (the menu's, the result's and the statistics' only when
precompiled: from .py they stay, see handheld.menu), and each opening must show the same lines
as the first. Prints `UNLOAD <what> gone|kept (.py)` lines, then `OK`; exits 1 on the first
failure, saying which.
"""
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)

from handheld.app import App  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.textview import TextView  # noqa: E402
from handheld.buttons import DOWN, B, START  # noqa: E402
from handheld import screen as S  # noqa: E402

app = App(seed=5, level=0)
loop = Loop(app, TextView())
now = 0


def step(ms=20):
    global now
    now += ms
    loop.step(now)


def settle():
    n = 0
    while not app.waiting() and n < 5000:
        step()
        n += 1


def tap(k, times=1):
    for _ in range(times):
        settle()
        app.press(k, now)
        step(40)
        app.release(k, now)
        step(0)
    settle()


def fail(why):
    print("FAILED: %s (screen %d, error %s)" % (why, app.screen, app.error))
    sys.exit(1)


def expect(cond, why):
    if not cond:
        fail(why)


def gone(names, what):
    left = [n for n in names if n in sys.modules]
    expect(not left, "%s: still loaded: %s" % (what, left))
    print("UNLOAD %s gone" % what)


FILES = {}  # module: its file, seen while it was loaded


def seen(name):
    FILES[name] = sys.modules[name].__file__


def gone_if_precompiled(name, what):
    """Unloaded when loaded from .mpy; from .py it stays."""
    if FILES[name].endswith(".mpy"):
        gone([name], what)
    else:
        expect(name in sys.modules, "%s compiled from .py: unloaded" % what)
        print("UNLOAD %s kept (.py)" % what)


step(0)
tap(START)
expect(app.screen == S.MENU, "the menu did not open")
seen("handheld.menu")
tap(DOWN, 6)  # "Rules help"
first = None
for _ in range(3):
    tap(B)
    expect(app.screen == S.HELP, "the rules help did not open")
    tap(DOWN)  # the second page
    if first is None:
        first = list(app.top.lines)
    expect(list(app.top.lines) == first, "the rules help's second page changed")
    tap(B)
    expect(app.screen == S.MENU, "the rules help did not close")
    gone(["handheld.help", "handheld.helptext"], "rules help")
tap(DOWN)  # "Statistics"
first = None
for _ in range(3):
    tap(B)
    expect(app.screen == S.STATS, "the statistics did not open")
    seen("handheld.stats")
    if first is None:
        first = list(app.top.lines)
    expect(list(app.top.lines) == first, "the statistics changed")
    tap(B)
    expect(app.screen == S.MENU, "the statistics did not close")
    gone(["handheld.stats"], "statistics")
for _ in range(3):
    tap(START)
    expect(app.screen == S.TITLE, "the menu did not close")
    gone_if_precompiled("handheld.menu", "menu")
    tap(START)
    expect(app.screen == S.MENU, "the menu did not open again")
tap(START)

tap(B)  # a new match
hints = 0
reviews = None
n = 0
while app.hands_done < 3 and n < 3000:
    n += 1
    if app.screen == S.TABLE:
        t = app.table
        if hints < app.hands_done + 1 and t.phase == S.HUMAN and t.panel is None:
            tap(DOWN)  # a hint
            expect(t.hinted and app.prompt, "no hint shown")
            gone(["handheld.coachui", "engine.coach"], "hint")
            hints += 1
        tap(B)
    elif app.screen == S.RESULT:
        seen("handheld.result")
        if FILES["handheld.result"].endswith(".mpy"):  # its words: gone once the page was made
            gone(["handheld.resulttext"], "result's words")
        if reviews is None:
            for _ in range(2):
                tap(DOWN)  # "Review this hand"
                tap(B)
                expect(app.screen == S.REVIEW, "the review did not open")
                if reviews is None:
                    reviews = list(app.top.items)
                expect(list(app.top.items) == reviews, "the review changed")
                tap(B)
                expect(app.screen == S.RESULT, "the review did not close")
                gone(["handheld.review", "engine.coach.review", "engine.coach"], "review")
        tap(B)  # the next hand
        expect(app.screen == S.TABLE, "no next hand")
        gone_if_precompiled("handheld.result", "result")
    else:
        tap(B)
expect(app.hands_done >= 3 and hints >= 3 and app.errors == 0,
       "hands %d hints %d errors %d" % (app.hands_done, hints, app.errors))
print("OK hands=%d hints=%d" % (app.hands_done, hints))
