"""The menu (over any screen but a notice); the rules help it opens is handheld.help (its
texts in handheld.helptext; the help takes the menu's place, App.key), the statistics
handheld.stats.

From .mpy imported when the menu opens and unloaded when it closes (Menu.transient); from .py
compiled when the App starts, and kept. The menu changes the player's choices through
`App.load_settings`; leaving it saves them (App.pop, once the menu's code has left the heap).
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, MENU, DONE, precompiled
from handheld import words

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_MENU_SHOWN = const(8)  # items on screen at once; the list scrolls
# the items (their ids): _RESUME, _NEW, ... (the setting each changes: in key())
_RESUME = const(0)
_NEW = const(1)
_RULES = const(6)
# id 7, the statistics: _act's last case (no name: a private constant is one from .py)
_HINT = const(11)  # over the table: a hint, the last trick (two-button players reach them here)
_LAST = const(12)
_ITEMS = const(11)  # the items shown everywhere: ids 0 to 10
# id 13: "New match" once B was pressed on it over a match in progress (a literal: a private
# constant's name is interned too when a board compiles this from .py)
# (the items' tables are locals and their texts split from one string: a module's name, or a
# string of 10 characters or fewer in its code, is a name interned for good on a board)


def _setting(choice):
    """The setting item id `choice` changes (a name of App.settings()), None for an action."""
    return (None, None, "preset", "level", "show_points", "auto_marriage", None, None,
            "sound", "lights", "last_trick", None, None, None)[choice]


class Menu(Screen):
    kind = MENU
    # Where the menu's code lives, measured (the app at HARD with its screens on CircuitPython's
    # 32-bit build, sim.bench board's check, and the same with the menu first opened mid-match):
    # precompiled, it loads when opened and goes when it closes (20-25 ms on a SAMD51; 111-113
    # KB against 114-115 KB kept). From .py the App compiles it at its start (after the computer
    # player, code.py's first import) and keeps it (handheld.app): compiled when first opened
    # the app needed 117 KB, and 129 KB when that was mid-match (a compile needs 3-5 times the
    # module's size, there on top of the match's heap); compiled at each opening 124-127 KB; at
    # the start 115-116 KB (again on 2026-12-02, with the check opening the menu and its help
    # mid-match too: the menu, the result and its words compiled when shown 124 KB, at the start
    # 121 KB). The rules help's screen is a module of its own (handheld.help), not in
    # helptext.py, so that its texts compile in 4 KB, not 8, nor here: the menu shown over a
    # match does not carry it.
    transient = ("handheld.menu",) if precompiled(__name__) else ()

    def __init__(self, app, playing, table=False, back=None):
        self.app = app
        self.playing = playing  # opened over a match: "Resume", and "(next)" on a new game
        self.item = 0
        self.ids = tuple(range(_ITEMS))
        if table:  # opened over the table: the coach's actions come second
            extra = (_HINT, _LAST) if app.last_trick_on() else (_HINT,)
            self.ids = (_RESUME,) + extra + self.ids[1:]
        if back:  # back from the rules help (App.key): (playing, ids, item) as the help kept
            self.ids = back[1]
            self.item = back[2]

    def show(self):
        texts = self._texts()
        ids = self.ids
        i = self.item
        top = i - _MENU_SHOWN + 1 if i >= _MENU_SHOWN else 0
        lines = ["Menu  %d/%d" % (i + 1, len(ids))]
        for j in range(top, top + _MENU_SHOWN):
            lines.append(("> " if j == i else "  ") + texts[ids[j]])
        # keys every board has (two-button boards: A and B); LEFT/RIGHT are in the help
        lines.append("A:next  B:change" if _setting(ids[i]) else "A:next  B:choose")
        self.page(lines, 1 + i - top)

    def _texts(self):
        """Every item's text, by id (apart from show(): see _act)."""
        app = self.app
        name = PRESET_ORDER[app.preset_index]
        title = words.PRESET_TITLES[name]
        if self.playing and name != app.match.rules.name:
            title += " (next)"
        return ("%s\nNew match\nGame: %s\nLevel: %s\n%s\n%s\nRules help\nStatistics\nSound: %s\n"
                "Lights: %s\n%s\nHint\nLast trick\nNew match? B again" % (
                    "Resume" if self.playing and not app.match.over else "Back", title,
                    words.LEVEL_WORDS[app.level],
                    "Points: shown" if app.show_points else "Points: hidden",
                    "Marriages: auto" if app.auto_marry else "Marriages: by hand",
                    "on" if app.sound else "off", "on" if app.lights else "off",
                    "Last trick: shown" if app.show_last else "Last trick: hidden")).split("\n")

    def _act(self, choice):
        """B on an action's item: what key() returns (apart from key(): a board loads each
        function's code into one block of its heap, and a smaller one finds room sooner)."""
        app = self.app
        if choice == _NEW and self.playing and not app.match.over:  # the match would be lost:
            i = self.item  # asked again, in the item's place (id 13)
            self.ids = self.ids[:i] + (13,) + self.ids[i + 1:]
            self.show()
            return None
        if choice == _NEW or choice == 13:
            app.new_match()
            app.save_settings()
            return None
        if choice == _HINT or choice == _LAST:
            from handheld import coachui
            if choice == _HINT:
                coachui.ask_hint(app.table, app)
            else:
                coachui.peek(app.table, app)
            return DONE
        if choice == _RULES:  # in the menu's place (App.key): one of the two in the heap
            from handheld.help import Help
            return Help(app, (self.playing, self.ids, self.item))
        from handheld.stats import Stats  # id 7
        return Stats(app)

    def key(self, k):
        i = self.item
        choice = self.ids[i]
        if k == START or k == SELECT or k == MENU_KEY or (k == B and choice == _RESUME):
            return DONE  # (App.pop saves its choices, if they changed)
        if choice == 13 and (k == DOWN or k == A or k == UP):  # moving off it: asked no more
            self.ids = self.ids[:i] + (_NEW,) + self.ids[i + 1:]
        if k == DOWN or k == A:
            self.item = (i + 1) % len(self.ids)
        elif k == UP:
            self.item = (i - 1) % len(self.ids)
        else:
            return self._choose(k, choice)
        self.show()
        return None

    def _choose(self, k, choice):
        """key() for the other keys on item `choice`: LEFT, RIGHT and B change its setting, B
        makes its action (apart from key(): see _act)."""
        name = _setting(choice)
        if (k == LEFT or k == RIGHT) and name:
            step = -1 if k == LEFT else 1
        elif k == B:
            if not name:  # an action
                return self._act(choice)
            step = 1
        else:
            self.app.cue()
            return None
        v = self.app.settings()[name]
        if name == "preset":
            v = (v + step) % len(PRESET_ORDER)
        elif name == "level":
            v = (v + step) % 3
        else:
            v = not v
        self.app.load_settings({name: v})
        if self.app.saves is not None:  # written when the menu closes, or after a pause: a
            self.app.saves.changed(self.app.now)  # power cut before it closes loses nothing
        self.show()
        return None
