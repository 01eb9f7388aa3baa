"""The save code's live heap after power-up, as the app holds it between hands.

    MICROPYPATH=lib:tests/support micropython tests/vm/mp_saves_heap.py [DIR]
Imports what the app imports anyway (engine.match, engine.rules, engine.score), then opens a
store as code.py does on a PyGamer (nvm: a bytearray made first, as a board's nvm is not on
the heap; the drive copy in DIR/saves, else nvm alone), starts handheld.persist.Saves on it
with a stand-in app, writes one hand's end, and prints (bytes after gc.collect):
    SAVECODE start=<the save code live after start> hand=<after a hand's write> kind=<store>
    MODULES <the handheld modules loaded, space-separated>
"""
import gc
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)

nvm = bytearray(b"\xff" * 8192)
DIR = sys.argv[1] if len(sys.argv) > 1 else None
import engine.match  # noqa: E402,F401
import engine.rules  # noqa: E402,F401
import engine.score  # noqa: E402,F401


class Hand:
    closed_by = None
    reason = 0
    game_points = 1


class Match:
    over = False
    hand = Hand()
    results = [(0, 2, 0)]
    scores = [0, 0]
    carry = 0

    def state(self):
        return {"preset": "sixty-six", "seed": 7, "hand_no": 0, "dealer": 0, "scores": [0, 0],
                "carry": 0, "history": [1, 2, 3, 4, 5, 6], "options": {}}


class Table:
    hinted = False


class App:
    level = 1
    now = 0
    table = Table()
    match = None

    def settings(self):
        return {"preset": 0, "level": 1, "show_points": True, "auto_marriage": False,
                "sound": True, "lights": True, "last_trick": False}

    def load_settings(self, d):
        pass


app = App()
if DIR:
    import os
    for name in ("/saves/state.bin", "/saves/probe.tmp"):
        try:
            os.remove(DIR + name)
        except OSError:
            pass
gc.collect()
before = gc.mem_alloc()
from handheld import store  # noqa: E402
from handheld.persist import Saves  # noqa: E402
saves = Saves(store.open_store(nvm=nvm, root=DIR + "/saves" if DIR else None, unit=None))
saves.start(app)
gc.collect()
start = gc.mem_alloc() - before
app.match = Match()
saves.begin_hand(app.match)
saves.after_action(app, True)
gc.collect()
hand = gc.mem_alloc() - before
print("SAVECODE start=%d hand=%d kind=%s writes=%d" % (start, hand, saves.store.kind,
                                                      saves.writes))
print("MODULES " + " ".join(sorted(k for k in sys.modules if k.startswith("handheld"))))
