"""Fixtures for the app tests: one pygame display per test process (blinka allows one)."""
import pytest


@pytest.fixture(scope="session")
def display():
    """A headless 160x128 SimDisplay; the test is skipped if pygame cannot make one."""
    try:
        from sim.display import make_display
        return make_display(160, 128, 1, headless=True)
    except Exception as e:  # pragma: no cover - no pygame here
        pytest.skip("no pygame display: %s" % e)
