"""The rules help, opened from the menu: a page at a time, its texts in handheld.helptext.

Imported when the help opens and unloaded with its texts when it closes (Help.transient): the
menu under it holds only the code that opens it.
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, HELP, DONE


class Help(Screen):
    """The rules help, a page at a time; B goes back to the menu."""

    kind = HELP
    transient = ("handheld.help", "handheld.helptext")

    def __init__(self, app, home):
        self.app = app
        self.home = home  # called on a menu key: the menu shows its first item again
        self.at = 0

    def show(self):
        self.lines = ()  # the page shown before: its lines go before the next are made
        from handheld.helptext import help_page
        lines, n = help_page(PRESET_ORDER[self.app.preset_index], self.at)
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
        elif k == B:
            return DONE
        elif k == START or k == SELECT or k == MENU_KEY:
            self.home()
            return DONE
        else:
            self.app.cue()
            return None
        self.show()
        return None
