"""The page of a hand just over, and what next: the next hand (or the match's result), the
hand's review, or the same deal from the computer's seat (handheld.review).

Imported when a hand ends and unloaded when the next is dealt (Result.transient).
"""
from handheld.buttons import UP, DOWN, A, B
from handheld.screen import Screen, RESULT
from handheld import words


class Result(Screen):
    """The page of the hand just over, and what next: A/UP/DOWN move, B chooses the next hand
    (the match's result), the hand's review, or the same deal from the computer's seat."""

    kind = RESULT
    # unloaded when the next hand is dealt, from .py too: the next hand's searches and the
    # menu's first compile mid-match see 1.1 KB more (sim.bench board with the menu first
    # opened mid-match: 122 KB against 129 KB from .py, 112 against 115 KB from .mpy); its
    # compile at each hand's end takes about 30 ms on a SAMD51 (11 ms from .mpy)
    transient = ("handheld.result",)

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
