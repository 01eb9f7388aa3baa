"""The computer opponent (stub until the real one lands): choose(view, level, seed) -> action."""
EASY = 0
NORMAL = 1
HARD = 2
LEVEL_NAMES = ("easy", "normal", "hard")


def choose(view, level=NORMAL, seed=0):
    """A legal action for the seat of `view` (its legal tuple must be set)."""
    legal = view.legal
    if not legal:
        raise ValueError("not this seat's turn")
    for a in legal:
        if a == 30:
            return a
    for a in legal:
        if a < 24:
            return a
    return legal[0]
