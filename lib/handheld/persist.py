"""The app's saves: settings, statistics and the match in progress, in one record.

    saves = Saves(store)        # store from handheld.store.open_store (or a RamStore)
    saves.start(app)            # settings, statistics, the saved match; the first screen
    saves.begin_hand(match)     # a new hand was dealt
    saves.after_action(app, over)  # after a trick (marks the match changed), at a hand's end
    saves.tick(app, now)        # writes a changed match after IDLE_MS without a trick
    saves.flush(app)            # the menu opens: writes a changed match
    saves.save_settings(app)    # the menu closes: writes changed settings

One record holds everything, so a hand is counted in the statistics in the same write that
saves its end: whatever a power cut hits, a finished hand is counted once (docs/devices.md).
Writes (flash wears, and on SAMD51 and ESP32-S3 every nvm write erases the whole nvm): at
each hand's end, when the menu opens or closes with something changed, and after IDLE_MS
without a trick mid-hand; never after every trick, and never a payload equal to the last one.
A power cut so costs at most the hand in progress. Nothing here raises: a store that fails
shows a notice once and the game goes on with its saves in RAM. A record that cannot be read
is never overwritten before the player has played a trick of something new; a newer game's
record is never overwritten.
"""
import gc
gc.collect()  # this module's compile garbage, before savedata and store compile (engine.ai)
from engine.match import Match
from engine.rules import preset
from engine import score
from handheld import savedata
from handheld import store as stores

# hands whose game points are on the R35 scale (2 schneider, 3 schwarz), not a penalty
_SCALE = (score.DECLARED, score.CLOSER_WON, score.RUN_OUT)

IDLE_MS = 20000  # a changed match is written after this long without a trick

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
    stores.NOTICE_ONE_COPY: "Saves go on in nvm; a power cut while saving can lose them.",
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
    savedata.check_match(d, rules.match_target)
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
        self.dirty = False  # the match changed since the last write
        self._since = 0  # app time of the last change not written
        self._shown = []
        self._settings = b""  # the parts of the record as they stand
        self._start_settings = b""
        self._match = b""
        self._last = None  # the payload last handed to the store
        self._blocked = False  # the store holds a newer game's record: never written
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
    def _decode(self, name, data, decode, version):
        if not data:
            return None
        try:
            return decode(data)
        except (ValueError, TypeError, IndexError, KeyError) as e:
            print("saves: %s" % e)
            if data[0] > version:  # the payload of a newer game: keep it
                self._blocked = True
                self._note(stores.NOTICE_NEWER)
            else:
                self._note(NOTICE_BAD_MATCH if name == "match" else stores.NOTICE_DAMAGED)
            return None

    def _read(self):
        """(settings, stats, match) bytes of the stored record (b"" where there are none)."""
        try:
            data = self.store.load()
        except Exception as e:  # a store bug or an I/O error: play on without the save
            print("saves: cannot read: %r" % e)
            self._note(stores.NOTICE_ERROR)
            return b"", b"", b""
        self._note(self.store.notice)
        if self.store.notice == stores.NOTICE_NEWER:
            self._blocked = True
        if not data:
            return b"", b"", b""
        parts = self._decode("state", data, savedata.decode_state, savedata.STATE_VERSION)
        return parts or (b"", b"", b"")

    def start(self, app):
        """Load settings, statistics and the saved match into app; show notices first."""
        settings, stats, match = self._read()
        s = self._decode("settings", settings, savedata.decode_settings,
                         savedata.SETTINGS_VERSION)
        if s:
            app.load_settings(s)
        st = self._decode("stats", stats, savedata.decode_stats, savedata.STATS_VERSION)
        if st:
            self.stats = st
        self._match = match  # kept as it is until a trick of something new is played
        self._start_settings = self._settings_payload(app)  # in effect, saved once changed
        d = self._decode("match", match, savedata.decode_match, savedata.MATCH_VERSION)
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
        self._settings = settings  # replaced when the menu closes with a change
        self._last = self._payload()  # written only once something changed
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
        """After a trick: the match changed (written later). At a hand's end: count the hand
        and write the match and statistics together."""
        try:
            self._match = self.match_payload(app)
            if not hand_over:
                self.dirty = True
                self._since = app.now  # the pause is counted from the last trick
                return
            self.count_hand(app.match, app.level, app.table.hinted)
            self._write()
        except Exception as e:  # a save must never stop the game
            print("saves: %r" % e)

    def tick(self, app, now):
        """Write a changed match once IDLE_MS passed without a trick."""
        if self.dirty and now - self._since >= IDLE_MS:
            self.flush(app)

    def flush(self, app):
        """Write a changed match now (the menu opens)."""
        if self.dirty:
            try:
                self._write()
            except Exception as e:
                print("saves: %r" % e)

    def count_hand(self, m, level, hinted=False):
        """Add the hand just scored (and the match, if it ended) to the statistics; a hand
        played with a hint is counted apart (savedata.record_hinted)."""
        h = m.hand
        w, pts, _ = m.results[-1]
        won = None if w is None else w == 0
        if hinted:
            savedata.record_hinted(self.stats, level, won)
        else:
            gp = h.game_points if h.reason in _SCALE else 1  # a penalty is no schneider
            savedata.record_hand(self.stats, level, won, gp, h.closed_by == 0,
                                 0 if w is None else pts - gp)
        if m.over:
            savedata.record_match(self.stats, level, m.winner == 0)

    def count_duplicate(self, level, diff):
        """A deal replayed from the other seat is over: count it (diff: the player's game
        points minus the computer's with the same cards) and write."""
        try:
            savedata.record_duplicate(self.stats, level, diff)
            self._write()
        except Exception as e:
            print("saves: %r" % e)

    def _settings_payload(self, app):
        s = savedata.default_settings()
        s.update(app.settings())
        return savedata.encode_settings(s)

    def save_settings(self, app):
        """The menu closes: write the settings if they changed (a changed match with them)."""
        try:
            payload = self._settings_payload(app)
            if payload != self._settings and (self._settings or
                                              payload != self._start_settings):
                self._settings = payload
            self._write()
        except Exception as e:
            print("saves: %r" % e)

    def _payload(self):
        return savedata.encode_state(self._settings, savedata.encode_stats(self.stats),
                                     self._match)

    def _write(self):
        self.dirty = False
        payload = self._payload()
        if self._blocked or self._last == payload:
            return
        self._last = payload
        store = self.store
        self.writes += 1
        try:
            ok = store.save(payload)
        except (OSError, RuntimeError) as e:
            print("saves: %r" % e)
            store.notice = stores.NOTICE_ERROR
            ok = False
        if ok or store.kind == "ram":
            return
        notice = store.notice or stores.NOTICE_ERROR
        self._note(notice)
        if notice == stores.NOTICE_NEWER:  # the store keeps a newer game's record
            self._blocked = True
            return
        # the drive failed: keep this session's saves in RAM, never retry the drive
        ram = stores.RamStore(notice)
        ram.save(payload)
        self.store = ram
