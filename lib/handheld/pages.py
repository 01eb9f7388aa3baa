"""The full-screen pages the game goes on from: the title, the match's end and the error page
(a hand's result, with its choices, is handheld.result). A or B goes on (a new match); START,
SELECT or holding B opens the menu; other keys cue.
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import A, B
from handheld.screen import Screen, TITLE, MATCH_END, ERROR
from handheld import words


class Page(Screen):
    def __init__(self, app, kind, lines, go):
        self.app = app
        self.kind = kind
        self.lines = lines
        self.go = go  # what A or B does: app.new_match or app.next_hand

    def key(self, k):
        if k == A or k == B:
            self.go()
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
                   "B or START: new match", "Hold B or SELECT: menu"])


def result(app):
    """The page of the hand just over (handheld.result, imported when the first hand ends)."""
    from handheld.result import Result
    return Result(app)


def match_end(app):
    """The page of the match just over."""
    m = app.match
    head = "You win the match!" if m.winner == 0 else "CPU wins the match"
    if m.bummerl:
        score = "Left: you %d, CPU %d" % (m.scores[0], m.scores[1])
    else:
        score = "Final: you %d, CPU %d" % (m.scores[0], m.scores[1])
    won = ""
    if len(m.results) == m.hand_no + 1:  # not after a resume: earlier hands are not saved
        won = "Hands won: you %d, CPU %d" % (_count(m.results, 0), _count(m.results, 1))
    return Page(app, MATCH_END, [head, "", score, "First to %d, %d hands" % (
        m.target, m.hand_no + 1), "", won, "", "B: new match", "START: menu"], app.new_match)


def error(app, text):
    """The page of a crash: what went wrong; B starts a new match."""
    lines = ["Something went wrong:", ""]
    lines.extend(words.wrap(text)[:6])
    lines.append("")
    lines.append("B: start a new match")
    return Page(app, ERROR, lines, app.new_match)


def _count(results, seat):
    n = 0
    for r in results:
        if r[0] == seat:
            n += 1
    return n
