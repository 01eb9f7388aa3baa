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
file: a board's nvm is not on the heap) and DIR/saves (DIR: an empty folder, or the run fails
as it finds a save; every run the same, so the heap's figures repeat), so every write of a hand's end, of the
menu and of a pause (one IDLE_MS pause per match mid-hand, one before the idle check) happens
(`SAVES writes=<n> kind=<store> idle=<pause writes>`; the last write is read back from DIR).
`board` (with store=DIR): the rest of what code.py builds on a PyGamer, as code.py builds it
and when: handheld.powerup.start (first, before the app's modules are imported, then dropped),
over the stand-ins of tests/support/vmboard.py and fakeboard.py (keypad, analogio, digitalio,
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
Last `qstr pool: n_pool=<n> n_qstr=<names interned> ...` (micropython.qstr_info()). Exits 1 if
the app counted an error, got stuck, or allocated while idle.
"""
import gc
import sys

for _p in ("lib", "."):
    if _p not in sys.path:
        sys.path.append(_p)

LEVEL = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SCREENS = len(sys.argv) > 2 and sys.argv[2] == "screens"
FAIL = "fail" in sys.argv[3:]
HINTS = "hint" in sys.argv[3:]  # DOWN among the keys: the coach's hints, on the VM's heap
STORE = None  # the folder of the saves' nvm file and drive copy (store=DIR)
BOARD = "board" in sys.argv[3:]  # code.py's board profile, input and feedback (PyGamer)
for _a in sys.argv[3:]:
    if _a.startswith("store="):
        STORE = _a[6:]
if BOARD and not STORE:
    print("FAILED: board needs store=DIR (the board's nvm)")
    sys.exit(2)

gc.collect()
FAKES = gc.mem_alloc()
if SCREENS:  # C modules on a board: their stand-ins' code first, counted apart (FAKES)
    import displayio  # noqa: E402
    import fontio, terminalio, vectorio, bitmaptools  # noqa: E401,E402,F401
if STORE:
    class FileNvm:
        """microcontroller.nvm's slices over a file: off the heap, as a board's nvm is."""

        def __init__(self, path, size):
            with open(path, "wb") as f:  # erased, as a fresh board's nvm
                chunk = b"\xff" * 512
                for _ in range(size // 512):
                    f.write(chunk)
            self.size = size
            self.f = open(path, "r+b")

        def __len__(self):
            return self.size

        def __getitem__(self, key):
            self.f.seek(key.start)
            return self.f.read(key.stop - key.start)

        def __setitem__(self, key, value):
            self.f.seek(key.start)
            self.f.write(value)
            self.f.flush()

    NVM = FileNvm(STORE + "/nvm.bin", 8192)
if BOARD:  # a PyGamer's hardware modules (C on a board): their stand-ins' code first
    import vmboard  # noqa: E402
    PADS, STICK = vmboard.install(NVM)
gc.collect()
BASE = gc.mem_alloc()
FAKES = BASE - FAKES
SAVES = BOARDS = 0  # the save code's and the board's shares of `imports`
store = keys = fx = None
if BOARD:  # as code.py on a PyGamer, before the app's modules: handheld.powerup (the pystack
    # check, the profile, its keys, the feedback, the store), then dropped
    from handheld import store as stores  # noqa: E402  (detection reads its NVM_MIN)
    gc.collect()
    SAVES = gc.mem_alloc() - BASE
    from handheld import powerup  # noqa: E402
    keys, fx, store = powerup.start(sys.modules["board"], STORE + "/saves")  # as code.py
    powerup = None
    import handheld  # noqa: E402
    handheld.unload("handheld.powerup")
    KEYMAP = keys._keymap  # the PyGamer's key numbers (the check presses by them)
    gc.collect()
    BOARDS = gc.mem_alloc() - BASE - SAVES  # (the store's objects counted with the board's)
gc.collect()
PRE = gc.mem_alloc()
import engine.match  # noqa: E402,F401  (the engine and the computer player first,
import engine.ai  # noqa: E402,F401  so the app's own modules are counted apart)
gc.collect()
ENGINE = gc.mem_alloc()
from handheld.app import App  # noqa: E402
from handheld.screen import TABLE, MATCH_END  # noqa: E402
from handheld.loop import Loop  # noqa: E402
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT  # noqa: E402
from engine.rng import Rng  # noqa: E402
LABELS = 0  # adafruit_display_text's share: the renderer no longer imports it (text is tiles)
if SCREENS:
    from handheld.render import Renderer  # noqa: E402
else:
    from handheld.textview import TextView  # noqa: E402

gc.collect()
APPMODS = gc.mem_alloc()
if STORE:  # as code.py: the store opens (here without `board`: after the app's modules), then
    # App() starts the saves
    from handheld import store as stores  # noqa: E402
    import handheld.persist  # noqa: E402,F401  (App() imports it; here to count it)
    if not BOARD:
        store = stores.open_store(nvm=NVM, root=STORE + "/saves")
    if store.load() is not None:
        print("FAILED: %s holds a save: give store= an empty folder" % STORE)
        sys.exit(1)
gc.collect()
IMPORTS = gc.mem_alloc()

# a normal game's keys: not DOWN, which asks the coach for a hint (handheld.coachui, imported
# only then; its heap is measured apart, see the README's Coach paragraph)
KEYS = (B, B, B, B, B, B, A, A, LEFT, RIGHT, UP, START, SELECT)
if HINTS:
    KEYS = KEYS + (DOWN, DOWN)
hinted = 0  # hands in which a hint was shown
app = App(seed=11, level=LEVEL, store=store, feedback=fx)
view = Renderer(None, 160, 128) if SCREENS else TextView()
if FAIL:
    class Failing:
        """The view, raising once on its fifth update."""

        def __init__(self, inner):
            self.inner = inner
            self.n = 0

        def update(self, a):
            self.n += 1
            if self.n == 5:
                raise ValueError("injected by mp_app_check fail")
            return self.inner.update(a)

    view = Failing(view)
loop = Loop(app, view, keys, feedback=fx)
gc.collect()
BUILT = gc.mem_alloc()
if SCREENS:
    KINDS = list(displayio.KINDS)  # the screens' objects, built once


def excess(kinds):
    """Bytes the stand-ins take over the firmware's objects, for `kinds` of them (measured:
    16 of each kind built and weighed against displayio.C_BYTES)."""
    import vectorio
    bm, p = displayio.Bitmap(8, 8, 2), displayio.Palette(2)  # shared: a TileGrid or a Rectangle
    # is weighed without the Bitmap and Palette it draws
    makers = (lambda: displayio.Bitmap(8, 8, 2), lambda: displayio.Palette(2),
              lambda: displayio.TileGrid(bm, pixel_shader=p),
              lambda: displayio.Group(), lambda: vectorio.Rectangle(pixel_shader=p, width=4,
                                                                    height=4))
    total = 0
    for kind in range(5):
        keep = [None] * 16
        gc.collect()
        before, c = gc.mem_alloc(), displayio.C_BYTES
        for i in range(16):
            keep[i] = makers[kind]()
        gc.collect()
        total += kinds[kind] * ((gc.mem_alloc() - before) - (displayio.C_BYTES - c)) // 16
    return total

now = 0
peak = BUILT
presses = 0
rng = Rng(5)
paused = 0  # writes made by a pause of IDLE_MS mid-hand


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
    global paused
    from handheld.persist import IDLE_MS
    writes = app.saves.writes
    for _ in range(IDLE_MS // 20 + 2):
        step()
    paused += app.saves.writes - writes


def finger(k, down):
    """Key k down or up on the PyGamer: a shift register key, else the joystick."""
    if k in KEYMAP:
        n = KEYMAP.index(k)
        if down:
            PADS.made[0].press(n)
        else:
            PADS.made[0].release(n)
    else:
        STICK.inputs["JOYSTICK_X" if k in (LEFT, RIGHT) else "JOYSTICK_Y"].value = (
            32768 if not down else 1000 if k in (LEFT, UP) else 64000)


def tap(k):
    global presses
    settle()
    presses += 1
    if BOARD:  # through the board's input: the loop polls it (pressed at now, up at now+40)
        finger(k, True)
        step(0)
        step(40)
        finger(k, False)
        step(0)
        return
    app.press(k, now)
    step(40)
    app.release(k, now)
    step(0)


failed = False
step(0)
for k in (START, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, B, A, A, B, START):  # menu, help pages
    tap(k)
if app.screen != 0 and not FAIL:
    print("MENU TRIP left screen", app.screen)
    failed = True
for preset in range(3):
    app.preset_index = preset
    done = app.matches_done
    tap(B)  # title or match end: a new match
    n = 0
    waited = False
    while app.matches_done == done and n < 3000:
        if STORE and not waited and app.screen == TABLE and app.saves.dirty:
            pause()  # once a match, after its first trick: the pause's write
            waited = True
        if app.screen == 4:  # the menu: back to the game
            tap(START)
        elif app.screen == 5:  # rules help: back to the menu
            tap(B)
        else:
            settle()  # the key is chosen for the screen it lands on
            was = app.screen == TABLE and app.table.hinted
            tap(KEYS[rng.below(len(KEYS))] if app.screen == TABLE else B)
            if HINTS:
                settle()
                if not was and app.screen == TABLE and app.table.hinted:
                    hinted += 1
        n += 1
        if n % 40 == 0:
            gc.collect()
            m = gc.mem_alloc()
            if m > peak:
                peak = m
    if app.screen != MATCH_END:
        print("STUCK preset", preset, "screen", app.screen, "error", app.error)
        failed = True

# the input loop allocates nothing while the player thinks: 1000 idle turns of the loop
app.new_match(3)
settle()
while app.screen == TABLE and not (app.table.phase == 1 and app.table.panel is None):
    tap(B)
    settle()
if STORE and app.saves.dirty:  # the pause's write first: none falls in the idle check
    pause()
for _ in range(5):  # first a quiet 10 s: a timed note on the prompt has run out
    drawn = loop.refreshes
    for _ in range(1000):
        step(10)
    if loop.refreshes == drawn:
        break
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(1000):
    step(10)
idle = gc.mem_alloc() - before
gc.enable()
print("IDLE alloc=%d screen=%d" % (idle, app.screen))

gc.collect()
print("HEAP base=%d imports=%d app=%d peak=%d engine=%d saves=%d board=%d" % (
    BASE, IMPORTS - BASE, BUILT - IMPORTS, peak - BASE, ENGINE - PRE,
    SAVES + IMPORTS - APPMODS, BOARDS))
print("DONE hands=%d matches=%d errors=%d presses=%d frames=%d falls=%d" % (
    app.hands_done, app.matches_done, app.errors, presses, loop.refreshes, app.pystack_falls))
if HINTS:
    print("HINTS hands=%d" % hinted)
if app.errors or idle or app.matches_done < 3:
    failed = True
result = (app.errors, idle, app.matches_done, app.error)
if STORE:
    s = app.saves
    kind, last, writes, hands = s.store.kind, s._last, s.writes, app.hands_done
    copies = s.store.copies
# the checks below run as after a power cut: the app gone, so that they do not set the heap the
# app needs; the saves are read back by a new Store over the same copies (files and nvm):
# open_store again would compile handheld.savelayout, which a board does at power-up only
s = app = loop = view = None
gc.collect()
if STORE:
    back = stores.Store(copies, kind).load()
    print("SAVES writes=%d kind=%s idle=%d" % (writes, kind, paused))
    if kind != "files+nvm" or back != last or writes < hands or not paused:
        print("SAVES FAILED: kind %s, the last write %s, %d writes for %d hands, %d paused"
              % (kind, "read back" if back == last else "lost", writes, hands, paused))
        failed = True
if SCREENS:
    print("SCREENS c=%d objects=%d fakes=%d labels=%d excess=%d" % (
        displayio.C_BYTES, displayio.OBJECTS, FAKES, LABELS, excess(KINDS)))
import micropython  # noqa: E402
if hasattr(micropython, "qstr_info"):  # the names interned (`qstr pool: ... n_qstr=<n>`): kept
    micropython.qstr_info()  # for good, in pools that double (CircuitPython: 1,280 at ~1,261)
if failed:
    print("FAILED: errors=%d idle alloc=%d matches=%d: %s" % result)
    sys.exit(1)
