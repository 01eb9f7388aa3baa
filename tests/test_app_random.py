"""Random button presses never crash the app, and matches keep moving on."""
import pytest

from engine.rng import Rng
from handheld import screen as S
from handheld.app import App
from handheld.textview import TextView
from handheld.loop import Loop
from handheld.buttons import COUNT, B
from sim.headless import Runner
from appfix import display  # noqa: F401 (a fixture)


def mash(app, view, presses, seed):
    """presses random keys (random hold times, some long), with game time between them."""
    rng = Rng(seed)
    r = Runner(Loop(app, view))
    for i in range(presses):
        k = rng.below(COUNT + 2)
        if k >= COUNT:
            k = B  # B is the key that moves a game on: press it more often
        hold = (20, 60, 200, 700)[rng.below(4)]
        if rng.below(3):
            r.settle(5000)
        else:
            r.advance(rng.below(400))
        r.tap(k, hold)
    return r


@pytest.mark.parametrize("preset,seed", (("sixty-six", 1), ("schnapsen", 2), ("santase", 3)))
def test_random_presses_never_crash_and_hands_keep_finishing(preset, seed):
    app = App(seed=seed, preset_name=preset, level=1)
    view = TextView()
    progress = []
    rng_chunks = 10
    for chunk in range(rng_chunks):  # 10 x 334 presses per preset: over 10,000 in all
        mash(app, view, 334, seed * 100 + chunk)
        progress.append(app.hands_done)
        assert app.errors == 0, app.error
    assert progress[-1] >= 5, progress
    # the match always moves on: hands keep being completed over the run
    assert progress[-1] > progress[len(progress) // 2] > 0, progress


def test_random_presses_with_pixels(display):
    from handheld.render import Renderer
    app = App(seed=77, level=0)
    view = Renderer(display)
    mash(app, view, 200, 5)
    assert app.errors == 0, app.error


@pytest.mark.parametrize("preset,seed", (("sixty-six", 5), ("santase", 12)))
def test_every_frame_drawn_in_part_equals_the_screen_drawn_whole(display, preset, seed):
    """The renderer redraws only what the app marked: after every frame of random play, the
    pixels equal those of the whole screen drawn again from the app's state (before: the
    choices panel opened or closed without the hand redrawn, its cursor and "more" chip left
    on screen; a hint asked drew the hand's turn look off in a full redraw only)."""
    import pygame
    from handheld.render import Renderer
    app = App(seed=seed, level=0, preset_name=preset)
    app.load_settings({"last_trick": True, "show_points": seed % 2 == 1})
    view = Renderer(display)
    frames = []

    def grab():
        return pygame.image.tostring(pygame.display.get_surface(), "RGB")

    def whole_again(runner):
        before = grab()
        app.dirty = 1023  # every part (handheld.app's _D_ALL)
        view.update(app)
        if grab() != before:
            frames.append((runner.frames, app.screen, app.prompt))
    rng = Rng(seed)
    r = Runner(Loop(app, view), whole_again)
    for _ in range(300):
        k = rng.below(COUNT + 3)
        r.settle(5000) if rng.below(3) else r.advance(rng.below(400))
        r.tap(B if k >= COUNT else k, (20, 60, 200, 700)[rng.below(4)])
    assert r.frames > 300 and app.errors == 0
    assert frames == [], "frames drawn in part that differ from the whole: %s" % frames[:5]


def test_a_crash_shows_the_error_screen_and_b_starts_a_new_match():
    calls = [0]

    def broken(view, level, seed):
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("boom in the computer")
        from engine import ai
        return ai.choose(view, level, seed)

    app = App(seed=6, choose=broken)
    view = TextView()
    r = Runner(Loop(app, view))
    while r.presses < 200:
        r.settle()
        if app.errors:
            break
        r.tap(B)
    assert app.screen == S.ERROR and app.errors == 1
    assert "boom in the computer" in " ".join(view.update(app))
    r.tap(B)
    assert app.screen == S.TABLE and app.match.hand.trick_no == 0
    for _ in range(30):
        r.tap(B)
    assert app.errors == 1 and app.screen != S.ERROR


def test_a_crash_while_drawing_shows_the_error_screen():
    class Flaky(TextView):
        fail = True

        def update(self, app):
            if self.fail and app.screen == S.TABLE:
                self.fail = False
                raise ValueError("bad tile")
            return TextView.update(self, app)

    app = App(seed=6)
    view = Flaky()
    r = Runner(Loop(app, view))
    r.tap(B)
    assert app.screen == S.ERROR and "bad tile" in app.error
    r.tap(B)
    assert app.screen == S.TABLE
