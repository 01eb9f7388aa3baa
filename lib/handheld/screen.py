"""What every screen of the app shares: the kinds the renderers draw, the table's phases, the
dirty bits, the timings, and `Screen`, the small interface each screen implements.

A screen is one object on the App's stack (handheld.app). While it is on top the App hands it
the player's keys, `key(k)`, and the passing time, `tick(now)`; `key` returns what happens:
    None     stay (the screen changed itself, or the App's public API changed the stack)
    DONE     close this screen: the one under it shows again (its `show()` is called)
    screen   open that screen over this one
A renderer reads `kind` and, for a full-screen page, `lines` and `sel`. A screen changes the
rest of the app only through the App's public methods, never another screen's fields.

A rarely shown screen names in `transient` the modules imported for it: when it leaves the
stack the App unloads them (`unload`), unless a screen still on the stack names them too, so
they are not in the heap during the next computer search. Which modules are transient is
decided by measurement (see `unload`).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld.buttons import START, SELECT
from handheld.input import MENU_KEY

# screen kinds (Screen.kind; App.screen is the kind on top)
TITLE = const(0)
TABLE = const(1)
RESULT = const(2)  # a hand is over
MATCH_END = const(3)
MENU = const(4)
HELP = const(5)
ERROR = const(6)
RESUME = const(7)  # a saved match: continue or start new (handheld.resume)
NOTICE = const(8)  # a note about the saves
STATS = const(9)
REVIEW = const(10)  # a hand's review, a scrolling list (handheld.review)
DUPLICATE = const(11)  # a deal and its replay from the other seat (handheld.review)

NORMAL = const(1)  # engine.ai.NORMAL: the default level (the computer player is imported last)

# the table's phases (handheld.table). Those the app's modules alone read are private here and
# copied where used (`_IDLE = const(0)`): a private constant is no name on a board (from .mpy),
# a public one is interned for good; tests/test_boards.py checks that every copy agrees.
_IDLE = const(0)  # nothing decided yet: the next tick looks at whose turn it is
HUMAN = const(1)  # waiting for the player
THINK = const(2)  # "CPU thinking..." is on screen; the next tick computes the move
CPU = const(3)  # the computer's move is known and appears at `due`
PAUSE = const(4)  # a trick result or a notice stays until `due` (or a key)
_HINT_ASK = const(5)  # the player asked for a hint: "Thinking..." shows on the next draw
HINT_RUN = const(6)  # "Thinking..." is on screen; the next tick computes the hint

# dirty bits (App.dirty): which parts of the screen changed (private, copied where used)
_D_OPP = const(1)  # computer's hand and its tricks/marriages line
_D_STOCK = const(2)
_D_TRICK = const(4)
_D_SCORE = const(8)
_D_ME = const(16)  # the player's tricks/marriages line
_D_HAND = const(32)
_D_PROMPT = const(64)
_D_PANEL = const(128)
_D_PAGE = const(256)  # a full-screen page (title, result, menu, help, error)
_D_SCREEN = const(512)  # another screen: show/hide whole layers
_D_TABLE = const(255)
_D_ALL = const(1023)

_NOTICE_MS = const(1000)  # "CPU closes the stock" and such (handheld.table's other pauses are
# its own, the prompt's notes handheld.app's)

DONE = True  # what key() returns to close its screen


def precompiled(name):
    """True when the module `name` (itself, while it runs at import) was loaded from a .mpy,
    not compiled; False from .py, or where a module has no `__file__`."""
    import sys
    return getattr(sys.modules.get(name), "__file__", "").endswith(".mpy")


class Screen:
    """The interface; the defaults fit a page: menu keys open the menu, other keys cue.
    A screen's constructor takes the App first and keeps it as `app`."""

    kind = TITLE
    lines = ()  # a full-screen page: its lines (26 columns)
    sel = -1  # the highlighted line of the page, -1 none
    hint = ""  # a key hint for the prompt line after a key that means nothing ("": none)
    transient = ()  # modules unloaded when this screen leaves the stack (see unload)

    def key(self, k):
        """A key while on top: None (stay), DONE (close) or a screen to open over this one;
        a hand's result returns (end,) for the next hand, dealt once it has gone (App.key)."""
        if k == START or k == SELECT or k == MENU_KEY:
            return self.app.menu()
        self.app.cue()
        return None

    def tick(self, now):
        """Time passes while on top (now in ms)."""

    def show(self):
        """On top again (opened, or the screen over it closed): mark what to draw."""
        self.app.mark(_D_PAGE | _D_SCREEN)

    def waiting(self):
        """True when nothing is due and the screen waits for a key."""
        return True

    def page(self, lines, sel=-1):
        """Show these lines (a full-screen page) with line sel highlighted."""
        self.lines = lines
        self.sel = sel
        self.app.mark(_D_PAGE | _D_SCREEN)
