"""How long would this take on a PyGamer? A calibrated workload for SAMD51 time estimates.

Nobody has a board in the loop of a benchmark, so the benches time their code here and
multiply by `factor()`: the speed of this interpreter on this machine over the speed of
CircuitPython on a SAMD51 at 120 MHz (PyGamer, PyBadge, Metro M4), both running the same fixed
workload, measured in the same run as the thing it scales (a busy machine slows both alike).

The workload (`unit`) is shaped like the game's hot paths: walk a 24-bit card mask lowest bit
first through a mod-37 table (engine.cards), pick a follower's card by R9's trick rule
(engine.legal), negamax two plies deep over two small hands (engine.ai.solver), and read and write
an object's fields (engine.hand). It never allocates in its loop and its ints stay small on a
32-bit board.

Its SAMD51 speed comes from two constants:

    PYSTONE_SAMD51 = 1521        pystones/s, CircuitPython on a Metro M4 Express (SAMD51J19 at
                                 120 MHz): the published figure the team works from. (Its
                                 page was not found again for this note; a reading on a real
                                 board is the first thing to check.)
    UNITS_PER_PYSTONE = 0.39     this workload's units/s over pystone's pystones/s, measured on
                                 CircuitPython 10.2.1's unix build (32-bit x86, the interpreter
                                 a board runs) with sim/pystone.py, on 2026-12-01: the median
                                 of 27 paired runs in 3 batches of 9 (batch medians 0.395,
                                 0.384, 0.394; single runs 0.32 to 0.72 on a busy 2-core
                                 machine, each the fastest of 5 readings of both). The
                                 64-bit build gave 0.36 (one batch of 9).

    SAMD51_UNITS = PYSTONE_SAMD51 * UNITS_PER_PYSTONE   (units/s on the board)

The ratio depends on the interpreter much more than on the processor (both programs are
bytecode, calls and small ints), so the ratio measured on the unix build is taken to hold on
the board, and the board's pystone rate carries over to this workload. Measure it again, after
any change to `unit`, with a 32-bit unix build of CircuitPython 10.2.1 (`make -C ports/unix`
in CircuitPython's source with MICROPY_FORCE_32BIT=1; tests/support/mpvm.py says where the tests look
for one):

    CIRCUITPYTHON_X86 sim/samd51.py --calibrate 9      (paired readings and their median)

How well the workload stands for the game: a HARD vs HARD match of the engine should cost the
same number of units on every interpreter. On 2026-12-01 (8 readings each, a busy machine):
CPython 2,770 to 4,020 units (middle 3,040), the MicroPython VM 3,350 to 4,370 (3,740),
CircuitPython 10.2.1 x86 3,790 to 4,800 (4,350). So the game is relatively a little slower on
CircuitPython than this workload: an estimate from a MicroPython VM timing comes out about 14%
below one from CircuitPython's own build, one from CPython about 30% below (the team's earlier
workload showed the same order). Check it again with

    PYTHONPATH=. python sim/samd51.py --match          (MICROPYPATH=.:sim for the VMs)

Use:
    python sim/samd51.py                 units/s here and the factor for CPython
    micropython sim/samd51.py            the same for the MicroPython VM
    import samd51; samd51.factor()       from code (sim/ on the path; `from sim import samd51`
                                         on CPython); seconds here x factor = SAMD51 seconds
"""

PYSTONE_SAMD51 = 1521  # pystones/s, CircuitPython on a 120 MHz SAMD51 (Metro M4 Express)
UNITS_PER_PYSTONE = 0.39  # measured on CircuitPython 10.2.1 unix x86 (see above)
SAMD51_UNITS = PYSTONE_SAMD51 * UNITS_PER_PYSTONE  # workload units/s on the board (estimate)

try:  # the clock is pystone's: seconds on CPython, wrapping microsecond ticks on the VMs
    from pystone import clock, since  # sim/ on the path (the VMs' timing scripts)
except ImportError:
    from sim.pystone import clock, since  # imported as sim.samd51


_POINTS = (0, 2, 3, 4, 10, 11) * 4  # card points by card 0..23 (suit * 6 + rank)
_INDEX = [0] * 37  # card from its one-bit mask: 2**k % 37 differs for k < 36
for _k in range(24):
    _INDEX[(1 << _k) % 37] = _k
_INDEX = tuple(_INDEX)


class _Table:
    """A few fields read and written per unit, as the engine's Hand is."""

    def __init__(self):
        self.trump = 0
        self.won = [0, 0]
        self.tricks = 0
        self.seed = 12345


def _wins(card, led, trump):
    """R9: does `card`, played second, take the trick led with `led`?"""
    if card // 6 == led // 6:
        return card > led
    return card // 6 == trump


def _answer(hand, led, trump):
    """The follower's card: the cheapest that wins, else the cheapest. Returns its value for
    the follower * 32 + the card, an int (a tuple would allocate)."""
    best = 0
    value = -99
    m = hand
    while m:
        low = m & -m
        m ^= low
        c = _INDEX[low % 37]
        v = _POINTS[c] + _POINTS[led] if _wins(c, led, trump) else -_POINTS[c]
        if v > value or (v == value and _POINTS[c] < _POINTS[best]):
            value = v
            best = c
    return value * 32 + best


def _negamax(mine, theirs, trump, depth):
    """Best trick balance for the side to lead, `depth` tricks deep (an alpha-beta's shape)."""
    if depth == 0 or not mine:
        return 0
    best = -999
    m = mine
    while m:
        low = m & -m
        m ^= low
        led = _INDEX[low % 37]
        answer = _answer(theirs, led, trump)
        reply = answer & 31
        gain = answer >> 5  # floors: the card's bits never change the value
        rest = theirs & ~(1 << reply)
        if gain > 0:  # the follower took it and leads next
            score = -gain - _negamax(rest, mine & ~low, trump, depth - 1)
        else:
            score = -gain + _negamax(mine & ~low, rest, trump, depth - 1)
        if score > best:
            best = score
    return best


def unit(table):
    """One unit of work: deal two 4-card hands from the table's seed, play one trick by R9,
    and search the rest two tricks deep. Returns the search's value."""
    s = (table.seed * 1103 + 12345) & 0x7FFFF  # < 2**30: a small int on a board
    table.seed = s
    mine = 0
    theirs = 0
    k = s
    n = 0
    while n < 8:
        c = k % 24
        while (mine | theirs) >> c & 1:
            c = (c + 5) % 24  # 5 and 24 share no factor: every card is reached
        k = k // 3 + n * 7 + 1
        bit = 1 << c
        if n & 1:
            theirs |= bit
        else:
            mine |= bit
        n += 1
    trump = s & 3
    table.trump = trump
    led = _INDEX[(mine & -mine) % 37]
    answer = _answer(theirs, led, trump)
    reply = answer & 31
    gain = answer >> 5
    table.won[1 if gain > 0 else 0] += _POINTS[led] + _POINTS[reply]
    table.tricks += 1
    return _negamax(mine & ~(1 << led), theirs & ~(1 << reply), trump, 2)


def work(units):
    """Run `units` units; returns a checksum (the same on every interpreter)."""
    table = _Table()
    total = 0
    for _ in range(units):
        total = (total + unit(table)) & 0xFFFF
    return (total + table.won[0] * 3 + table.won[1]) & 0xFFFF


def rate(seconds=0.5):
    """Workload units per second on this interpreter, from a run of at least `seconds`."""
    units = 20
    while True:
        t0 = clock()
        work(units)
        dt = since(t0)
        if dt >= seconds:
            return units / dt
        units *= 2


def factor(seconds=0.5):
    """Multiply seconds measured here by this to estimate seconds on a SAMD51 at 120 MHz."""
    return rate(seconds) / SAMD51_UNITS


def calibrate(runs=9, seconds=0.25, tries=5):
    """Paired readings of this workload's rate over pystone's; prints them and the median.

    Each run takes the fastest of `tries` short readings of each, interleaved: a busy machine
    only ever slows a reading down, so the fastest is the one least disturbed."""
    import pystone
    loops = 500
    while pystone.pystones(loops)[0] < seconds:
        loops *= 2
    ratios = []
    for i in range(runs):
        stones = units = 0.0
        for _ in range(tries):
            stones = max(stones, pystone.pystones(loops)[1])
            units = max(units, rate(seconds))
        ratios.append(units / stones)
        print("run %d: %d pystones/s, %.1f units/s, ratio %.4f" % (i + 1, stones, units,
                                                                   ratios[-1]))
    ratios.sort()
    print("UNITS_PER_PYSTONE median %.4f (%.4f to %.4f over %d runs)" % (
        ratios[len(ratios) // 2], ratios[0], ratios[-1], runs))


def match_cost(seed=501, level=2, rounds=3):
    """A HARD vs HARD match of the engine, in workload units: the fastest of `rounds` plays
    times the fastest rate read between them. Equal on every interpreter if the workload
    stands for the engine well (needs the project root on the path)."""
    from engine.match import Match
    from engine.rules import SIXTY_SIX
    from engine.rng import mix
    from engine import ai
    spent = 1e9
    units = 0.0
    for _ in range(rounds):
        t0 = clock()
        m = Match(SIXTY_SIX, seed)
        k = 0
        while not m.over:
            h = m.hand
            while not h.over:
                m.apply(ai.choose(h.view(h.to_move), level, mix(1, k)))
                k += 1
            if not m.over:
                m.next_hand()
        spent = min(spent, since(t0))
        units = max(units, rate(0.25))
    return spent * units, spent


if __name__ == "__main__":
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "--calibrate":
        calibrate(int(sys.argv[2]) if len(sys.argv) > 2 else 9)
    elif len(sys.argv) > 1 and sys.argv[1] == "--match":
        cost, spent = match_cost()
        print("a HARD vs HARD match (seed 501): %.3f s here = %d workload units" % (spent, cost))
    elif len(sys.argv) > 1:
        sys.exit("usage: python sim/samd51.py [--calibrate [N] | --match] (not %s)"
                 % " ".join(sys.argv[1:]))
    else:
        r = rate()
        print("workload units/s here: %.1f" % r)
        print("SAMD51 estimate: multiply seconds here by %.1f" % (r / SAMD51_UNITS))
