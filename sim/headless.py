"""Headless runs: a key script replayed on simulated time, frames saved as they change.

Script letters (one press each): L R U D arrows, A, B, S = START, E = SELECT, H = hold B
(the menu), `.` = let 500 ms of game time pass. Before each key the game time runs on until the
app waits for the player, so the computer's turns and pauses never wait on the wall clock.
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT

KEYS = {"L": LEFT, "R": RIGHT, "U": UP, "D": DOWN, "A": A, "B": B, "S": START, "E": SELECT}
KEY_LETTERS = "L R U D A B S E H and . (case does not matter)"
STEP_MS = 20  # game time between two turns of the loop
TAP_MS = 60  # how long a scripted key stays down
HOLD_MS = 700
SETTLE_MS = 60000  # give up waiting for the app after this much game time


class Runner:
    """Drives a `Loop` (no key source) with a clock it owns."""

    def __init__(self, loop, on_frame=None, now=0):
        self.loop = loop
        self.app = loop.app
        self.now = now
        self.on_frame = on_frame  # called after each turn of the loop that drew something
        self.presses = 0
        self.frames = 0
        self.loop.step(now)
        self._frame()

    def _frame(self):
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)

    def step(self, ms=STEP_MS):
        self.now += ms
        if self.loop.step(self.now):
            self._frame()

    def advance(self, ms):
        end = self.now + ms
        while self.now < end:
            self.step(min(STEP_MS, end - self.now))

    def settle(self, limit=SETTLE_MS):
        """Run game time until the app waits for a key; True if it does."""
        end = self.now + limit
        while not self.app.waiting():
            if self.now >= end:
                return False
            self.step()
        return True

    def tap(self, button, hold=TAP_MS):
        self.settle()
        self.presses += 1
        self.app.press(button, self.now)
        self.step(0)
        held = 0
        while held < hold:
            self.step(min(STEP_MS, hold - held))
            held += STEP_MS
        self.app.release(button, self.now)
        self.step(0)

    def play(self, script):
        """Replay a key script (see the module docstring); ValueError, before any press, if
        it holds a letter that is not a key."""
        bad = unknown_keys(script)
        if bad:
            raise ValueError("unknown key%s %s in %r: use %s" % (
                "s" if len(bad) > 1 else "", " ".join(repr(c) for c in bad), script, KEY_LETTERS))
        for ch in script.upper():
            if ch == ".":
                self.advance(500)
            elif ch == "H":
                self.tap(B, HOLD_MS)
            elif ch in KEYS:
                self.tap(KEYS[ch])


def unknown_keys(script):
    """The characters of a key script that are not keys, in order, each once."""
    out = []
    for ch in script:
        up = ch.upper()
        if (len(up) != 1 or (up not in KEYS and up not in ".H")) and ch not in out:
            out.append(ch)  # "ß".upper() is "SS": not a key
    return out


def make_app(preset="sixty-six", level=1, seed=1, **kw):
    from handheld.app import App
    return App(seed=seed, preset_name=preset, level=level, **kw)


def play_by_presses(app, view, seed=1, limit=3000):
    """(runner, presses): a match from the title to its result by presses only (mostly B,
    some A and RIGHT on the table, B elsewhere), at most `limit` of them."""
    from handheld.screen import TITLE, TABLE, MATCH_END
    from handheld.loop import Loop
    from engine.rng import Rng
    r = Runner(Loop(app, view))
    rng = Rng(seed)
    keys = (B, B, B, A, RIGHT)
    if app.screen != TITLE:
        raise AssertionError("the app did not start on its title")
    r.tap(B)
    presses = 0
    while app.screen != MATCH_END and presses < limit:
        r.settle()  # the key is chosen for the screen it lands on (A on a result: its choices)
        r.tap(keys[rng.below(5)] if app.screen == TABLE else B)
        presses += 1
    return r, presses
