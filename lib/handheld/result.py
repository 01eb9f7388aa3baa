"""The page of a hand just over, and what next: the next hand (or the match's result), the
hand's review, or the same deal from the computer's seat (handheld.review). Its words, and the
lines of the match's result after its last hand, are handheld.resulttext's.

From .mpy imported when a hand ends and unloaded when the next is dealt (Result.transient),
and handheld.resulttext as soon as the page's lines are made; from .py both compiled when the
App starts, and kept (see handheld.menu).
"""
from handheld.buttons import UP, DOWN, A, B
from handheld.screen import Screen, RESULT, precompiled


class Result(Screen):
    """The page of the hand just over, and what next: A/UP/DOWN move, B chooses the next hand
    (the match's result), the hand's review, or the same deal from the computer's seat."""

    kind = RESULT
    # as the menu: from .mpy unloaded when the next hand is dealt (1.1 KB less in its
    # searches; 15-20 ms on a SAMD51 to load it at the next hand's end), from .py compiled at the
    # App's start and kept (a compile at a hand's end set the peak: 121 KB, see handheld.menu).
    # The words (handheld.resulttext) leave before the page shows, and the page with its code
    # before the next hand is dealt: B on "next hand" returns (end,) and App.key deals it once
    # this key() has returned (the deal bound the board's least heap: .mpy 106 -> 105 KB,
    # python -m sim.bench board)
    transient = ("handheld.result",) if precompiled(__name__) else ()

    def __init__(self, app, lines):
        self.app = app
        # its lines (head), choices (items) and, after the match's last hand, the lines of the
        # match's result (end): handheld.resulttext's hand_lines(app)
        self.head, self.items, self.end = lines
        self.choice = 0

    def show(self):
        self.choice = 0  # opened, or back from the review: the next hand is chosen
        self._draw()

    def _draw(self):
        lines = list(self.head)
        for i in range(len(self.items)):
            lines.append(("> " if i == self.choice else "  ") + self.items[i])
        self.page(lines, len(self.head) + self.choice)

    def key(self, k):
        n = len(self.items)
        if k == A or k == DOWN or k == UP:
            self.choice = (self.choice + (n - 1 if k == UP else 1)) % n
            self._draw()
            return None
        if k != B:
            return Screen.key(self, k)
        app = self.app
        if self.choice == 0:
            return (self.end,)  # App.key: the next hand, once this page is gone
        elif self.choice == 1:
            from handheld.review import Review
            return Review(app, app.match.hand)
        else:
            from handheld.review import replay_other_seat
            replay_other_seat(app)
        return None
