"""docs/screens/*.png are what `python -m sim.screens docs/screens` draws today: a change to a
screen, the layout or the computer player's play in the scripted games shows up here."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_documented_screens_are_the_ones_drawn_now(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-m", "sim.screens", str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(os.path.join(ROOT, "docs", "screens.md")) as f:
        shown = set(re.findall(r"\(screens/([^)]+\.png)\)", f.read()))
    drawn = set(os.listdir(str(tmp_path)))
    assert shown and shown <= drawn, sorted(shown - drawn)  # every picture shown is drawn
    stale = []
    for name in sorted(shown):
        with open(os.path.join(ROOT, "docs", "screens", name), "rb") as f:
            old = f.read()
        with open(os.path.join(str(tmp_path), name), "rb") as f:
            if f.read() != old:
                stale.append(name)
    assert not stale, "redraw them: python -m sim.screens docs/screens (%s)" % ", ".join(stale)
