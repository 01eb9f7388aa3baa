"""Deals consistent with a view: where the cards a seat cannot see might be.

Used by searches that sample the hidden cards (the computer opponent, the desktop reference
players). They see only the view, so they cannot cheat. A whole Hand behind a view, the
stock dealt too, is engine.ai.redeal's (the handheld's opponent needs only the masks, and a
board keeps this small).
"""
from engine.cards import popcount


def opp_hand(view, rng):
    """The opponent's hand mask, drawn uniformly at random from the hands consistent with the
    view (known cards, shown voids and ranks); rng then draws the numbers that shuffling the
    face-down stock takes, as engine.ai.redeal.deal_hidden does (the same hand for the same
    numbers), with no list."""
    opp = pick(view, rng)
    n = popcount(view.unseen & ~opp)
    while n > 1:  # the stock's shuffle draws one number a card but the first
        rng.step()
        n -= 1
    return opp


def pick(view, rng):
    """The opponent's hand of opp_hand, before the stock's draws."""
    k = view.opp_hidden()
    free = view.unseen & ~view.opp_cannot
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
    return opp


def opp_deals(view, rng, n):
    """[(opponent's hand mask, weight)]: every hand the view allows, weight 1, when there are at
    most n of them (exact, and cheaper than n samples); else n drawn by opp_hand, equal ones
    merged (the same total weight, solved once)."""
    free = view.unseen & ~view.opp_cannot
    k = view.opp_hidden()
    f = popcount(free)
    count = 1
    for i in range(k if k + k <= f else f - k):  # C(f, k), rising: stop once past n
        count = count * (f - i) // (i + 1)
        if count > n:
            break
    out = []
    if count <= n:
        _subsets(free, k, view.opp_known, out)
        rng.shuffle(out)  # if a node budget stops the solving early, the deals left are random
        return out
    for _ in range(n):
        opp = opp_hand(view, rng)
        for i in range(len(out)):
            if out[i][0] == opp:
                out[i] = (opp, out[i][1] + 1)
                break
        else:
            out.append((opp, 1))
    return out


def _subsets(free, k, opp, out):
    """Append (opp | each k-card subset of free, 1) to out."""
    if not k:
        out.append((opp, 1))
        return
    m = free
    while popcount(m) >= k:
        low = m & -m
        m ^= low
        _subsets(m, k - 1, opp | low, out)
