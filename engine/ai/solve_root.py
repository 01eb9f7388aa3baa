"""Root calls into the exact solver: the value of each choice, win tests, the best lead."""
from engine.cards import CARD_POINTS
from engine.ai import solver


def follow_value(a, b, aw, bw, am, bm, at, bt, seat, c, f, lo=-4, hi=4):
    """Value for the leader `seat` once c is led and f followed (for choosing a follow)."""
    pts = CARD_POINTS[c] + CARD_POINTS[f]
    a ^= 1 << c
    b ^= 1 << f
    same = f // 6 == c // 6
    if (same and f > c) or (not same and f // 6 == solver._T):
        return -solver.after_trick(b, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -hi, -lo)
    return solver.after_trick(a, b, aw + pts, bw, am, bm, at + 1, bt, seat, lo, hi)


def lead_value(a, b, aw, bw, am, bm, at, bt, seat, c, meld, lo=-4, hi=4):
    """Value for the leader of leading c (after announcing a marriage worth meld, or 0).

    Exact inside (lo, hi); at or beyond a bound it says only that (fail-hard)."""
    return solver.after_lead(a, b, aw, bw, am + meld, bm, at, bt, seat, c, lo, hi)


def lead_wins(a, b, aw, bw, am, bm, at, bt, seat, marry):
    """True if the leader wins the hand (a null-window search: cheaper than the value)."""
    for s in range(4):
        if marry >> s & 1:
            m = 40 if s == solver._T else 20
            if at and aw + am + m >= 66:
                return True
            for c in (s * 6 + 2, s * 6 + 3):
                if solver.after_lead(a, b, aw, bw, am + m, bm, at, bt, seat, c, 0, 1) >= 1:
                    return True
    return solver.lead(a, b, aw, bw, am, bm, at, bt, seat, 0, 1) >= 1


def best_lead(a, b, aw, bw, am, bm, at, bt, seat, marry):
    """(value, card, meld suit or -1): the leader's best lead with alpha-beta across the choices.

    marry: suits whose marriage may be announced now (bit s). Ties go to the first tried.
    """
    alpha = -4
    choice = (-4, -1, -1)
    for s in range(4):
        if marry >> s & 1:
            m = 40 if s == solver._T else 20
            if at and aw + am + m >= 66:
                return (solver.declared(seat, bw + bm if bt else 0, bt), -1, s)
            for c in (s * 6 + 2, s * 6 + 3):
                v = solver.after_lead(a, b, aw, bw, am + m, bm, at, bt, seat, c, alpha, 4)
                if v > alpha:
                    alpha = v
                    choice = (v, c, s)
    for c in solver.LEAD_ORDER:
        if a >> c & 1:
            v = solver.after_lead(a, b, aw, bw, am, bm, at, bt, seat, c, alpha, 4)
            if v > alpha:
                alpha = v
                choice = (v, c, -1)
    return choice


def best_follow(a, b, aw, bw, am, bm, at, bt, seat, c, cands):
    """The follower's best card (lowest value for the leader `seat`) among cands, after c."""
    beta = 4
    choice = cands[0]
    for f in cands:
        v = follow_value(a, b, aw, bw, am, bm, at, bt, seat, c, f, -4, beta)
        if v < beta:
            beta = v
            choice = f
    return choice
