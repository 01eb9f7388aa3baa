# The rules help, opened from the menu: a page at a time, its texts in handheld.helptext.
#
# Imported when the help opens and unloaded with its texts when it closes (Help.transient). It
# takes the menu's place on the App's stack, and the menu (as it was: its items, the one chosen)
# takes the help's when it closes (App.key): from .mpy the code of one of the two is in the heap
# at a time, so the help opened mid-match costs less over the match (python -m sim.bench board:
# its check opens it there). (Prose in comments, not docstrings: from .py this module compiles
# when the help opens, mid-match too, and a docstring is a string in the heap while it compiles.)
from engine.rules import PRESET_ORDER
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, HELP, DONE
from handheld import unload


class Help(Screen):
    # The rules help, a page at a time; B goes back to the menu.

    kind = HELP
    transient = ("handheld.help", "handheld.helptext")

    def __init__(self, app, menu):
        self.app = app
        self.menu = menu  # the menu it replaces (handheld.menu): (playing, ids, item)
        self.at = 0

    def show(self):
        self.lines = ()  # the page shown before: its lines go before the next are made
        from handheld.helptext import help_page
        # the rules of the match in play (the menu's game is the next match's), else the
        # menu's game
        name = PRESET_ORDER[self.app.preset_index]
        if self.menu[0] and self.app.match is not None:
            name = self.app.match.rules.name
        lines, n = help_page(name, self.at)
        self.at %= n
        while len(lines) < 8:
            lines.append("")
        lines.append("")
        lines.append("<%d/%d>  A:next  B:back" % (self.at + 1, n))
        self.page(lines, 0)

    def key(self, k):
        if k == RIGHT or k == A or k == DOWN:
            self.at += 1
        elif k == LEFT or k == UP:
            self.at -= 1
        elif k == B or k == START or k == SELECT or k == MENU_KEY:
            # the menu again, in the help's place (App.key): at "Rules help" (B), or at its
            # first item (a menu key); the help's texts leave the heap before its code loads
            if k != B:
                self.menu = self.menu[:2] + (0,)
            self.lines = ()
            unload("handheld.helptext")
            return DONE
        else:
            self.app.cue()
            return None
        self.show()
        return None
