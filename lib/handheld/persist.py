"""The app's saves: settings, statistics and the match in progress, in one record.

    saves = Saves(store)        # store from handheld.store.open_store (or a RamStore)
    saves.start(app)            # settings, statistics, the saved match; the first screen
    saves.begin_hand(match)     # a new hand was dealt
    saves.after_action(app, over)  # after a trick (marks the match changed), at a hand's end
    saves.tick(app, now)        # writes a changed match (or settings) after IDLE_MS idle
    saves.flush(app)            # the menu opens: writes a changed match
    saves.save_settings(app)    # the menu closes: writes changed settings

One record holds everything, so a hand is counted in the statistics in the same write that
saves its end: whatever a power cut hits, a finished hand is counted once (docs/devices.md).
Writes (flash wears, and on SAMD51 and ESP32-S3 every nvm write erases the whole nvm): at
each hand's end, when the menu opens or closes with something changed, and after IDLE_MS
without a trick mid-hand (or without a change in the menu, its settings changed); never after
every trick, and never a payload equal to the last one.
A power cut so costs at most the hand in progress. Nothing here raises: a store that fails
shows a notice once and the game goes on with its saves in RAM. A record that cannot be read
is never overwritten before the player has played a trick of something new; a newer game's
record is never overwritten.

What stays loaded is what a hand needs: this module, the store and the encoders and the
statistics' counting (handheld.savedata, loaded at power-up). They are live at each hand's
end anyway, when the rest of the game is: unloading them between writes (from .mpy) made
each write load them again into a heap in pieces, and that load was what failed first on a
tight heap (python -m sim.bench board: .mpy 117 KB kept, 118 KB unloaded). From .py they
compile once, at power-up (a compile mid-game would need 3-5 times their size on top of the
match's heap). A save allocates nothing of the record's size (handheld.store's record
buffer). A trick only keeps the match's state, encoded at the next write. Reading the record at power-up
(handheld.saveload) and a notice's words (handheld.savenote) are imported when needed and
dropped from the heap after (unload()); the notices' screens are handheld.savepages', the
resume offer and continuing the saved match handheld.resume's.
"""
import gc
gc.collect()  # this module's compile garbage, before savedata and store compile (engine.ai)
from engine import score
from handheld import store as stores
from handheld import unload  # drops a module loaded for power-up or a notice (and collects)

IDLE_MS = 20000  # a changed match is written after this long without a trick


class Saves:
    def __init__(self, store):
        from handheld import savedata
        self.store = store
        self.stats = savedata.new_stats()
        self.resumable = None  # (dict, facts): the match save found at start, decoded, if
        # it is not over, and what its offer shows: (preset name, hand_no, trick_no, hand
        # over, the match's line); its Match is rebuilt on Continue (handheld.resume)
        self.pending = []  # notices not shown yet
        self.writes = 0  # saves handed to the store (tests count them)
        self.errors = 0  # saves that raised (printed; the game plays on; tests count them)
        self.dirty = False  # the match changed since the last write
        self._since = 0  # app time of the last change not written
        self._shown = []
        self._settings = b""  # the parts of the record as they stand
        self._start_settings = b""
        self._match = b""  # bytes, or the state of the match at the last trick (a dict)
        self._blocked = False  # the store holds a newer game's record: never written
        self._changed = True  # the record changed since it was last handed to the store (or
        # read at power-up: handheld.saveload)
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

    def start(self, app):
        """Load settings, statistics and the saved match into app (handheld.saveload, dropped
        once read), then show the first screen: a notice, the saved match, or the title."""
        gc.collect()  # room for the loader's compile
        from handheld import saveload
        saveload.start(self, app)
        if hasattr(gc, "mem_free"):  # a board's collector (not CPython's, where tests keep them)
            # their dicts emptied first: a stale pointer left on the pystack by the calls, to a
            # module or one of its functions, kept all their code in the heap (3.7 KB from .py
            # in sim.bench board's first run; see handheld.render's _drop)
            from handheld import savedecode
            savedecode.__dict__.clear()
            saveload.__dict__.clear()
            savedecode = None
        saveload = None
        unload("handheld.saveload", "handheld.savedecode", "handheld.savenote")
        if self.pending or self.resumable is not None:
            from handheld.savepages import show_first  # (it leaves with its pages)
            show_first(app)
        # else the title the App opened stays: the save pages load when one is shown

    # ---- saving ------------------------------------------------------------------------------
    def begin_hand(self, match):
        self._start = (list(match.scores), match.carry)
        self.resumable = None

    def after_action(self, app, hand_over):
        """After a trick: the match changed (written later). At a hand's end: count the hand
        (and the match, if it ended) and write the match and statistics together."""
        try:
            m = app.match
            d = m.state()  # the match save: the hand's history on the scores it was dealt with
            d["scores"] = self._start[0]
            d["carry"] = self._start[1]
            d["level"] = app.level
            d["hinted"] = app.table.hinted  # kept across a power cut: counted apart at its end
            self._match = d  # encoded at the write
            self._changed = True
            if not hand_over:
                self.changed(app.now)  # the pause is counted from the last trick
                return
            from handheld import savedata
            h = m.hand
            w, pts, _ = m.results[-1]
            won = None if w is None else w == 0
            if app.table.hinted:  # a hand played with a hint is counted apart
                savedata.record_hinted(self.stats, app.level, won)
            else:  # game points on the R35 scale (2 schneider, 3 schwarz), not a penalty's
                n = h.game_points if h.reason in (score.DECLARED, score.CLOSER_WON,
                                                  score.RUN_OUT) else 1
                savedata.record_hand(self.stats, app.level, won, n, h.closed_by == 0,
                                     0 if w is None else pts - n)
            if m.over:
                savedata.record_match(self.stats, app.level, m.winner == 0)
            self._write()
        except Exception as e:  # a save must never stop the game
            self.errors += 1
            print("saves:", repr(e))

    def changed(self, now):
        """Something to save changed at app time now (a trick, a setting in the open menu):
        written once IDLE_MS pass without another change (tick), or at the next write."""
        self.dirty = True
        self._since = now

    def tick(self, app, now):
        """Write a changed match, or settings changed in the menu still open, once IDLE_MS
        passed without a trick or a change."""
        if self.dirty and now - self._since >= IDLE_MS:
            self.save_settings(app)

    def flush(self, app):
        """Write a changed match now (the menu opens)."""
        if self.dirty:
            try:
                self._write()
            except Exception as e:
                self.errors += 1
                print("saves:", repr(e))

    def count_duplicate(self, level, diff):
        """A deal replayed from the other seat is over: count it (diff: the player's game
        points minus the computer's with the same cards) and write."""
        try:
            from handheld import savedata
            savedata.record_duplicate(self.stats, level, diff)
            self._changed = True
            self._write()
        except Exception as e:
            self.errors += 1
            print("saves:", repr(e))

    def save_settings(self, app):
        """The menu closes: write the settings if they changed (a changed match with them)."""
        try:
            from handheld import savedata
            s = savedata.default_settings()
            s.update(app.settings())
            payload = savedata.encode_settings(s)
            if payload != self._settings and (self._settings or
                                              payload != self._start_settings):
                self._settings = payload
                self._changed = True
            self._write()
        except Exception as e:
            self.errors += 1
            print("saves:", repr(e))

    def _write(self):
        """Write the record, unless unchanged. The record is encoded straight into the store's
        record buffer (Store.save: no copy of it is made; _fill)."""
        self.dirty = False
        if self._blocked or not self._changed:
            return
        store = self.store
        self.writes += 1
        try:
            ok = store.save(self._fill)
        except (OSError, RuntimeError) as e:
            print("saves:", repr(e))
            store.notice = stores.NOTICE_ERROR
            ok = False
        self._changed = False  # (not before: a save that raised is tried again)
        if ok or store.kind == "ram":
            return
        notice = store.notice or stores.NOTICE_ERROR
        self._note(notice)
        if notice == stores.NOTICE_NEWER:  # the store keeps a newer game's record
            self._blocked = True
            return
        # the drive failed: keep this session's saves in RAM, never retry the drive
        ram = stores.RamStore(notice)
        ram.save(self._fill)
        self.store = ram

    def _fill(self, w):
        """Append the record's payload to the bytearray w (the store's record buffer)."""
        from handheld import savedata
        m = self._match
        i = savedata.encode_state(self._settings, self.stats, m, w)
        if type(m) is dict:  # the match at the last trick, encoded once
            self._match = bytes(memoryview(w)[i:])
