"""The card table: the screen a hand is played on.

`Table` deals the hand onto the screen, paces it (the computer's turn shows "thinking" first, a
finished trick and the computer's announcements stay a moment) and applies each action; the
player's keys are answered by handheld.turn. Everything runs on timestamps: nothing blocks.
Besides handheld.turn's fields the renderers read `phase` and `trick` (the card each seat has
in the current trick, -1 none), and the App's `match`, `prompt` and `show_points`.
"""
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, CARD_POINTS
from engine.names import card_label
from handheld.screen import TABLE, HUMAN, THINK, CPU, PAUSE
from handheld.turn import Turn, hand_order
from handheld import words

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# handheld.screen's values, copied (a private constant is no name on a board)
_D_TRICK = const(4)
_D_HAND = const(32)
_D_TABLE = const(255)
_D_ALL = const(1023)
_IDLE = const(0)
_HINT_ASK = const(5)
_NOTICE_MS = const(1000)

_THINK_MS = const(550)  # a computer card appears this long after "thinking" shows
_QUICK_MS = const(250)  # a computer draw
_TRICK_MS = const(1000)  # both cards of a finished trick stay this long (or until a key)


class Table(Turn):
    kind = TABLE

    def __init__(self, app):
        self.app = app
        self.phase = _IDLE
        self.due = 0
        self.cpu_action = -1
        self.trick = [-1, -1]
        self.hand_cards = []
        self.playable = 0
        self.cursor = 0
        self.has_more = False
        self.panel = None
        self.panel_sel = 0
        self.hint_card = -1  # the shown hint's action, -1 none: a card is marked in the hand,
        # another (close, a marriage...) is selected when the choices open (handheld.coachui)
        self.hinted = False  # a hint was asked for in this hand (counted apart)
        self.peek = None  # the trick's cards while the last trick shows over them

    def deal(self):
        """The App's match has a new (or a restored) hand: put it on the table."""
        self.phase = _IDLE
        self.trick[0] = self.trick[1] = -1
        self.panel = None
        self.hint_card = -1
        self.hinted = False
        self.peek = None
        self.hand_cards = hand_order(self.app.match.hand.hand_mask(0))
        self.playable = 0
        self.has_more = False
        self.cursor = 0
        self.app.set_prompt("New hand")
        self.app.mark(_D_ALL)

    def show(self):
        self.app.mark(_D_ALL)
        if self.phase == THINK or self.phase == CPU:
            self.phase = _IDLE  # show "thinking" again before the computer thinks
        elif self.phase == HUMAN and self.hint_card < 0 and self.peek is None:
            self._show_choice()  # the menu may have changed what B does (marriages)

    def waiting(self):
        return self.phase == HUMAN and not self.app.cue_until

    def tick(self, now):
        """One step: end a pause, let the computer move, or wait for the player."""
        app = self.app
        if self.phase >= _HINT_ASK:  # the player asked for a hint
            from handheld.coachui import hint_tick
            hint_tick(self, app)
            return
        if self.phase == PAUSE:
            if now < self.due:
                return
            self.phase = _IDLE
            if self.trick[0] >= 0 and self.trick[1] >= 0:
                self.trick[0] = self.trick[1] = -1
                app.mark(_D_TRICK)
        h = app.match.hand
        if h.over:
            app.hand_over()
            return
        if h.to_move == 1:
            if self.phase == _IDLE or self.phase == HUMAN:
                self.phase = THINK
                self.due = now
                self.playable = 0
                self.has_more = False
                app.mark(_D_HAND)
                app.set_prompt("CPU is thinking...")
            elif self.phase == THINK:  # the thinking prompt was drawn on the previous tick
                self.cpu_action = app.think(h)
                self.phase = CPU
                self.due += _QUICK_MS if self.cpu_action == DRAW else _THINK_MS
            elif self.phase == CPU and now >= self.due:
                self.act(1, self.cpu_action)
            return
        if self.phase != HUMAN:
            self._begin_human()

    def act(self, seat, a):
        """Apply one action for seat and start the pause or notice that shows it."""
        app = self.app
        h = app.match.hand
        lead = h.trick_card < 0
        app.match.apply(a)
        app.mark(_D_TABLE)
        self.phase = _IDLE
        self.panel = None
        self.hint_card = -1
        name = words.WHO[seat]
        if a < 24:
            if lead:
                self.trick[0] = self.trick[1] = -1
            self.trick[seat] = a
            if not lead:
                led, follow, w = h.last_trick
                app.trick_taken(w == 0)
                # (texts longer than 10 characters: from .py a shorter one is a name interned
                # for good, and the resumed run of `python -m sim.bench board` sits two names
                # below CircuitPython's 7th pool of names: 9 KB more live, its figure 142 KB)
                pts = CARD_POINTS[led] + CARD_POINTS[follow]
                # and what the trick adds beside its cards: the last trick's 10 (R31), the
                # marriages announced before a first trick (R21: they count from it)
                s = h.bonus[w] + (h.melds[w] if h.tricks(w) == 1 else 0)
                if s:
                    text = "%s take%s the trick +%d+%d" % (
                        words.WHO[w], "" if w == 0 else "s", pts, s)
                else:
                    text = "%s take%s the trick +%d" % (words.WHO[w], "" if w == 0 else "s", pts)
                self.pause(_TRICK_MS, text)
        elif a < EXCHANGE:
            s = a - MARRIAGE
            self.pause(_NOTICE_MS if seat else 0, "%s: %d in %s" % (
                name, 40 if s == h.trump_suit else 20, words.SUIT_WORDS[s]))
        elif a == EXCHANGE:
            self.pause(_NOTICE_MS if seat else 0, "%s swapped the trump %s" % (
                name, card_label(h.trump_card)))  # the nine (jack) now face up
        elif a == CLOSE:
            self.pause(_NOTICE_MS if seat else 0, "%s closed the stock" % name)
        elif a == DECLARE:
            self.pause(_NOTICE_MS, ("%s declare%s 66!" if h.points(seat) >= 66 else
                                    "%s declare%s short of 66") % (name, "s" if seat else ""))
        if seat == 0 or a == DRAW:
            self.hand_cards = hand_order(h.hand_mask(0))
            app.mark(_D_HAND)
        if h.over or (a < 24 and not lead):
            app.after_action(h.over)  # after a trick, at the hand's end: the saves

    def pause(self, ms, text):
        """Say text on the prompt line; hold the table for ms (0: no pause)."""
        self.app.set_prompt(text)
        if ms:
            self.phase = PAUSE
            self.due = self.app.now + ms
