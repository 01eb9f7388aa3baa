"""`python -m sim.bench saves`: the saves on each board's flash model (issue 14).

3 scripted matches (the fixed computer of sim.screens, the closer's keys, a pause in every
other hand, the menu opened once a match, a power-up before each match) are played by the app
on each board model of tests/support/fakeflash.py. It prints, per board:
- erases per hand on the busiest erase unit of nvm and of CIRCUITPY, and writes per match;
- the lifetime at 20 hands a day (and a power-up a day) until that unit reaches the
  datasheet's minimum endurance (docs/devices.md cites them);
- a power cut at every point of every write of the 3 matches (every erase cut half way, every
  byte of every program unit): which state a power-up then offers (the previous save or the
  new one) and the records lost (a cut that offers neither: must be 0);
- the flash sectors a save to /saves/a/state.bin and to /saves/b/state.bin rewrites (they
  must not meet).
Then the same on a fragmented drive (fakeflash.fragment: holes before and between what the
layout uses). The last line counts the cuts and losses of both runs.
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests", "support")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import fakeflash  # noqa: E402
from handheld import screen as A  # noqa: E402
from handheld import persist, savedata, store as stores  # noqa: E402
from handheld import saveread  # noqa: E402,F401  (kept loaded: each store's load drops it else)
from handheld.app import App  # noqa: E402
from handheld.buttons import START  # noqa: E402
from sim.screens import closer_key, stub_choose  # noqa: E402

HANDS_PER_DAY = 20
SEEDS = (11, 12, 13)


class Board:
    """One board model with its store, a cut sweep around every save."""

    def __init__(self, i, sweep=True, fragmented=False):
        (self.name, self.nvm, self.files, self.unit, self.e_nvm, self.e_fs,
         self.every) = fakeflash.board(i, fragmented)
        self.sweep = sweep
        self.writes = 0
        self.cuts = 0
        self.lost = 0
        self.offered = {"previous": 0, "new": 0, "none": 0}
        self.last = None  # the payload of the last complete save

    def open(self):
        """A power-up: the store as code.py opens it (the folder made, the mount checked)."""
        self.files.mount()
        s = stores.open_store(nvm=self.nvm, root="/saves", files=self.files, unit=self.unit,
                              every=self.every)
        if s.kind != "files+nvm":
            raise SystemExit("%s: store %s with %s" % (self.name, s.kind, s.notice))
        save = s.save

        def swept(payload):
            self.writes += 1
            w = bytearray()  # the payload (a function that appends it, as handheld.persist
            if callable(payload):  # passes, or bytes)
                payload(w)
            else:
                w.extend(payload)
            new = bytes(w)
            old = self.last
            result = []

            def check():
                self.files.mount()
                got = stores.open_store(nvm=self.nvm, root="/saves", files=self.files,
                                        unit=self.unit, every=self.every, probe=False).load()
                if got == new:
                    self.offered["new"] += 1
                elif got is not None and got == old:
                    self.offered["previous"] += 1
                elif got is None and old is None:
                    self.offered["none"] += 1
                else:
                    self.lost += 1
            if self.sweep:
                self.cuts += fakeflash.for_each_cut([self.nvm, self.files],
                                                    lambda: result.append(save(payload)), check)
            else:
                result.append(save(payload))
            self.last = new
            return result[0]
        s.save = swept
        return s

    def units(self):
        """Erases so far of every erase unit: (nvm's, the drive's)."""
        nvm = self.nvm
        if hasattr(nvm, "entries"):  # ESP32-S3's NVS: page erases, its wear levelled
            n = [nvm.busiest()]
        else:
            n = list(nvm.flash.erases)
        return n, list(self.files.flash.erases)


def most(after, before):
    """Erases of the unit that took the most between two units() lists."""
    return max(a - b for a, b in zip(after, before))


def play(board):
    """The 3 scripted matches; returns (hands, matches)."""
    hands = 0
    for seed in SEEDS:
        app = App(seed=seed, choose=stub_choose, store=board.open())
        now = [0]

        def settle():
            for _ in range(5000):
                if app.waiting():
                    return
                now[0] += 20
                app.tick(now[0])

        def tap(k):
            settle()
            app.press(k, now[0])
            now[0] += 60
            app.tick(now[0])
            app.release(k, now[0])
            app.tick(now[0])
        while app.screen != A.TITLE:  # notices
            tap(closer_key(app))
        tap(closer_key(app))  # a new match
        menu = False
        paused = -1
        while app.screen != A.MATCH_END:
            settle()
            m = app.match
            if app.screen == A.TABLE and app.table.phase == A.HUMAN:
                h = m.hand
                if m.hand_no % 2 and h.trick_no == 3 and paused != m.hand_no:
                    paused = m.hand_no  # the player pauses: the match is written
                    now[0] += persist.IDLE_MS
                    app.tick(now[0])
                if m.hand_no == 1 and h.trick_no == 2 and not menu:
                    menu = True
                    tap(START)  # the menu opens (writes the trick) and closes
                    tap(START)
            if app.screen == A.RESULT:
                hands += 1
            tap(closer_key(app))
            if app.errors:
                raise SystemExit("%s: the app failed: %s" % (board.name, app.error))
    return hands, len(SEEDS)


def years(endurance, per_hand, per_day_extra=0.0):
    per_day = per_hand * HANDS_PER_DAY + per_day_extra
    return endurance / per_day / 365.0 if per_day else float("inf")


def run(i, args, fragmented):
    """One board model: its figures printed; returns (lost, cuts, (years, name))."""
    t = time.time()
    b = Board(i, sweep=not args.no_cuts, fragmented=fragmented)
    b.open()  # the first power-up lays out /saves: once in the board's life
    first_nvm, first_fs = b.units()
    b.open()  # a power-up as any other day
    boot_nvm, boot_fs = b.units()
    per_boot_fs = most(boot_fs, first_fs)
    hands, matches = play(b)  # a power-up before each match
    e_nvm, e_fs = b.units()
    nvm_hand = most(e_nvm, boot_nvm) / float(hands)
    fs_hand = (most(e_fs, boot_fs) - per_boot_fs * matches) / float(hands)
    y_nvm = years(b.e_nvm, nvm_hand)
    y_fs = years(b.e_fs, fs_hand, per_boot_fs)
    life = min(y_nvm, y_fs)
    sa = sorted(b.files.sectors("/saves/a/state.bin"))
    sb = sorted(b.files.sectors("/saves/b/state.bin"))
    sd = b.files.folder_sector("/saves")  # holds a's and b's entries: in neither
    print("%s: %d hands, %d writes (%.1f per match, %.2f per hand); nvm written %d times"
          % (b.name, hands, b.writes, b.writes / float(matches), b.writes / float(hands),
             b.nvm.writes))
    print("  busiest erase unit: nvm %.3f erases per hand (endurance %d: %.0f years), "
          "CIRCUITPY sector %.2f per hand + %.0f per power-up (endurance %d: %.0f years)"
          % (nvm_hand, b.e_nvm, y_nvm, fs_hand, per_boot_fs, b.e_fs, y_fs))
    shared = set(sa) & set(sb) or sd in sa or sd in sb
    print("  a save to a/state.bin rewrites sectors %s, to b/state.bin %s; /saves's entries "
          "in sector %d: %s" % (sa, sb, sd, "SHARED" if shared else "apart"))
    if not args.no_cuts:
        print("  %d cut points: offered the previous save %d, the new one %d, nothing "
              "(before the first save) %d; records lost %d  (%.0f s)"
              % (b.cuts, b.offered["previous"], b.offered["new"], b.offered["none"],
                 b.lost, time.time() - t))
    lost = b.lost + (1 if shared else 0)
    return lost, b.cuts, (life, b.name)


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m sim.bench saves")
    ap.add_argument("--no-cuts", action="store_true", help="wear only, no cut sweep")
    args = ap.parse_args(argv)
    print("3 scripted matches per board (seeds %s), %d hands a day, a power-up a day;"
          % (", ".join(str(s) for s in SEEDS), HANDS_PER_DAY))
    print("a cut at every point of every write: every erase half way, every programmed byte")
    total_lost = total_cuts = 0
    shortest = None
    for fragmented in (False, True):
        if fragmented:
            print("the same on a fragmented drive (files removed: holes before and between):")
        for i in range(len(fakeflash.BOARDS)):
            lost, cuts, life = run(i, args, fragmented)
            total_lost += lost
            total_cuts += cuts
            if shortest is None or life[0] < shortest[0]:
                shortest = life
    print("saves: lost %d records at %d cut points; shortest lifetime %.0f years (%s)"
          % (total_lost, total_cuts, shortest[0], shortest[1]))
    return 1 if total_lost else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
