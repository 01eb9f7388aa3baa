"""Build hands from card names and play them like a game record.

    h = hand(nondealer="AH TH KH QH JH 9H", dealer="AC TC KC QC JC 9C",
             trump="9S", stock="AS TS ...")
    play(h, "AH 9C W")

Seat 0 deals unless `dealer_seat` says otherwise, so seat 1 (ND) leads the first trick (R7).
`stock` lists the face-down stock from the top (the first card drawn); cards left out are
appended in ascending card order, so a test names only the cards it draws.
"""
import copy

from engine.cards import DECLARE, CLOSE
from engine.hand import Hand, IllegalAction
from engine.notation import parse_card, parse_action, action_name, mask_names
from engine.rules import SIXTY_SIX

DL, ND = 0, 1  # the dealer and the non-dealer with the default dealer_seat=0

# drawn_match()'s first hand (DRAWN_DECK, seat 0 dealing), played like this, ends 65 - 65
DRAWN_DECK = "KC QH AD 9S 9C JS QD JD AS 9D JC TC AC 9H KD JH AH TH KS QS QC TS TD KH"
DRAWN_FIRST_HAND = ("JD 9C W 9D QD W JH JS W KD AH W TH TC W 9H AS W KH QH QC KC TD JC TS QS 9S "
                    "AC AD KS")


def drawn_match(rules=SIXTY_SIX, seed=1):
    """A Match whose first hand is DRAWN_DECK (in deal order) dealt by seat 0: played as
    DRAWN_FIRST_HAND it is drawn. (A deck, not a seed: the match's later hands come from seed;
    what a seed deals changes with engine.rng, the drawn hand must not.)"""
    from engine.match import Match
    m = Match(rules, seed)
    m.dealer = 0
    m.hand = Hand(cards(DRAWN_DECK), 0, rules)
    return m


def cards(text):
    """Card numbers from names: cards("AH TH") -> [17, 16]."""
    return [parse_card(w) for w in text.split()]


def mask(text):
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def deal(nondealer, dealer, trump, stock="", rules=SIXTY_SIX):
    """The deck in deal order (engine.hand's contract) for the given hands, trump card and stock."""
    nd, dl, up, st = cards(nondealer), cards(dealer), parse_card(trump), cards(stock)
    size = rules.hand_size
    assert len(nd) == size and len(dl) == size, "each hand holds %d cards" % size
    named = nd + dl + [up] + st
    assert len(set(named)) == len(named), "a card is named twice: %s" % named
    rest = [c for c in range(24) if rules.cards >> c & 1 and c not in named]
    st = st + rest
    if rules.deck == 20:  # 3 + trump + 2 (Schnapsen)
        return nd[:3] + dl[:3] + [up] + nd[3:] + dl[3:] + st
    return nd[:3] + dl[:3] + nd[3:] + dl[3:] + [up] + st


def hand(nondealer, dealer, trump, stock="", rules=SIXTY_SIX, dealer_seat=DL):
    """A Hand dealt from named cards (see deal)."""
    return Hand(deal(nondealer, dealer, trump, stock, rules), dealer_seat, rules)


def play(h, actions):
    """Apply actions written as names ('AH', 'M:H', 'X', 'C', 'W', 'D'); returns the hand."""
    for i, word in enumerate(actions.split()):
        try:
            h.apply(parse_action(word))
        except IllegalAction as e:
            raise AssertionError("action %d (%s) refused: %s\n%r" % (i + 1, word, e, h))
    return h


def legal(h):
    """The legal actions as a set of names."""
    return set(names(h.legal_actions()))


def names(actions):
    return [action_name(a) for a in actions]


def hand_names(h, seat):
    return mask_names(h.hands[seat])


def snapshot(h):
    """Everything in a hand's state, deep-copied (to prove a refused action changed nothing)."""
    return copy.deepcopy(vars(h))


def dull(h):
    """The lowest legal action that is not a declaration or a close: draws, never closes."""
    return min(a for a in h.legal_actions() if a not in (DECLARE, CLOSE))


def finish(h, policy=dull):
    """Play a hand (or a Match's current hand) to its end with a policy; returns it."""
    state = getattr(h, "hand", h)
    while not state.over:
        h.apply(policy(state))
    return h


def closing_move(h, rng):
    """A move that closes against a trickless opponent whenever it may (so that the closer's
    66 would score 3, D7), declares at 66, else plays at random, never short of 66."""
    legal = h.legal_actions()
    p = h.to_move
    if CLOSE in legal and h.tricks_won[1 - p] == 0:
        return CLOSE
    if DECLARE in legal and h.points(p) >= 66:
        return DECLARE
    pick = [a for a in legal if a != DECLARE]
    return pick[rng.below(len(pick))]


def scale(points, tricks):
    """R35, written out again here so tests do not grade the engine with its own code."""
    if points >= 33:
        return 1
    if tricks:
        return 2
    return 3


def ai_positions(rules, seed, level):
    """(hand, view of the seat to move) before every move of endless computer-vs-computer hands;
    level(rng) picks the level of each move. The hand changes after each yield: copy to keep."""
    from engine import ai
    from engine.rng import Rng, mix
    rng = Rng(seed)
    i = 0
    while True:
        h = Hand.new(mix(seed, i), i & 1, rules)
        i += 1
        k = 0
        while not h.over:
            view = h.view(h.to_move)
            yield h, view
            h.apply(ai.choose(view, level(rng), mix(seed, k)))
            k += 1
