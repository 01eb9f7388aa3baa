"""The page of a hand just over, and what next: the next hand (or the match's result), the
hand's review, or the same deal from the computer's seat (handheld.review).

From .mpy imported when a hand ends and unloaded when the next is dealt (Result.transient);
from .py compiled when the App starts, and kept (see handheld.menu).
"""
from handheld.buttons import UP, DOWN, A, B
from handheld.screen import Screen, RESULT, precompiled
from handheld import words


class Result(Screen):
    """The page of the hand just over, and what next: A/UP/DOWN move, B chooses the next hand
    (the match's result), the hand's review, or the same deal from the computer's seat."""

    kind = RESULT
    # as the menu: from .mpy unloaded when the next hand is dealt (1.1 KB less in its
    # searches; 15-20 ms on a SAMD51 to load it at the next hand's end), from .py compiled at the
    # App's start and kept (a compile at a hand's end set the peak: 121 KB, see handheld.menu)
    transient = ("handheld.result",) if precompiled(__name__) else ()

    def __init__(self, app):
        self.app = app
        m = app.match
        h = m.hand
        head, why, pts = words.hand_result(h, m.bummerl)
        self.head = [head, "", why, pts,
                     "Cards: you %d, CPU %d" % (h.points(0), h.points(1)),
                     "Tricks: you %d, CPU %d" % (h.tricks(0), h.tricks(1)),
                     words.match_line(m)]
        self.items = ["See the match" if m.over else "Next hand", "Review this hand"]
        if app.replayed is not h:
            self.items.append("Same deal, CPU's seat")
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
            app.next_hand()
        elif self.choice == 1:
            from handheld.review import Review
            return Review(app, app.match.hand)
        else:
            app.replay_other_seat()
        return None
