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
         "menu_end", "resume", "statistics", "notice", "notice_damaged", "hint", "last_trick",
         "reviewing", "review", "duplicate", "hint_close")


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


@pytest.fixture(scope="module")
def larger(tmp_path_factory):
    """{size: folder} with every scenario drawn at 240x135 and 240x240 (one process per size:
    blinka keeps one display per process)."""
    out = {}
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for size in ("240x135", "240x240"):
        folder = str(tmp_path_factory.mktemp(size))
        done = subprocess.run([sys.executable, "-m", "sim.screens", folder, "--scale", "1",
                               "--stub", "--size", size, "--only", ",".join(SMALL)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        out[size] = folder
    return out


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("size", ("240x135", "240x240"))
def test_larger_screens_match_their_references(size, name, larger):
    check(os.path.join(larger[size], "%s_%s.png" % (size, name)), name)


def test_the_simulator_draws_nothing_past_a_label(display):
    """The simulator widens each dirty area to even columns; it must widen a copy. It once
    widened the tile grids' own areas, so a label ending on an odd column drew a column of
    its next bitmap row beyond its right edge (stray glyph bits beside panel lines)."""
    import displayio
    import terminalio
    import pygame
    from adafruit_display_text import bitmap_label
    root = displayio.Group()
    bg = displayio.Bitmap(160, 128, 1)
    pal = displayio.Palette(1)
    pal[0] = 0x000000
    root.append(displayio.TileGrid(bg, pixel_shader=pal))
    lb = bitmap_label.Label(terminalio.FONT, text="Y" * 18, color=0xFFFFFF)
    lb.anchor_point = (0.0, 0.0)
    lb.anchored_position = (23, 10)  # 18 glyphs of 6 px: the label ends before column 131
    root.append(lb)
    old = display.root_group
    display.root_group = root
    try:
        display.refresh()
        for hidden in (True, False):  # hide and show it: its own area is the dirty one
            lb.hidden = hidden
            display.refresh()
        lb.text = "Y" * 17 + " "
        display.refresh()
        right = 23 + lb.bitmap.width
        assert right % 2 == 1
        column = [display.surface.get_at((right, y))[:3] for y in range(0, 40)]
        assert set(column) == {(0, 0, 0)}, "pixels drawn past the label's right edge"
        assert lb.tilegrid._current_area.x2 == right  # the grid's own area is untouched
    finally:
        display.root_group = old
