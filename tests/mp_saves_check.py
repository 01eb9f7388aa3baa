"""The app's save/restore path on the MicroPython VM: play, power off, resume, compare.

Prints "SAVES ok=<n> writes=<n> heap=<bytes>" or raises (exit code 1). Run from the root:
    MICROPYPATH=lib:tests micropython -X heapsize=192k tests/mp_saves_check.py
"""
import gc
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)

nvm = bytearray(8192)  # first: on a board the NVM is not on the heap
from handheld import screen as S  # noqa: E402
from handheld.app import App  # noqa: E402
from handheld.buttons import A, B  # noqa: E402
from handheld.store import NvmStore  # noqa: E402


def stub(view, level=1, seed=0):
    """The fixed computer of sim.screens: draws, else its lowest legal card."""
    if 30 in view.legal:
        return 30
    for a in view.legal:
        if a < 24:
            return a
    return view.legal[0]


class Clock:
    now = 0


def boot(nvm):
    return App(seed=5, choose=stub, store=NvmStore(nvm))


def tap(app, k):
    for _ in range(3000):
        if app.waiting():
            break
        Clock.now += 20
        app.tick(Clock.now)
    app.press(k, Clock.now)
    Clock.now += 60
    app.tick(Clock.now)
    app.release(k, Clock.now)
    app.tick(Clock.now)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


app = boot(nvm)
check(app.screen == S.TITLE, "title first")
tap(app, B)
while not (app.screen == S.TABLE and app.match.hand.trick_no >= 3):
    tap(app, B)
m = app.match
want = (m.state(), m.hand.to_move, list(m.scores))
writes = app.saves.writes
app = None  # power off
gc.collect()
app = boot(nvm)
check(app.screen == S.RESUME, "resume offered")
tap(app, B)
m = app.match
check(app.screen == S.TABLE and app.errors == 0, "continued")
got = m.state()
saved = app.saves.match_payload(app)
check(saved == NvmStore(nvm).load("match"), "the state that was saved last")
h = got["history"]
check(want[0]["history"][:len(h)] == h and len(h) >= 6, "the hand's history up to the last trick")
for k in ("seed", "hand_no", "dealer", "scores", "preset"):
    check(got[k] == want[0][k], k)
n = 3
# play the match out; its statistics are saved at each hand's end
while app.screen != S.MATCH_END:
    tap(app, B)
stats = app.saves.stats["levels"][app.level]
check(stats["matches"] == 1 and stats["hands"] >= 1, "statistics counted")
app = boot(nvm)
check(app.screen == S.TITLE and app.saves.stats["levels"][1] == stats, "statistics kept")
n += 2
# a damaged record: a notice, then the title
nvm[NvmStore(nvm).address("stats", 0) + 14] ^= 0x55
nvm[NvmStore(nvm).address("stats", 1) + 14] ^= 0x55
app = boot(nvm)
check(app.screen == S.NOTICE and app.top.lines[2] == "Old save damaged:", "damaged notice")
tap(app, A)
check(app.screen == S.TITLE and app.errors == 0, "then the title")
n += 2
gc.collect()
print("SAVES ok=%d writes=%d heap=%d" % (n, writes, gc.mem_alloc()))
