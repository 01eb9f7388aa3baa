"""The words of a hand's review (engine.coach.review): what a player did, what HARD does, and
what an action wins instead of what ("wins 2 instead of 1")."""
from engine.cards import MARRIAGE, EXCHANGE, DECLARE
from engine.names import card_label, SUIT_WORDS


def _meld(h, a):
    return "40" if a - MARRIAGE == h.trump_suit else "20 in " + SUIT_WORDS[a - MARRIAGE]


def did(h, a):
    """What the seat to move did, after "you": 'led QH', 'played 9C on AH', 'closed'..."""
    if a < 24:
        if h.trick_card >= 0:
            return "played %s on %s" % (card_label(a), card_label(h.trick_card))
        return "led " + card_label(a)
    if a < EXCHANGE:
        return "announced " + _meld(h, a)
    return _VERBS[a - EXCHANGE][0] + _short(h, a)


def does(h, a):
    """What a player does, after "HARD": 'leads AH', 'plays 9C', 'closes'..."""
    if a < 24:
        return ("plays " if h.trick_card >= 0 else "leads ") + card_label(a)
    if a < EXCHANGE:
        return "announces " + _meld(h, a)
    return _VERBS[a - EXCHANGE][1] + _short(h, a)


def subject(h, a):
    """An action as the subject of a sentence: 'AH', 'Announcing 40', 'Closing'..."""
    if a < 24:
        return card_label(a)
    if a < EXCHANGE:
        return "Announcing " + _meld(h, a)
    return _VERBS[a - EXCHANGE][2] + _short(h, a)


def _short(h, a):
    """' short' for a declaration without 66 (R30a; against a close it may lose less, D7)."""
    return " short" if a == DECLARE and h.points(h.to_move) < 66 else ""


_VERBS = (("swapped the trump", "swaps the trump", "Swapping the trump"),  # the menu's word
          ("closed", "closes", "Closing"),
          ("drew", "draws", "Drawing"), ("declared 66", "declares 66", "Declaring 66"))


def outcome(good, bad):
    """'wins 2 instead of 1', 'draws instead of losing 2', 'wins 1 instead of a draw'..."""
    if good > 0:
        first = "wins %d" % good
    elif good == 0:
        first = "draws"
    else:
        first = "loses %d" % -good
    if bad == 0:
        second = "a draw"
    elif (bad > 0) == (good > 0) and good:
        second = "%d" % abs(bad)
    else:
        second = ("winning %d" if bad > 0 else "losing %d") % abs(bad)
    return first + " instead of " + second
