"""The Sixty-Six app as a state machine: screens, cursor, menu and pacing. No pixels here.

Feed it `press(button, now_ms)`, `release(button, now_ms)` and `tick(now_ms)`; `tick` returns
True when something on screen changed. `dirty` holds which parts (D_* bits); a renderer reads
the public fields, draws, then sets `dirty = 0`. Nothing blocks: the computer's turn and every
pause run on timestamps. The player is seat 0, the computer seat 1 (never shown its hand).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from engine.match import Match
from engine.rules import preset, PRESET_ORDER
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, CARD_POINTS
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import Keys, MENU_KEY
from handheld import words
from handheld import pages
from handheld import pystack

# screens
TITLE = const(0)
TABLE = const(1)
RESULT = const(2)  # a hand is over
MATCH_END = const(3)
MENU = const(4)
HELP = const(5)
ERROR = const(6)
RESUME = const(7)  # a saved match: continue or start new (handheld.savepages)
NOTICE = const(8)  # a note about the saves
STATS = const(9)

NORMAL = const(1)  # engine.ai.NORMAL: the default level (the computer player is imported last)

# table phases
IDLE = const(0)  # nothing decided yet: the next tick looks at whose turn it is
HUMAN = const(1)  # waiting for the player
THINK = const(2)  # "CPU thinking..." is on screen; the next tick computes the move
CPU = const(3)  # the computer's move is known and appears at `due`
PAUSE = const(4)  # a trick result or a notice stays until `due` (or a key)

# dirty bits: which parts of the screen changed
D_OPP = const(1)  # computer's hand and its tricks/marriages line
D_STOCK = const(2)
D_TRICK = const(4)
D_SCORE = const(8)
D_ME = const(16)  # the player's tricks/marriages line
D_HAND = const(32)
D_PROMPT = const(64)
D_PANEL = const(128)
D_PAGE = const(256)  # a full-screen page (title, result, menu, help, error)
D_SCREEN = const(512)  # another screen: show/hide whole layers
D_TABLE = const(255)
D_ALL = const(1023)

THINK_MS = const(550)  # a computer card appears this long after "thinking" shows
QUICK_MS = const(250)  # a computer draw
TRICK_MS = const(1000)  # both cards of a finished trick stay this long (or until a key)
NOTICE_MS = const(1000)  # "CPU closes the stock" and such
CUE_MS = const(900)  # the key hint shown after a key that means nothing here
NOTE_MS = const(3000)  # a note on the prompt line (handheld.pystack)

_SUIT_ORDER = (0, 2, 3, 1)  # clubs hearts spades diamonds: colours alternate in the hand
_HINT = "A:next B:play hold B:menu"


def hand_order(mask):
    """The cards of a mask in display order: suits alternate colour, high ranks first."""
    out = []
    for s in _SUIT_ORDER:
        for r in range(5, -1, -1):
            c = s * 6 + r
            if mask >> c & 1:
                out.append(c)
    return out


class App:
    def __init__(self, seed=1, preset_name="sixty-six", level=NORMAL, show_points=False,
                 auto_marry=True, choose=None, store=None, feedback=None):
        self.seed = seed
        self.preset_index = PRESET_ORDER.index(preset(preset_name).name)
        self.level = level
        self.show_points = show_points
        self.auto_marry = auto_marry
        self.keys = Keys(self._key)
        self.now = 0
        self.match = None
        self.screen = TITLE
        self.phase = IDLE
        self.due = 0
        self.cue_until = 0
        self.cues = 0
        self.errors = 0
        self.pystack_falls = 0  # computer moves made at EASY: the pystack was too small
        self.error = ""
        self.hands_done = 0
        self.matches_done = 0
        self.cpu_action = -1
        self.slowest_ms = 0  # the slowest computer move so far (wall ms, for benches)
        self.clock = None  # optional wall clock (ms) to time the computer's moves
        self.on_cue = None  # optional callback(kind) for a sound or a buzz
        self.on_trick = None  # optional callback(won) when a trick is taken
        self.on_hand = None  # optional callback(won) when a hand ends
        self.feedback = feedback  # optional: trick(now, won), hand(now, won), off()
        self.sound = True
        self.lights = True
        self.saves = None  # handheld.persist.Saves when a store is given
        self.resume_sel = 0
        self.notice_back = -1
        self.stats_level = level
        # what the table shows
        self.hand_cards = []
        self.playable = 0  # mask of the cards the player may play now
        self.cursor = 0  # index in hand_cards; len(hand_cards) is the "more" chip
        self.has_more = False
        self.trick = [-1, -1]  # the card each seat has in the current trick
        self.prompt = ""
        self.panel = None  # (title, items) with items a list of (text, action); -1 = back
        self.panel_sel = 0
        self.page = []  # lines of a full-screen page
        self.page_sel = -1  # highlighted line of the page
        self.menu_sel = 0
        self.help_page = 0
        self.menu_back = TITLE
        self.back_page = []
        self._base_prompt = ""
        self.dirty = D_ALL
        pages.title_page(self)
        if store is not None:
            from handheld.persist import Saves
            self.saves = Saves(store)
            self.saves.start(self)
        # the computer player (30 KB) compiles last, after the save code and the first screen:
        # on a board's heap that leaves the least in the way of the bigger compiles
        from engine import ai
        self.choose = choose or ai.choose  # the computer player: choose(view, level, seed)

    # ---- input ------------------------------------------------------------------------------
    def press(self, button, now):
        self._guard(0, button, now)

    def release(self, button, now):
        self._guard(1, button, now)

    def tick(self, now):
        """Run what is due; True if the screen changed."""
        self._guard(2, 0, now)
        return self.dirty != 0

    def _guard(self, what, button, now):
        self.now = now
        try:
            if what == 0:
                self.keys.press(button, now)
            elif what == 1:
                self.keys.release(button, now)
            else:
                self.keys.poll(now)
                if self.cue_until and now >= self.cue_until:
                    self.cue_until = 0
                    self._set_prompt(self._base_prompt)
                if self.screen == TABLE:
                    self._advance(now)
                if self.saves is not None and self.saves.dirty:
                    self.saves.tick(self, now)  # a changed match, written when idle
        except Exception as e:  # any crash shows the error screen and offers a new match
            self.fail(e)

    def fail(self, e):
        self.errors += 1
        self.error = "%s: %s" % (type(e).__name__, e)
        self.screen = ERROR
        lines = ["Something went wrong:", ""]
        lines.extend(words.wrap(self.error)[:6])
        lines.append("")
        lines.append("B: start a new match")
        self._set_page(lines, -1)

    def waiting(self):
        """True when nothing is due and the app waits for a key (headless runs use it)."""
        if self.screen != TABLE:
            return True
        return self.phase == HUMAN and not self.cue_until

    def _cue(self):
        """A key with no meaning here: show the key hint for a moment."""
        self.cues += 1
        if self.on_cue:
            self.on_cue(0)
        if self.screen == TABLE:
            self.cue_until = self.now + CUE_MS
            self._set_prompt(_HINT, False)

    def _key(self, k):
        s = self.screen
        menu_key = k == START or k == SELECT or k == MENU_KEY
        if s >= RESUME and not (menu_key and s == RESUME):
            from handheld import savepages
            savepages.key(self, k)
        elif menu_key:
            if s == MENU:
                pages.close_menu(self)
            else:
                if self.saves is not None:
                    self.saves.flush(self)  # the menu opens: a changed match is written
                pages.open_menu(self)
        elif s == TABLE:
            self._table_key(k)
        elif s == MENU:
            pages.menu_key(self, k)
        elif s == HELP:
            pages.help_key(self, k)
        elif k == A or k == B:
            if s == RESULT:
                self._next_hand()
            else:  # title, match end, error
                self.new_match()
        else:
            self._cue()
        if s == MENU and self.screen != MENU and self.screen != HELP and \
                self.screen != STATS and self.saves is not None:
            self.saves.save_settings(self)  # leaving the menu: its choices, if changed

    # ---- the match ----------------------------------------------------------------------------
    def new_match(self, seed=None):
        if seed is not None:
            self.seed = seed
        else:
            self.seed = (self.seed * 1103515245 + 12345) % 2147483647 + self.matches_done
        self.match = Match(preset(PRESET_ORDER[self.preset_index]), self.seed)
        if self.saves is not None:
            self.saves.begin_hand(self.match)
        self._start_hand()

    def _start_hand(self):
        self.screen = TABLE
        self.phase = IDLE
        self.trick[0] = self.trick[1] = -1
        self.panel = None
        self.cue_until = 0
        self.hand_cards = hand_order(self.match.hand.hand_mask(0))
        self.playable = 0
        self.has_more = False
        self.cursor = 0
        self._set_prompt("New hand")
        self.dirty = D_ALL

    def _next_hand(self):
        if self.match.over:
            pages.match_end(self)
            return
        self.match.next_hand()
        if self.saves is not None:
            self.saves.begin_hand(self.match)
        self._start_hand()

    def _act(self, seat, a):
        """Apply one action for seat and start the pause or notice that shows it."""
        h = self.match.hand
        lead = h.trick_card < 0
        self.match.apply(a)
        self.dirty |= D_TABLE
        self.phase = IDLE
        self.panel = None
        who = words.WHO[seat]
        if a < 24:
            if lead:
                self.trick[0] = self.trick[1] = -1
            self.trick[seat] = a
            if not lead:
                led, follow, w = h.last_trick
                if self.on_trick:
                    self.on_trick(w == 0)
                if self.feedback is not None:
                    self.feedback.trick(self.now, w == 0)
                self._pause(TRICK_MS, "%s take%s the trick +%d" % (
                    words.WHO[w], "" if w == 0 else "s", CARD_POINTS[led] + CARD_POINTS[follow]))
        elif a < EXCHANGE:
            s = a - MARRIAGE
            self._pause(NOTICE_MS if seat else 0, "%s: %d in %s" % (
                who, 40 if s == h.trump_suit else 20, words.SUIT_TEXT[s]))
        elif a == EXCHANGE:
            self._pause(NOTICE_MS if seat else 0, "%s took the trump card" % who)
        elif a == CLOSE:
            self._pause(NOTICE_MS if seat else 0, "%s closed the stock" % who)
        elif a == DECLARE:
            self._pause(NOTICE_MS, "%s declare%s 66!" % (who, "s" if seat else ""))
        if seat == 0 or a == DRAW:
            self.hand_cards = hand_order(h.hand_mask(0))
            self.dirty |= D_HAND
        if self.saves is not None and (h.over or (a < 24 and not lead)):
            self.saves.after_action(self, h.over)  # after a trick, at the hand's end
            if self.saves.pending:
                from handheld import savepages
                savepages.show_notice(self)

    def _pause(self, ms, text):
        self._set_prompt(text)
        if ms:
            self.phase = PAUSE
            self.due = self.now + ms

    def _advance(self, now):
        """One step of the table: end a pause, let the computer move, or wait for the player."""
        if self.phase == PAUSE:
            if now < self.due:
                return
            self.phase = IDLE
            if self.trick[0] >= 0 and self.trick[1] >= 0:
                self.trick[0] = self.trick[1] = -1
                self.dirty |= D_TRICK
        h = self.match.hand
        if h.over:
            pages.hand_over(self)
            return
        if h.to_move == 1:
            if self.phase == IDLE or self.phase == HUMAN:
                self.phase = THINK
                self.due = now
                self.playable = 0
                self.has_more = False
                self.dirty |= D_HAND
                self._set_prompt("CPU is thinking...")
            elif self.phase == THINK:  # the thinking prompt was drawn on the previous tick
                t0 = self.clock() if self.clock else 0
                try:
                    self.cpu_action = self.choose(h.view(1), self.level, self.seed + h.trick_no)
                except RuntimeError as e:  # a board whose pystack cannot hold the search
                    if not pystack.is_exhausted(e):
                        raise
                    self.cpu_action = self.choose(h.view(1), 0, self.seed + h.trick_no)  # EASY
                    self.pystack_falls += 1
                    print(pystack.ADVICE)
                    self.cue_until = now + NOTE_MS
                    self._set_prompt("CPU: EASY move (pystack)", False)
                if self.clock:
                    dt = self.clock() - t0
                    if dt > self.slowest_ms:
                        self.slowest_ms = dt
                self.phase = CPU
                self.due += QUICK_MS if self.cpu_action == DRAW else THINK_MS
            elif self.phase == CPU and now >= self.due:
                self._act(1, self.cpu_action)
            return
        if self.phase != HUMAN:
            self._begin_human()

    def _begin_human(self):
        h = self.match.hand
        legal = h.legal_actions()
        if h.draw_pending:
            if CLOSE not in legal:  # nothing to decide before the draw: draw at once
                self._act(0, DRAW)
                self.phase = IDLE
                return
            items = [("Draw, play on", DRAW), ("Close stock", CLOSE)]
            if DECLARE in legal:
                items.append(("Declare 66", DECLARE))
            self._open_panel("You won the trick", items)
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
        if not self._playable_at(self.cursor):
            self._move(1)
        self.dirty |= D_HAND | D_PROMPT
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
        for _ in range(n):
            i = (i + step) % n
            if self._playable_at(i):
                self.cursor = i
                break
        self.dirty |= D_HAND

    def _show_choice(self):
        """The prompt for the player's own turn."""
        if self.panel is not None:
            self._set_prompt("A:next  B:choose")
            return
        h = self.match.hand
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
                    names.append("40" if a - MARRIAGE == h.trump_suit else "20")
            self._set_prompt("More: " + " ".join(names))
            return
        c = self.hand_cards[self.cursor]
        if h.announced >= 0:
            self._set_prompt("Lead K or Q of " + words.SUIT_TEXT[h.announced])
        elif h.trick_card >= 0:
            self._set_prompt("Play " + words.card_text(c))
        else:
            text = "Lead " + words.card_text(c)
            m = self._marriage_for(c)
            if m >= 0:
                text += " +%d" % (40 if m == h.trump_suit else 20)
            self._set_prompt(text)

    def _marriage_for(self, c):
        """The suit whose marriage leading c announces (auto-announce on), else -1."""
        r = c % 6
        if not self.auto_marry or (r != 2 and r != 3):
            return -1
        s = c // 6
        h = self.match.hand
        if h.announced < 0 and MARRIAGE + s in h.legal_actions():
            return s
        return -1

    def _table_key(self, k):
        if self.phase == PAUSE:
            if k == A or k == B:
                self.due = self.now  # a key ends the pause early
            else:
                self._cue()
            return
        if self.phase != HUMAN:
            self._cue()
            return
        if self.panel is not None:
            self._panel_key(k)
            return
        if k == RIGHT or k == A:
            self._move(1)
        elif k == LEFT:
            self._move(-1)
        elif k == UP and self.has_more:
            self._open_more()
        elif k == B:
            if self.cursor >= len(self.hand_cards):
                self._open_more()
                return
            c = self.hand_cards[self.cursor]
            m = self._marriage_for(c)
            if m >= 0:
                self._act(0, MARRIAGE + m)
            self._act(0, c)
            return
        else:
            self._cue()
            return
        self._show_choice()

    def _open_more(self):
        h = self.match.hand
        ex = "J" if h.rules.exchange_rank else "9"
        items = []
        for a in h.legal_actions():
            if a == DECLARE:
                items.append(("Declare 66", a))
            elif a == EXCHANGE:
                items.append(("Swap trump %s" % ex, a))
            elif a == CLOSE:
                items.append(("Close stock", a))
            elif MARRIAGE <= a < EXCHANGE:
                s = a - MARRIAGE
                items.append(("%d in %s" % (
                    40 if s == h.trump_suit else 20, words.SUIT_TEXT[s]), a))
        items.append(("Back to cards", -1))
        self._open_panel("Your lead", items)
        self._show_choice()

    def _open_panel(self, title, items):
        self.panel = (title, items)
        self.panel_sel = 0
        self.dirty |= D_PANEL

    def _panel_key(self, k):
        items = self.panel[1]
        if k == DOWN or k == RIGHT or k == A:
            self.panel_sel = (self.panel_sel + 1) % len(items)
        elif k == UP or k == LEFT:
            self.panel_sel = (self.panel_sel - 1) % len(items)
        elif k == B:
            a = items[self.panel_sel][1]
            self.panel = None
            self.dirty |= D_PANEL
            if a < 0:
                self._show_choice()
                return
            self._act(0, a)
            return
        else:
            self._cue()
            return
        self.dirty |= D_PANEL

    # ---- small helpers ---------------------------------------------------------------------------
    def _set_page(self, lines, sel):
        self.page = lines
        self.page_sel = sel
        self.dirty |= D_PAGE | D_SCREEN

    def _set_prompt(self, text, base=True):
        if base:
            self._base_prompt = text
            if self.cue_until:
                return
        if text != self.prompt:
            self.prompt = text
            self.dirty |= D_PROMPT

    def settings(self):
        """The player's choices, as handheld.savedata's settings codec names them."""
        return {"preset": self.preset_index, "level": self.level,
                "show_points": self.show_points, "auto_marriage": self.auto_marry,
                "sound": self.sound, "lights": self.lights}

    def load_settings(self, d):
        """Take saved choices (a bad or missing field keeps its current value)."""
        try:
            p = d.get("preset", self.preset_index)
            if isinstance(p, str):
                p = PRESET_ORDER.index(preset(p).name)
            if 0 <= p < len(PRESET_ORDER):
                self.preset_index = p
            self.level = int(d.get("level", self.level)) % 3
            self.show_points = bool(d.get("show_points", self.show_points))
            self.auto_marry = bool(d.get("auto_marriage", self.auto_marry))
            self.set_feedback(bool(d.get("sound", self.sound)),
                              bool(d.get("lights", self.lights)))
        except (ValueError, TypeError, AttributeError):
            pass
        if self.screen == TITLE:
            pages.title_page(self)

    def set_feedback(self, sound, lights):
        """Switch sounds and lights; what is switched off stops at once."""
        self.sound = sound
        self.lights = lights
        fb = self.feedback
        if fb is not None:
            if (fb.sound and not sound) or (fb.lights and not lights):
                fb.off()
            fb.sound = sound
            fb.lights = lights
