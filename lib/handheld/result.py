"""The page of a hand just over, and what next: the next hand (or the match's result), the
hand's review, or the same deal from the computer's seat (handheld.review); and the page of
the match just over (from the hand's result, whose module is loaded then).

From .mpy imported when a hand ends and unloaded when the next is dealt (Result.transient);
from .py compiled when the App starts, and kept (see handheld.menu).
"""
from engine import score
from handheld.buttons import UP, DOWN, A, B
from handheld.screen import Screen, RESULT, MATCH_END, precompiled
from handheld.pages import Page
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
        head, why, pts = hand_result(h, m.bummerl)
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


def _scale(pts):
    """Words for a game-point count on the R35 scale."""
    if pts >= 3:
        return "Schwarz: %d points" % pts
    if pts == 2:
        return "Schneider: 2 points"
    return "1 game point"


def hand_result(hand, bummerl=False):
    """(headline, reason, points line) of a finished hand, from the player's side (seat 0)."""
    w = hand.winner
    r = hand.reason
    pts = hand.game_points
    if w is None:
        return "Drawn hand", "65 : 65, nobody scores", "No game points"
    head = "You win the hand" if w == 0 else "CPU wins the hand"
    if r == score.DECLARED:
        if hand.history and hand.history[-1] == 31:
            why = "%s declared 66" % words.WHO[w]
        else:
            why = "%s reached 66 at the end" % words.WHO[w]
        return head, why, _scale(pts)
    if r == score.FALSE_DECLARATION:
        return head, "False declaration by %s" % ("you" if w == 1 else "CPU"), (
            "%d points, no trick" if pts == 3 else "%d points") % pts
    if r == score.CLOSER_WON:
        return head, "%s closed and made 66" % words.WHO[w], _scale(pts)
    if r == score.CLOSER_FAILED:
        return head, "Stock closed, %s failed" % ("you" if w == 1 else "CPU"), "%d points" % pts
    if r == score.CLOSER_FALSE:
        return head, "%s closed, declared short" % words.WHO[1 - w], "%d points" % pts
    if r == score.CLOSER_BEATEN:
        return head, "%s beat the closer to 66" % words.WHO[w], "%d points" % pts
    if r == score.LAST_TRICK:
        return head, "%s took the last trick" % words.WHO[w], "1 game point"
    if r == score.RUN_OUT:
        return head, "Higher total at the end", _scale(pts)
    return head, str(r), "%d game points" % pts


def match_end(app):
    """The page of the match just over."""
    m = app.match
    head = "You win the match!" if m.winner == 0 else "CPU wins the match"
    if m.bummerl:
        left = "Left: you %d, CPU %d" % (m.scores[0], m.scores[1])
    else:
        left = "Final: you %d, CPU %d" % (m.scores[0], m.scores[1])
    won = ""
    if len(m.results) == m.hand_no + 1:  # not after a resume: earlier hands are not saved
        won = "Hands won: you %d, CPU %d" % (len([r for r in m.results if r[0] == 0]),
                                              len([r for r in m.results if r[0] == 1]))
    return Page(app, MATCH_END, [head, "", left, "First to %d, %d hands" % (
        m.target, m.hand_no + 1), "", won, "", "B: new match", "START: menu"], app.new_match)
