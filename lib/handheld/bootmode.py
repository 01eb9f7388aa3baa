"""Who may write the CIRCUITPY drive: the game (its save files) or the computer over USB.

boot.py runs this at power-up. If the board's boot button is held, nothing changes: the drive
stays writable over USB (to copy a new version, edit settings.toml). Otherwise the drive is
remounted writable for CircuitPython (the computer then sees it read-only), so the game can
write /saves, and settings.toml gets the pystack size the game needs if it sets none
(handheld.pystack). A board without a boot button leaves the drive to USB.

Boot buttons: PyGamer and PyBadge SELECT, CLUE A, Feather ESP32-S3 Reverse TFT D1. Never D0
on that Feather: it is the ESP32's BOOT button, which held at reset starts the ROM
bootloader instead of CircuitPython.
"""
from handheld import boards
from handheld import pystack
from handheld.buttons import A, B, SELECT, NAMES

# board_id -> logical button held to keep the drive for USB (B is D1 on the Reverse TFT).
BOOT_BUTTONS = {
    "pygamer": SELECT,
    "pybadge": SELECT,
    "clue_nrf52840_express": A,
    "adafruit_feather_esp32s3_reverse_tft": B,
}
BOOT_BUTTON_NAMES = {"adafruit_feather_esp32s3_reverse_tft": "D1"}


def choose(board_id, pressed):
    """True to remount CIRCUITPY writable for the game; False to leave it writable over USB."""
    return board_id in BOOT_BUTTONS and not pressed


def button_held(profile, button, sleep, settle=0.06):
    """True if button is down now: scans the board's keys for `settle` seconds."""
    key = profile.key_number(button)
    scanner = profile.make_scanner()
    try:
        sleep(settle)  # a few scans (keypad scans every 20 ms); keys already down report a press
        held = False
        while True:
            event = scanner.events.get()
            if event is None:
                return held
            if event.key_number == key:
                held = event.pressed
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
        if pystack.ensure(settings):
            print("boot: added %s to settings.toml" % pystack.SETTING)
    except OSError as e:  # a full or failing drive: the game still starts (app falls back)
        print("boot: could not add %s to settings.toml: %s" % (pystack.SETTING, e))
    return True
