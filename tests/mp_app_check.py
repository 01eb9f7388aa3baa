"""The app state machine on the MicroPython VM with a fake display (the text renderer).

Plays a match of each preset by button presses (B to play, with random other keys mixed in)
on simulated time, then prints heap figures (bytes, after gc.collect):
    HEAP base=<before imports> imports=<+modules> app=<+app and match> peak=<live peak>
         engine=<the engine and computer player's share of imports>
    DONE hands=<n> matches=<n> errors=<n> presses=<n> frames=<n>
Run: micropython -X heapsize=<cap> tests/mp_app_check.py (from the project root).
"""
import gc
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)

gc.collect()
BASE = gc.mem_alloc()
import engine.match  # noqa: E402,F401  (the engine and the computer player first,
import engine.ai  # noqa: E402,F401  so the app's own modules are counted apart)
gc.collect()
ENGINE = gc.mem_alloc()
from handheld.app import App  # noqa: E402
from handheld.screen import TABLE, MATCH_END  # noqa: E402
from handheld.textview import TextView  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT  # noqa: E402
from engine.rng import Rng  # noqa: E402

gc.collect()
IMPORTS = gc.mem_alloc()

KEYS = (B, B, B, B, B, B, A, A, LEFT, RIGHT, UP, DOWN, START, SELECT)
app = App(seed=11, level=0)
view = TextView()
loop = Loop(app, view)
gc.collect()
BUILT = gc.mem_alloc()

now = 0
peak = BUILT
presses = 0
rng = Rng(5)


def step(ms=20):
    global now
    now += ms
    loop.step(now)


def settle():
    n = 0
    while not app.waiting() and n < 5000:
        step()
        n += 1


def tap(k):
    global presses
    settle()
    presses += 1
    app.press(k, now)
    step(40)
    app.release(k, now)
    step(0)


step(0)
for k in (START, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, B, A, A, B, START):  # menu, help pages
    tap(k)
if app.screen != 0:
    print("MENU TRIP left screen", app.screen)
for preset in range(3):
    app.preset_index = preset
    done = app.matches_done
    tap(B)  # title or match end: a new match
    n = 0
    while app.matches_done == done and n < 3000:
        if app.screen == 4:  # the menu: back to the game
            tap(START)
        elif app.screen == 5:  # rules help: back to the menu
            tap(B)
        else:
            tap(KEYS[rng.below(len(KEYS))] if app.screen == TABLE else B)
        n += 1
        if n % 40 == 0:
            gc.collect()
            m = gc.mem_alloc()
            if m > peak:
                peak = m
    if app.screen != MATCH_END:
        print("STUCK preset", preset, "screen", app.screen, "error", app.error)

# the input loop allocates nothing while the player thinks: 1000 idle turns of the loop
app.new_match(3)
settle()
while app.screen == TABLE and not (app.table.phase == 1 and app.table.panel is None):
    tap(B)
    settle()
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(1000):
    step(10)
idle = gc.mem_alloc() - before
gc.enable()
print("IDLE alloc=%d screen=%d" % (idle, app.screen))

gc.collect()
print("HEAP base=%d imports=%d app=%d peak=%d engine=%d" % (
    BASE, IMPORTS - BASE, BUILT - IMPORTS, peak - BASE, ENGINE - BASE))
print("DONE hands=%d matches=%d errors=%d presses=%d frames=%d" % (
    app.hands_done, app.matches_done, app.errors, presses, view.frames))
