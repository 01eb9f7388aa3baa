# The rules help's texts, a page at a time (imported when the help opens and unloaded when it
# closes, handheld.help.Help: long strings cost heap; prose in comments, as in handheld.help).
from engine.rules import preset
from handheld.words import wrap

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_HELP_LINES = const(8)  # lines of text per help page

_HELP = (
    "Goal\nBe first to 66 card points in a hand, then declare it. A hand gives 1, 2 or 3 game "
    "points; %s.\nFull rules: docs/rules.md in the game's folder.",
    "Cards\nA=11, 10=10, K=4, Q=3, J=2, 9=0. The face-up card names trumps. Win a trick: the "
    "higher card of the suit led, or any trump.",
    "While the stock lasts\nPlay any card. The trick winner draws first and leads next. "
    "Holding K+Q of a suit, lead one to announce a marriage: 20, or 40 in trumps.",
    "Strict play\nStock empty or closed: follow suit and win the trick if you can, else "
    "trump; grey cards may not be played. Run out: last trick +10, higher total wins. "
    "Closer: 66 or fail.",
    "Your choices\nOn your lead: close the stock; once you have won a trick, also swap the "
    "trump 9 for the face-up card. Declare 66 once you have it; short of it, you lose 2 or "
    "3.",
    "Scoring\nLoser 33 or more: 1. Loser under 33 (Schneider): 2. Loser took no trick "
    "(Schwarz): 3. A failed close gives the other side 2 or 3.",
    "Keys\nA: next card. B: play, or choose. Hold B: the menu, with Hint and Last trick. In "
    "the menu A: next item, B: choose or change. On the Feather, A is D2 and B is D1.",
    "More keys\nOn boards that have them: LEFT/RIGHT: next card, or change a setting. UP: "
    "more choices. DOWN: a hint. In a list UP/DOWN move. SELECT: last trick (if on). START: "
    "menu.",
)

_PRESET_NOTES = {
    "schnapsen": "Schnapsen\n20 cards, no nines, 5 in a hand; swap the trump jack. Bummerl: "
                 "count down from 7. The last trick wins a hand played out. Close after "
                 "drawing; swap and close need 4 stock cards.",
    "santase": "Santase\nPlay to 11; the winner deals. No marriage or closing on the first "
               "trick; swap and close need 4 cards in the stock. A failed close costs 3. "
               "Marriages after closing.",
}


def help_page(preset_name, at):
    # (lines of page `at`, counted round, and the number of pages; a preset's notes are the
    # second page): only that page is wrapped, so the help holds one page's lines, not all.
    note = _PRESET_NOTES.get(preset_name)
    texts = _HELP if note is None else (_HELP[0], note) + _HELP[1:]
    # no deep expression: a board's parser then grows its stack of rules (640 B at once) while
    # the module compiles over the app's heap
    n = len(texts)
    text = texts[at % n]
    if note is not None and preset_name == "schnapsen":  # 20 cards: no nines, a jack to swap,
        # the last trick decides (R31, R32: its own page)
        # (Schnapsen's own texts of pages 2, 4 and 5, whole: a text of 10 characters or fewer,
        # or a module's name, is a name interned for good from .py)
        text = {
            2: "Cards\nA=11, 10=10, K=4, Q=3, J=2. The face-up card names trumps. Win a trick: "
               "the higher card of the suit led, or any trump.",
            4: "Strict play\nStock empty or closed: follow suit and win the trick if you can, "
               "else trump; grey cards may not be played. Run out: the last trick wins. "
               "Closer: 66 or fail.",
            5: "Your choices\nOn your lead: close the stock (after drawing), or swap the "
               "trump J for the face-up card. Declare 66 once you have it; short of it, you "
               "lose 2 or 3.",
        }.get(at % n, text)
    if text.startswith("Scoring\nLoser") and preset(preset_name).failed_close_always3:
        # Santase's notes say 3: so does its Scoring page (a player's find: 3, and 2 or 3; the
        # page found by its words, not its place: a text of 10 characters or fewer is a name)
        text = text.replace("the other side 2 or 3.", "the other side 3.")
    if at % n == 0:  # the goal: the match as the preset plays it (R39)
        r = preset(preset_name)
        goal = "first to %d wins the match"
        if r.match_style == "bummerl":
            goal = "from %d down, first to 0 wins the match"
        goal = goal % r.match_target
        text = text % goal
    lines = wrap(text)
    return lines[:_HELP_LINES], n
