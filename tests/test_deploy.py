"""sim.deploy into temporary folders: what is copied, refusals, stale files, space, dry run."""
import collections
import os
import stat
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)  # after the stdlib: the project's code.py must not hide `code`

from sim import deploy  # noqa: E402


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


@pytest.fixture
def project(tmp_path):
    p = tmp_path / "project"
    write(str(p / "code.py"), "from handheld import app\n")
    write(str(p / "boot.py"), "print('boot')\n")
    write(str(p / "engine" / "__init__.py"), "")
    write(str(p / "engine" / "rules.py"), "RULES = 1\n")
    write(str(p / "engine" / "__pycache__" / "rules.cpython-311.pyc"), "junk")
    write(str(p / "lib" / "handheld" / "__init__.py"), "")
    write(str(p / "lib" / "handheld" / "app.py"),
          "from adafruit_display_text import bitmap_label\nimport adafruit_ticks\n")
    write(str(p / "settings.toml"), "SIXTYSIX_BUTTONS = 'A:D5'\n")  # the developer's own
    return str(p)


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    write(str(d / "boot_out.txt"), "Adafruit CircuitPython 10.0.0 on 2025-01-01; Adafruit PyGamer\n")
    write(str(d / "settings.toml"), "CIRCUITPY_WIFI_SSID = 'home'\n")
    write(str(d / "saves" / "match0.bin"), "S6 save")
    return str(d)


def files_in(folder):
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            path = os.path.join(root, f)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, folder).replace(os.sep, "/")] = fh.read()
    return out


def run(args, project, capsys):
    code = deploy.main(args, project=project)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_deploy_copies_the_game_and_its_libraries(project, drive, capsys):
    code, out, _ = run([drive], project, capsys)
    assert code == 0
    got = files_in(drive)
    for rel in ("code.py", "boot.py", "engine/__init__.py", "engine/rules.py",
                "lib/handheld/__init__.py", "lib/handheld/app.py",
                "lib/adafruit_display_text/__init__.py", "lib/adafruit_display_text/bitmap_label.py",
                "lib/adafruit_ticks.py"):
        assert rel in got, rel
    assert not any("__pycache__" in rel or rel.endswith(".pyc") for rel in got)
    # the player's line stays; the game's pystack size is added below it
    settings = got["settings.toml"]
    assert settings.startswith(b"CIRCUITPY_WIFI_SSID = 'home'\n#")
    assert settings.endswith(b"\nCIRCUITPY_PYSTACK_SIZE = 4096\n")
    assert "settings.toml: add CIRCUITPY_PYSTACK_SIZE = 4096" in out
    assert got["saves/match0.bin"] == b"S6 save"
    assert not any(rel.startswith("lib/adafruit_blinka") for rel in got)
    assert "Deployed to" in out and "libraries: adafruit_display_text, adafruit_ticks" in out
    assert out.strip().splitlines()[-2] == "write code.py (0.0 KB)"  # code.py comes last
    code, out, _ = run([drive], project, capsys)
    assert "0 files written" in out and "unchanged" in out


def test_refuses_a_folder_without_boot_out_txt(project, tmp_path, capsys):
    folder = tmp_path / "usb-stick"
    folder.mkdir()
    code, _, err = run([str(folder)], project, capsys)
    assert code == 1
    assert "has no boot_out.txt, so it is not a CIRCUITPY drive; use --force" in err
    assert os.listdir(str(folder)) == []
    code, _, _ = run([str(folder), "--force"], project, capsys)
    assert code == 0 and os.path.exists(str(folder / "code.py"))


def test_missing_folder(project, tmp_path, capsys):
    code, _, err = run([str(tmp_path / "nope")], project, capsys)
    assert code == 1 and "is not a folder" in err


def test_stale_copies_are_removed(project, drive, capsys):
    write(os.path.join(drive, "lib", "handheld", "app.mpy"), "old compiled app")
    write(os.path.join(drive, "lib", "handheld", "gone.py"), "a module the project dropped")
    write(os.path.join(drive, "lib", "handheld", "card.bmp"), "an asset: not a module")
    write(os.path.join(drive, "engine", "rules.mpy"), "old")
    write(os.path.join(drive, "lib", "adafruit_ticks.mpy"), "old library build")
    write(os.path.join(drive, "lib", "neopixel.mpy"), "the user's own library")
    code, out, _ = run([drive], project, capsys)
    assert code == 0
    got = files_in(drive)
    for rel in ("lib/handheld/app.mpy", "lib/handheld/gone.py", "engine/rules.mpy",
                "lib/adafruit_ticks.mpy"):
        assert rel not in got, rel
        assert "remove %s (stale)" % rel in out
    assert "lib/handheld/card.bmp" in got and "lib/neopixel.mpy" in got


def fake_mpy_cross(tmp_path, banner):
    exe = tmp_path / "mpy-cross"
    exe.write_text(
        "#!%s\n"
        "import sys\n"
        "a = sys.argv[1:]\n"
        "if a == ['--version']:\n"
        "    print(%r); sys.exit(0)\n"
        "out, name, src = a[a.index('-o') + 1], a[a.index('-s') + 1], a[-1]\n"
        "data = open(src, 'rb').read()\n"
        "open(out, 'wb').write(b'C' + name.encode() + b'|' + data)\n" % (sys.executable, banner))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_mpy_cross_compiles_modules_and_removes_same_name_py(project, drive, tmp_path, capsys):
    write(os.path.join(drive, "engine", "rules.py"), "old source")
    exe = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting mpy v6.3")
    code, out, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 0, err
    got = files_in(drive)
    assert got["engine/rules.mpy"] == b"Cengine/rules.py|RULES = 1\n"
    assert "engine/rules.py" not in got and "remove engine/rules.py (stale)" in out
    assert "lib/handheld/app.mpy" in got and "lib/adafruit_ticks.mpy" in got
    assert got["code.py"] == b"from handheld import app\n" and "boot.py" in got  # stay source
    assert out.startswith("mpy-cross: CircuitPython 10.0.0")


def test_micropython_mpy_cross_is_refused(project, drive, tmp_path, capsys):
    exe = fake_mpy_cross(tmp_path, "MicroPython v1.24.0 on 2024-10-25; mpy-cross emitting mpy v6.3")
    code, _, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 1
    assert "is not CircuitPython's mpy-cross" in err and "refuses MicroPython .mpy" in err
    assert "code.py" not in files_in(drive)
    assert "MicroPython's mpy-cross writes .mpy files that CircuitPython refuses" in \
        deploy.EPILOG


Usage = collections.namedtuple("Usage", "total used free")


def test_refuses_when_the_game_does_not_fit(project, drive, monkeypatch, capsys):
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda path: Usage(2 ** 21, 2 ** 21, 20000))
    code, _, err = run([drive], project, capsys)
    assert code == 1
    assert "not enough space on %s: the game needs" % drive in err
    assert "Try --mpy-cross" in err
    assert "code.py" not in files_in(drive)


def test_space_counts_the_files_being_replaced(project, drive, monkeypatch, capsys):
    assert run([drive], project, capsys)[0] == 0
    with open(os.path.join(project, "engine", "rules.py"), "a") as f:
        f.write("# a longer rules module\n" * 40)
    # Only the growth of rules.py (in whole clusters) must fit, plus the reserve for saves.
    cluster = os.statvfs(drive).f_bsize
    grow = deploy._cluster(len(open(os.path.join(project, "engine", "rules.py"), "rb").read()),
                           cluster) - deploy._cluster(10, cluster)
    monkeypatch.setattr(deploy.shutil, "disk_usage",
                        lambda path: Usage(2 ** 21, 0, grow + deploy.RESERVE))
    assert run([drive], project, capsys)[0] == 0
    with open(os.path.join(project, "engine", "rules.py"), "a") as f:
        f.write("#" * (cluster + 1) + "\n")
    assert run([drive], project, capsys)[0] == 1


def test_dry_run_writes_nothing(project, drive, capsys):
    write(os.path.join(drive, "lib", "handheld", "app.mpy"), "stale")
    before = files_in(drive)
    code, out, _ = run([drive, "--dry-run"], project, capsys)
    assert code == 0
    assert files_in(drive) == before
    assert "would write code.py" in out and "would remove lib/handheld/app.mpy (stale)" in out
    assert "Dry run for" in out and "to write" in out


def test_missing_code_py_is_an_error(project, drive, capsys):
    os.remove(os.path.join(project, "code.py"))
    code, _, err = run([drive], project, capsys)
    assert code == 1 and "code.py is missing from the project" in err


def test_read_only_drive_explains_the_boot_button(project, drive, monkeypatch, capsys):
    real_open = open

    def read_only(path, mode="r", *args, **kwargs):
        if "w" in mode and str(path).startswith(drive):
            raise OSError(30, "Read-only file system")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", read_only)
    code, _, err = run([drive], project, capsys)
    assert code == 1 and "is read-only: the game owns the drive" in err


@pytest.mark.parametrize("before", [None, b"", b"CIRCUITPY_WIFI_SSID = 'home'",
                                    b"# mine\r\nSIXTYSIX_BUTTONS = 'A:D5'\r\n"])
def test_deploy_adds_the_pystack_size_and_keeps_every_byte_of_settings(project, drive, capsys,
                                                                         before):
    path = os.path.join(drive, "settings.toml")
    os.remove(path)
    if before is not None:
        with open(path, "wb") as f:
            f.write(before)
    code, out, _ = run([drive, "--dry-run"], project, capsys)
    assert code == 0 and "would add CIRCUITPY_PYSTACK_SIZE = 4096" in out
    assert os.path.exists(path) == (before is not None)  # a dry run writes nothing
    code, out, _ = run([drive], project, capsys)
    got = files_in(drive)["settings.toml"]
    assert got.startswith(before or b"")
    added = got[len(before or b""):].decode()
    assert added.splitlines()[-1] == "CIRCUITPY_PYSTACK_SIZE = 4096"
    assert added.count("CIRCUITPY") == 1 and added.endswith("\n")
    if before:
        assert added.startswith("\n") == (not before.endswith(b"\n"))  # a line of its own
    code, out, _ = run([drive], project, capsys)  # once is enough
    assert files_in(drive)["settings.toml"] == got and "settings.toml" not in out


@pytest.mark.parametrize("size", [2048, 8192])
def test_deploy_keeps_a_pystack_size_the_player_set(project, drive, capsys, size):
    text = ("CIRCUITPY_PYSTACK_SIZE = %d\n" % size).encode()
    with open(os.path.join(drive, "settings.toml"), "wb") as f:
        f.write(text)
    code, out, _ = run([drive], project, capsys)
    assert code == 0 and files_in(drive)["settings.toml"] == text
    assert ("below 4096 the computer plays EASY endgames" in out) == (size < 4096)
