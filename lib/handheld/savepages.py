"""Screens around the saves: notices, the resume offer and the statistics (26 x 10 lines).

Imported when one of them opens (with saves: at power-on, handheld.persist); from .mpy
unloaded when the last of them closes (MODULES), from .py kept.
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, RESUME, NOTICE, STATS, DONE, precompiled
from handheld import words, unload

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_LINES = const(10)
LEVELS = 3  # handheld.savedata's _LEVELS, not imported: the statistics open without saves too
# From .mpy unloaded when the last of these pages closes (2.8 KB less for the matches); from
# .py kept: with saves it compiles at power-on, before the computer player, and a compile when
# the statistics open mid-match would need 17 KB on top of the match's heap (see handheld.menu)
MODULES = ("handheld.savepages",) if precompiled(__name__) else ()


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
        saves = self.app.saves
        d, m = saves.resumable
        h = m.hand
        name = words.PRESET_TITLES.get(m.rules.name, m.rules.name)
        if h.over:
            hand = "Hand %d, over" % (m.hand_no + 1)
        else:
            hand = "Hand %d, trick %d" % (m.hand_no + 1, h.trick_no + 1)
        c = self.choice
        self.page(["Match in progress", "",
                   "%s, %s" % (name, words.LEVEL_WORDS[d["level"]]),
                   words.match_line(m), hand, "",
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


class Stats(Screen):
    """The statistics of a level (LEFT/RIGHT: another level); B goes back to the menu."""

    kind = STATS
    transient = MODULES

    def __init__(self, app):
        self.app = app
        self.level = app.level

    def show(self):
        level = self.level = self.level % LEVELS
        head = "Statistics: %s" % words.LEVEL_WORDS[level]
        saves = self.app.saves
        if saves is None:
            self.page([head, "", "Saves are off: nothing", "is counted.", "", "", "", "",
                       "", "B:back"])
            return
        s = saves.stats["levels"][level]
        c = saves.stats["coach"][level]  # savedata.COACH: hinted, won; same deals, +, -
        self.page([head,
                   _row("Matches won", "%d of %d" % (s["matches_won"], s["matches"])),
                   _row("Hands won", "%d of %d" % (s["hands_won"], s["hands"])),
                   _row("Game points", "+%d -%d" % (s["points_for"], s["points_against"])),
                   _row("Schneider/Schwarz", "%d/%d" % (s["schneider"], s["schwarz"])),
                   _row("Closes won", "%d of %d" % (s["closes_won"], s["closes"])),
                   _row("Best streak", "%d (now %d)" % (s["best_streak"], s["streak"])),
                   _row("Hinted hands won", "%d of %d" % (c[1], c[0])),
                   _row("Same deal +/=/-", "%d/%d/%d" % (c[3], c[2] - c[3] - c[4], c[4])),
                   "<%d/%d> A:level  B:back" % (level + 1, LEVELS)])

    def key(self, k):
        if k == RIGHT or k == A or k == DOWN:
            self.level += 1
        elif k == LEFT or k == UP:
            self.level -= 1
        elif k == B or k == START or k == SELECT or k == MENU_KEY:
            return DONE
        else:
            self.app.cue()
            return None
        self.show()
        return None


def resume(app):
    """Continue the saved match in app (its table, or its result if saved at the hand's
    end); the saves count its hand from the scores it was saved with."""
    saves = app.saves
    d, m = saves.resumable
    saves.resumable = None
    saves._start = (list(d["scores"]), d["carry"])
    app.seed = d["seed"]
    app.level = d["level"]
    app.continue_match(m)
    app.table.hinted = d.get("hinted", False)


def _row(label, value):
    """label left, value right, in 26 columns."""
    return label + " " * max(1, words.WIDTH - len(label) - len(value)) + value
