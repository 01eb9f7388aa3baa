"""CircuitPython's pystack must hold the computer's search.

CircuitPython puts every Python call's frame on its pystack: 2048 bytes in CircuitPython 10
(1536 in 9.x and on SAMD21) unless settings.toml sets CIRCUITPY_PYSTACK_SIZE. The exact
endgame search of NORMAL and HARD goes a dozen calls deep and needs more (`python -m
sim.bench pystack` measures it); one call too many raises RuntimeError("pystack exhausted").
`python -m sim.deploy` adds the line below to settings.toml, and so does boot.py
(handheld.bootmode) when the game may write the drive.
Without it the app still plays: the computer falls back to EASY's moves, which need no
search, and says why (see App).
"""
SIZE = 4096  # the CIRCUITPY_PYSTACK_SIZE the game asks for
DEFAULT = 2048  # CircuitPython 10's own when settings.toml sets none (9.x, SAMD21: 1536)
SETTING = "CIRCUITPY_PYSTACK_SIZE = %d" % SIZE
ADVICE = "Add %s to settings.toml and reset the board" % SETTING


def configured(getenv):
    """The pystack size settings.toml asks for (DEFAULT if none or unreadable)."""
    try:
        value = getenv("CIRCUITPY_PYSTACK_SIZE")
    except Exception:  # a settings.toml CircuitPython cannot parse
        return DEFAULT
    if value is None:
        return DEFAULT
    try:
        return int(value)
    except ValueError:
        return DEFAULT


def is_exhausted(error):
    """True for CircuitPython's RuntimeError('pystack exhausted')."""
    return isinstance(error, RuntimeError) and "pystack" in str(error)
