"""The statistics of a level (26 x 10 lines), opened from the menu (handheld.menu).

Imported when the page opens and unloaded when it closes, from .py too (Stats.transient): a
rarely shown page, as the rules help, whose code is not in the heap during the matches. Apart
from the save pages (handheld.savepages) so that its compile mid-match, from .py, is this
module's alone.
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, STATS, DONE
from handheld import words

LEVELS = 3  # handheld.savedata's _LEVELS, not imported: the statistics open without saves too


class Stats(Screen):
    """The statistics of a level (LEFT/RIGHT: another level); B goes back to the menu."""

    kind = STATS
    transient = ("handheld.stats",)  # from .py too: a rare page, as the rules help

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


def _row(label, value):
    """label left, value right, in 26 columns ('100/120' for '100 of 120' where that is too
    long: 'Hinted hands won' after 100 of them)."""
    if len(label) + 1 + len(value) > words.WIDTH:
        value = value.replace(" of ", "/")
    return label + " " * max(1, words.WIDTH - len(label) - len(value)) + value
