"""The menu (over any screen but a notice); it opens the rules help (handheld.helptext) and
the statistics (handheld.savepages).

Imported when the menu opens and unloaded when it closes (Menu.transient). The menu changes
the player's choices through `App.load_settings`; leaving it saves them.
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld.screen import Screen, MENU, DONE, precompiled
from handheld import words

MENU_SHOWN = 8  # items on screen at once; the list scrolls
# the items (their ids): RESUME, NEW, ... (the setting each changes: _SETTING)
RESUME = 0
NEW = 1
RULES = 6
STATS_ITEM = 7
HINT = 11  # over the table: a hint, the last trick (two-button players reach them here)
LAST = 12
_ITEMS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
# the setting each item id changes (names of App.settings()), None for an action
_SETTING = (None, None, "preset", "level", "show_points", "auto_marriage", None, None,
            "sound", "lights", "last_trick", None, None)


class Menu(Screen):
    kind = MENU
    # Unloaded when it closes only when precompiled (.mpy: 1.9 KB more for the matches, 13 ms
    # on a SAMD51 to load it again). From .py it stays once compiled: the menu is often opened
    # mid-match, and each opening would compile it there (a 13 KB transient on a fuller heap:
    # sim.bench board needed 124-127 KB with it unloaded against 117 KB kept).
    transient = ("handheld.menu",) if precompiled(__file__) else ()

    def __init__(self, app, playing, table=False):
        self.app = app
        self.playing = playing  # opened over a match: "Resume", and "(next)" on a new game
        self.item = 0
        self.ids = _ITEMS
        if table:  # opened over the table: the coach's actions come second
            extra = (HINT, LAST) if app.last_trick_on() else (HINT,)
            self.ids = (RESUME,) + extra + _ITEMS[1:]

    def home(self):
        """Back to the first item (a menu key on the help)."""
        self.item = 0

    def show(self):
        app = self.app
        name = PRESET_ORDER[app.preset_index]
        game = words.PRESET_TITLES[name]
        if self.playing and name != app.match.rules.name:
            game += " (next)"
        texts = ("Resume" if self.playing else "Back",
                 "New match",
                 "Game: " + game,
                 "Level: " + words.LEVEL_WORDS[app.level],
                 "Points: " + ("shown" if app.show_points else "hidden"),
                 "Marriages: " + ("auto" if app.auto_marry else "by hand"),
                 "Rules help",
                 "Statistics",
                 "Sound: " + ("on" if app.sound else "off"),
                 "Lights: " + ("on" if app.lights else "off"),
                 "Last trick: " + ("shown" if app.show_last else "hidden"),
                 "Hint",
                 "Last trick")
        ids = self.ids
        i = self.item
        top = i - MENU_SHOWN + 1 if i >= MENU_SHOWN else 0
        lines = ["Menu  %d/%d" % (i + 1, len(ids))]
        for j in range(top, top + MENU_SHOWN):
            lines.append(("> " if j == i else "  ") + texts[ids[j]])
        lines.append("B:ok  LEFT/RIGHT:change")
        self.page(lines, 1 + i - top)

    def key(self, k):
        i = self.item
        n = len(self.ids)
        it = self.ids[i]
        if k == START or k == SELECT or k == MENU_KEY:
            return self._leave()
        if k == DOWN or k == A:
            self.item = (i + 1) % n
        elif k == UP:
            self.item = (i - 1) % n
        elif (k == LEFT or k == RIGHT) and _SETTING[it]:
            self._change(_SETTING[it], -1 if k == LEFT else 1)
        elif k == B:
            if it == RESUME:
                return self._leave()
            if it == NEW:
                self.app.new_match()
                self.app.save_settings()
                return None
            if it == HINT or it == LAST:
                done = self._leave()
                if it == HINT:
                    self.app.hint()
                else:
                    self.app.last_trick()
                return done
            if it == RULES:
                from handheld.helptext import Help
                return Help(self.app, self.home)
            if it == STATS_ITEM:
                from handheld.savepages import Stats
                return Stats(self.app)
            self._change(_SETTING[it], 1)
        else:
            self.app.cue()
            return None
        self.show()
        return None

    def _leave(self):
        self.app.save_settings()  # its choices, if they changed
        return DONE

    def _change(self, name, step):
        app = self.app
        v = app.settings()[name]
        if name == "preset":
            v = (v + step) % len(PRESET_ORDER)
        elif name == "level":
            v = (v + step) % 3
        else:
            v = not v
        app.load_settings({name: v})
