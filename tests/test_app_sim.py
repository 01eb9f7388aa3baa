"""The simulator's command line: headless key scripts with PNG shots, text mode, fallbacks."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sim(*args, stdin=None, env=None):
    # the window and text modes save in $XDG_DATA_HOME/sixtysix: a fresh folder, not the home
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
             XDG_DATA_HOME=tempfile.mkdtemp(prefix="s66-test-"))
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, env=e,
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_headless_key_script_saves_a_png_of_every_changed_frame(tmp_path):
    shots = tmp_path / "shots"
    done = sim("--headless", "--keys", "B.BRB.BSDB", "--shots", str(shots))
    assert done.returncode == 0, done.stderr
    assert "errors 0" in done.stdout
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


def test_text_mode_plays_from_typed_keys():
    done = sim("--text", "--preset", "santase", "--level", "easy", stdin="B\nB\nB\nq\n")
    assert done.returncode == 0, done.stderr
    assert "Santase" in done.stdout and "Your hand:" in done.stdout


def test_the_window_mode_falls_back_to_text_without_a_display():
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": ""}
    done = sim(stdin="B\nq\n", env=env)
    assert done.returncode == 0, done.stderr
    assert "Your hand:" in done.stdout


def test_text_mode_saves_and_offers_to_resume_next_time(tmp_path):
    folder = str(tmp_path / "saves")
    done = sim("--text", "--save-dir", folder, stdin="B\nBBBBBB\nq\n")
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(folder)) == ["state0.bin"]  # written when the game quits
    again = sim("--text", "--save-dir", folder, stdin="q\n")
    assert "Match in progress" in again.stdout and "> Continue" in again.stdout
