"""boot.py and bootmode: who may write CIRCUITPY, decided by a button held at power-up."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "lib"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

from handheld import bootmode  # noqa: E402
from handheld.buttons import A, B, SELECT  # noqa: E402
import fakeboard as fb  # noqa: E402
import fakehw  # noqa: E402
import mpvm  # noqa: E402


@pytest.mark.parametrize("board_id, pressed, writable", [
    ("pygamer", False, True),
    ("pygamer", True, False),
    ("pybadge", False, True),
    ("pybadge", True, False),
    ("clue_nrf52840_express", True, False),
    ("adafruit_feather_esp32s3_reverse_tft", False, True),
    ("metro_m4_express", False, False),  # no boot button: the drive stays with USB
    ("", False, False),
])
def test_choose(board_id, pressed, writable):
    assert bootmode.choose(board_id, pressed) is writable


def test_boot_buttons_never_use_the_esp32_boot_button():
    assert bootmode.BOOT_BUTTONS == {"pygamer": SELECT, "pybadge": SELECT,
                                     "clue_nrf52840_express": B,
                                     "adafruit_feather_esp32s3_reverse_tft": B}
    board = fb.Board("adafruit_feather_esp32s3_reverse_tft", fb.REVERSE_TFT_PINS)
    keypad = fb.Keypad(held=(0,))
    profile = bootmode.boards.known_profile(board, keypad)
    assert profile.key_number(B) == 0
    assert bootmode.button_held(profile, B, lambda s: None)
    assert [p.name for p in keypad.made[0].args["pins"]] == ["D1", "D2"]  # D0 is not scanned


Storage = fakehw.Storage  # storage.remount's stub signature (tests/test_stubs.py)


@pytest.mark.parametrize("firmware", [10, 9.1, 9.0])  # keypad's ways with a key held at start
@pytest.mark.parametrize("held, remounted", [((), True), ((3,), False), ((0, 1), True),
                                             ((0, 3), False)])
def test_run_remounts_unless_select_is_held(held, remounted, capsys, tmp_path, firmware):
    """SELECT held at power-up keeps the drive for USB, whatever the firmware does with a key
    held when its scanner starts (fakeboard.Keypad: from 9.1 nothing until reset(), which
    reports it from 9.2.1 and before that reported the keys that are up). Before, held keys
    were taken to report a press at the start, which 9.1 and later never do: the button was
    never seen (a reviewer's find, from the firmware's keypad_debounce)."""
    storage = Storage()
    keypad = fb.Keypad(held=held, firmware=firmware)
    settings = tmp_path / "settings.toml"
    settings.write_bytes(b"CIRCUITPY_WIFI_SSID = 'home'\n")
    result = bootmode.run(fb.Board("pybadge", fb.PYBADGE_PINS), keypad, storage, lambda s: None,
                          str(settings))
    assert result is remounted
    assert storage.calls == ([("/", False)] if remounted else [])
    assert keypad.made[0].deinited  # the pins are free for code.py
    out = capsys.readouterr().out
    assert ("hold SELECT at reset" in out) if remounted else ("SELECT held" in out)
    # the game's pystack size is added only when the game may write the drive
    got = settings.read_bytes()
    assert got.startswith(b"CIRCUITPY_WIFI_SSID = 'home'\n")
    assert got.endswith(b"\nCIRCUITPY_PYSTACK_SIZE = 4096\n") == remounted
    assert ("added CIRCUITPY_PYSTACK_SIZE = 4096" in out) == remounted


def test_the_clue_keeps_its_drive_with_b_never_a(tmp_path, capsys):
    """The CLUE's A (P1.02) is its nRF52 bootloader's DFU button: held at reset it starts the
    UF2 drive and CircuitPython never runs (Adafruit_nRF52_Bootloader
    src/boards/clue_nrf52840/board.h BUTTON_DFU, src/main.c check_dfu_mode), so a player told to
    hold A could never get the drive back. B is the boot button there; A held does not count."""
    board = fb.Board("clue_nrf52840_express", fb.CLUE_PINS)
    profile = bootmode.boards.known_profile(board, fb.Keypad())
    for button, remounted in ((B, False), (A, True)):
        keypad = fb.Keypad(held=(profile.key_number(button),))
        storage = Storage()
        assert bootmode.run(board, keypad, storage, lambda s: None,
                            str(tmp_path / "settings.toml")) is remounted
        assert storage.calls == ([("/", False)] if remounted else [])
        out = capsys.readouterr().out
        assert ("hold B at reset" in out) if remounted else ("B held" in out)


def test_run_released_before_the_scan_ends_counts_as_not_held(tmp_path):
    keypad = fb.Keypad(held=(3,))
    storage = Storage()

    def sleep(seconds):
        keypad.made[0].release(3)

    settings = tmp_path / "settings.toml"  # none yet: boot makes one with the pystack size
    assert bootmode.run(fb.Board("pygamer", fb.PYGAMER_PINS), keypad, storage, sleep,
                        str(settings))
    assert storage.calls == [("/", False)]
    assert settings.read_bytes().endswith(b"CIRCUITPY_PYSTACK_SIZE = 4096\n")
    before = settings.read_bytes()
    keypad = fb.Keypad()
    assert bootmode.run(fb.Board("pygamer", fb.PYGAMER_PINS), keypad, storage, lambda s: None,
                        str(settings))
    assert settings.read_bytes() == before  # once is enough


def test_a_settings_file_with_a_section_is_left_to_the_player(tmp_path, capsys):
    """CircuitPython reads settings.toml only down to its first [section]
    (supervisor/shared/settings.c): a line appended below one would never be read, and boot.py
    does not rewrite the player's file (a cut mid-rewrite could lose it): it says where the
    line goes. sim.deploy, which replaces the file whole, puts it above (test_deploy)."""
    text = b"CIRCUITPY_WIFI_SSID = 'home'\n[my_app]\ncolour = 'red'\n"
    settings = tmp_path / "settings.toml"
    settings.write_bytes(text)
    assert bootmode.run(fb.Board("pybadge", fb.PYBADGE_PINS), fb.Keypad(), Storage(),
                        lambda s: None, str(settings))
    assert settings.read_bytes() == text
    assert "has a [section]: put CIRCUITPY_PYSTACK_SIZE = 4096 above it" in (
        capsys.readouterr().out)
    # a size set only under a section is not read: it counts as none
    assert bootmode.pystack_size_in(b"[x]\nCIRCUITPY_PYSTACK_SIZE = 4096\n") is None
    assert bootmode.pystack_size_in(b" CIRCUITPY_PYSTACK_SIZE = 8192\n [x]\n") == 8192
    placed = bootmode.with_pystack(text)
    assert placed.startswith(b"CIRCUITPY_WIFI_SSID = 'home'\n#") and placed.endswith(
        b"\nCIRCUITPY_PYSTACK_SIZE = 4096\n\n[my_app]\ncolour = 'red'\n")
    assert bootmode.pystack_size_in(placed) == 4096 and bootmode.with_pystack(placed) is None


def test_run_starts_the_game_even_if_settings_cannot_be_written(tmp_path, capsys):
    folder = tmp_path / "settings.toml"
    folder.mkdir()  # opening it fails as a full or broken drive would
    assert bootmode.run(fb.Board("pybadge", fb.PYBADGE_PINS), fb.Keypad(), Storage(),
                        lambda s: None, str(folder))
    assert "could not add CIRCUITPY_PYSTACK_SIZE = 4096" in capsys.readouterr().out


def test_boot_py_with_fake_boards_on_cpython_and_micropython():
    script = os.path.join(HERE, "vm", "mp_boot_check.py")
    mp = mpvm.run(script, heap="72k")  # 65k least (2026-12-01): the fakes, not boot.py, need most
    assert mp.returncode == 0 and mp.stdout.strip().endswith("OK"), mp.stdout
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((os.path.join(ROOT, "lib"),
                                                       os.path.join(HERE, "support"))))
    cp = subprocess.run([sys.executable, script], cwd=ROOT, env=env, capture_output=True,
                        text=True, timeout=60)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    cases = [line for line in mp.stdout.splitlines() if line.startswith("case ")]
    assert len(cases) == 10
    assert cases == [line for line in cp.stdout.splitlines() if line.startswith("case ")]
    checks = [line for line in mp.stdout.splitlines() if line.startswith("pystack ")]
    assert checks == [line for line in cp.stdout.splitlines() if line.startswith("pystack ")]
    more = [line for line in mp.stdout.splitlines() if line.startswith(("section ", "firmware "))]
    assert len(more) == 5 and more == [line for line in cp.stdout.splitlines()
                                       if line.startswith(("section ", "firmware "))]
    assert more[0].startswith("section None None b") and more[0].index(
        "CIRCUITPY_PYSTACK_SIZE = 4096") < more[0].index("[x]")  # the line above the section
    # and on CircuitPython's own 32-bit build (skipped, saying why, where ../shared lacks it)
    c32 = mpvm.run_cp(script, heap="96k")
    assert c32.returncode == 0 and c32.stdout.strip().endswith("OK"), c32.stdout + c32.stderr
    assert [line for line in c32.stdout.splitlines() if line.startswith(
        ("case ", "pystack ", "section ", "firmware "))] == checks + more[:1] + cases + more[1:]
    assert checks[0].startswith("pystack 2048 None ") and checks[0].endswith(" 8192 True")
    assert "# Sixty-Six" in checks[0] and "CIRCUITPY_PYSTACK_SIZE = 4096" in checks[0]


def test_boot_py_without_any_board_does_not_crash():
    # On the desktop and the VM there is no board module (or Blinka's): boot.py only prints.
    mp = mpvm.run(os.path.join(ROOT, "boot.py"), heap="64k")
    assert mp.returncode == 0 and mp.stdout.startswith("boot.py:"), mp.stdout
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "lib"))
    cp = subprocess.run([sys.executable, "boot.py"], cwd=ROOT, env=env, capture_output=True,
                        text=True, timeout=60)
    assert cp.returncode == 0, cp.stderr


@pytest.mark.parametrize("board_id", sorted(bootmode.BOOT_BUTTONS))
def test_run_on_each_boards_full_stub_pin_list(board_id, tmp_path, capsys):
    # every pin the board has per circuitpython-stubs, and nothing else
    profile = bootmode.boards.known_profile(fb.stub_board(board_id), fb.Keypad())
    key = profile.key_number(bootmode.BOOT_BUTTONS[board_id])
    for held, remounted in (((), True), ((key,), False)):
        storage = Storage()
        keypad = fb.Keypad(held=held)
        assert bootmode.run(fb.stub_board(board_id), keypad, storage, lambda s: None,
                            str(tmp_path / "settings.toml")) is remounted
        assert storage.calls == ([("/", False)] if remounted else [])
        assert keypad.made[0].deinited
    assert "hold %s at reset" % bootmode.BOOT_BUTTON_NAMES.get(
        board_id, bootmode.NAMES[bootmode.BOOT_BUTTONS[board_id]]) in capsys.readouterr().out
