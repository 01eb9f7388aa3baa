"""A hint that is no card on a VM: the cursor goes to the "more" chip, B opens the choices with
the hinted one selected, B again does it (handheld.coachui, handheld.turn).

    circuitpython tests/vm/mp_hint_chip_check.py          (also MicroPython, CPython)

Drives the app (the text view, the fixed computer of sim.screens from tests/support/vmstub.py)
asking a hint at each of the player's leads where closing is allowed, until one says close; prints
`OK close at hand <n> trick <k>`, or exits 1 saying what failed.
"""
import sys

for _p in ("lib", ".", "tests/support"):
    if _p not in sys.path:
        sys.path.append(_p)

from engine.cards import CLOSE  # noqa: E402
from handheld.app import App  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.textview import TextView  # noqa: E402
from handheld.buttons import DOWN, B  # noqa: E402
from handheld import screen as S  # noqa: E402

from vmstub import stub  # noqa: E402  (the fixed computer of sim.screens)


app = App(seed=3, choose=stub)
loop = Loop(app, TextView())
now = 0


def settle():
    global now
    n = 0
    while not app.waiting() and n < 5000:
        now += 20
        loop.step(now)
        n += 1


def tap(k):
    global now
    settle()
    app.press(k, now)
    now += 40
    loop.step(now)
    app.release(k, now)
    loop.step(now)
    settle()


def fail(why):
    print("FAILED: %s (screen %d, error %s)" % (why, app.screen, app.error))
    sys.exit(1)


tap(B)
t = app.table
for _ in range(2000):
    h = app.match.hand
    if app.screen == S.TABLE and t.phase == S.HUMAN and t.hint_card == CLOSE:
        break
    if (app.screen == S.TABLE and t.phase == S.HUMAN and t.panel is None and t.hint_card < 0
            and h.trick_card < 0 and CLOSE in h.legal_actions()):
        tap(DOWN)
    else:
        tap(B)
else:
    fail("no close hint in 2000 presses")
h = app.match.hand
if not app.prompt.startswith("Close") or t.cursor != len(t.hand_cards):
    fail("a close hint: prompt %r, cursor %d of %d" % (app.prompt, t.cursor, len(t.hand_cards)))
tap(B)
if t.panel is None or t.panel[1][t.panel_sel][1] != CLOSE:
    fail("the choices did not open with close selected: %r" % (t.panel,))
tap(B)
if h.closed_by != 0 or app.errors:
    fail("B on close did not close (closed_by %d, errors %d)" % (h.closed_by, app.errors))
print("OK close at hand %d trick %d" % (app.match.hand_no, h.trick_no))
