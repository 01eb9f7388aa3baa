"""The app state machine on a VM (MicroPython, or CircuitPython's unix build), drawn by the text
view or by the real renderer (lib/handheld/render.py) over the VM
stand-ins of tests/vm/fakes (displayio, terminalio, vectorio...).

    micropython -X heapsize=<cap> tests/vm/mp_app_check.py [LEVEL [VIEW [fail] [hint] [store=DIR]
                                                            [board] [resume] [names]]]
LEVEL 0-2 (default 0, EASY), VIEW `text` (default) or `screens` (160x128; needs tests/vm/fakes
on the path), `fail`: the view raises once (to check that an error makes the exit code
non-zero), `hint`: DOWN among the keys, so the coach's hints are asked (`HINTS hands=<n>`),
`store=DIR`: the app saves as on a board (code.py): handheld.store.open_store with nvm and the
drive's /saves, here DIR/nvm.bin (8 KB, made erased, then read and written in place through a
file, tests/support/vmboard.py's FileNvm: a board's nvm is not on the heap) and DIR/saves
(DIR: an empty folder but with `resume`, or the run fails as it finds a save; every run the
same, so the heap's figures repeat), so every write of a hand's end, of the menu and of a
pause (one IDLE_MS pause per match mid-hand, one before the idle check, after a trick: the run
leaves a match in progress in DIR) happens (`SAVES writes=<n> kind=<store>
idle=<pause writes> errors=<n>`; the last write is read back from DIR; a save that raised,
a MemoryError say, which the app prints and plays on from, fails the check).
`live`: the live heap (bytes after gc.collect, less `base`) before each key press, the most
seen on each kind of screen (handheld.screen's: 0 title, 1 table, 2 a hand's result, 3 the
match's end, 4 menu, 5 rules help...), printed by the report as `LIVE <kind>=<B> ...`: which
screen sets the heap. Off in the runs that measure the least heap, as a collection at every
press lays the heap out otherwise.
`resume` (with store=DIR): DIR holds what an earlier run with store= left (a copy of it: the
run writes on), a match in progress, and the app starts as a player's usual power-up does: the
saves load it, the app offers it (handheld.resume's Resume: `RESUME hand=<n> trick=<n>`, or
the check fails), B continues it, and it is played to its end before the 3 matches (no trip
to the menu from the title; the run fails if DIR holds no save).
`board` (with store=DIR): the rest of what code.py builds on a PyGamer, as code.py builds it
and when: handheld.powerup.start (first, before the app's modules are imported, then dropped),
over the stand-ins of tests/support/vmboard.py (board, keypad, analogio, digitalio,
audiocore...; C modules on a board, made before `base`): the pystack check, the profile
(handheld.boards), its input (keypad's shift register and the joystick, handheld.input),
the sound and lights (handheld.feedback) and the store (DIR/saves); the key presses then go
through that input (the scanner's keys and the joystick's axes, polled by the loop), and the
loop ticks the feedback (`board=` in HEAP: what stays of it after start, the store's objects
included; `saves=` the save code's modules).

Plays (after the saved match with `resume`) a match of each preset by button presses (B to
play, with random other keys mixed in) on simulated time (the menu and its rules help opened
from the title, and over the table after the first match's first trick: a player's mid-match
peak), then prints heap figures (bytes, after gc.collect):
    HEAP base=<the harness> imports=<+modules> app=<+app and match> peak=<live peak - base>
         engine=<the engine and computer player's share of imports> saves=<B> board=<B>
(base: what of the harness stays live through the play: the interpreter's start, this script's
code, the stand-ins' code and the names interned before the app's imports. The set-up's code,
tests/vm/mp_app_setup.py and mp_app_build.py, is dropped before the play: what dropping it frees
is taken off the marks made while it was loaded; with `fail` the injected error's wrapper keeps
mp_app_build's code, so that its figures are not a board's)
    DONE hands=<n> matches=<n> errors=<n> presses=<n> frames=<n> falls=<n>
(falls: computer moves made at EASY because the pystack could not hold the search; with a
store `saves=` is the save code's share of `imports`: handheld.store, persist and what they keep
loaded), and with
VIEW screens `SCREENS c=<B> objects=<n> fakes=<B> labels=0 excess=<B>`: what CircuitPython's
C objects for the screens would take, how many stand-ins were built, the stand-ins' own code
(imported before `base`; a board has these modules in C and spends no heap on them), the share
of `imports` that is adafruit_display_text (0: the renderer draws text as tiles), and what the
screens' stand-ins take over the C objects they stand for (their Python tables; measured per
kind, times how many were built).
Last `qstr pool: n_pool=<n> n_qstr=<names interned> ... n_total_bytes=<B>`
(micropython.qstr_info()), also printed at `base` (before the other lines: the names interned by
then and the heap their pools and text take, within `base`); with `names` the last is followed
by every name interned (`Q(<name>)` lines, micropython.qstr_info(1)). Exits 1 if the app counted an
error, got stuck, or allocated while idle.

The code: this module holds what the play needs (the presses); the set-up (the arguments, the
stand-ins and the board: tests/vm/mp_app_setup.py; the app's imports and the app built:
mp_app_build.py) and what runs after the play (the figures, the saves read back, the stand-ins
weighed: tests/vm/mp_app_report.py, imported once the app is gone) are modules imported for
that, the set-up's dropped after use, so that they are not on the heap while the app plays.
"""
import gc
import sys

# A board runs no such script, so what it keeps on the measured heap is kept small: this
# module's code and globals, what the play needs. Its names are the app's where they can be
# (every name is interned for good, a dropped module's too, and the app's are interned
# anyway), and its functions are machine code (`@micropython.native`: off the heap on the
# unix builds, frames on the C stack) but for those between the script's module frame and the
# app's (press, step, settle, pause: bytecode, so that the pystack holds the same frames).
# The unix builds put the script's own folder first on sys.path, as an absolute path: last
# here, so that its helpers (mp_app_setup, _build, _report) are found through the runner's
# shorter entry where it gives one (sim.bench_board.board_path), their names as short as a
# board's.
sys.path.append(sys.path.pop(0))
# Bytes live after gc.collect at the measuring points, in `at`: 0 start, 1 base (after the
# stand-ins), 2 the save code, 3 the board, 4 before the engine, 5 the engine, 6 the app's
# modules, 7 imports, 8 built, 9 the live peak, 10 the latest, 11 scratch; 0-8 without the
# set-up's module loaded at the time (drop).
at = [0] * 12
# `live`: the most bytes live at a key press, by the kind of screen on top (see `see`)
live = [0] * 12 if "live" in sys.argv[3:] else None


@micropython.native
def mark(i):
    """Bytes live after a collection, kept in at[i]."""
    gc.collect()
    at[i] = gc.mem_alloc()
    return at[i]


@micropython.native
def drop(name, first, last):
    """The set-up's module `name` dropped, and its bytes (what its dropping frees: a board has
    no such code) taken from the marks first..last, made while it was loaded."""
    n = mark(11)
    sys.modules.pop(name)
    n -= mark(11)
    for i in range(first, last + 1):
        at[i] -= n


# The set-up, before the play: the arguments, the stand-ins and the board (tests/vm/
# mp_app_setup.py, marks 0-3), then the app's imports and the app built (mp_app_build.py, marks
# 4-8), each module dropped after use. pins: the PyGamer's pins (`board`) or None; a: presses,
# hands in which a hint was shown, writes made by a pause mid-hand, bytes allocated in the idle
# check, the screens' objects (built once) by kind. build() sets them here: a value returned to
# this frame would stay on its value stack (the pystack, which the collector scans whole) once
# used, and keep the app alive after the play (drop's arguments overwrite what the calls above
# leave there: the modules and their functions).
app = loop = rng = buttons = a = root = hint = fail = pins = resume = None
o = __import__("mp_app_setup").setup(mark)
drop("mp_app_setup", 0, 3)
__import__("mp_app_build").build(mark, o, globals())
drop("mp_app_build", 4, 8)
o = None
at[9] = mark(11)  # the play's start: the live peak so far
from handheld.screen import TABLE, MATCH_END  # noqa: E402
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START  # noqa: E402
now = 0


def step(ms=20):
    global now
    now += ms
    loop.step(now)


def settle():
    n = 0
    while not app.waiting() and n < 5000:
        step()
        n += 1


def pause():
    """The player waits IDLE_MS mid-hand: a changed match is written (handheld.persist)."""
    from handheld.persist import IDLE_MS
    n = app.saves.writes
    for _ in range(IDLE_MS // 20 + 2):
        step()
    a[2] += app.saves.writes - n


@micropython.native
def button(k, down):
    """Key k down or up on the PyGamer: a shift register key, else the joystick."""
    if k in loop.source._keymap:
        pins["BUTTON_CLOCK"].press(loop.source._keymap.index(k), down)
    else:
        pins["JOYSTICK_X" if k in (LEFT, RIGHT) else "JOYSTICK_Y"].value = (
            32768 if not down else 1000 if k in (LEFT, UP) else 64000)


@micropython.native
def see():
    """The live heap before a press, kept in live[] for the screen on top (`live`)."""
    gc.collect()
    n = gc.mem_alloc()
    if n > live[app.screen]:
        live[app.screen] = n


def press(k):
    settle()
    if live:
        see()
    a[0] += 1
    if pins:  # through the board's input: the loop polls it (pressed at now, up at now+40)
        button(k, True)
        step(0)
        step(40)
        button(k, False)
        step(0)
        return
    app.press(k, now)
    step(40)
    app.release(k, now)
    step(0)


@micropython.native
def play():
    """The menu's trip (from the title; and mid-match in the first match), a match of each
    preset, then the idle check: how many went wrong, and what the report needs of the app (it
    runs once the app is gone)."""
    errors = 0
    step(0)
    if resume:  # the saved match offered (handheld.resume): B continues it, played first
        settle()
        if app.screen != 7:  # handheld.screen.RESUME
            print("RESUME not offered: screen", app.screen)
            errors += 1
        else:
            m = app.saves.resumable[1]  # what the offer shows: (preset, hand, trick, ...)
            print("RESUME hand=%d trick=%d" % (m[1] + 1, m[2] + 1))
            m = None
    else:  # a first power-up: the title, the menu's trip
        for k in (START, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, B, A, A, B, START):  # menu, help
            press(k)
        if app.screen != 0 and not fail:
            print("MENU TRIP left screen", app.screen)
            errors += 1
    for preset in range(-1 if resume else 0, 3):
        if preset >= 0:
            app.preset_index = preset
        n = app.matches_done
        press(B)  # title or match end: a new match; the resume offer: Continue
        i = 0
        held = False  # the pause made
        menu = preset == 0  # the trip to the menu and the rules help mid-match, still to make
        while app.matches_done == n and i < 3000:
            if root and not held and app.screen == TABLE and app.saves.dirty:
                pause()  # once a match, after its first trick: the pause's write
                held = True
            if menu and app.screen == TABLE and app.match.hand.trick_no:
                # in the first match, after its first trick: the menu over the table, its rules
                # help (a player's mid-match peak: the match, the menu and the help live), back
                menu = False
                press(START)
                while app.screen == 4 and app.top.ids[app.top.item] != 6:
                    press(DOWN)  # to "Rules help" (the table's menu has the coach's items)
                for k in (B, A, A, B, START):  # the help, two pages on, back to the menu, table
                    press(k)
                if app.screen != TABLE and not fail:
                    print("MENU TRIP left screen", app.screen)
                    errors += 1
            if app.screen == 4:  # the menu: back to the game
                press(START)
            elif app.screen == 5:  # rules help: back to the menu
                press(B)
            else:
                settle()  # the key is chosen for the screen it lands on
                shown = app.screen == TABLE and app.table.hinted
                press(buttons[rng.below(len(buttons))] if app.screen == TABLE else B)
                if hint:
                    settle()
                    if not shown and app.screen == TABLE and app.table.hinted:
                        a[1] += 1
            i += 1
            if i % 40 == 0 and mark(10) > at[9]:
                at[9] = at[10]
        if app.screen != MATCH_END:
            print("STUCK preset", preset, "screen", app.screen, "error", app.error)
            errors += 1
    # the input loop allocates nothing while the player thinks: 1000 idle turns of the loop
    app.new_match(3)
    settle()
    while app.screen == TABLE and not (app.table.phase == 1 and app.table.panel is None and (
            not root or app.saves.dirty)):  # with a store, after a trick: the pause's write
        press(B)  # leaves a match in progress in the store (a `resume` run's start)
        settle()
    if root and app.saves.dirty:  # the pause's write first: none falls in the idle check
        pause()
    for _ in range(5):  # first a quiet 10 s: a timed note on the prompt has run out
        n = loop.refreshes
        for _ in range(1000):
            step(10)
        if loop.refreshes == n:
            break
    gc.collect()
    gc.disable()
    n = gc.mem_alloc()
    for _ in range(1000):
        step(10)
    a[3] = gc.mem_alloc() - n
    gc.enable()
    print("IDLE alloc=%d screen=%d" % (a[3], app.screen))
    errors += (a[3] != 0) + (app.errors != 0) + (app.matches_done < 3)
    return [errors, app.hands_done, app.matches_done, app.errors, loop.refreshes,
            app.pystack_falls, app.error] + (
                [app.saves.store, app.saves.writes, app.saves.errors] if root else [])


# the report runs as after a power cut: the app gone, its modules too, so that the report (tests/
# vm/mp_app_report.py: it prints the figures, reads the saves back, weighs the stand-ins and
# exits 1 if a check failed) does not set the heap the app needs: compiled on the heap the app
# left, fragmented, it did
a.append(play())
a.append(live)
app = loop = None
for k in list(sys.modules):
    if k.startswith(("engine", "handheld")):
        del sys.modules[k]  # (pop() would leave the module on this frame's value stack)
__import__("mp_app_report").report(mark, at, a, root, hint, pins)
