"""The simulator's command line: headless key scripts with PNG shots, text mode, fallbacks."""
import os
import re
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "lib"))


def sim(*args, stdin=None, env=None):
    # the window and text modes save in $XDG_DATA_HOME/sixtysix: a fresh folder, not the home
    # (removed after: the runs left one in the temporary folder each)
    with tempfile.TemporaryDirectory(prefix="s66-test-") as home:
        e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                 XDG_DATA_HOME=home)
        e.update(env or {})
        return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, env=e,
                              input=stdin, capture_output=True, text=True, timeout=120)


def test_headless_key_script_saves_a_png_of_every_changed_frame(tmp_path):
    shots = tmp_path / "shots"
    done = sim("--headless", "--keys", "B.BRB.BSDB", "--shots", str(shots))
    assert done.returncode == 0, done.stderr
    assert "errors 0" in done.stdout
    # no Blinka warning that a PC's chip is not a board's (printed at its import; the window
    # printed it twice at every start)
    assert "not fully supported" not in done.stdout + done.stderr
    pngs = sorted(os.listdir(str(shots)))
    assert len(pngs) >= 10 and pngs[0] == "frame_0001.png"
    with open(str(shots / pngs[0]), "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_headless_falls_back_to_text_without_pygame(tmp_path):
    # a fake `pygame` that fails to import stands for a machine without a display stack
    fake = tmp_path / "nopygame"
    fake.mkdir()
    (fake / "pygame.py").write_text("raise ImportError('no pygame here')\n")
    done = sim("--headless", "--keys", "BB", env={"PYTHONPATH": str(fake)})
    assert done.returncode == 0, done.stderr
    assert "text mode" in done.stderr
    assert "Your hand:" in done.stdout


def test_shots_without_pygame_fail_and_say_so(tmp_path):
    """--shots asks for PNGs: with nothing to draw them on, the run fails (exit 1) saying why,
    where a run without --shots falls back to text (above)."""
    fake = tmp_path / "nopygame"
    fake.mkdir()
    (fake / "pygame.py").write_text("raise ImportError('no pygame here')\n")
    shots = tmp_path / "shots"
    done = sim("--headless", "--keys", "BB", "--shots", str(shots),
               env={"PYTHONPATH": str(fake)})
    assert done.returncode == 1, done.stderr
    assert "--shots: no display to draw on (no pygame here): no PNG written" in done.stderr
    assert "Traceback" not in done.stderr
    assert not shots.exists() or not os.listdir(str(shots))


def test_text_mode_plays_from_typed_keys():
    done = sim("--text", "--preset", "santase", "--level", "easy", stdin="B\nB\nB\nq\n")
    assert done.returncode == 0, done.stderr
    assert "Santase" in done.stdout and "Your hand:" in done.stdout


def test_text_mode_names_both_cards_of_every_trick_it_reports():
    """A trick is over before the next prompt is read: the line that says who took it names
    both cards, as the screen shows them (the computer's answer is seen nowhere else), and a
    prompt that several frames repeat is said once."""
    done = sim("--text", "--level", "hard", "--seed", "101", "--no-save",
               stdin="B\n" * 12 + "q\n")
    assert done.returncode == 0, done.stderr
    said = [x for x in done.stdout.splitlines() if "the trick +" in x]
    assert len(said) >= 4, done.stdout
    for line in said:
        assert re.search(r"take(s)? the trick \+\d+   \(Trick: CPU \[\w+\]  You \[\w+\]\)$",
                         line), line
    out = done.stdout.splitlines()
    assert not [a for a, b in zip(out, out[1:]) if a == b and a.startswith("  .. ")], out


def test_the_window_mode_falls_back_to_text_without_a_display():
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": ""}
    done = sim(stdin="B\nq\n", env=env)
    assert done.returncode == 0, done.stderr
    assert "Your hand:" in done.stdout


def test_text_mode_saves_and_offers_to_resume_next_time(tmp_path):
    folder = str(tmp_path / "saves")
    done = sim("--text", "--save-dir", folder, stdin="B\nBBBBBB\nq\n")
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(folder)) == ["a", "b", "gap0.bin", "gap1.bin"]  # the layout
    with open(os.path.join(folder, "a", "state.bin"), "rb") as f:
        assert f.read(2) == b"S6"  # the record, written to a when the game quits
    again = sim("--text", "--save-dir", folder, stdin="q\n")
    assert "Match in progress" in again.stdout and "> Continue" in again.stdout


def test_preset_and_level_on_the_command_line_win_over_the_saved_settings(tmp_path):
    """Saved settings load at start; --preset and --level, when given, are taken over them
    (they were ignored once any setting had been saved); left out, the saved ones hold."""
    folder = str(tmp_path / "saves")
    done = sim("--text", "--save-dir", folder, "--preset", "santase", "--level", "hard",
               stdin="HAAAAAAAAB\nS\nq\n")  # the menu: sound off, saved
    assert done.returncode == 0, done.stderr
    again = sim("--text", "--save-dir", folder, "--preset", "schnapsen", "--level", "easy",
                stdin="q\n")
    assert "Schnapsen, easy" in again.stdout, again.stdout[-400:]
    again = sim("--text", "--save-dir", folder, stdin="q\n")  # the last ones used
    assert "Schnapsen, easy" in again.stdout


def test_a_new_players_first_preset_and_level_are_kept_without_the_menu(tmp_path):
    """--preset and --level on a first run, no menu opened: the next run without them holds
    them (they were never written: the saves took them for the settings saved already)."""
    folder = str(tmp_path / "saves")
    done = sim("--text", "--save-dir", folder, "--preset", "santase", "--level", "hard",
               stdin="q\n")
    assert done.returncode == 0 and "Santase, hard" in done.stdout, done.stderr
    again = sim("--text", "--save-dir", folder, stdin="q\n")
    assert "Santase, hard" in again.stdout, again.stdout[-400:]


def test_a_game_played_deals_new_cards_each_time_and_a_script_the_same():
    """The window and the terminal game seed from os.urandom, as a board does, and say the
    seed; --seed N, a key script or a headless run deal the same cards every time."""
    def hands(*args, stdin="B\nq\n"):
        out = sim("--text", "--no-save", *args, stdin=stdin).stdout
        return [line for line in out.splitlines() if line.startswith("Your hand:")][:1], out

    played = [hands() for _ in range(3)]
    assert all(re.search(r"^Seed \d+: a new match deals from it \(--seed \d+ deals the same "
                         r"cards again\)", out, re.M)
               for _, out in played)
    assert len(set(tuple(h) for h, _ in played)) > 1  # (3 equal deals: 1 in 10^10 or so)
    seed = re.search(r"^Seed (\d+)", played[0][1], re.M).group(1)
    assert hands("--seed", seed)[0] == played[0][0]
    script = [hands("--keys", "B", stdin="")[0] for _ in range(2)]
    assert script[0] == script[1] and script[0]


def test_the_window_mode_falls_back_to_text_where_sdl_finds_no_screen():
    """A DISPLAY set but dead (ssh, a container): SDL picks its offscreen driver, a window
    nobody sees; the game plays in the terminal instead."""
    with tempfile.TemporaryDirectory(prefix="s66-test-") as home:
        e = dict(os.environ, SDL_AUDIODRIVER="dummy", DISPLAY=":97", WAYLAND_DISPLAY="",
                 XDG_DATA_HOME=home)
        e.pop("SDL_VIDEODRIVER", None)
        done = subprocess.run([sys.executable, "-m", "sim", "--no-save"], cwd=ROOT, env=e,
                              input="B\nq\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Your hand:" in done.stdout and "text mode" in done.stderr


def test_quitting_with_the_menu_open_keeps_a_changed_setting(tmp_path):
    """A setting changed in the menu, then q before the menu closes: kept (as the board's 20 s
    pause keeps it; the quit wrote only a changed match before)."""
    folder = str(tmp_path / "saves")
    done = sim("--text", "--save-dir", folder, stdin="HAAAAB\nq\n")  # menu, Points: shown
    assert done.returncode == 0 and "Points: shown" in done.stdout, done.stderr
    again = sim("--text", "--save-dir", folder, stdin="H\nq\n")
    assert "Points: shown" in again.stdout and "Points: hidden" not in again.stdout


# ---- bad options and failures give a message and a non-zero exit ---------------------------

def test_unknown_keys_are_refused_naming_them():
    done = sim("--headless", "--keys", "QWERTYIOP")
    assert done.returncode == 2
    assert "--keys: unknown keys 'Q' 'W' 'T' 'Y' 'I' 'O' 'P': use L R U D A B S E H" in done.stderr
    done = sim("--headless", "--keys", "B\u00df")  # "ß".upper() is "SS": two START presses
    assert done.returncode == 2 and "unknown key '\u00df'" in done.stderr
    done = sim("--headless", "--keys", "b.rLh")  # lower case is fine
    assert done.returncode == 0, done.stderr


def test_runner_refuses_a_bad_script_before_pressing_anything():
    from handheld.app import App
    from handheld.loop import Loop
    from handheld.textview import TextView
    from sim.headless import Runner
    r = Runner(Loop(App(seed=1), TextView()))
    with pytest.raises(ValueError, match="unknown key 'x' in 'BxB'"):
        r.play("BxB")
    assert r.presses == 0


def test_text_mode_says_which_typed_keys_are_unknown():
    done = sim("--text", stdin="Bz\nq\n")
    assert done.returncode == 0, done.stderr
    assert "unknown key 'z' in 'Bz'" in done.stdout


def test_headless_without_keys_or_shots_says_what_is_missing():
    done = sim("--headless")
    assert done.returncode == 2
    assert "--headless needs --keys" in done.stderr


@pytest.mark.parametrize("scale", ["0", "-3", "two"])
def test_scale_below_one_is_refused(scale):
    done = sim("--scale", scale)
    assert done.returncode == 2 and "--scale: must be a whole number >= 1" in done.stderr


def test_shots_onto_a_file_or_under_one_is_refused(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x")
    for target, why in ((f, "is a file, not a folder"), (f / "x", "cannot write there")):
        done = sim("--headless", "--keys", "BB", "--shots", str(target))
        assert done.returncode == 2 and "--shots %s: %s" % (target, why) in done.stderr
        assert "Traceback" not in done.stderr


def test_headless_exits_1_when_the_app_counts_errors():
    code = ("import sys; sys.path[:0] = [%r, %r]\n"
            "import engine.ai\n"
            "def broken(view, level, seed):\n"
            "    raise RuntimeError('the computer broke')\n"
            "engine.ai.choose = broken\n"
            "from sim.__main__ import main\n"
            "sys.exit(main(['--headless', '--keys', 'BBBB']))\n" % (ROOT, os.path.join(ROOT, "lib")))
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=e, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "errors 0" not in done.stdout
    assert re.search(r"sim: the app counted \d+ errors?", done.stderr)


@pytest.fixture
def tmpfs(tmp_path):
    """mount(options) -> a fresh tmpfs folder (root only), unmounted at the end."""
    mounted = []

    def mount(options):
        if os.geteuid() != 0 or not sys.platform.startswith("linux"):
            pytest.skip("a real full / read-only folder needs a tmpfs mount, which needs root")
        d = tmp_path / ("mnt%d" % len(mounted))
        d.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(d)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip("cannot mount a tmpfs here: %s" % done.stderr.strip())
        mounted.append(str(d))
        return d

    yield mount
    for d in reversed(mounted):
        subprocess.run(["umount", "-l", d], capture_output=True)


def test_shots_into_a_read_only_folder_are_refused(tmpfs):
    d = tmpfs("size=1m,ro")
    done = sim("--headless", "--keys", "BB", "--shots", str(d / "x"))
    assert done.returncode == 2, done.stderr
    assert "--shots %s: cannot write there: Read-only file system" % (d / "x") in done.stderr


def test_shots_on_a_full_disk_stop_with_a_message_and_no_empty_png(tmpfs):
    d = tmpfs("size=40k")
    done = sim("--headless", "--keys", "B.BRB.BSDB", "--shots", str(d))
    assert done.returncode == 1, done.stdout + done.stderr
    assert re.search(r"sim: --shots: cannot write .*frame_\d{4}\.png: No space left on device "
                     r"\(\d+ PNGs written before it\); stopped", done.stderr), done.stderr
    pngs = sorted(os.listdir(str(d)))
    assert pngs, "some frames fit"
    for name in pngs:
        with open(str(d / name), "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n", name  # whole files only
    import pygame
    for name in pngs:
        pygame.image.load(str(d / name))  # each one reads back


def screens_cli(*args):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "sim.screens"] + list(args), cwd=ROOT, env=e,
                          capture_output=True, text=True, timeout=120)


def test_sim_screens_refuses_bad_options(tmp_path):
    done = screens_cli(str(tmp_path), "--only", "title,nope")
    assert done.returncode == 2 and "--only: no scenario nope; choose from title," in done.stderr
    done = screens_cli(str(tmp_path), "--size", "320x240")
    assert done.returncode == 2 and "--size 320x240: choose 160x128, 240x135 or 240x240" in \
        done.stderr
    done = screens_cli(str(tmp_path), "--scale", "0")
    assert done.returncode == 2 and "--scale must be 1 or more" in done.stderr
    f = tmp_path / "afile"
    f.write_text("x")
    done = screens_cli(str(f / "sub"))
    assert done.returncode == 2 and "cannot make %s" % (f / "sub") in done.stderr
    assert os.listdir(str(tmp_path)) == ["afile"]


def test_sim_screens_on_a_full_disk_exits_1(tmpfs):
    d = tmpfs("size=8k")
    done = screens_cli(str(d), "--only", "title,table,menu", "--scale", "3")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "sim.screens: cannot write" in done.stderr and "No space left on device" in \
        done.stderr and "Traceback" not in done.stderr
    for name in os.listdir(str(d)):
        assert os.path.getsize(str(d / name)) > 0, name


def test_shots_into_a_folder_without_write_permission_are_refused(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write any folder; the read-only mount test covers this case")
    d = tmp_path / "locked"
    d.mkdir()
    d.chmod(0o500)
    try:
        done = sim("--headless", "--keys", "BB", "--shots", str(d))
        assert done.returncode == 2 and "cannot write there: Permission denied" in done.stderr
    finally:
        d.chmod(0o700)


# ---- quitting and saving from the terminal; a save folder that is no folder -------------------

def test_an_empty_save_dir_is_refused_not_taken_for_the_default_folder():
    # an unset shell variable ("--save-dir $DIR") must not write over the player's own saves
    done = sim("--headless", "--keys", "B", "--save-dir", "")
    assert done.returncode == 2
    assert "--save-dir: the path is empty (leave the option out for " in done.stderr
    done = sim("--text", "--save-dir", "x", "--no-save", stdin="q\n")
    assert done.returncode == 2 and "--save-dir and --no-save: choose one" in done.stderr
    with tempfile.NamedTemporaryFile() as f:  # a file: refused (it played on unsaved, exit 0)
        done = sim("--text", "--save-dir", f.name, stdin="q\n")
        assert done.returncode == 2 and "--save-dir %s is a file: give a folder" % f.name in (
            done.stderr)


def test_text_mode_replays_keys_given_on_the_command_line():
    done = sim("--text", "--keys", "BBB")
    assert done.returncode == 0, done.stderr
    assert "Your hand:" in done.stdout and "keys> " not in done.stdout


def test_text_mode_with_no_stdin_at_all_quits_cleanly(tmp_path):
    done = subprocess.run(["sh", "-c", '"$0" -m sim --text --no-save 0<&-', sys.executable],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "new match" in done.stdout


def test_ctrl_c_in_text_mode_quits_as_q_does_and_keeps_the_match(tmp_path):
    import select
    import signal
    folder = str(tmp_path / "saves")
    p = subprocess.Popen([sys.executable, "-m", "sim", "--text", "--save-dir", folder],
                         cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdin.write(b"B\nBBBB\n")
    p.stdin.flush()
    out = b""
    while out.count(b"keys> ") < 3:  # both lines played: the game waits for the next
        ready, _, _ = select.select([p.stdout], [], [], 120)
        assert ready, out  # (a hung simulator fails here, not a slow one)
        chunk = os.read(p.stdout.fileno(), 4096)
        assert chunk, out
        out += chunk
    p.send_signal(signal.SIGINT)
    rest, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    assert b"Traceback" not in err
    again = sim("--text", "--save-dir", folder, stdin="q\n")
    assert "Match in progress" in again.stdout and "> Continue" in again.stdout


def test_a_save_dir_holding_other_files_is_refused_and_left_alone(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "state.bin").write_bytes(b"my important state")
    (folder / "thesis.txt").write_text("chapter 1")
    done = sim("--text", "--save-dir", str(folder), stdin="q\n")
    assert done.returncode == 2
    assert "holds other files (thesis.txt): give the saves a folder of their own" in done.stderr
    assert sorted(os.listdir(str(folder))) == ["state.bin", "thesis.txt"]
    assert (folder / "state.bin").read_bytes() == b"my important state"
    ok = tmp_path / "saves"  # the game's own folder, as it leaves it, is taken again
    assert sim("--text", "--save-dir", str(ok), stdin="B\nq\n").returncode == 0
    assert sim("--text", "--save-dir", str(ok), stdin="q\n").returncode == 0


def test_a_key_script_with_a_save_dir_saves_when_it_ends(tmp_path):
    for mode in ("--headless", "--text"):
        folder = str(tmp_path / mode.strip("-"))
        done = sim(mode, "--keys", "B" * 8, "--save-dir", folder)
        assert done.returncode == 0, done.stderr
        with open(os.path.join(folder, "a", "state.bin"), "rb") as f:
            assert f.read(2) == b"S6", mode  # the match in progress, as when the game quits
        again = sim("--text", "--save-dir", folder, stdin="q\n")
        assert "Match in progress" in again.stdout, mode
