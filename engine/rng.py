"""A small seeded PRNG (Park-Miller minimal standard, Schrage's method).

Gives the same numbers on CPython, MicroPython and CircuitPython, so a seed deals the same
cards everywhere. Not for cryptography.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# The state x (1..2**31-2) is kept as s = x - 2**30: a board's small ints stop at 2**30 - 1, and
# x itself, or A * (x % Q), would be a long int allocated on the heap at every step (about 70
# bytes a number drawn on CircuitPython's 32-bit build). Every intermediate below stays small.
_M = const(2147483647)  # 2**31 - 1 (a long int on a board: kept in the code, not a global)
_A = const(48271)
_Q = const(44488)  # _M // _A
_R = const(3399)  # _M % _A
_H = const(1073741823)  # 2**30 - 1
_C = const(22244)  # _A * _C = 2**30 - 1700, the most that stays below 2**30


def mix(seed, n):
    """A new seed from a seed and a small number (hand numbers, sample numbers...). The seeds
    of n, n + 1... are unrelated (R5: each deal independent of the last one): a step of n,
    then its 31 bits scrambled by four rounds of a Feistel network on their high 15 and low
    16 bits (small ints on a board). A step alone made the deals of a match follow each other:
    the generator is linear, and the next hand's cards could be read from the last one's."""
    x = (seed * 2654435761 + n * 40503 + 0x9E37) % _M
    a = x >> 16
    x &= 0xFFFF
    x ^= (a * 0x6255 + 0x3C5A) >> 3 & 0xFFFF  # each round a bijection, which
    a ^= (x * 0x2F5B + 0x1B87) >> 3 & 0x7FFF  # handheld.savedecode undoes for a save dealt
    x ^= (a * 0x4E35 + 0x2A61) >> 3 & 0xFFFF  # before the scramble
    a ^= (x * 0x3D09 + 0x0F2D) >> 3 & 0x7FFF
    x |= a << 16
    return x if x else 1


class Rng:
    def __init__(self, seed=1):
        x = seed % _M
        self.s = (x if x else 1) - _H - 1
        for _ in range(3):  # spread nearby seeds
            self.step()

    def step(self):
        """Advance the state by one number."""
        s = self.s
        q = s // _Q  # x = s + 2**30 = s + 24135 * _Q + 23944: x // _Q and x % _Q
        r = s - q * _Q + 23944
        q += 24135
        if r >= _Q:
            r -= _Q
            q += 1
        u = _A * (r - _C)  # _A * (x % _Q) - 2**30 + 1700
        v = _R * q + 1700
        if u >= 0:
            self.s = u - v  # x' - 2**30, with x' = _A * (x % _Q) - _R * (x // _Q) > 0
            return
        u = u + _H - v  # x' - 1
        self.s = u + _H + 1 if u < 0 else u - _H  # x' <= 0 wraps by _M

    def next(self):
        """Next value in 1..2**31-2 (a long int on a board past 2**30: below() does not make it)."""
        self.step()
        return self.s + _H + 1

    def below(self, n):
        """An int in 0..n-1."""
        self.step()
        return (self.s % n + _H % n + 1) % n

    def shuffle(self, items):
        """Fisher-Yates shuffle in place of a list."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items
