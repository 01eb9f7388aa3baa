"""Cards and actions as short text and back: 'QH', 'M:H' (marriage in hearts), 'X' (exchange),
'C' (close), 'W' (draw), 'D' (declare 66), as records (engine.record), refusals
(engine.explain), tests and tools write them. Not on a board's import path: its game shows
cards with engine.names (card_name, card_words) and never reads names back."""
from engine.cards import MARRIAGE, EXCHANGE, DECLARE, cards_of
from engine.names import card_name

RANKS = "9JQKTA"
SUITS = "CDHS"
_ACTIONS = "XCWD"  # exchange, close, draw, declare: actions 28..31


def parse_card(text):
    """Card from a name like 'QH' or 'th' (10 may be written T or 10)."""
    s = str(text).strip().upper()
    if s.startswith("10"):
        s = "T" + s[2:]
    if len(s) != 2 or s[0] not in RANKS or s[1] not in SUITS:
        raise ValueError("not a card name: %r (rank 9 J Q K T A, then suit C D H S)" % (text,))
    return SUITS.index(s[1]) * 6 + RANKS.index(s[0])


def mask_names(mask):
    return " ".join([card_name(c) for c in cards_of(mask)])


def hand_repr(hand):
    """repr(hand): the rule set, dealer, tricks played and both hands."""
    return "<Hand %s dealer=%d trick=%d hands=[%s | %s]%s>" % (
        hand.rules.name, hand.dealer, hand.trick_no, mask_names(hand.hands[0]),
        mask_names(hand.hands[1]), " over" if hand.over else "")


def action_name(a):
    """'QH' play, 'M:H' marriage in hearts, 'X' exchange, 'C' close, 'W' draw, 'D' declare 66."""
    if 0 <= a < 24:
        return card_name(a)
    if MARRIAGE <= a < MARRIAGE + 4:
        return "M:" + SUITS[a - MARRIAGE]
    if EXCHANGE <= a <= DECLARE and a % 1 == 0:  # 28.0 too, as 28
        return _ACTIONS[int(a) - EXCHANGE]
    raise ValueError("no action %r: actions are 0..31" % (a,))


def parse_action(text):
    s = str(text).strip().upper()
    if len(s) == 1 and s in _ACTIONS:
        return EXCHANGE + _ACTIONS.index(s)
    if s.startswith("M:") and len(s) == 3 and s[2] in SUITS:
        return MARRIAGE + SUITS.index(s[2])
    try:
        return parse_card(s)
    except ValueError:
        raise ValueError("not an action: %r (a card like QH, M:H, X, C, W or D)" % (text,))
