"""TicksClock: the board's wrapping 29-bit tick counter (supervisor.ticks_ms) as milliseconds
that only grow, across the wrap."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "lib"))

from handheld.loop import TicksClock  # noqa: E402

PERIOD = 1 << 29  # supervisor.ticks_ms() wraps to 0 here


class Ticks:
    """A fake supervisor.ticks_ms: a true time in ms, read modulo the period."""

    def __init__(self, start):
        self.t = start

    def __call__(self):
        return self.t % PERIOD


def test_ms_keep_growing_across_the_wrap():
    ticks = Ticks(PERIOD - 50)  # the board has been on for 6.2 days
    clock = TicksClock(ticks)
    assert clock() == 0
    seen = []
    for step in (10, 30, 9, 1, 1, 40, 500):  # crosses the wrap at 50 ms
        ticks.t += step
        seen.append(clock())
    assert seen == [10, 40, 49, 50, 51, 91, 591]
    assert ticks() < 1000  # the raw counter did wrap


def test_long_steps_and_many_wraps():
    ticks = Ticks(123456)
    clock = TicksClock(ticks)
    total = 0
    for step in (PERIOD - 1, 7, PERIOD // 2, PERIOD // 2 + 3, 0, 1):
        ticks.t += step
        total += step
        assert clock() == total  # any step shorter than a whole period is measured right
    assert total > 2 * PERIOD


def test_a_clock_read_twice_without_time_passing_stays_put():
    ticks = Ticks(PERIOD - 1)
    clock = TicksClock(ticks)
    ticks.t += 1  # exactly at the wrap: the counter reads 0
    assert ticks() == 0
    assert clock() == 1 and clock() == 1
