"""sim.deploy into temporary folders: what is copied, refusals, stale files, space, dry run."""
import errno
import os
import re
import subprocess
import stat
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)  # after the stdlib: the project's code.py must not hide `code`

from sim import deploy
from handheld.savelayout import NAMES as SAVE_NAMES


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
    assert out.strip().splitlines()[-3] == "write code.py (0.0 KB)"  # code.py comes last
    # the files are on the drive itself (fsync, then os.sync) before the player is told to eject
    assert out.strip().splitlines()[-1] == "Eject the drive before you unplug or reset the board."
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
        "opt = ' '.join(x for x in a if x.startswith('-O')).encode()\n"
        "open(out, 'wb').write(b'C' + opt + b' ' + name.encode() + b'|' + data)\n"
        % (sys.executable, banner))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_mpy_cross_compiles_modules_and_removes_same_name_py(project, drive, tmp_path, capsys):
    write(os.path.join(drive, "engine", "rules.py"), "old source")
    exe = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting mpy v6.3")
    code, out, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 0, err
    got = files_in(drive)
    # -O3 (no line numbers), each compiled under the name it is imported by (an interned name
    # a board has already): the path for a module in lib/, a package its __init__'s
    assert got["engine/rules.mpy"] == b"C-O3 engine.rules|RULES = 1\n"
    assert "engine/rules.py" not in got and "remove engine/rules.py (stale)" in out
    assert got["lib/handheld/app.mpy"].startswith(b"C-O3 handheld.app|")
    assert "lib/adafruit_ticks.mpy" in got
    assert [deploy.module_name(p) for p in ("lib/handheld/__init__.py", "engine/ai/value.py",
                                            "engine/__init__.py", "lib/adafruit_ticks.py")] == [
        "handheld", "engine.ai.value", "engine", "adafruit_ticks"]
    assert got["code.py"] == b"from handheld import app\n" and "boot.py" in got  # stay source
    assert "\nmpy-cross: CircuitPython 10.0.0" in "\n" + out


def test_mpy_cross_given_by_a_bare_name_is_the_file_here_else_one_on_path(
        project, drive, tmp_path, capsys, monkeypatch):
    """`--mpy-cross mpy-cross` with the file just downloaded into the current folder runs it
    (a bare name was looked up on PATH only: "No such file"); one found nowhere says so."""
    fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting mpy v6.3")
    monkeypatch.chdir(str(tmp_path))
    code, out, err = run([drive, "--mpy-cross", "mpy-cross"], project, capsys)
    assert code == 0 and "mpy-cross: CircuitPython 10.0.0" in out, err
    code, _, err = run([drive, "--mpy-cross", "no-such-mpy-cross"], project, capsys)
    assert code == 1 and "not found as a file here nor on PATH" in err


def test_micropython_mpy_cross_is_refused(project, drive, tmp_path, capsys):
    exe = fake_mpy_cross(tmp_path, "MicroPython v1.24.0 on 2024-10-25; mpy-cross emitting mpy v6.3")
    code, _, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 1
    assert "is not CircuitPython's mpy-cross" in err and "refuses MicroPython .mpy" in err
    assert "code.py" not in files_in(drive)
    assert "MicroPython's mpy-cross writes .mpy files that CircuitPython refuses" in \
        deploy.EPILOG


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


def test_deploy_puts_the_pystack_size_above_a_section(project, drive, capsys):
    """CircuitPython reads settings.toml down to its first [section] only: the line goes
    above it, every other byte kept."""
    text = b"CIRCUITPY_WIFI_SSID = 'home'\n\n[my_app]\nCIRCUITPY_PYSTACK_SIZE = 1024\n"
    with open(os.path.join(drive, "settings.toml"), "wb") as f:
        f.write(text)
    code, out, _ = run([drive], project, capsys)
    got = files_in(drive)["settings.toml"]
    assert code == 0 and "above its first [section]" in out
    head, tail = got.split(b"[my_app]")
    assert head.startswith(b"CIRCUITPY_WIFI_SSID = 'home'\n\n#")
    assert head.endswith(b"\nCIRCUITPY_PYSTACK_SIZE = 4096\n\n")
    assert b"[my_app]" + tail == text[text.index(b"[my_app]"):]
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


# ---- real small drives: tmpfs mounts (root only; skipped with the reason elsewhere) -----------

def _mount(path, options):
    """Mount a tmpfs at path; None, or why it cannot be done here."""
    if not sys.platform.startswith("linux"):
        return "tmpfs mounts need Linux"
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root (these tests use real read-only and full drives)"
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", path],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return "cannot mount a tmpfs here: %s" % (done.stderr.strip() or done.returncode)
    return None


@pytest.fixture
def small_drive(tmp_path):
    """mount(options) -> a fresh tmpfs drive with boot_out.txt; unmounted at the end."""
    mounted = []

    def mount(options="size=1m"):
        d = tmp_path / ("drive%d" % len(mounted))
        d.mkdir()
        why = _mount(str(d), options)
        if why:
            pytest.skip(why)
        mounted.append(str(d))
        write(str(d / "boot_out.txt"), "Adafruit CircuitPython 10.2.1 on 2025-11-01; "
                                       "Adafruit PyGamer with samd51j19\n")
        return str(d)

    yield mount
    for d in reversed(mounted):
        subprocess.run(["umount", "-l", d], capture_output=True)


def remount(drive, options):
    subprocess.run(["mount", "-o", "remount," + options, drive], check=True)


def free_bytes(drive):
    st = os.statvfs(drive)
    return st.f_bavail * st.f_frsize


def cli(args, project):
    """The deploy command line in its own process: (exit status, stdout, stderr)."""
    code = ("import sys; sys.path.insert(0, %r); from sim import deploy; "
            "sys.exit(deploy.main(sys.argv[1:], project=%r))" % (ROOT, project))
    done = subprocess.run([sys.executable, "-c", code] + args, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_read_only_drive_says_hold_the_boot_button_and_changes_nothing(project, small_drive):
    drive = small_drive()
    write(os.path.join(drive, "lib", "handheld", "gone.py"), "a stale module")  # removals
    before = files_in(drive)
    remount(drive, "ro")
    code, out, err = cli([drive], project)
    assert code == 1, out + err
    assert "is read-only: the game owns the drive. Hold the boot button" in err
    assert "Traceback" not in err and files_in(drive) == before


def test_full_drive_is_refused_before_writing(project, small_drive, tmp_path):
    drive = small_drive("size=64k")  # the game and its libraries take about 100 KB
    before = files_in(drive)
    code, out, err = cli([drive], project)
    assert code == 1 and "not enough space on %s: the game needs" % drive in err
    assert "Try --mpy-cross" in err and "Traceback" not in err
    assert files_in(drive) == before
    exe = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting "
                         "mpy v6.3")
    code, out, err = cli([drive, "--mpy-cross", exe], project)  # given: not suggested again
    assert code == 1 and "not enough space" in err and "Try --mpy-cross" not in err


def test_too_few_files_left_is_refused_before_writing(project, small_drive):
    drive = small_drive("size=2m,nr_inodes=12")  # room for the bytes, not for the files
    before = files_in(drive)
    code, out, err = cli([drive], project)
    assert code == 1, out + err
    assert re.search(r"has room for \d+ more files; the game needs \d+\. .*nothing was changed",
                     err), err
    assert "Traceback" not in err and files_in(drive) == before


def _fill_to(drive, free):
    """Add a filler file so that exactly `free` bytes stay free (a multiple of the block)."""
    path = os.path.join(drive, "filler.bin")
    if os.path.exists(path):
        os.remove(path)
    n = free_bytes(drive) - free
    assert n >= 0 and n % 4096 == 0
    with open(path, "wb") as f:
        f.write(b"\0" * n)
    assert free_bytes(drive) == free


def test_space_check_agrees_with_what_the_drive_really_takes(project, small_drive, tmp_path):
    """The bytes a new rules.py really takes on a drive (measured, not computed by deploy)
    plus the reserve fit; one block less is refused before anything is written."""
    drive = small_drive("size=1m")
    assert cli([drive], project)[0] == 0
    small = open(os.path.join(project, "engine", "rules.py")).read()
    big = small + "# a longer rules module\n" * 400
    free0 = free_bytes(drive)
    write(os.path.join(project, "engine", "rules.py"), big)
    assert cli([drive], project)[0] == 0
    taken = free0 - free_bytes(drive)  # what the file system says the growth took
    assert taken > 0
    for room, ok in ((taken + deploy.RESERVE, True), (taken + deploy.RESERVE - 4096, False)):
        write(os.path.join(project, "engine", "rules.py"), small)
        assert cli([drive], project)[0] == 0 and free_bytes(drive) == free0
        _fill_to(drive, room)
        before = files_in(drive)
        write(os.path.join(project, "engine", "rules.py"), big)
        code, out, err = cli([drive], project)
        assert code == (0 if ok else 1), out + err
        if ok:
            assert files_in(drive)["engine/rules.py"] == big.encode()
        else:
            assert "not enough space" in err and files_in(drive) == before
        os.remove(os.path.join(drive, "filler.bin"))


def _old_install(project, drive):
    assert cli([drive], project)[0] == 0
    with open(os.path.join(project, "lib", "handheld", "app.py"), "a") as f:
        f.write("# version 2\n" + "#" * 30000 + "\n")
    write(os.path.join(project, "lib", "handheld", "extra.py"), "#" * 30000 + "\n")
    write(os.path.join(project, "code.py"), "from handheld import app, extra  # v2\n")


def test_drive_that_fills_while_staging_keeps_the_old_install(project, small_drive,
                                                               monkeypatch, capsys):
    """Fault injection: the space check is told there is room, the real drive has none. The
    new files are staged beside the old ones, so the old install stays byte for byte."""
    drive = small_drive("size=256k")
    _old_install(project, drive)
    _fill_to(drive, 40960)  # not enough for the 60 KB of new files
    before = files_in(drive)
    monkeypatch.setattr(deploy, "space_needed", lambda *a: 0)
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: collections_usage(10 ** 9))
    code, out, err = run([drive], project, capsys)
    assert code == 1, out + err
    assert "the drive %s is full" % drive in err
    assert "nothing the board runs was changed (the old install still works)" in err
    assert "deploy again" in err
    assert files_in(drive) == before  # the stage is gone too


def collections_usage(free):
    import collections
    return collections.namedtuple("Usage", "total used free")(free * 2, free, free)


def test_drive_that_fills_while_replacing_says_what_is_left(project, small_drive, monkeypatch,
                                                             capsys):
    """Fault injection: no room to stage (so files are replaced one by one) and less room
    than the check was told. The message lists what is left; a second deploy, with room,
    finishes the job."""
    drive = small_drive("size=256k")
    _old_install(project, drive)
    _fill_to(drive, 36864)
    monkeypatch.setattr(deploy, "space_needed", lambda *a: 0)
    monkeypatch.setattr(deploy, "one_by_one_short", lambda *a: 0)
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: collections_usage(20000))
    code, out, err = run([drive], project, capsys)
    assert code == 1, out + err
    assert "no room to stage the new files beside the old ones" in out
    assert re.search(r"is full .*\d+ of 3 files are in place; still to write: .*code\.py", err)
    assert "code.py is still the old one" in err and "deploy again" in err
    got = files_in(drive)
    assert got["code.py"] == b"from handheld import app\n"  # the old one, whole
    assert not any(rel.startswith(deploy.STAGE) for rel in got)
    os.remove(os.path.join(drive, "filler.bin"))
    monkeypatch.undo()
    code, out, err = run([drive], project, capsys)
    assert code == 0, err
    got = files_in(drive)
    assert got["code.py"] == b"from handheld import app, extra  # v2\n"
    assert got["lib/handheld/extra.py"] == open(
        os.path.join(project, "lib", "handheld", "extra.py"), "rb").read()


@pytest.mark.parametrize("free_kb, laid_out, noted", [
    (30, False, True), (60, False, False), (30, True, False)])
def test_deploy_says_when_the_saves_layout_will_not_fit(project, drive, monkeypatch, capsys,
                                                       free_kb, laid_out, noted):
    """The reserve kept for the saves (16 KB) is less than the layout of the save files asks
    for at the first power-up (handheld.savelayout.NEED, 33 KB): a deploy that leaves less
    says so, unless the layout is on the drive already (a reviewer's find: the board then
    kept the old layout, whose nvm wears out sooner, and only the board said why)."""
    assert cli([drive], project)[0] == 0  # installed: the deploy below writes nothing
    if laid_out:
        for name in SAVE_NAMES:
            path = os.path.join(drive, "saves", name)
            if "." in name:
                write(path, "x")
            else:
                os.makedirs(path, exist_ok=True)
    monkeypatch.setattr(deploy.shutil, "disk_usage",
                        lambda p: collections_usage(free_kb * 1024))
    code, out, err = run([drive, "--dry-run"], project, capsys)
    assert code == 0, err
    assert ("the save files the game lays out at its first power-up need 33.0 KB" in out) is noted


def test_a_drive_that_fills_going_from_mpy_to_py_says_the_game_cannot_start(
        project, small_drive, monkeypatch, capsys, tmp_path):
    """One by one from a compiled install to .py: the .mpy files go first to make room, so a
    module not yet written is on the drive in neither form; the message says so (it said "a
    mix of the old and the new game" and "code.py is new" of an unchanged code.py)."""
    drive = small_drive("size=256k")
    exe = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting mpy v6.3")
    assert cli([drive, "--mpy-cross", str(exe)], project)[0] == 0
    write(os.path.join(project, "lib", "handheld", "app.py"), "#" * 60000 + "\n")
    _fill_to(drive, 40960)
    monkeypatch.setattr(deploy, "space_needed", lambda *a: 0)
    monkeypatch.setattr(deploy, "one_by_one_short", lambda *a: 0)
    monkeypatch.setattr(deploy.shutil, "disk_usage", lambda p: collections_usage(20000))
    code, out, err = run([drive], project, capsys)
    assert code == 1 and "still to write: lib/handheld/app.py" in err, out + err
    assert "code.py is unchanged" in err
    assert "the game cannot start: 1 of them is on the drive in neither form" in err
    got = files_in(drive)
    assert "lib/handheld/app.py" not in got and "lib/handheld/app.mpy" not in got


def test_an_update_that_frees_space_on_a_nearly_full_drive_is_refused_before_writing(
        project, small_drive):
    """The update takes no more room than the old install, but a file cannot be written
    beside its old copy: refused up front, not stopped halfway with a mix of old and new."""
    drive = small_drive("size=256k")
    _old_install(project, drive)
    assert cli([drive], project)[0] == 0  # version 2 installed
    with open(os.path.join(project, "lib", "handheld", "app.py")) as f:
        text = f.read()
    write(os.path.join(project, "lib", "handheld", "app.py"), text.replace("#" * 10, "=" * 10))
    _fill_to(drive, 4096)
    before = files_in(drive)
    code, out, err = cli([drive], project)
    assert code == 1, out + err
    assert "to replace the game's files one by one" in err and "nothing was changed" in err
    assert "Traceback" not in err and files_in(drive) == before
    os.remove(os.path.join(drive, "filler.bin"))
    assert cli([drive], project)[0] == 0  # with room it goes through


def test_a_stage_folder_left_behind_counts_as_free_and_goes(project, small_drive):
    drive = small_drive("size=512k")
    _old_install(project, drive)
    left = os.path.join(drive, deploy.STAGE)
    write(os.path.join(left, "0000"), "#" * 100000)  # an interrupted deploy's leftovers
    _fill_to(drive, 32768)  # version 2 needs about 60 KB more: only with the stage's room
    code, out, err = cli([drive], project)
    assert code == 0, out + err
    assert "no room to stage" not in out
    assert not os.path.exists(left)
    assert files_in(drive)["code.py"] == b"from handheld import app, extra  # v2\n"


def test_force_into_another_folder_removes_none_of_its_files(project, tmp_path, capsys):
    other = tmp_path / "otherproj"
    write(str(other / "engine" / "physics.py"), "G = 9.81\n")
    write(str(other / "engine" / "ai" / "brain.py"), "THINK = 1\n")
    code, out, err = run(["--force", str(other)], project, capsys)
    assert code == 0, err
    assert "(stale)" not in out and "0 stale removed" in out
    got = files_in(str(other))
    assert got["engine/physics.py"] == b"G = 9.81\n" and got["engine/ai/brain.py"] == b"THINK = 1\n"
    assert got["engine/rules.py"] == b"RULES = 1\n"  # the game is there beside them


def test_force_into_another_folder_keeps_the_other_kind_of_a_module_too(project, tmp_path,
                                                                         capsys):
    """Not even a compiled twin of a module the game writes goes (a reviewer's find: the
    first pass of stale() removed it); a .py left where the game writes .mpy is named, as
    CircuitPython imports it first."""
    other = tmp_path / "otherproj"
    write(str(other / "engine" / "rules.mpy"), "mine")
    write(str(other / "code.mpy"), "mine too")
    code, out, err = run(["--force", str(other)], project, capsys)
    assert code == 0, err
    got = files_in(str(other))
    assert got["engine/rules.mpy"] == b"mine" and got["code.mpy"] == b"mine too"
    assert "(stale)" not in out and "0 stale removed" in out and "note:" not in out
    other = tmp_path / "third"
    write(str(other / "engine" / "rules.py"), "mine")
    exe = fake_mpy_cross(tmp_path, "CircuitPython 10.0.0 on 2025-06-01; mpy-cross emitting mpy v6.3")
    code, out, err = run(["--force", str(other), "--mpy-cross", exe], project, capsys)
    assert code == 0, err
    got = files_in(str(other))
    assert got["engine/rules.py"] == b"mine" and "engine/rules.mpy" in got
    assert ("note: engine/rules.py is left (this folder is no CIRCUITPY drive: --force removes "
            "nothing here); CircuitPython imports it before engine/rules.mpy") in out


# ---- old install shapes, mpy-cross faults, files that run instead of code.py ----------------

@pytest.mark.parametrize("shape, says", [
    ("engine", "engine is a file, where the game needs a folder"),
    ("lib", "lib is a file, where the game needs a folder"),
    ("lib/handheld", "lib/handheld is a file, where the game needs a folder"),
    ("settings.toml/", "settings.toml is a folder, where the game writes a file"),
    ("code.py/", "code.py is a folder, where the game writes a file"),
])
def test_an_old_install_of_another_shape_is_refused_before_writing(project, drive, capsys,
                                                                    shape, says):
    path = os.path.join(drive, shape.rstrip("/"))
    if shape.endswith("/"):
        if os.path.exists(path):
            os.remove(path)
        os.makedirs(os.path.join(path, "inside"))
    else:
        write(path, "x")
    before = files_in(drive)
    code, out, err = run([drive], project, capsys)
    assert code == 1
    assert says in err and "nothing was changed" in err and "(an old install?)" in err
    assert files_in(drive) == before


def fake_script(tmp_path, body):
    exe = tmp_path / "fake-mpy-cross"
    exe.write_text("#!%s\nimport sys, time\n"
                   "if sys.argv[1:] == ['--version']:\n"
                   "    print('CircuitPython 10.2.1 on 2025-11-01; mpy-cross emitting mpy v6.3')\n"
                   "    sys.exit(0)\n%s\n" % (sys.executable, body))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_mpy_cross_that_writes_no_mpy(project, drive, tmp_path, capsys):
    exe = fake_script(tmp_path, "print('all good'); sys.exit(0)")
    code, out, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 1
    assert "mpy-cross wrote no .mpy for engine/__init__.py (it said 'all good')" in err
    assert "code.py" not in files_in(drive)


def test_mpy_cross_that_never_returns_is_stopped(project, drive, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(deploy, "MPY_CROSS_TIMEOUT", 1)  # a module: the --version check keeps
    exe = fake_script(tmp_path, "time.sleep(600)")  # its own 60 s (a busy host starts slowly)
    code, out, err = run([drive, "--mpy-cross", exe], project, capsys)
    assert code == 1
    assert "mpy-cross did not finish engine/__init__.py within 1 s (stopped)" in err
    assert "code.py" not in files_in(drive)
    hang = tmp_path / "hang-version"
    hang.write_text("#!%s\nimport time\ntime.sleep(600)\n" % sys.executable)
    hang.chmod(hang.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(deploy, "VERSION_TIMEOUT", 1)
    code, out, err = run([drive, "--mpy-cross", str(hang)], project, capsys)
    assert code == 1 and "--version did not answer within 1 s" in err


def test_a_root_code_txt_is_warned_about(project, drive, capsys):
    write(os.path.join(drive, "code.txt"), "print('an old program')")
    write(os.path.join(drive, "main.py"), "print('older still')")
    code, out, _ = run([drive], project, capsys)
    assert code == 0
    assert "warning: code.txt on the drive runs INSTEAD of code.py" in out
    assert "delete or rename %s" % os.path.join(drive, "code.txt") in out
    assert "note: main.py on the drive never runs while code.py is there" in out
    assert files_in(drive)["code.txt"] == b"print('an old program')"  # the player's: kept
    os.remove(os.path.join(drive, "code.txt"))
    os.remove(os.path.join(drive, "main.py"))
    code, out, _ = run([drive], project, capsys)
    assert "code.txt" not in out and "main.py" not in out


@pytest.mark.parametrize("boot_out, says", [
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyGamer with samd51j19",
     ["warning: the board runs CircuitPython 8.2.10; the game needs 9.0 or newer",
      "note: CircuitPython 8.2.10 is older than 10.1: adafruit_display_text's bitmap_label "
      "calls bitmaptools.replace_color"]),
    ("Adafruit CircuitPython 9.2.9 on 2025-09-01; Adafruit CLUE nRF52840 Express",
     ["note: CircuitPython 9.2.9 is older than 10.1", "does not apply today"]),
    ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19",
     ["note: CircuitPython 10.0.3 is older than 10.1"]),
    ("Adafruit CircuitPython 10.2.1 on 2025-11-01; Adafruit PyGamer with samd51j19", []),
    ("Adafruit CircuitPython 11.0.0-alpha.1 on 2026-03-01; Adafruit PyGamer", []),
    ("x\n", ["note: boot_out.txt names no CircuitPython version; the game needs 9.0 or newer"]),
])
def test_deploy_reads_the_circuitpython_version_from_boot_out_txt(project, drive, capsys,
                                                                   boot_out, says):
    write(os.path.join(drive, "boot_out.txt"), boot_out)
    code, out, _ = run([drive, "--dry-run"], project, capsys)
    assert code == 0  # a warning, not a refusal: the player may update the board after
    for line in says:
        assert line in out
    if not says:
        assert "CircuitPython" not in out and "warning" not in out
    assert ("warning" in out) == boot_out.startswith("Adafruit CircuitPython 8")


def test_a_flat_engine_on_the_drive_gives_way_to_its_packages(project, drive, capsys):
    """engine/ai.py on the drive (the flat layout) goes when the project has engine/ai/: a
    board would otherwise find both."""
    write(os.path.join(project, "engine", "ai", "__init__.py"), "from engine.ai import solver\n")
    write(os.path.join(project, "engine", "ai", "solver.py"), "NODES = 1\n")
    write(os.path.join(drive, "engine", "ai.py"), "the flat opponent")
    write(os.path.join(drive, "engine", "solver.mpy"), "old")
    code, out, _ = run([drive], project, capsys)
    assert code == 0
    got = files_in(drive)
    assert "engine/ai.py" not in got and "engine/solver.mpy" not in got
    assert got["engine/ai/solver.py"] == b"NODES = 1\n"
    assert "remove engine/ai.py (stale)" in out


def test_a_package_the_project_no_longer_has_is_removed_with_its_folder(project, drive,
                                                                        capsys):
    """The other way: engine/ai/ on the drive and engine/ai.py in the project. An empty
    engine/ai/ left behind would hide engine/ai.py (a folder is imported first), so the
    folder goes; one holding a file that is not a module stays, and so does the file."""
    write(os.path.join(project, "engine", "ai.py"), "LEVELS = 3\n")
    write(os.path.join(drive, "engine", "ai", "__init__.mpy"), "old package")
    write(os.path.join(drive, "engine", "ai", "deep", "solver.py"), "old")
    write(os.path.join(drive, "engine", "coach", "review.py"), "old")
    write(os.path.join(drive, "engine", "coach", "notes.txt"), "the player's")
    code, out, _ = run([drive, "--dry-run"], project, capsys)
    assert code == 0 and "would remove engine/ai/ (empty)" in out
    assert "engine/ai/__init__.mpy" in files_in(drive)
    code, out, _ = run([drive], project, capsys)
    assert code == 0
    assert not os.path.exists(os.path.join(drive, "engine", "ai"))
    assert "remove engine/ai/deep/ (empty)" in out and "remove engine/ai/ (empty)" in out
    got = files_in(drive)
    assert got["engine/ai.py"] == b"LEVELS = 3\n" and "engine/coach/review.py" not in got
    assert got["engine/coach/notes.txt"] == b"the player's"


def test_the_shipped_code_has_no_assert_for_mpy_cross_O3_to_drop():
    """sim.deploy compiles .mpy with -O3 (no line numbers on the board's heap), which also
    drops every `assert` and makes `__debug__` False: the game's code must not rely on either,
    or its .mpy would play otherwise than its .py."""
    import ast
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = []
    for top in ("engine", "lib", "code.py", "boot.py"):
        path = os.path.join(root, top)
        files = [path] if top.endswith(".py") else [
            os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs if f.endswith(".py")]
        for name in files:
            with open(name, encoding="utf-8") as f:
                tree = ast.parse(f.read(), name)
            for node in ast.walk(tree):
                if isinstance(node, ast.Assert) or (
                        isinstance(node, ast.Name) and node.id == "__debug__"):
                    found.append("%s:%d" % (os.path.relpath(name, root), node.lineno))
    assert files and not found, "assert/__debug__ in shipped code (mpy-cross -O3 drops it): %s" % found


def test_every_file_written_is_on_the_drive_before_the_player_is_told_to_eject(
        project, drive, capsys, monkeypatch):
    """A deploy wrote through the computer's cache and returned: a board reset or unplugged
    right after (the usual next step) could keep a cut file (a maker's review). Each file is
    fsynced as it is written, then os.sync() where the system has it; then the last line says
    to eject."""
    synced, real = [], os.fsync
    monkeypatch.setattr(deploy.os, "fsync", lambda fd: synced.append(fd) or real(fd))
    code, out, _ = run([drive], project, capsys)
    written = [line for line in out.splitlines() if line.startswith(("write ", "replace "))]
    assert code == 0 and written and len(synced) >= len(written)
    assert out.strip().splitlines()[-1].startswith("Eject the drive")
    code, out, _ = run([drive, "--dry-run"], project, capsys)
    assert "Eject" not in out


def test_a_write_refused_as_on_windows_names_the_boot_button(project, drive, capsys,
                                                            monkeypatch):
    """Windows reports a write-protected drive (WinError 19) as EACCES, not EROFS: the error
    said only "cannot write" where the fix is the boot button (a maker's review)."""
    def refuse(path, data):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(deploy, "_write", refuse)
    code, _, err = run([drive], project, capsys)
    assert code == 1 and "refused the write (Permission denied): if the game owns the drive, " \
                         "hold the boot button" in err
