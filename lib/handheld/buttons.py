"""Logical buttons: every board profile maps its keys to these, the app knows only these."""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

LEFT = const(0)
RIGHT = const(1)
UP = const(2)
DOWN = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
COUNT = const(8)

NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "START", "SELECT")
