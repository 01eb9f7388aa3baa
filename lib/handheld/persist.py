"""The app's saves: the match in progress, statistics and settings, through a store.

    saves = Saves(store)        # store from handheld.store.open_store (or a RamStore)
    saves.start(app)            # settings, statistics, the saved match; the first screen
    saves.begin_hand(match)     # a new hand was dealt
    saves.after_action(app)     # after a trick and at a hand's end: the match (and stats)
    saves.save_settings(app)    # when the menu closes

Writes are rare (flash wears): the match after each trick and at each hand's end, the
statistics at each hand's end, the settings when the menu closes, and never a payload equal
to the last one written. Nothing here raises: a store that fails shows a notice once and the
game goes on with its saves in RAM. A record that cannot be read is never overwritten before
the player has played a trick of something new; a newer game's record is never overwritten.
"""
from engine.match import Match
from engine.rules import preset
from engine import score
from handheld import savedata
from handheld import store as stores

# hands whose game points are on the R35 scale (2 schneider, 3 schwarz), not a penalty
_SCALE = (score.DECLARED, score.CLOSER_WON, score.RUN_OUT)

NOTICE_BAD_MATCH = "Saved match unreadable:\nstarting fresh"

# what each notice means for the player, under the notice itself
_OFF = "Play goes on, but nothing is kept after power-off."
_RAM = "Play goes on; new saves last until power-off."
_AFTER = {
    stores.NOTICE_READ_ONLY: _OFF,
    stores.NOTICE_NO_STORAGE: _OFF,
    stores.NOTICE_FULL: _RAM,
    stores.NOTICE_ERROR: _RAM,
    stores.NOTICE_NEWER: "A newer game can load it. Play goes on without it.",
    stores.NOTICE_DAMAGED: "It is replaced once you play something new.",
    NOTICE_BAD_MATCH: "It is replaced once you play a trick.",
}


def notice_lines(text):
    """The lines of a notice: its own words, then what it means for the player."""
    lines = text.split("\n")
    extra = _AFTER.get(text)
    if extra:
        lines.append("")
        lines.append(extra)
    return lines


def restore(d):
    """The Match of a decoded match save; ValueError (or IllegalAction) if it does not fit."""
    rules = preset(d["preset"])
    if d.get("options"):
        rules = rules.but(**d["options"])
    return Match.restore(rules, d["seed"], rules.match_target, d["hand_no"], d["dealer"],
                         d["scores"], d["carry"], d["history"])


class Saves:
    def __init__(self, store):
        self.store = store
        self.stats = savedata.new_stats()
        self.saved = None  # the decoded match save found at start (dict), or None
        self.resumable = None  # the Match rebuilt from it, if it is not over
        self.pending = []  # notices not shown yet
        self.writes = 0  # saves handed to the store (tests count them)
        self._shown = []
        self._last = {}  # key -> the payload last handed to the store
        self._blocked = []  # keys holding a newer game's payload: never written
        self._start = ([0, 0], 0)  # scores and carry when the current hand was dealt
        self._note(store.notice)

    def _note(self, text):
        if text and text not in self._shown and text not in self.pending:
            self.pending.append(text)

    def take_notice(self):
        """The next notice to show (marked shown), or None."""
        if not self.pending:
            return None
        text = self.pending.pop(0)
        self._shown.append(text)
        return text

    # ---- loading -----------------------------------------------------------------------------
    def _load(self, key, decode, version):
        try:
            data = self.store.load(key)
        except Exception as e:  # a store bug or an I/O error: play on without that save
            print("saves: cannot read %s: %r" % (key, e))
            self._note(stores.NOTICE_ERROR)
            return None
        self._note(self.store.notice)
        if not data:
            return None
        try:
            return decode(data)
        except (ValueError, TypeError, IndexError, KeyError) as e:
            print("saves: %s" % e)
            if data[0] > version:  # the payload of a newer game: keep it
                self._blocked.append(key)
                self._note(stores.NOTICE_NEWER)
            else:
                self._note(NOTICE_BAD_MATCH if key == "match" else stores.NOTICE_DAMAGED)
            return None

    def start(self, app):
        """Load settings, statistics and the saved match into app; show notices first."""
        s = self._load("settings", savedata.decode_settings, savedata.SETTINGS_VERSION)
        if s:
            app.load_settings(s)
        self._last["settings"] = self._settings_payload(app)  # written only once changed
        st = self._load("stats", savedata.decode_stats, savedata.STATS_VERSION)
        if st:
            self.stats = st
        d = self._load("match", savedata.decode_match, savedata.MATCH_VERSION)
        if d:
            try:
                m = restore(d)
            except Exception as e:  # a history that does not fit the deal, an unknown preset
                print("saves: match: %r" % e)
                self._note(NOTICE_BAD_MATCH)
                m = None
            if m is not None and not m.over:
                self.saved = d
                self.resumable = m
        app.first_screen()

    def resume(self, app):
        """Continue the saved match in app."""
        d = self.saved
        m = self.resumable
        self.saved = self.resumable = None
        self._start = (list(d["scores"]), d["carry"])
        app.seed = d["seed"]
        app.level = d["level"]
        app.continue_match(m)  # its table, or its result if saved at the hand's end

    # ---- saving ------------------------------------------------------------------------------
    def begin_hand(self, match):
        self._start = (list(match.scores), match.carry)
        self.saved = self.resumable = None

    def match_payload(self, app):
        """The match save: the hand's history on the scores it was dealt with."""
        m = app.match
        d = m.state()
        d["scores"] = self._start[0]
        d["carry"] = self._start[1]
        d["level"] = app.level
        return savedata.encode_match(d)

    def after_action(self, app, hand_over):
        """Save the match (after a trick or at a hand's end); at the end count the hand too."""
        try:
            self._save("match", self.match_payload(app))
            if hand_over:
                self.count_hand(app.match, app.level)
                self._save("stats", savedata.encode_stats(self.stats))
        except Exception as e:  # a save must never stop the game
            print("saves: %r" % e)

    def count_hand(self, m, level):
        """Add the hand just scored (and the match, if it ended) to the statistics."""
        h = m.hand
        w, pts, _ = m.results[-1]
        gp = h.game_points if h.reason in _SCALE else 1  # a penalty is no schneider
        won = None if w is None else w == 0
        savedata.record_hand(self.stats, level, won, gp, h.closed_by == 0,
                             0 if w is None else pts - gp)
        if m.over:
            savedata.record_match(self.stats, level, m.winner == 0)

    def _settings_payload(self, app):
        s = savedata.default_settings()
        s.update(app.settings())
        return savedata.encode_settings(s)

    def save_settings(self, app):
        try:
            self._save("settings", self._settings_payload(app))
        except Exception as e:
            print("saves: %r" % e)

    def _save(self, key, payload):
        if key in self._blocked or self._last.get(key) == payload:
            return
        self._last[key] = payload
        store = self.store
        self.writes += 1
        try:
            ok = store.save(key, payload)
        except (OSError, RuntimeError) as e:
            print("saves: %s: %r" % (key, e))
            store.notice = stores.NOTICE_ERROR
            ok = False
        if ok or store.kind == "ram":
            return
        notice = store.notice or stores.NOTICE_ERROR
        self._note(notice)
        if notice == stores.NOTICE_NEWER:  # the store keeps a newer game's record
            self._blocked.append(key)
            return
        # the drive failed: keep this session's saves in RAM, never retry the drive
        ram = stores.RamStore(notice)
        for k in self._last:
            ram.save(k, self._last[k])
        self.store = ram
