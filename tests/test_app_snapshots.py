"""Key screens compared pixel for pixel with the reference PNGs in tests/snapshots/.

The computer is a fixed stub here (sim.screens.stub_choose), so a change in the AI does not
move these pictures; a change in the drawing does. To accept a new look, regenerate with
    SNAPSHOT_UPDATE=1 python -m pytest tests/test_app_snapshots.py
then LOOK at the PNGs before committing them.
"""
import os
import subprocess
import sys

import pytest

from sim import screens
from appfix import display  # noqa: F401 (a fixture)

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "snapshots")
ROOT = os.path.dirname(HERE)
UPDATE = os.environ.get("SNAPSHOT_UPDATE") == "1"
SMALL = ("title", "table", "thinking", "trick", "after_trick", "lead_choices", "strict",
         "closed", "hand_result", "match_result", "menu", "rules_help", "error",
         "menu_end", "resume", "statistics", "notice", "notice_damaged")


def pixels(path):
    import pygame
    surf = pygame.image.load(path)
    return surf.get_size(), pygame.image.tobytes(surf, "RGB")


def check(made, name):
    assert made is not None, "%s: the scenario was never reached" % name
    ref = os.path.join(REF, os.path.basename(made))
    if UPDATE:
        os.makedirs(REF, exist_ok=True)
        with open(made, "rb") as src, open(ref, "wb") as dst:
            dst.write(src.read())
    assert os.path.exists(ref), "no reference %s (SNAPSHOT_UPDATE=1 makes it)" % ref
    size, got = pixels(made)
    rsize, want = pixels(ref)
    assert size == rsize
    if got != want:
        diff = sum(1 for i in range(0, len(got), 3) if got[i:i + 3] != want[i:i + 3])
        pytest.fail("%s differs from %s in %d pixels" % (made, ref, diff))


@pytest.mark.parametrize("name", SMALL)
def test_screen_matches_its_reference(name, tmp_path, display):
    check(screens.capture(name, str(tmp_path), 160, 128, 1, stub=True), name)


@pytest.mark.parametrize("size", ("240x135", "240x240"))
def test_larger_screens_match_their_references(size, tmp_path):
    # another display size needs its own process (blinka keeps one display per process)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, "-m", "sim.screens", str(tmp_path), "--scale", "1",
                    "--stub", "--size", size, "--only", "table,hand_result"],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    for name in ("table", "hand_result"):
        check(os.path.join(str(tmp_path), "%s_%s.png" % (size, name)), name)
