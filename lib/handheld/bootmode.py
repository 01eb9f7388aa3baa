"""Who may write the CIRCUITPY drive: the game (its save files) or the computer over USB.

boot.py runs this at power-up. If the board's boot button is held, nothing changes: the drive
stays writable over USB (to copy a new version, edit settings.toml). Otherwise the drive is
remounted writable for CircuitPython (the computer then sees it read-only), so the game can
write /saves, and settings.toml gets the pystack size the game needs if it sets none
(handheld.pystack). A board without a boot button leaves the drive to USB.

Boot buttons: PyGamer and PyBadge SELECT, CLUE B, Feather ESP32-S3 Reverse TFT D1. Never a
button the board's bootloader reads at reset: held there, it starts the bootloader instead of
CircuitPython, so boot.py never sees it. The CLUE's A is its nRF52 bootloader's DFU button
(Adafruit_nRF52_Bootloader src/boards/clue_nrf52840/board.h: BUTTON_DFU P1.02, the left
button; src/main.c check_dfu_mode: held, the UF2 drive starts; B, P1.10, counts only with
A), and the Feather's D0 the ESP32's BOOT button (the ROM bootloader).
"""
from handheld import boards
from handheld import pystack
from handheld.buttons import B, SELECT, NAMES

# board_id -> logical button held to keep the drive for USB (B is D1 on the Reverse TFT).
BOOT_BUTTONS = {
    "pygamer": SELECT,
    "pybadge": SELECT,
    "clue_nrf52840_express": B,
    "adafruit_feather_esp32s3_reverse_tft": B,
}
BOOT_BUTTON_NAMES = {"adafruit_feather_esp32s3_reverse_tft": "D1"}


def choose(board_id, pressed):
    """True to remount CIRCUITPY writable for the game; False to leave it writable over USB."""
    return board_id in BOOT_BUTTONS and not pressed


def button_held(profile, button, sleep, settle=0.06):
    """True if button is down now: scans the board's keys for `settle` seconds.

    A key already down when a scanner starts reports nothing in CircuitPython 9.1 and later
    (shared-module/keypad/__init__.c: its debounce count starts at 0 and never crosses it);
    reset() makes held keys report a press from 9.2.1 on. Before that (9.0-9.2.0) reset()
    set the counts the other way: every key that is up reports a release, with no press
    before it, and a held key nothing. So the button's last event says; with none, a
    release of another key that was never pressed means that firmware, and the button held."""
    key = profile.key_number(button)
    scanner = profile.make_scanner()
    try:
        scanner.reset()
        sleep(settle)  # a few scans (keypad scans every 20 ms)
        last = None  # the button's last event: True pressed, False released
        down = 0  # keys that reported a press
        old = False  # a release with no press before it: reset() of 9.0-9.2.0
        while True:
            event = scanner.events.get()
            if event is None:
                return old if last is None else last
            n = event.key_number
            if event.pressed:
                down |= 1 << n
            elif not down >> n & 1:
                old = True
            if n == key:
                last = event.pressed
    finally:
        scanner.deinit()


def run(board=None, keypad=None, storage=None, sleep=None, settings="/settings.toml"):
    """Decide and apply at power-up; True if the game may now write CIRCUITPY. Then the
    game's pystack size goes into settings.toml if it sets none (handheld.pystack)."""
    if board is None:
        import board
    board_id = getattr(board, "board_id", "")
    button = BOOT_BUTTONS.get(board_id)
    if button is None:
        print("boot: %s has no boot button: CIRCUITPY stays writable over USB" % board_id)
        return False
    if keypad is None:
        import keypad
    if storage is None:
        import storage
    if sleep is None:
        from time import sleep
    profile = boards.known_profile(board, keypad)
    name = BOOT_BUTTON_NAMES.get(board_id, NAMES[button])
    if not choose(board_id, button_held(profile, button, sleep)):
        print("boot: %s held: CIRCUITPY stays writable over USB" % name)
        return False
    storage.remount("/", readonly=False)
    print("boot: the game may write CIRCUITPY; hold %s at reset to edit it over USB" % name)
    try:
        if ensure_pystack(settings):
            print("boot: added %s to settings.toml" % pystack.SETTING)
    except OSError as e:  # a full or failing drive: the game still starts (app falls back)
        print("boot: could not add %s to settings.toml: %s" % (pystack.SETTING, e))
    return True


# ---- settings.toml: the pystack size (also used by sim.deploy) ----------------------------

_KEY = "CIRCUITPY_PYSTACK_SIZE"
_NOTE = "# Sixty-Six: the computer's search needs a bigger pystack than the default\n"


def _root_end(data):
    """Where settings.toml's root table ends (bytes): at its first [section] line, or -1 if it
    has none. CircuitPython reads no further (supervisor/shared/settings.c, key_matches: a
    line starting with "[" ends the search)."""
    at = 0
    for line in data.split(b"\n"):
        if line.strip().startswith(b"["):
            return at
        at += len(line) + 1
    return -1


def pystack_size_in(data):
    """The pystack size a settings.toml (bytes) sets in its root table, as CircuitPython reads
    it: None if it sets none, 0 if unreadable."""
    end = _root_end(data)
    for line in (data if end < 0 else data[:end]).decode("utf-8", "replace").split("\n"):
        line = line.strip()
        if line.startswith(_KEY) and line[len(_KEY):].strip().startswith("="):
            value = line[len(_KEY):].strip()[1:].split("#")[0].strip().strip('"')
            try:
                return int(value)
            except ValueError:
                return 0
    return None


def pystack_addition(data):
    """The bytes to append to a settings.toml (bytes) so it asks for pystack.SIZE: b"" if it
    sets a size already (the player's choice stays); None if the file has a [section], where
    an appended line would not be read (with_pystack puts it above)."""
    if pystack_size_in(data) is not None:
        return b""
    if _root_end(data) >= 0:
        return None
    sep = "\n" if data and not data.endswith(b"\n") else ""
    return (sep + _NOTE + pystack.SETTING + "\n").encode()


def with_pystack(data):
    """The whole settings.toml (bytes) with the pystack size added in its root table (above
    its first [section]), or None if it sets a size already. For sim.deploy, which replaces
    the file whole; boot.py only appends (a cut mid-rewrite could lose the player's lines)."""
    extra = pystack_addition(data)
    if extra is None:
        end = _root_end(data)
        return data[:end] + (_NOTE + pystack.SETTING + "\n\n").encode() + data[end:]
    return data + extra if extra else None


def ensure_pystack(path="/settings.toml"):
    """Append the setting to settings.toml if it sets no size; True if it did (CircuitPython
    reads it when it next starts code.py). Needs the drive writable for the game (boot.py)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:  # no settings.toml yet
        data = b""
    extra = pystack_addition(data)
    if extra is None:
        print("boot: settings.toml has a [section]: put %s above it" % pystack.SETTING)
        return False
    if extra:
        with open(path, "ab") as f:
            f.write(extra)
    return bool(extra)
