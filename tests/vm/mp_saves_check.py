"""The app's save/restore path on the MicroPython VM and CircuitPython's unix build: play,
pause, power off, resume, compare; a cut costs at most the hand in progress.

Prints "check NAME" for every check that holds (tests/test_app_saves.py compares the names
with its own list), then "SAVES writes=<n> heap=<bytes>"; a failed check raises (exit 1).
    MICROPYPATH=lib:tests/support micropython -X heapsize=192k tests/vm/mp_saves_check.py
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
from handheld.persist import IDLE_MS  # noqa: E402
from handheld.store import NvmStore  # noqa: E402

from vmstub import stub  # noqa: E402  (the fixed computer of sim.screens)


class Clock:
    now = 0


def boot(nvm):
    """Power on: the app before is gone (a board restarts), a new one loads the saves."""
    global app
    app = None
    gc.collect()
    return App(seed=5, choose=stub, store=NvmStore(nvm))


def settle(app):
    for _ in range(3000):
        if app.waiting():
            break
        Clock.now += 20
        app.tick(Clock.now)


def tap(app, k):
    settle(app)
    app.press(k, Clock.now)
    Clock.now += 60
    app.tick(Clock.now)
    app.release(k, Clock.now)
    app.tick(Clock.now)


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("check " + what)


def stored_match():
    """hand_no and history of the match in nvm, read from the bytes by the layout of
    handheld.savedata (not by the game's own loader, which leaves the heap after power-up)."""
    data = NvmStore(nvm).load()
    at = 1
    for _ in range(2):  # past the settings and the statistics
        at += 2 + ((data[at] << 8) | data[at + 1])
    m = data[at + 2:]  # version, level, dealer, scores, carry, seed (4), hand_no (2), preset
    at = 13 + m[12]  # the history's count
    return {"hand_no": (m[10] << 8) | m[11], "history": list(m[at + 1:at + 1 + m[at]])}


app = None
app = boot(nvm)
check(app.screen == S.TITLE, "title first")
tap(app, B)
while not (app.screen == S.TABLE and app.match.hand.trick_no >= 3):
    tap(app, B)
check(NvmStore(nvm).load() is None, "tricks alone write nothing")
Clock.now += IDLE_MS
app.tick(Clock.now)  # the player pauses: the match is written
m = app.match
want = m.state()
saved = stored_match()["history"]
writes = app.saves.writes
check(writes == 1, "one write for the pause")
app = None  # power off
gc.collect()
app = boot(nvm)
check(app.screen == S.RESUME, "resume offered")
tap(app, B)
m = app.match
check(app.screen == S.TABLE and app.errors == 0, "continued")
got = m.state()
for k in ("seed", "hand_no", "dealer", "scores", "preset"):
    check(got[k] == want[k], "restored " + k)
check(len(saved) >= 6 and want["history"][:len(saved)] == saved == got["history"][:len(saved)],
      "restored history up to the last trick")
# play to the end of this hand, then two tricks into the next, and cut the power
settle(app)
while app.screen != S.RESULT:
    tap(app, B)
    settle(app)
ended = app.match.hand_no
check(stored_match()["hand_no"] == ended, "the hand's end is written")
tap(app, B)
while not (app.screen == S.TABLE and app.match.hand.trick_no >= 2):
    tap(app, B)
hands = app.saves.stats["levels"][1]["hands"]
app = boot(nvm)  # power cut mid-hand, no pause
check(app.screen == S.RESUME and app.saves.stats["levels"][1]["hands"] == hands == ended + 1,
      "a cut mid-hand costs that hand only, each finished hand counted once")
tap(app, A)
tap(app, B)  # New match: play it out
while app.screen != S.MATCH_END:
    tap(app, B)
m = app.match
stats = app.saves.stats["levels"][app.level]
check(stats["matches"] == 1 and stats["hands"] == hands + m.hand_no + 1,
      "statistics count every hand once")
app = boot(nvm)
check(app.screen == S.TITLE and app.saves.stats["levels"][1] == stats, "statistics kept")
# a damaged record: a notice, then the title
nvm[14] ^= 0x55
nvm[4096 + 14] ^= 0x55
app = boot(nvm)
check(app.screen == S.NOTICE and app.top.lines[2] == "Old save damaged:", "damaged notice")
tap(app, A)
check(app.screen == S.TITLE and app.errors == 0, "then the title")
# a match record of an older game (versions 1 and 2: hands dealt by mix's step alone) gives the
# seed whose mix deals its hand again: the conversion's long ints on this VM, seeds past 2**30
app = None
gc.collect()
from engine.rng import mix  # noqa: E402
from handheld import savedata, saveload  # noqa: E402
same = 0
for seed, hand_no in ((5, 0), (123456789, 3), (2 ** 30 + 7, 41), (2 ** 32 - 1, 999)):
    d = {"preset": "sixty-six", "level": 1, "seed": seed, "hand_no": hand_no, "dealer": 0,
         "scores": [0, 0], "carry": 0, "history": [], "options": {}}
    data = savedata.encode_match(d)
    step = (seed * 2654435761 + (hand_no + 1) * 40503 + 0x9E37) % 2147483647 or 1
    for old in (b"\x02" + data[1:], b"\x01" + data[1:-1]):
        same += mix(saveload.decode_match(old)["seed"], hand_no + 1) == step
check(same == 8, "an older game's save deals its hand again")
gc.collect()
print("SAVES writes=%d heap=%d" % (writes, gc.mem_alloc()))
