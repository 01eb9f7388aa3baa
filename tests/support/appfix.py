"""Fixtures for the app tests: one pygame display per test process (blinka allows one)."""
import pytest


@pytest.fixture(scope="session")
def display():
    """A headless 160x128 SimDisplay (SDL's dummy driver: any machine makes one). pygame and
    blinka are requirements: a failure here is an error of the tests that use it, not a skip
    (a skip hid, for instance, blinka-displayio-pygamedisplay 4.1.0's failed import)."""
    from sim.display import make_display
    return make_display(160, 128, 1, headless=True)


def play_until(app, r, cond, limit=2000, policy=None):
    """Press keys (B, or policy(app)) through a Runner until cond(app) holds; fails after limit."""
    from handheld.buttons import B
    for _ in range(limit):
        r.settle()
        if cond(app):
            return
        r.tap(policy(app) if policy else B)
    raise AssertionError("never reached (screen %d)" % app.screen)


def on_result(app):
    """True on a hand's result page."""
    from handheld.screen import RESULT
    return app.screen == RESULT


def choose_on_result(app, r, i):
    """On a hand's result: its choice i (0 next hand, 1 review, 2 the same deal), then B."""
    from handheld.buttons import A, B
    while app.top.choice != i:
        r.tap(A)
    r.tap(B)
