"""The player's turn on the table: the cursor over the hand, the choices panel, the prompt.

`Turn` is the part of the table screen (handheld.table.Table builds on it) that answers keys.
What the renderers read: `hand_cards` (display order), `playable` (mask of the cards that may
be played now), `cursor` (an index in hand_cards; len(hand_cards) is the "more" chip),
`has_more`, and `panel`, (title, items) with items a list of (text, action), -1 = back.
"""
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE
from engine.names import card_words
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, HUMAN, PAUSE
from handheld import words

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# handheld.screen's values, copied (a private constant is no name on a board)
_D_HAND = const(32)
_D_PROMPT = const(64)
_D_PANEL = const(128)
_IDLE = const(0)


def hand_order(mask):
    """The cards of a mask in display order: suits alternate colour, high ranks first."""
    out = []
    for s in (0, 2, 3, 1):  # clubs hearts spades diamonds: colours alternate in the hand
        for r in range(5, -1, -1):
            c = s * 6 + r
            if mask >> c & 1:
                out.append(c)
    return out


class Turn(Screen):
    hint = "A:next B:play hold B:menu"

    def key(self, k):
        app = self.app
        if self.peek is not None or (k == SELECT and self.phase == HUMAN and
                                     app.last_trick_on()):
            from handheld.coachui import peek  # the last trick: shown, or back to the trick
            peek(self, app)
            return None
        if k == START or k == SELECT or k == MENU_KEY:
            return Screen.key(self, k)  # the menu
        if self.phase == PAUSE:
            if k == A or k == B:
                self.due = app.now  # a key ends the pause early
            else:
                app.cue()
            return None
        if self.phase != HUMAN:
            app.cue()
            return None
        if self.panel is not None:  # the choices panel: move, choose or go back
            items = self.panel[1]
            if k == DOWN or k == RIGHT or k == A:
                self.panel_sel = (self.panel_sel + 1) % len(items)
            elif k == UP or k == LEFT:
                self.panel_sel = (self.panel_sel - 1) % len(items)
            elif k == B:
                a = items[self.panel_sel][1]
                self.panel = None
                app.mark(_D_PANEL)
                if a < 0:
                    self._show_choice()
                    return None
                self.act(0, a)
                return None
            else:
                app.cue()
                return None
            app.mark(_D_PANEL)
            return None
        if k == RIGHT or k == A:
            self._move(1)
        elif k == LEFT:
            self._move(-1)
        elif k == UP and self.has_more:
            self._open_more()
        elif k == DOWN:
            from handheld.coachui import ask_hint  # a hint (the coach)
            ask_hint(self, app)
            return None
        elif k == B:
            if self.cursor >= len(self.hand_cards):
                self._open_more()
                return None
            c = self.hand_cards[self.cursor]
            m = self.marriage_for(c)
            if m >= 0:
                self.act(0, MARRIAGE + m)
                if DECLARE in app.match.hand.legal_actions() and (
                        app.match.hand.points(0) >= 66 or not app.show_points):
                    return None  # 66 with it: the card stays, to declare first (R23; points
                    # hidden: whenever one may declare, so that it tells nothing of the total)
            self.act(0, c)
            return None
        else:
            app.cue()
            return None
        self._show_choice()
        return None

    def _begin_human(self):
        h = self.app.match.hand
        legal = h.legal_actions()
        # 66 to declare, shown (points hidden: nothing here may depend on the total, R43)
        high = DECLARE in legal and h.points(0) >= 66 and self.app.show_points
        if h.draw_pending:
            if CLOSE not in legal and not high:  # nothing to decide before the draw: draw
                self.act(0, DRAW)
                self.phase = _IDLE
                return
            items = [("Draw, play on", DRAW)]
            if CLOSE in legal:
                items.append(("Close stock", CLOSE))
            if DECLARE in legal:
                items.append(("Declare 66", DECLARE))
            self.panel = ("You won the trick", items)  # the choices panel opens
            self.panel_sel = len(items) - 1 if high else 0  # 66: "Declare 66" selected
            self.app.mark(_D_PANEL)
        self.phase = HUMAN
        m = 0
        more = False
        for a in legal:
            if a < 24:
                m |= 1 << a
            else:
                more = True
        self.playable = m
        self.has_more = more and not h.draw_pending
        self.hand_cards = hand_order(h.hand_mask(0))
        # on a playable card, never the "more" chip: B on it after the last card played
        # opened the choices (a false 66 a B later)
        n = len(self.hand_cards)
        i = min(self.cursor, n - 1) if n else 0
        for _ in range(n):
            if self._playable_at(i):  # (a card: i < n)
                break
            i = (i + 1) % n
        if high and self.has_more:
            i = n  # 66: the cursor on the "more" chip, whose choices open on "Declare 66"
        self.cursor = i
        self.app.mark(_D_HAND | _D_PROMPT)
        self._show_choice()

    def _playable_at(self, i):
        n = len(self.hand_cards)
        if i < n:
            return self.playable >> self.hand_cards[i] & 1
        return i == n and self.has_more

    def _move(self, step):
        """Move the cursor to the next playable card (or the chip) in direction step."""
        n = len(self.hand_cards) + 1
        i = self.cursor
        if self.hint_card < 24:  # a hint's card loses its mark as the cursor leaves it
            self.hint_card = -1  # (raised beside the cursor's, it read as the one B plays)
        for _ in range(n):
            i = (i + step) % n
            if self._playable_at(i):
                self.cursor = i
                break
        self.app.mark(_D_HAND)

    def _show_choice(self):
        """The prompt for the player's own turn."""
        app = self.app
        if self.panel is not None:
            app.set_prompt("A:next  B:choose")
            return
        h = app.match.hand
        n = len(self.hand_cards)
        if self.cursor >= n:
            names = []
            for a in h.legal_actions():
                if a == DECLARE:
                    names.append("66")
                elif a == EXCHANGE:
                    names.append("swap")
                elif a == CLOSE:
                    names.append("close")
                elif MARRIAGE <= a < EXCHANGE:
                    names.append(str(40 if a - MARRIAGE == h.trump_suit else 20))
            app.set_prompt("More: " + " ".join(names))
            return
        c = self.hand_cards[self.cursor]
        if h.announced >= 0:
            app.set_prompt("Lead K or Q of " + words.SUIT_WORDS[h.announced])
        elif h.trick_card >= 0:
            app.set_prompt("Play " + card_words(c))
        else:
            text = "Lead " + card_words(c)
            m = self.marriage_for(c)
            if m >= 0:
                m = 40 if m == h.trump_suit else 20
                text += " +%d" % m
                if h.tricks_won[0] and (h.points(0) + m >= 66 or not app.show_points):
                    text = "Announce %d, then lead it" % m  # B stops there: key(), with a
                    # trick the leader may declare (D1), R23
            app.set_prompt(text)

    def marriage_for(self, c):
        """The suit whose marriage leading c announces (auto-announce on), else -1."""
        r = c % 6
        if not self.app.auto_marry or (r != 2 and r != 3):
            return -1
        s = c // 6
        h = self.app.match.hand
        if h.announced < 0 and MARRIAGE + s in h.legal_actions():
            return s
        return -1

    def _open_more(self):
        h = self.app.match.hand
        items = []
        for a in h.legal_actions():
            if a == DECLARE:
                items.append(("Declare 66", a))
            elif a == EXCHANGE:
                items.append(("Swap trump J" if h.rules.exchange_rank else "Swap trump 9", a))
            elif a == CLOSE:
                items.append(("Close stock", a))
            elif MARRIAGE <= a < EXCHANGE:
                s = a - MARRIAGE
                items.append(("%d in %s" % (
                    40 if s == h.trump_suit else 20, words.SUIT_WORDS[s]), a))
        items.append(("Back to cards", -1))
        self.panel = ("Your lead", items)
        # not a 66 declared short (R30a: it loses 2 or 3) nor a close (a failed one loses 2 or
        # 3), each a press away: the first other item, else "Back" (points hidden: never
        # "Declare 66" first, whatever the total; shown and 66 reached, "Declare 66")
        i = 0
        if not (items[0][1] == DECLARE and h.points(0) >= 66 and self.app.show_points):
            while items[i][1] == DECLARE or items[i][1] == CLOSE:
                i += 1
        self.panel_sel = i
        if self.hint_card >= 24:  # a hint said one of these: it is selected
            self.select(self.hint_card)
        self.app.mark(_D_PANEL)
        self._show_choice()

    def select(self, a):
        """Select the choices panel's item for action a, if it has one."""
        items = self.panel[1]
        for i in range(len(items)):
            if items[i][1] == a:
                self.panel_sel = i
