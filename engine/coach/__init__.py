"""A coach: a hint from the player's own view, and the same deal replayed from the other seat.

hint(view, seed) -> (action, text): what HARD (engine.ai) does from this view, with why in a
few words for a prompt line (at most HINT_WIDTH characters). It reads only the view, so a hand
that looks the same from the seat gets the same hint.

other_seat(deck, dealer) -> (deck, dealer): the deal with the seats swapped; duplicate(first,
second, seat): the player's result against the computer's with the same cards.
"""
import gc
gc.collect()  # this module's compile garbage, before engine.ai's modules compile (see there)
from engine import ai
from engine.ai import solver
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, CARD_POINTS, SUIT_MASK
from engine.ai.endgame import higher_unseen, melds
from engine.legal import beats
from engine.names import card_label

HINT_WIDTH = 26  # characters of the prompt line at 160x128


def hint(view, seed=0):
    """(action, text): HARD's choice for the seat of `view` (it must be to move) and why."""
    a = ai.choose(view, ai.HARD, seed)
    return a, _why(view, a)


def _why(view, a):
    me = view.seat
    if a == DECLARE:
        if view.points[me] < 66:  # the closer would score 3 (D7)
            return "Declare now: lose 2, not 3"
        return "Declare 66: you have %d" % view.points[me]
    if a == CLOSE:
        return "Close: you win most deals"  # HARD closes with 1 of 10 lost (3 at stock 2)
    if a == DRAW:
        if CLOSE in view.legal:
            return "Draw: closing is not safe"
        return "Draw a card"
    if a == EXCHANGE:
        t = view.trump_suit * 6 + view.rules.exchange_rank
        return "Swap %s for %s" % (card_label(t), card_label(view.trump_card))
    if a >= MARRIAGE:
        s = a - MARRIAGE
        return "Announce %d: %s %s" % (40 if s == view.trump_suit else 20, card_label(s * 6 + 3),
                                        card_label(s * 6 + 2))
    name = ("Play " if view.trick_card >= 0 else "Lead ") + card_label(a)  # as the table says
    if view.strict and _placed(view):
        return "%s: %s" % (name, _sure(exact(view, a)))
    c = view.trick_card
    if c >= 0:  # following
        pts = CARD_POINTS[a] + CARD_POINTS[c]
        if beats(a, c, view.trump_suit):
            mine = view.points[me] if view.tricks[me] else melds(view, me)
            if mine + pts >= 66:
                return name + ": take it, then 66"
            return "%s: takes it, +%d" % (name, pts)
        return "%s: they take %d" % (name, pts)
    if view.announced >= 0:
        return name + ": lead the marriage"
    out = higher_unseen(view, a)
    t = view.trump_card  # face up while the stock is open: drawn last, or swapped (R13)
    if t > a and t // 6 == a // 6 and view.closed_by < 0:
        out |= 1 << t
    s = SUIT_MASK[a // 6]
    if view.strict and a // 6 != view.trump_suit:
        held = view.unseen & ~view.opp_cannot | view.opp_known  # what they may hold
        if not held & s and held & SUIT_MASK[view.trump_suit]:
            return name + ": best on the odds"  # they cannot follow (R26) and may trump it
    if not out:
        if view.hand & s & ~((2 << a) - 1):  # a higher one of the suit is mine
            return "%s: no higher %s out" % (name, name[-1])
        if a // 6 == view.trump_suit:
            return name + ": the top trump"
        return name + ": top of its suit"
    if view.strict:
        return name + ": best on the odds"
    if CARD_POINTS[a] <= 2:
        return name + ": a cheap lead"
    return name + ": HARD's lead"


def _sure(v):
    if v > 0:
        return "hand +%d, sure" % v  # game points: "wins 1" read as the trick (a tester)
    if v == 0:
        return "hand 0 at best"
    return "hand -%d at best" % -v


def _placed(view):
    return view.closed_by < 0 or view.stock_hidden() == 0 or view.opp_hidden() == 0


def exact(view, a):
    """Game points for the view's seat (-3..3) after playing card a, both playing perfectly,
    in the strict phase with every card placed for the seat (the opponent holds exactly the
    cards it may hold)."""
    me = view.seat
    o = 1 - me
    opp = view.opp_known if view.opp_hidden() == 0 else view.unseen | view.opp_known
    mm = melds(view, me)
    om = melds(view, o)
    mw = view.points[me] - mm if view.tricks[me] else 0
    ow = view.points[o] - om if view.tricks[o] else 0
    solver.setup(view.rules, view.trump_suit, view.closed_by, view.frozen[0], view.frozen[1])
    c = view.trick_card
    if c >= 0:  # the leader's value after c and a, negated
        return -solver.follow_value(opp | 1 << c, view.hand, ow, mw, om, mm, view.tricks[o],
                                        view.tricks[me], o, c, a)
    return solver.lead_value(view.hand, opp, mw, ow, mm, om, view.tricks[me], view.tricks[o],
                                 me, a, 0)


# ---- the same deal from the other seat -----------------------------------------------------

def other_seat(deck, dealer):
    """(deck, dealer) of the same deal with the seats swapped: each seat gets the cards the other
    held, and its role with them (the cards dealt to the dealer are dealt to the dealer again),
    the same trump card and the same stock order. Hand(deck, dealer) deals by role (engine.hand:
    the non-dealer's cards first), so the same deck with the other seat dealing does it; the
    seat now holding the old non-dealer's cards leads the first trick, as that seat did."""
    if dealer not in (0, 1):
        raise ValueError("dealer must be 0 or 1, not %r" % (dealer,))
    return bytes(deck), 1 - dealer


def signed(hand, seat):
    """Game points of a finished hand for seat: won positive, lost negative, 0 drawn."""
    if hand.winner is None:
        return 0
    return hand.game_points if hand.winner == seat else -hand.game_points


def duplicate(first, second, seat):
    """(mine, cpu's, difference) for a deal and its replay from the other seat (duplicate
    scoring): mine = seat's game points in `first`; cpu's = the other seat's in `second`, where
    the computer held the cards seat held in `first`; difference = mine - cpu's (above 0: the
    player did better than the computer did with the same cards)."""
    if not (first.over and second.over):
        raise ValueError("both hands must be finished")
    deck, dealer = other_seat(first.deck, first.dealer)
    if bytes(second.deck) != deck or second.dealer != dealer or second.rules != first.rules:
        raise ValueError("the second hand is not the first deal from the other seat")
    mine = signed(first, seat)
    cpu = signed(second, 1 - seat)
    return mine, cpu, mine - cpu


def same_cards(first, second, seat):
    """True if, as dealt, seat holds in `second` exactly the cards the other seat held in
    `first` (and the other way round), with the same trump card and stock order."""
    from engine.hand import Hand
    a = Hand(first.deck, first.dealer, first.rules)
    b = Hand(second.deck, second.dealer, second.rules)
    return (a.hands[1 - seat] == b.hands[seat] and a.hands[seat] == b.hands[1 - seat] and
            a.face_up == b.face_up and
            bytes(a.deck[a._stock_start:]) == bytes(b.deck[b._stock_start:]))
