"""What the table says in words: hand results, card names, rules help (26 columns = 160 px).

Pure strings, shared by the displayio and the terminal renderers.
"""
from engine import score
from engine.names import SUIT_WORDS  # noqa: F401  (words.SUIT_WORDS: the suits in words)

WHO = ("You", "CPU")
WIDTH = 26  # columns of the 6x12 font on a 160 px screen


PRESET_TITLES = {"sixty-six": "Sixty-Six", "schnapsen": "Schnapsen", "santase": "Santase"}
LEVEL_WORDS = ("easy", "normal", "hard")


def _scale(pts):
    """Words for a game-point count on the R35 scale."""
    if pts >= 3:
        return "Schwarz: %d points" % pts
    if pts == 2:
        return "Schneider: 2 points"
    return "1 game point"


def hand_result(hand, bummerl=False):
    """(headline, reason, points line) of a finished hand, from the player's side (seat 0)."""
    w = hand.winner
    r = hand.reason
    pts = hand.game_points
    if w is None:
        return "Drawn hand", "65 : 65, nobody scores", "No game points"
    head = "You win the hand" if w == 0 else "CPU wins the hand"
    if r == score.DECLARED:
        if hand.history and hand.history[-1] == 31:
            why = "%s declared 66" % WHO[w]
        else:
            why = "%s reached 66 at the end" % WHO[w]
        return head, why, _scale(pts)
    if r == score.FALSE_DECLARATION:
        return head, "False declaration by %s" % ("you" if w == 1 else "CPU"), (
            "%d points, no trick" if pts == 3 else "%d points") % pts
    if r == score.CLOSER_WON:
        return head, "%s closed and made 66" % WHO[w], _scale(pts)
    if r == score.CLOSER_FAILED:
        return head, "Stock closed, %s failed" % ("you" if w == 1 else "CPU"), "%d points" % pts
    if r == score.CLOSER_FALSE:
        return head, "%s closed, declared short" % WHO[1 - w], "%d points" % pts
    if r == score.CLOSER_BEATEN:
        return head, "%s beat the closer to 66" % WHO[w], "%d points" % pts
    if r == score.LAST_TRICK:
        return head, "%s took the last trick" % WHO[w], "1 game point"
    if r == score.RUN_OUT:
        return head, "Higher total at the end", _scale(pts)
    return head, str(r), "%d game points" % pts


def match_line(match):
    """'Match: you 3, CPU 1 of 7' or, for a Bummerl, the points still to go."""
    if match.bummerl:
        return "To go: you %d, CPU %d" % (match.scores[0], match.scores[1])
    return "Match: you %d, CPU %d of %d" % (match.scores[0], match.scores[1], match.target)


def wrap(text, width=WIDTH):
    """Split text into lines of at most width columns at spaces."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
            while len(line) > width:
                out.append(line[:width])
                line = line[width:]
        out.append(line)
    return out
