"""The full-screen pages the game goes on from: the title and the error page (a hand's result,
with its choices, and the match's end are handheld.result's: not in the heap during a hand).
A or B goes on (a new match); START, SELECT or holding B opens the menu; other keys cue.
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import A, B
from handheld.screen import Screen, TITLE, ERROR
from handheld import words


class Page(Screen):
    def __init__(self, app, kind, lines, go):
        self.app = app
        self.kind = kind
        self.lines = lines
        self.next = go  # what A or B does: app.new_match or app.next_hand

    def key(self, k):
        if k == A or k == B:
            self.next()
            return None
        return Screen.key(self, k)


class Title(Page):
    """The title: the game and level chosen (drawn again when the menu over it closes)."""

    def __init__(self, app):
        Page.__init__(self, app, TITLE, (), app.new_match)

    def show(self):
        app = self.app
        self.page([words.PRESET_TITLES[PRESET_ORDER[app.preset_index]] + ", " +
                   words.LEVEL_WORDS[app.level], "",
                   "A or B: new match", "Hold B or START: menu"])


def error(app, text):
    """The page of a crash: what went wrong; B starts a new match."""
    lines = ["Something went wrong:", ""]
    lines.extend(words.wrap(text)[:6])
    lines.append("")
    lines.append("B: start a new match")
    return Page(app, ERROR, lines, app.new_match)
