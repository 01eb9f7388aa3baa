"""A small seeded PRNG (Park-Miller minimal standard, Schrage's method).

Gives the same numbers on CPython, MicroPython and CircuitPython, so a seed deals the same
cards everywhere. Not for cryptography.
"""

_M = 2147483647  # 2**31 - 1
_A = 48271
_Q = 44488  # _M // _A
_R = 3399  # _M % _A


def mix(seed, n):
    """A new seed from a seed and a small number (hand numbers, sample numbers...)."""
    x = (seed * 2654435761 + n * 40503 + 0x9E37) % _M
    return x if x else 1


class Rng:
    def __init__(self, seed=1):
        x = seed % _M
        self.state = x if x else 1
        for _ in range(3):  # spread nearby seeds
            self.next()

    def next(self):
        """Next value in 1..2**31-2."""
        x = self.state
        x = _A * (x % _Q) - _R * (x // _Q)
        if x <= 0:
            x += _M
        self.state = x
        return x

    def below(self, n):
        """An int in 0..n-1."""
        return self.next() % n

    def shuffle(self, items):
        """Fisher-Yates shuffle in place of a list."""
        i = len(items) - 1
        while i > 0:
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items
