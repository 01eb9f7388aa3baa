"""The resume offer: a match was saved, Continue or New match (26 x 10 lines), and continuing
it. Imported for the offer at power-on (handheld.savepages' first screen) and unloaded when it
closes (MODULES): a module of its own, so that only its code is in the heap while the screen
is built and the offer shows (python -m sim.bench board, resumed from .py: 115 KB, where 116
with the offer in handheld.savepages).
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B
from handheld.screen import Screen, RESUME
from handheld import words

MODULES = ("handheld.resume",)


class Resume(Screen):
    """A match was saved: Continue or New match."""

    kind = RESUME
    transient = MODULES

    def __init__(self, app):
        self.app = app
        self.choice = 0

    def show(self):
        name, n, trick, over, line = self.app.saves.resumable[1]
        name = words.PRESET_TITLES.get(name, name)
        if over:
            hand = "Hand %d, over" % (n + 1)
        else:
            hand = "Hand %d, trick %d" % (n + 1, trick + 1)
        c = self.choice  # (the level: the settings', as Continue plays it)
        self.page(["Match in progress", "",
                   "%s, %s" % (name, words.LEVEL_WORDS[self.app.level]),
                   line, hand, "",
                   ("> " if c == 0 else "  ") + "Continue",
                   ("> " if c == 1 else "  ") + "New match", "",
                   "A:next  B:choose"], 6 + c)

    def key(self, k):
        if k == UP or k == DOWN or k == A or k == LEFT or k == RIGHT:
            self.choice = 1 - self.choice
            self.show()
        elif k == B:
            if self.choice == 0:
                resume(self.app)
            else:
                self.app.new_match()
        else:
            return Screen.key(self, k)  # the menu, or a cue
        return None


def resume(app):
    """Continue the saved match in app (its table, or its result if saved at the hand's
    end); the saves count its hand from the scores it was saved with."""
    saves = app.saves
    d = saves.resumable[0]
    saves.resumable = None
    m = restore(d)
    saves._start = (list(d["scores"]), d["carry"])
    app.seed = d["seed"]
    # the level stays the settings' (a level chosen in the menu plays at once, the match's
    # record takes it only at its next write: a power cut between kept the old one)
    app.match = m  # its table, or its result if saved at a hand's end
    app.deal()
    if m.hand.over:  # its result (counted in the statistics already), without "Same deal"
        app.replayed = m.hand  # (not known if it was replayed before the cut: counted once)
        app.hand_over()
    else:
        app.table.pause(1000, "Welcome back")  # a moment before the game goes on
    app.table.hinted = d.get("hinted", False)


def restore(d):
    """The saved match rebuilt from its decoded record d (handheld.saveload checked at power-up
    that it fits: the Match is not kept while the offer shows, so that the screen is built
    without it in the heap)."""
    # The last lines of handheld.savedecode.restore without its checks: that module has left
    # the heap by Continue, and importing it again would compile it mid-game from .py.
    from engine.match import Match
    from engine.rules import preset
    rules = preset(d["preset"])
    if d.get("options"):
        rules = rules.but(**d["options"])
    return Match.restore(rules, d["seed"], rules.match_target, d["hand_no"], d["dealer"],
                         d["scores"], d["carry"], d["history"])
