"""The app state machine on a VM (MicroPython, or CircuitPython's unix build), drawn by the text
view or by the real renderer (lib/handheld/render.py) over the VM
stand-ins of tests/vm/fakes (displayio, terminalio, vectorio...).

    micropython -X heapsize=<cap> tests/vm/mp_app_check.py [LEVEL [VIEW [fail] [hint] [store=DIR]
                                                            [board]]]
LEVEL 0-2 (default 0, EASY), VIEW `text` (default) or `screens` (160x128; needs tests/vm/fakes
on the path), `fail`: the view raises once (to check that an error makes the exit code
non-zero), `hint`: DOWN among the keys, so the coach's hints are asked (`HINTS hands=<n>`),
`store=DIR`: the app saves as on a board (code.py): handheld.store.open_store with nvm and the
drive's /saves, here DIR/nvm.bin (8 KB, made erased, then read and written in place through a
file, tests/support/vmboard.py's FileNvm: a board's nvm is not on the heap) and DIR/saves
(DIR: an empty folder, or the run fails as it finds a save; every run the same, so the heap's
figures repeat), so every write of a hand's end, of the menu and of a pause (one IDLE_MS
pause per match mid-hand, one before the idle check) happens (`SAVES writes=<n> kind=<store>
idle=<pause writes> errors=<n>`; the last write is read back from DIR; a save that raised,
a MemoryError say, which the app prints and plays on from, fails the check).
`board` (with store=DIR): the rest of what code.py builds on a PyGamer, as code.py builds it
and when: handheld.powerup.start (first, before the app's modules are imported, then dropped),
over the stand-ins of tests/support/vmboard.py (board, keypad, analogio, digitalio,
audiocore...; C modules on a board, made before `base`): the pystack check, the profile
(handheld.boards), its input (keypad's shift register and the joystick, handheld.keyinput),
the sound and lights (handheld.feedback) and the store (DIR/saves); the key presses then go
through that input (the scanner's keys and the joystick's axes, polled by the loop), and the
loop ticks the feedback (`board=` in HEAP: what stays of it after start, the store's objects
included; `saves=` the save code's modules).

Plays a match of each preset by button presses (B to play, with random other keys mixed in)
on simulated time, then prints heap figures (bytes, after gc.collect):
    HEAP base=<before imports> imports=<+modules> app=<+app and match> peak=<live peak>
         engine=<the engine and computer player's share of imports> saves=<B> board=<B>
    DONE hands=<n> matches=<n> errors=<n> presses=<n> frames=<n> falls=<n>
(falls: computer moves made at EASY because the pystack could not hold the search; with a
store `saves=` is the save code's share of `imports`: handheld.store, persist and what they keep
loaded), and with
VIEW screens `SCREENS c=<B> objects=<n> fakes=<B> labels=0 excess=<B>`: what CircuitPython's
C objects for the screens would take, how many stand-ins were built, the stand-ins' own code
(imported before `base`; a board has these modules in C and spends no heap on them), the share
of `imports` that is adafruit_display_text (0: the renderer draws text as tiles), and what the screens' stand-ins take over the C
objects they stand for (their Python tables; measured per kind, times how many were built).
Last `qstr pool: n_pool=<n> n_qstr=<names interned> ... n_total_bytes=<B>`
(micropython.qstr_info()), also printed at `base` (before the other lines: the names interned by
then and the heap their pools and text take, within `base`). Exits 1 if the app counted an
error, got stuck, or allocated while idle.
"""
import gc
import micropython
import sys

# A board runs no such script, so its share of the measured heap is kept small: its own names
# are the app's where they can be (every distinct name is interned for good, and the app's are
# interned anyway), and its functions are machine code (`@micropython.native`: off the heap on
# the unix builds, frames on the C stack) but for those between the script's module frame and
# the app's (press, step, settle, pause: bytecode, so that the pystack holds the same frames).
# Bytes live after gc.collect at the measuring points, in `at`: 0 start, 1 base (after the
# stand-ins), 2 the save code, 3 the board, 4 before the engine, 5 the engine, 6 the app's
# modules, 7 imports, 8 built, 9 the live peak, 10 the latest.
at = [0] * 11
for p in ("lib", "."):
    if p not in sys.path:
        sys.path.append(p)
a = sys.argv
level = int(a[1]) if len(a) > 1 else 0
screens = len(a) > 2 and a[2] == "screens"
fail = "fail" in a[3:]
hint = "hint" in a[3:]  # DOWN among the keys: the coach's hints, on the VM's heap
board = "board" in a[3:]  # code.py's board profile, input and feedback (PyGamer)
root = None  # the folder of the saves' nvm file and drive copy (store=DIR)
for p in a[3:]:
    if p.startswith("store="):
        root = p[6:]
if board and not root:
    print("FAILED: board needs store=DIR (the board's nvm)")
    sys.exit(2)


@micropython.native
def mark(i):
    """Bytes live after a collection, kept in at[i]."""
    gc.collect()
    at[i] = gc.mem_alloc()
    return at[i]


mark(0)
if screens:  # C modules on a board: their stand-ins' code first, counted apart (`fakes`)
    import displayio  # noqa: E402
    import terminalio, vectorio, bitmaptools  # noqa: E401,E402,F401  (fontio: not imported)
if root:  # nvm's stand-in (a file: a board's nvm is not on the heap); with `board` the rest
    import vmboard  # noqa: E402  of a PyGamer's hardware modules (C on a board): first too
    nvm = vmboard.FileNvm(root + "/nvm.bin", 8192)
    if board:
        vmboard.setup(nvm)
mark(1)
if hasattr(micropython, "qstr_info"):  # the names interned so far (the first `qstr pool` line)
    micropython.qstr_info()
store = keys = fx = None
if board:  # as code.py on a PyGamer, before the app's modules: handheld.powerup (the pystack
    # check, the profile, its keys, the feedback, the store), then dropped
    from handheld import store as stores  # noqa: E402  (detection reads its NVM_MIN)
    mark(2)
    from handheld import powerup  # noqa: E402
    keys, fx, store = powerup.start(sys.modules["board"], root + "/saves")  # as code.py
    powerup = None
    import handheld  # noqa: E402
    handheld.unload("handheld.powerup")
    keymap = keys._keymap  # the PyGamer's key numbers (the check presses by them)
    mark(3)  # (the store's objects counted with the board's)
mark(4)
import engine.match  # noqa: E402,F401  (the engine and the computer player first,
import engine.ai  # noqa: E402,F401  so the app's own modules are counted apart)
mark(5)
from handheld.app import App  # noqa: E402
from handheld.screen import TABLE, MATCH_END  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT  # noqa: E402
from engine.rng import Rng  # noqa: E402
if screens:  # adafruit_display_text: not imported (the renderer draws text as tiles)
    from handheld.render import Renderer  # noqa: E402
else:
    TextView = __import__("handheld.textview", None, None, ("TextView",)).TextView  # (its
    # names are interned in a text run only)
mark(6)
if root:  # as code.py: the store opens (here without `board`: after the app's modules), then
    # App() starts the saves
    from handheld import store as stores  # noqa: E402
    __import__("handheld.persist")  # App() imports it; here to count it
    if not board:
        store = stores.open_store(nvm=nvm, root=root + "/saves")
    if store.load() is not None:
        print("FAILED: %s holds a save: give store= an empty folder" % root)
        sys.exit(1)
mark(7)

# a normal game's keys: not DOWN, which asks the coach for a hint (handheld.coachui, imported
# only then; its heap is measured apart, see the README's Coach paragraph)
buttons = (B, B, B, B, B, B, A, A, LEFT, RIGHT, UP, START, SELECT) + ((DOWN, DOWN) if hint
                                                                       else ())
app = App(seed=11, level=level, store=store, feedback=fx)
view = Renderer(None, 160, 128) if screens else TextView()
if fail:  # the view raises once, on its fifth update
    def update(x, n=[0], f=view.update):
        n[0] += 1
        if n[0] == 5:
            raise ValueError("injected by mp_app_check fail")
        return f(x)

    view.update = update
loop = Loop(app, view, keys, feedback=fx)
mark(8)


@micropython.native
def over(k):
    """Bytes the stand-ins take over the firmware's objects, k[kind] of each kind (measured:
    16 of each kind built and weighed against displayio.C_BYTES)."""
    bm, p = displayio.Bitmap(8, 8, 2), displayio.Palette(2)  # shared: a TileGrid or a Rectangle
    # is weighed without the Bitmap and Palette it draws
    total = 0
    for kind in range(5):
        a = [None] * 16
        c, b = displayio.C_BYTES, mark(10)
        for i in range(16):
            a[i] = (displayio.Bitmap(8, 8, 2) if kind == 0 else displayio.Palette(2) if kind == 1
                    else displayio.TileGrid(bm, pixel_shader=p) if kind == 2 else
                    displayio.Group() if kind == 3 else
                    vectorio.Rectangle(pixel_shader=p, width=4, height=4))
        total += k[kind] * ((mark(10) - b) - (displayio.C_BYTES - c)) // 16
    return total


now = 0
at[9] = at[8]
# presses, hands in which a hint was shown, writes made by a pause mid-hand, bytes allocated in
# the idle check, the screens' objects (built once) by kind
a = [0, 0, 0, 0, list(displayio.KINDS) if screens else None]
rng = Rng(5)


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
    if k in keymap:
        vmboard.pins["BUTTON_CLOCK"].press(keymap.index(k), down)
    else:
        vmboard.pins["JOYSTICK_X" if k in (LEFT, RIGHT) else "JOYSTICK_Y"].value = (
            32768 if not down else 1000 if k in (LEFT, UP) else 64000)


def press(k):
    settle()
    a[0] += 1
    if board:  # through the board's input: the loop polls it (pressed at now, up at now+40)
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
    """The menu's trip, a match of each preset, then the idle check: how many went wrong."""
    errors = 0
    step(0)
    for k in (START, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, B, A, A, B, START):  # menu, help
        press(k)
    if app.screen != 0 and not fail:
        print("MENU TRIP left screen", app.screen)
        errors += 1
    for preset in range(3):
        app.preset_index = preset
        n = app.matches_done
        press(B)  # title or match end: a new match
        i = 0
        held = False  # the pause made
        while app.matches_done == n and i < 3000:
            if root and not held and app.screen == TABLE and app.saves.dirty:
                pause()  # once a match, after its first trick: the pause's write
                held = True
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
    while app.screen == TABLE and not (app.table.phase == 1 and app.table.panel is None):
        press(B)
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
    return errors + (a[3] != 0) + (app.errors != 0) + (app.matches_done < 3)


@micropython.native
def report(errors):
    """The figures: (checks failed, what the failure line says, the saves' [kind, last write,
    writes, hands, copies, saves that raised] or None)."""
    mark(10)
    print("HEAP base=%d imports=%d app=%d peak=%d engine=%d saves=%d board=%d" % (
        at[1], at[7] - at[1], at[8] - at[7], at[9] - at[1], at[5] - at[4],
        (at[2] - at[1] if board else 0) + (at[7] - at[6]), at[3] - at[2] if board else 0))
    print("DONE hands=%d matches=%d errors=%d presses=%d frames=%d falls=%d" % (
        app.hands_done, app.matches_done, app.errors, a[0], loop.refreshes, app.pystack_falls))
    if hint:
        print("HINTS hands=%d" % a[1])
    p = None
    if root:
        p = app.saves
        s = p.store  # the last payload: in the store's record buffer, from byte 12
        p = [s.kind, bytes(memoryview(s.buf)[12:12 + s._n]), p.writes, app.hands_done,
             s.copies, p.errors]
    return errors, (app.errors, a[3], app.matches_done, app.error), p


@micropython.native
def check(errors, result, p):
    """The saves read back and the stand-ins weighed; exits 1 if any check failed."""
    gc.collect()
    if root:
        p[1] = stores.Store(p[4], p[0]).load() == p[1]  # the last write read back
        print("SAVES writes=%d kind=%s idle=%d errors=%d" % (p[2], p[0], a[2], p[5]))
        if p[0] != "files+nvm" or not p[1] or p[2] < p[3] or not a[2] or p[5]:
            print("SAVES FAILED: kind %s, the last write %s, %d writes for %d hands, %d paused, "
                  "%d raised" % (p[0], "was read back" if p[1] else "was not read back", p[2],
                                 p[3], a[2], p[5]))
            errors += 1
    if screens:
        print("SCREENS c=%d objects=%d fakes=%d labels=0 excess=%d" % (
            displayio.C_BYTES, sum(displayio.KINDS), at[1] - at[0], over(a[4])))
    if hasattr(micropython, "qstr_info"):  # the names interned (`qstr pool: ... n_qstr=<n>`):
        micropython.qstr_info()  # for good, in pools that double (CircuitPython: 1,280 at 1,261)
    if errors:
        print("FAILED: errors=%d idle alloc=%d matches=%d: %s" % result)
        sys.exit(1)


errors, result, p = report(play())
# the checks below run as after a power cut: the app gone, so that they do not set the heap the
# app needs; the saves are read back by a new Store over the same copies (files and nvm):
# open_store again would compile handheld.savelayout, which a board does at power-up only
app = loop = view = None
check(errors, result, p)
