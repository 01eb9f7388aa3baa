"""Screens around the saves: notices and the resume offer (26 x 10 lines).

Imported when one of them opens (with saves: at power-on, handheld.persist) and unloaded when
the last of them closes (MODULES), from .py too: at power-on the heap has room for its
compile, and mid-match it is needed only for a notice of a drive that failed (once a
session). The statistics page is handheld.stats.
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START
from handheld.screen import Screen, RESUME, NOTICE, DONE
from handheld import words, unload

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_LINES = const(10)
# Unloaded when the last of these pages closes, from .mpy and from .py (measured, sim.bench
# board's app check from .py: kept, 29.5 KB for the app object and its screens, 125 KB least
# heap; unloaded, 26.2 KB and 123 KB; 126 KB either way with the statistics opened mid-match)
MODULES = ("handheld.savepages",)


def first(app):
    """The first screen after loading: a notice if any, else the resume offer if a match was
    saved, else the title."""
    saves = app.saves
    text = saves.take_notice()
    if text is not None:
        return Notice(app, text, True)
    if saves.resumable is not None:
        return Resume(app)
    from handheld.pages import Title
    return Title(app)


class Notice(Screen):
    """A note about the saves. B goes on: to the next notice, else back where the player was
    (or, at power-on, to the resume offer or the title)."""

    kind = NOTICE
    transient = MODULES

    def __init__(self, app, text, first):
        self.app = app
        self.first = first  # shown at power-on: nothing under it
        self.say(text)

    def say(self, text):
        from handheld.savenote import notice_lines  # the notice's words: dropped once read
        lines = ["Saves", ""]
        for line in notice_lines(text):
            lines.extend(words.wrap(line) if line else [""])
        notice_lines = None
        unload("handheld.savenote")
        lines = lines[:_LINES - 2]
        while len(lines) < _LINES - 1:
            lines.append("")
        lines.append("B: OK")
        self.page(lines)

    def key(self, k):
        if not (k == B or k == A or k == START):
            self.app.cue()
            return None
        text = self.app.saves.take_notice()
        if text is not None:
            self.say(text)
        elif self.first:
            self.app.set_root(first(self.app))
        else:
            return DONE
        return None


class Resume(Screen):
    """A match was saved: Continue or New match."""

    kind = RESUME
    transient = MODULES

    def __init__(self, app):
        self.app = app
        self.choice = 0

    def show(self):
        d, (name, n, trick, over, line) = self.app.saves.resumable
        name = words.PRESET_TITLES.get(name, name)
        if over:
            hand = "Hand %d, over" % (n + 1)
        else:
            hand = "Hand %d, trick %d" % (n + 1, trick + 1)
        c = self.choice
        self.page(["Match in progress", "",
                   "%s, %s" % (name, words.LEVEL_WORDS[d["level"]]),
                   line, hand, "",
                   ("> " if c == 0 else "  ") + "Continue",
                   ("> " if c == 1 else "  ") + "New match", "",
                   "A:move  B:choose"], 6 + c)

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


def show_first(app):
    """After loading the saves: a notice, else the resume offer, else the title."""
    s = first(app)
    app.set_root(s)
    if not s.transient:  # the title: no save page holds them (unloaded)
        from handheld import unload
        unload(*MODULES)


def resume(app):
    """Continue the saved match in app (its table, or its result if saved at the hand's
    end); the saves count its hand from the scores it was saved with."""
    saves = app.saves
    d = saves.resumable[0]
    saves.resumable = None
    m = restore(d)
    saves._start = (list(d["scores"]), d["carry"])
    app.seed = d["seed"]
    app.level = d["level"]
    app.match = m  # its table, or its result if saved at a hand's end
    app.deal()
    if m.hand.over:  # its result (counted in the statistics already)
        app.hand_over()
    else:
        app.table.pause(1000, "Welcome back")  # a moment before the game goes on
    app.table.hinted = d.get("hinted", False)


def restore(d):
    """The saved match rebuilt from its decoded record d (handheld.saveload checked at power-up
    that it fits: the Match is not kept while the offer shows, so that the screen is built
    without it in the heap)."""
    from engine.match import Match
    from engine.rules import preset
    rules = preset(d["preset"])
    if d.get("options"):
        rules = rules.but(**d["options"])
    return Match.restore(rules, d["seed"], rules.match_target, d["hand_no"], d["dealer"],
                         d["scores"], d["carry"], d["history"])
