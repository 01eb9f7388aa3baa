"""The coach's pages: a hand's review (a scrolling list), and the same deal from the other seat.

Imported only when one of them opens from a hand's result (engine.coach.review and engine.coach
with them), and unloaded when it closes (their `transient`): 5.5-5.8 KB that the searches of
the next hands do not carry; opening one again loads them in 50-100 ms on a SAMD51 from .mpy,
200-320 ms from .py (`python -m sim.bench screens`).
"""
from handheld.buttons import UP, DOWN, A, B
from handheld.screen import Screen, REVIEW, DUPLICATE, DONE
from handheld import pystack
from handheld import words

SHOWN = 8  # list lines on the page, between its title and its keys line
# what the replay's setup loads (replay_match: engine.coach.other_seat; engine.deck, which
# Hand(deck) imports at each call, so none holds it), unloaded by replay_other_seat before the
# replayed hand is dealt; the Duplicate page loads them again at its end
REPLAY_MODULES = ("handheld.review", "engine.coach", "engine.deck")


def review_lines(hand, seed=0):
    """The player's (seat 0) costly decisions in a finished hand, worst first, as list lines
    of words.WIDTH columns: engine.coach.review.review's texts in its order, each wrapped.
    seed: the match's (App.seed), whose hints HARD's choices here are
    (handheld.coachui.hint_seed)."""
    from engine.coach.review import review
    out = []
    for cost, trick, text in review(hand, 0, seed=seed):
        if cost:
            text = "-%d %s" % (cost, text)
        out.extend(words.wrap(text))
    if not out:
        out = ["No decision cost you a", "game point: well played."]
    return out


class Review(Screen):
    """The review of a finished hand: "Reviewing..." is drawn first, the next ticks compute it;
    A (and UP/DOWN) scroll, B goes back."""

    kind = REVIEW
    hint = "A:scroll  B:back"
    transient = ("handheld.review", "engine.coach.review", "engine.coach.reviewtext",
                 "engine.coach", "engine.deck")

    def __init__(self, app, hand):
        self.app = app
        self.hand = hand
        self.items = None  # the lines, once computed
        self.state = 0  # 0 "Reviewing..." not drawn yet, 1 drawn, 2 done
        self.at = 0  # the first list line shown

    def waiting(self):
        return self.state == 2

    def tick(self, now):
        if self.state == 0:  # "Reviewing..." is drawn after this tick
            self.state = 1
        elif self.state == 1:
            try:
                self.items = review_lines(self.hand, self.app.seed)
            except RuntimeError as e:
                if not pystack.is_exhausted(e):
                    raise
                print(pystack.ADVICE)
                self.items = words.wrap("The review needs a bigger pystack: add " +
                                        pystack.SETTING + " to settings.toml.")
            except MemoryError:
                self.items = words.wrap("Not enough memory left for the review.")
            self.state = 2
            self.show()

    def show(self):
        if self.items is None:
            self.page(["Review", "", "Reviewing..."])
            return
        n = len(self.items)
        top = self.at
        lines = ["Review, lines %d-%d of %d" % (top + 1, min(n, top + SHOWN), n)]
        lines.extend(self.items[top:top + SHOWN])
        while len(lines) < SHOWN + 1:
            lines.append("")
        lines.append("A:scroll  B:back" if n > SHOWN else "B:back")
        self.page(lines)

    def key(self, k):
        if k == B:
            return DONE
        if self.items is None:
            return None
        if k == DOWN or k == A or k == UP:
            last = max(0, len(self.items) - SHOWN)
            if k == UP:
                self.at = self.at - 1 if self.at > 0 else last
            else:
                self.at = self.at + 1 if self.at < last else 0
            self.show()
            return None
        return Screen.key(self, k)  # the menu, or a cue


def replay_other_seat(app):
    """Deal the hand just over again in app with the seats swapped (engine.coach.other_seat):
    outside the match and its statistics; at its end Duplicate shows both results."""
    app.replay = (app.match, app.match.hand)
    app.match = replay_match(app.match)
    from handheld import unload
    unload(*REPLAY_MODULES)  # not in the heap of the replayed hand's searches
    app.deal()


def replay_match(match):
    """A match outside the real one, whose hand is `match`'s finished hand dealt from the other
    seat (engine.coach.other_seat): the table plays it like any hand, then it is dropped."""
    from engine.coach import other_seat
    from engine.hand import Hand
    from engine.match import Match
    h = match.hand
    deck, dealer = other_seat(h.deck, h.dealer)
    m = Match(match.rules, match.seed, match.target)
    m.scores = list(match.scores)
    m.over = match.over  # the match's last hand: its line says "CPU 7", not "CPU 7 of 7"
    m.hand_no = match.hand_no
    m.dealer = dealer
    m.hand = Hand(deck, dealer, match.rules)
    m.apply = m.hand.apply  # its hand adds nothing to the scores the table shows
    return m


def _result(seat, hand):
    from engine.coach import signed
    v = signed(hand, seat)
    if v > 0:
        return "won %d" % v
    if v < 0:
        return "lost %d" % -v
    return "drawn"


class Duplicate(Screen):
    """Both results of a deal, as in duplicate bridge: yours, and the computer's when it held
    your cards. A/UP/DOWN move, B chooses: back to the match, or this hand's review."""

    kind = DUPLICATE
    transient = REPLAY_MODULES

    def __init__(self, app, first, second):
        from engine.coach import duplicate
        self.app = app
        self.second = second
        self.choice = 0
        mine, cpu, self.diff = duplicate(first, second, 0)
        if self.diff > 0:
            head = "You did better by %d" % self.diff
        elif self.diff < 0:
            head = "CPU did better by %d" % -self.diff
        else:
            head = "Same result both ways"
        self.head = ["Same deal, both seats", "",
                     "With your cards:",
                     "  you: " + _result(0, first),
                     "  CPU: " + _result(1, second),
                     "", head, ""]

    def show(self):
        c = self.choice
        self.page(self.head + [("> " if c == 0 else "  ") + "Back to the match",
                               ("> " if c == 1 else "  ") + "Review this hand"], 8 + c)

    def key(self, k):
        if k == A or k == UP or k == DOWN:
            self.choice = 1 - self.choice
            self.show()
        elif k == B:
            if self.choice == 0:  # back to the match where it was: its last hand's result
                app = self.app
                app.match = app.replay[0]
                app.replayed = app.match.hand
                app.replay = None
                app.show_result()
            else:
                return Review(self.app, self.second)
        else:
            return Screen.key(self, k)  # the menu, or a cue
        return None
