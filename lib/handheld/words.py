"""What the table says in words: names, the match's line, wrapping (26 columns = 160 px); a
hand's result in words is handheld.resulttext's.

Pure strings, shared by the displayio and the terminal renderers.
"""
from engine.names import SUIT_WORDS  # noqa: F401  (words.SUIT_WORDS: the suits in words)

WHO = ("You", "CPU")
WIDTH = 26  # columns of the 6x12 font on a 160 px screen


PRESET_TITLES = {"sixty-six": "Sixty-Six", "schnapsen": "Schnapsen", "santase": "Santase"}
LEVEL_WORDS = ("easy", "normal", "hard")


def match_line(match):
    """'Match: you 3, CPU 1 of 7' ('Match: you 10, CPU 10' where that is too long for 160
    px, and 'Match: you 5, CPU 8' once the match is over: not "8 of 7") or, for a Bummerl,
    the points still to go."""
    if match.bummerl:
        return "To go: you %d, CPU %d" % (match.scores[0], match.scores[1])
    line = "Match: you %d, CPU %d of %d" % (match.scores[0], match.scores[1], match.target)
    # " of 11" cut where it does not fit, or once over (no short text here: a name interned
    # for good)
    if len(line) > WIDTH or match.over:
        line = line[:-4 - len(str(match.target))]
    return line


def wrap(text, width=WIDTH):
    """Split text into lines of at most width columns at spaces."""
    out = []
    for row in text.split("\n"):  # (a paragraph; a name the app interns already)
        line = ""
        for word in row.split(" "):
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
