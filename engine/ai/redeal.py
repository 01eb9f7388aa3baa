"""A whole Hand behind a view: the seat's cards and everything it has seen as they are, the
cards it cannot see placed as given or dealt at random (deal_hidden). For the
desktop's searches that play hands out, and for tests that re-deal what a seat cannot see; the
handheld's opponent works on masks and never imports it.
"""
from engine.hand import Hand
from engine.ai.sample import pick
from engine.cards import bit_index


def deal_hidden(view, rng):
    """(opponent's hand mask, face-down stock cards in draw order) drawn uniformly at random
    from the deals consistent with the view (known cards, shown voids and ranks)."""
    opp = pick(view, rng)
    rest = view.unseen & ~opp
    stock = []
    while rest:
        low = rest & -rest
        rest ^= low
        stock.append(bit_index(low))
    rng.shuffle(stock)
    return opp, stock


def sample_hand(view, rng):
    """A full Hand that looks like the view from its seat, hidden cards dealt at random."""
    opp, stock = deal_hidden(view, rng)
    return hand_from(view, opp, stock)


def hand_from(view, opp, stock):
    """The Hand of a view, given the opponent's cards and the face-down stock order."""
    r = view.rules
    seat = view.seat
    h = Hand(None)
    h.rules = r
    n = 20 if r.deck == 20 else 24
    h.deck = bytes(n - len(stock)) + bytes(stock)
    h._stock_start = h._next = n - len(stock)
    h.dealer = view.dealer
    h.face_up = view.trump_card
    h.trump_suit = view.trump_suit
    for k in ("leader", "to_move", "trick_card", "announced", "draw_pending", "closed_by",
              "close_trick", "exchanged_by", "trick_no", "last_trick", "over", "winner",
              "game_points"):
        setattr(h, k, getattr(view, k))
    h.frozen_tricks, h.frozen_points = view.frozen
    h.reason = None
    h.declared_by = -1
    h.hands = [0, 0]
    h.hands[seat] = view.hand
    h.hands[1 - seat] = opp
    h.tricks_won = list(view.tricks)
    h.marriages = list(view.marriages)
    h.melds = [0, 0]
    h.bonus = [0, 0]
    h.won = [0, 0]
    for p in (0, 1):
        for s in range(4):
            if view.marriages[p] >> s & 1:
                h.melds[p] += 40 if s == view.trump_suit else 20
        if view.tricks[p]:
            h.won[p] = view.points[p] - h.melds[p]
    h.played = list(view.played)
    h.shown = [0, 0]
    h.shown[1 - seat] = view.opp_known
    h.cannot = [0, 0]
    h.cannot[1 - seat] = view.opp_cannot
    h.history = list(view.history)
    return h
