"""CircuitPython's pystack must hold the computer's search.

CircuitPython puts every Python call's frame on its pystack: 1536 bytes on most boards unless
settings.toml sets CIRCUITPY_PYSTACK_SIZE. The exact endgame search of NORMAL and HARD goes
a dozen calls deep and needs more (`python -m sim.bench pystack` measures it); one call too
many raises RuntimeError("pystack exhausted"). `python -m sim.deploy` adds the line below to
settings.toml, and so does boot.py (ensure) when the game may write the drive. Without it the
app still plays: the computer falls back to EASY's moves, which need no search, and says why
(see App).
"""
SIZE = 4096  # the CIRCUITPY_PYSTACK_SIZE the game asks for
DEFAULT = 1536  # CircuitPython's own, when settings.toml does not set one
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


_KEY = "CIRCUITPY_PYSTACK_SIZE"
_NOTE = "# Sixty-Six: the computer's search needs a bigger pystack than the default\n"


def size_in(data):
    """The pystack size a settings.toml (bytes) sets: None if it sets none, 0 if unreadable."""
    for line in data.decode("utf-8", "replace").split("\n"):
        line = line.strip()
        if line.startswith(_KEY) and line[len(_KEY):].strip().startswith("="):
            value = line[len(_KEY):].strip()[1:].split("#")[0].strip().strip('"')
            try:
                return int(value)
            except ValueError:
                return 0
    return None


def addition(data):
    """The bytes to append to a settings.toml (bytes) so it asks for SIZE: b"" if it sets a
    size already (the player's choice stays). Nothing else in the file changes."""
    if size_in(data) is not None:
        return b""
    sep = "\n" if data and not data.endswith(b"\n") else ""
    return (sep + _NOTE + SETTING + "\n").encode()


def ensure(path="/settings.toml"):
    """Append the setting to settings.toml if it sets no size; True if it did (CircuitPython
    reads it when it next starts code.py). Needs the drive writable for the game (boot.py)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:  # no settings.toml yet
        data = b""
    extra = addition(data)
    if extra:
        with open(path, "ab") as f:
            f.write(extra)
    return bool(extra)
