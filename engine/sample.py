"""Deals consistent with a view: where the cards a seat cannot see might be.

Used by searches that sample the hidden cards (the computer opponent, the desktop reference
players). They see only the view, so they cannot cheat. A whole Hand behind a view is
engine.redeal's (the handheld's opponent needs only the masks, and a board keeps this small).
"""
from engine.cards import popcount, bit_index


def deal_hidden(view, rng):
    """(opponent's hand mask, face-down stock cards in draw order) drawn uniformly at random
    from the deals consistent with the view (known cards, shown voids and ranks)."""
    unseen = view.unseen
    k = view.opp_hidden()
    free = unseen & ~view.opp_cannot
    n = popcount(free)
    opp = view.opp_known
    # choose k of the n free cards, each subset equally likely (selection sampling)
    m = free
    while m and k:
        low = m & -m
        m ^= low
        if rng.below(n) < k:
            opp |= low
            k -= 1
        n -= 1
    rest = unseen & ~opp
    stock = []
    while rest:
        low = rest & -rest
        rest ^= low
        stock.append(bit_index(low))
    rng.shuffle(stock)
    return opp, stock
