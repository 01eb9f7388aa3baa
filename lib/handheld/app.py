"""The Sixty-Six app: a stack of screens, the player's choices, and the calls screens make.

Feed it `press(button, now_ms)`, `release(button, now_ms)` and `tick(now_ms)`; `tick` returns
True when something on screen changed. `dirty` holds which parts (handheld.screen's D_* bits);
a renderer draws `top`, the screen on top (`screen` is its kind; the table is also `table`),
and the prompt line `prompt`, then sets `dirty = 0`. Nothing blocks: the computer's turn and
every pause run on timestamps. The player is seat 0, the computer seat 1 (never shown its hand).

Each screen is a handheld.screen.Screen on `stack`; keys and ticks go to the top one. What a
screen may call here:
    new_match(), next_hand(end), hand_over()    the match: its table and its result pages
    deal(), show_result()                       the match's hand on the table; the page of the
                                                hand just over (not counted again)
    menu()                                      the menu, to open over the top screen
    push(s), pop(), set_root(s)                 the stack (key() returning a screen or DONE
                                                pushes or pops it too)
    set_prompt(text), note(text, ms), cue()     the prompt line; a key that means nothing
    mark(bits)                                  parts to draw again
    settings(), load_settings(d), save_settings()   the player's choices
    think(hand), trick_taken(won), after_action(hand_over)   the computer; feedback; saves
    last_trick_on()                             the last trick may be looked at (the coach
                                                on the table: handheld.coachui)
Rarely needed steps live with the code that needs them, not in the App (its code is in the heap
all the time): the first screen after the saves load and continuing a saved match
(handheld.savepages, handheld.resume), the same deal from the computer's seat and back (handheld.review).
"""
from engine.match import Match
from engine.rules import preset, PRESET_ORDER
from handheld.input import Keys
from handheld.screen import TITLE, TABLE, NORMAL, DONE
from handheld import unload
from handheld.screen import precompiled
from handheld.table import Table
from handheld import pages

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# handheld.screen's values, copied (a private constant is no name on a board)
_D_OPP = const(1)
_D_ME = const(16)
_D_PROMPT = const(64)
_D_ALL = const(1023)
_MATCH_END = const(3)  # handheld.screen's kinds
_MENU = const(4)
_HELP = const(5)

_CUE_MS = const(900)  # the key hint shown after a key that means nothing here
_NOTE_MS = const(3000)  # a note on the prompt line (handheld.pystack)


class App:
    def __init__(self, seed=1, preset_name="sixty-six", level=NORMAL, show_points=False,
                 auto_marry=True, choose=None, store=None, feedback=None):
        self.seed = seed
        self.preset_index = PRESET_ORDER.index(preset(preset_name).name)
        self.level = level
        self.show_points = show_points
        self.auto_marry = auto_marry
        self.sound = True
        self.lights = True
        self.show_last = False  # the last trick may be looked at (R43's review_last_trick)
        self.replay = None  # (the match, its finished hand) while its deal is replayed
        self.replayed = None  # the last hand replayed from the other seat (offered once)
        self.keys = Keys(self.key)
        self.now = 0
        self.match = None
        self.cue_until = 0  # the prompt shows a cue or a note until then
        self.cues = 0
        self.errors = 0
        self.pystack_falls = 0  # computer moves made at EASY: the pystack was too small
        self.error = ""
        self.hands_done = 0
        self.matches_done = 0
        self.slowest_ms = 0  # the slowest computer move so far (wall ms, for benches)
        self.clock = None  # optional wall clock (ms) to time the computer's moves
        self.on_cue = None  # optional callback(kind) for a sound or a buzz
        self.feedback = feedback  # optional: trick(now, won), hand(now, won), off()
        self.saves = None  # handheld.persist.Saves when a store is given
        self.prompt = ""
        self._base_prompt = ""
        self.dirty = _D_ALL
        self.stack = []  # the screens (handheld.screen.Screen), the one on top last
        self.top = None  # the screen on top; `screen` is its kind
        self.screen = TITLE
        self.table = Table(self)  # the card table, the screen of every hand
        self.set_root(pages.Title(self))
        if store is not None:
            from handheld.persist import Saves
            self.saves = Saves(store)
            self.saves.start(self)
        import gc
        if not precompiled("handheld.pages"):
            # from .py the menu and the hand's result, shown in most games, compile now and stay
            # (see handheld.menu): a compile mid-match needs 3-5 times a module's size on top of
            # the match's heap. Precompiled, they load when shown and go when closed.
            gc.collect()
            from handheld import menu, result, resulttext  # noqa: F401
        # the computer player (30 KB): code.py has imported it before the app's modules (from
        # .py that leaves the least in the way of the screen's build, see code.py); else it
        # compiles here, after the save code and the first screen
        gc.collect()
        from engine import ai
        self.choose = choose or ai.choose  # the computer player: choose(view, level, seed)

    # ---- input ------------------------------------------------------------------------------
    def press(self, button, now):
        self._guard(0, button, now)

    def release(self, button, now, held=0):
        self._guard(1, button, now, held)

    def tick(self, now):
        """Run what is due; True if the screen changed."""
        self._guard(2, 0, now)
        return self.dirty != 0

    def _guard(self, what, button, now, held=0):
        self.now = now
        try:
            if what == 0:
                self.keys.press(button, now)
            elif what == 1:
                self.keys.release(button, now, held)
            else:
                self.keys.poll(now)
                if self.cue_until and now >= self.cue_until:
                    self.cue_until = 0
                    self.note(self._base_prompt, 0)  # the prompt again
                self.top.tick(now)
                if self.saves is not None and self.saves.dirty:
                    self.saves.tick(self, now)  # a changed match, written when idle
        except Exception as e:  # any crash shows the error screen and offers a new match
            self.fail(e)

    def key(self, k):
        """A key (a button, or handheld.input.MENU_KEY) for the screen on top."""
        s = self.top.key(k)
        if type(s) is tuple:  # (end,) from a hand's result: the page goes, then the next hand
            self.next_hand(s[0])
            return
        if s is DONE and self.screen == _HELP:  # back from the rules help: the menu as it was
            from handheld.menu import Menu
            s = Menu(self, self.top.menu[0], False, self.top.menu)
        if s is DONE:
            self.pop()
        elif s is not None and (s.kind == _HELP or self.screen == _HELP):
            # the rules help and the menu take each other's place (handheld.help): the code of
            # one of them in the heap at a time, once the other's key() has returned
            names = self.stack.pop().transient
            self.stack.append(s)
            self._on_top(s, names)
        elif s is not None:
            self.push(s)

    def fail(self, e):
        self.errors += 1
        self.error = "%s: %s" % (type(e).__name__, e)
        self.set_root(pages.error(self, self.error))

    def waiting(self):
        """True when nothing is due and the app waits for a key (headless runs use it)."""
        return self.top.waiting()

    # ---- the stack of screens -------------------------------------------------------------------
    def push(self, s):
        """Open screen s over the one on top."""
        self.stack.append(s)
        self._on_top(s)

    def pop(self):
        """Close the screen on top: the one under it shows again. The menu's choices are saved
        once it is closed, its code gone from the heap (from .mpy: see handheld.menu)."""
        s = self.stack.pop()
        names = s.transient
        menu = s.kind == _MENU
        s = None
        self._on_top(self.stack[-1], names)
        if menu:
            self.save_settings()  # (if they changed)

    def set_root(self, s):
        """Start over from screen s: it becomes the only one."""
        names = []
        for old in self.stack:
            names.extend(old.transient)
        self.stack = [s]
        self._on_top(s, names)

    def _on_top(self, s, gone=()):
        """s shows; the modules `gone` that no screen on the stack names go first (a rarely
        shown screen's code is not in the heap while it is not shown: handheld.unload)."""
        self.top = s
        self.screen = s.kind
        if gone:
            keep = []
            for on in self.stack:
                keep.extend(on.transient)
            names = [n for n in gone if n not in keep]
            if names:
                unload(*names)
        s.show()

    def menu(self):
        """The menu, to open over the screen on top (a changed match is written first)."""
        if self.saves is not None:
            self.saves.flush(self)
        from handheld.menu import Menu
        return Menu(self, self.match is not None and self.screen != TITLE,
                    self.screen == TABLE and not self.match.hand.over)

    # ---- the match ----------------------------------------------------------------------------
    def new_match(self, seed=None):
        if seed is not None:
            self.seed = seed
        else:
            self.seed = (self.seed * 1103515245 + 12345) % 2147483647 + self.matches_done
        self.replay = None
        self.replayed = None
        self.match = None  # the match over goes before the next is dealt (a board's heap)
        self.match = Match(preset(PRESET_ORDER[self.preset_index]), self.seed)
        if self.saves is not None:
            self.saves.begin_hand(self.match)
        self.deal()

    def next_hand(self, end=()):
        """After a hand's result: the next hand, or the match's result (the lines `end`, made
        with the hand's result by handheld.resulttext)."""
        if self.match.over:
            self.matches_done += 1
            self.set_root(pages.Page(self, _MATCH_END, end, self.new_match))
            return
        self.replayed = None  # (offered once: the next hand is not the one replayed)
        self.set_root(self.table)  # the result page and its code go before the deal (1.4 KB)
        self.match.next_hand()
        if self.saves is not None:
            self.saves.begin_hand(self.match)
        self.deal()

    def deal(self):
        """The table shows the match's hand (new, restored or replayed)."""
        self.cue_until = 0
        self.table.deal()
        self.set_root(self.table)

    def hand_over(self):
        """The hand is over: count it, tell the feedback, show its result."""
        won = self.match.hand.winner == 0
        if self.feedback is not None:
            self.feedback.hand(self.now, won)
        if self.replay is not None:  # the deal from the other seat: both results
            from handheld.review import Duplicate
            page = Duplicate(self, self.replay[1], self.match.hand)
            if self.saves is not None:
                self.saves.count_duplicate(self.level, page.diff)
            self.set_root(page)
            return
        self.hands_done += 1
        self.show_result()

    def show_result(self):
        """The page of the hand just over: its words first (handheld.resulttext, gone from the
        heap once made when precompiled), then the page's code (handheld.result)."""
        from handheld.resulttext import hand_lines
        lines = hand_lines(self)
        hand_lines = None
        from handheld.result import Result
        self.set_root(Result(self, lines))

    # ---- the coach on the table (handheld.coachui) --------------------------------------------
    def last_trick_on(self):
        """The last trick may be looked at: the menu's setting, or the rules' own option."""
        return self.show_last or self.match.rules.review_last_trick

    def trick_taken(self, won):
        if self.feedback is not None:
            self.feedback.trick(self.now, won)

    def think(self, hand):
        """The computer's action in hand, from its view only (timed when `clock` is set);
        EASY's action when the board's pystack cannot hold the search."""
        start = self.clock() if self.clock else 0
        try:
            a = self.choose(hand.view(1), self.level, self.seed + hand.trick_no)
        except RuntimeError as e:
            from handheld import pystack  # imported on the first fall only (then kept)
            if not pystack.is_exhausted(e):
                raise
            a = self.choose(hand.view(1), 0, self.seed + hand.trick_no)  # EASY
            self.pystack_falls += 1
            print(pystack.ADVICE)
            self.note("CPU: EASY move (pystack)", _NOTE_MS)
        if self.clock:
            ms = self.clock() - start
            if ms > self.slowest_ms:
                self.slowest_ms = ms
        return a

    def after_action(self, hand_over):
        """After a trick and at a hand's end: save; a notice that came up shows at once."""
        saves = self.saves
        if saves is None or self.replay is not None:  # a replayed deal is never saved
            return
        saves.after_action(self, hand_over)
        if saves.pending:
            from handheld.savepages import Notice
            self.push(Notice(self, saves.take_notice(), False))

    # ---- the prompt line ----------------------------------------------------------------------
    def set_prompt(self, text):
        """The prompt line's text (a cue or a note showing keeps it for after)."""
        self._base_prompt = text
        if not self.cue_until:
            self.note(text, 0)

    def note(self, text, ms):
        """Show text on the prompt line for ms, then the prompt again (ms 0: text is the
        prompt)."""
        self.cue_until = self.now + ms if ms else 0
        if text != self.prompt:
            self.prompt = text
            self.dirty |= _D_PROMPT

    def cue(self):
        """A key with no meaning here: a sound or buzz, and the top screen's key hint."""
        self.cues += 1
        if self.on_cue:
            self.on_cue(0)
        if self.top.hint:
            self.note(self.top.hint, _CUE_MS)

    def mark(self, bits):
        """Parts of the screen (D_* bits) to draw again."""
        self.dirty |= bits

    # ---- the player's choices -------------------------------------------------------------------
    def settings(self):
        """The player's choices, as handheld.savedata's settings codec names them."""
        return {"preset": self.preset_index, "level": self.level,
                "show_points": self.show_points, "auto_marriage": self.auto_marry,
                "sound": self.sound, "lights": self.lights, "last_trick": self.show_last}

    def load_settings(self, d):
        """Take choices, saved ones or the menu's (a bad or missing field keeps its value)."""
        try:
            p = d.get("preset", self.preset_index)
            if isinstance(p, str):
                p = PRESET_ORDER.index(preset(p).name)
            if 0 <= p < len(PRESET_ORDER):
                self.preset_index = p
            self.level = int(d.get("level", self.level)) % 3
            points = bool(d.get("show_points", self.show_points))
            if points != self.show_points:
                self.show_points = points
                self.dirty |= _D_OPP | _D_ME
            self.auto_marry = bool(d.get("auto_marriage", self.auto_marry))
            self.show_last = bool(d.get("last_trick", self.show_last))
            sound = bool(d.get("sound", self.sound))  # switched off: stops at once
            lights = bool(d.get("lights", self.lights))
            self.sound = sound
            self.lights = lights
            fx = self.feedback
            if fx is not None:
                if (fx.sound and not sound) or (fx.lights and not lights):
                    fx.off()
                fx.sound = sound
                fx.lights = lights
        except (ValueError, TypeError, AttributeError):
            pass
        if self.screen == TITLE:
            self.top.show()

    def save_settings(self):
        """Save the player's choices (when they changed)."""
        if self.saves is not None:
            self.saves.save_settings(self)
