"""Exact play once the stock is exhausted or closed and all cards in play are placed.

Alpha-beta over masks, values in game points (-3..3) for the seat to move: declaring the moment
66 is reached (but where a failed close pays the closer's opponent more than beating it,
beaten_closer_flat2: they may play on, R30b), schneider and schwarz aware (R35-R37, D7-D9), and
the closer's opponent declaring short where that costs them less than the closer's 66 (D7).
No allocation per node: ints only.
Call `setup(...)` for a hand, then the root calls at the end (`best_lead`, `best_follow`,
`lead_wins`, `lead_value`, `follow_value`). They were engine.ai.solve_root, a module of
their own in older revisions: one module less keeps a board's heap smaller.
"""
from engine.cards import SUIT_MASK, CARD_POINTS, _LOG37
from engine.score import scale  # R35's scale (engine.score is loaded anyway: no copy here)

# the hand's constants, set by setup(): module globals so nodes pass only ints
_TM = 0  # the trump suit's mask (a card c is a trump if _TM >> c & 1)
_FULL = True  # strictness full (R26) or follow only
_MARRY = False  # marriages may still be announced (marriage_after_close)
_CLOSER = -1
_BONUS = 10  # last-trick bonus of a never-closed hand
_LAST = False  # run_out_winner == 'last'
# the closer's game points by the opponent's points and tricks at the close (R36), 0 if they
# are scored at the declaration (close_score_at 'end')
_CLOSED = 3
_FAILED = 3  # a failed close: the opponent's game points when the hand runs out (R37)
_BEATEN = 3  # a failed close: the opponent's game points when they declare (R37)
# a closed hand: what a declaration short of 66 by the closer's opponent pays the closer while
# the closer has no trick (3, or 2 without false_declare_schwarz3; 2 once it has one: R30a,
# D7); 0 in a hand never closed, where declaring short never loses less than playing on
_SHORT = 0
nodes = 0  # lead nodes searched so far (a cost measure that does not depend on the clock)
# no limit: the largest small int on a 32-bit board (1 << 30 is a long int there, and every node
# compares with it)
NO_LIMIT = 0x3FFFFFFF
limit = NO_LIMIT  # past this many nodes a search gives up: lead() answers alpha (not proven)

# lead order: aces first, then tens, kings... (good leads first helps alpha-beta), each rank's
# cards by suit (clubs first): the masks of the ranks A, 10, K, Q, J, 9, so that a node looks at
# six masks and the cards in hand, not at all 24 cards (the same order; HARD 15-20% faster)
LEAD_ORDER = (0x820820, 0x410410, 0x208208, 0x104104, 0x082082, 0x041041)


def setup(rules, trump, closer, frozen_tricks, frozen_points):
    global _TM, _FULL, _MARRY, _CLOSER, _BONUS, _LAST, _CLOSED, _FAILED, _BEATEN, _SHORT
    _TM = SUIT_MASK[trump]
    _FULL = rules.strictness == "full"
    _MARRY = rules.marriage_after_close
    _CLOSER = closer
    _BONUS = rules.last_trick_bonus
    _LAST = rules.run_out_winner == "last"
    _CLOSED = 0 if rules.close_score_at == "end" else scale(frozen_points, frozen_tricks)
    _FAILED = 3 if rules.failed_close_always3 or not frozen_tricks else 2
    _BEATEN = 2 if rules.beaten_closer_flat2 and not rules.failed_close_always3 else _FAILED
    _SHORT = 0 if closer < 0 else 3 if rules.false_declare_schwarz3 else 2


def declared(seat, points, tricks):
    """Game points for `seat` declaring 66 correctly (R35-R37), the opponent having counted
    `points` in `tricks` tricks."""
    if _CLOSER < 0:
        return scale(points, tricks)
    if _CLOSER == seat:
        return _CLOSED or scale(points, tricks)
    return _BEATEN


def after_trick(a, b, aw, bw, am, bm, at, bt, seat, alpha, beta):
    """Value for `a`, who has just won a trick (aw, at already counted) and now leads."""
    pa = aw + am
    if pa >= 66 and (a or _CLOSER < 0 or _CLOSER == seat):  # declare at once: waiting can
        v = declared(seat, bw + bm if bt else 0, bt)  # only help the opponent (R29), but
        if _BEATEN >= _FAILED or _CLOSER == seat or _CLOSER < 0 or v >= beta:
            return v  # where a failed close pays more than a beaten one (beaten_closer_flat2)
        w = lead(a, b, aw, bw, am, bm, at, bt, seat, v if v > alpha else alpha, beta)
        return w if w > v else v  # the closer's opponent may play on (R30b)
    if not a:  # the last trick was played (R31-R34, D8, D9: a closed hand's last trick
        if _CLOSER >= 0:  # taken by the closer's opponent is a failed close, at 66 too)
            return -_FAILED if _CLOSER == seat else _FAILED
        pa += _BONUS
        pb = bw + bm if bt else 0
        if pa >= 66:
            return scale(pb, bt)
        if _LAST:
            return 1
        if pa == pb:
            return 0
        if pa > pb:
            return scale(pb, bt)
        return -scale(pa, at)
    return lead(a, b, aw, bw, am, bm, at, bt, seat, alpha, beta)


def lead(a, b, aw, bw, am, bm, at, bt, seat, alpha, beta):
    """Value (game points, for the leader `seat`) of the position where a leads; b follows.

    a, b: hands; aw, bw: card points won; am, bm: marriage points; at, bt: tricks won.
    """
    global nodes
    nodes += 1
    if nodes > limit:
        return alpha
    if _SHORT and at and seat != _CLOSER:  # the closer's opponent may declare short: the
        v = -2 if bt else -_SHORT  # closer then scores 2 (3 while it has no trick), where
        if v > alpha:  # its 66 would score 3 (R30a, D7): a floor on what the hand costs them
            if v >= beta:
                return v
            alpha = v
    if _MARRY:
        for s in range(4):
            pair = 0x0C << (6 * s)
            if a & pair == pair:
                m = 40 if _TM & pair else 20
                if at and aw + am + m >= 66:  # R23: announce and declare without leading
                    v = declared(seat, bw + bm if bt else 0, bt)
                    if _BEATEN >= _FAILED or _CLOSER == seat or v >= beta:
                        return v
                    if v > alpha:  # or play on (after_trick)
                        alpha = v
                for c in range(s * 6 + 3, s * 6 + 1, -1):  # K then Q, no tuple
                    v = after_lead(a, b, aw, bw, am + m, bm, at, bt, seat, c, alpha, beta)
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            return alpha
    for r in LEAD_ORDER:
        m = a & r
        while m:
            f = m & -m
            m ^= f
            # after_lead written out (a call less per lead; `a` holds the hand without the card
            # led until the follows are tried)
            c = _LOG37[f % 37]
            a ^= f
            same = b & SUIT_MASK[c // 6]
            if same:
                wins = same & ~((f << 1) - 1)
                legal = wins if _FULL and wins else same
            else:
                wins = b & _TM
                legal = wins if _FULL and wins else b
            pc = CARD_POINTS[c]
            best = beta
            group = wins
            rest = legal ^ wins
            while group or rest:
                if not group:
                    group = rest
                    rest = 0
                low = group & -group
                group ^= low
                nb = b ^ low
                pts = pc + CARD_POINTS[_LOG37[low % 37]]
                if not a:
                    if low & wins:
                        v = -after_trick(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, 0, 0)
                    else:
                        v = after_trick(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, 0, 0)
                elif low & wins:
                    if bw + pts + bm >= 66:  # after_trick's declaration written out: it may
                        v = declared(1 - seat, aw + am if at else 0, at)  # play on only where
                        if _BEATEN < _FAILED and _CLOSER != 1 - seat and _CLOSER >= 0 and \
                                v < -alpha:  # a failed close pays more than a beaten one (R30b)
                            v = after_trick(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -best, -alpha)
                        v = -v
                    else:
                        v = -lead(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -best, -alpha)
                elif aw + pts + am >= 66:
                    v = declared(seat, bw + bm if bt else 0, bt)
                    if _BEATEN < _FAILED and _CLOSER != seat and _CLOSER >= 0 and v < best:
                        v = after_trick(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, alpha, best)
                else:
                    v = lead(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, alpha, best)
                if v < best:
                    best = v
                    if best <= alpha:
                        break
            a ^= f
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    return alpha
    return alpha


def after_lead(a, b, aw, bw, am, bm, at, bt, seat, c, alpha, beta):
    """Value for the leader after leading c; the follower picks the minimum."""
    a ^= 1 << c
    # the follower's legal cards (R26 full, or follow suit only) and those that take the trick
    same = b & SUIT_MASK[c // 6]
    if same:
        wins = same & ~((2 << c) - 1)  # higher of the suit led
        legal = wins if _FULL and wins else same
    else:
        wins = b & _TM  # c is no trump here, or b would hold none
        legal = wins if _FULL and wins else b
    pc = CARD_POINTS[c]
    best = beta
    # cards that win first (lowest first), then the rest (lowest first): no tuple, no allocation
    group = wins
    rest = legal ^ wins
    while group or rest:
        if not group:
            group = rest
            rest = 0
        low = group & -group
        group ^= low
        nb = b ^ low
        pts = pc + CARD_POINTS[_LOG37[low % 37]]
        # after_trick written out for all but the last trick: a call less per trick
        if not a:  # the last trick (both hands are empty)
            if low & wins:
                v = -after_trick(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, 0, 0)
            else:
                v = after_trick(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, 0, 0)
        elif low & wins:  # the follower takes the trick and leads
            if bw + pts + bm >= 66:  # 66 reached: after_trick says what it is worth
                v = -after_trick(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -best, -alpha)
            else:
                v = -lead(nb, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -best, -alpha)
        elif aw + pts + am >= 66:
            v = after_trick(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, alpha, best)
        else:
            v = lead(a, nb, aw + pts, bw, am, bm, at + 1, bt, seat, alpha, best)
        if v < best:
            best = v
            if best <= alpha:
                return best
    return best


# ---- root calls: the value of each choice, win tests, the best lead ---------------------


def follow_value(a, b, aw, bw, am, bm, at, bt, seat, c, f, lo=-4, hi=4):
    """Value for the leader `seat` once c is led and f followed (for choosing a follow)."""
    pts = CARD_POINTS[c] + CARD_POINTS[f]
    a ^= 1 << c
    b ^= 1 << f
    same = f // 6 == c // 6
    if (same and f > c) or (not same and _TM >> f & 1):
        return -after_trick(b, a, bw + pts, aw, bm, am, bt + 1, at, 1 - seat, -hi, -lo)
    return after_trick(a, b, aw + pts, bw, am, bm, at + 1, bt, seat, lo, hi)


def lead_value(a, b, aw, bw, am, bm, at, bt, seat, c, meld, lo=-4, hi=4):
    """Value for the leader of leading c (after announcing a marriage worth meld, or 0).

    Exact inside (lo, hi); at or beyond a bound it says only that (fail-hard)."""
    return after_lead(a, b, aw, bw, am + meld, bm, at, bt, seat, c, lo, hi)


def lead_wins(a, b, aw, bw, am, bm, at, bt, seat, marry):
    """True if the leader wins the hand (a null-window search: cheaper than the value)."""
    for s in range(4):
        if marry >> s & 1:
            m = 40 if _TM >> 6 * s & 1 else 20
            if at and aw + am + m >= 66:
                return True
            for c in (s * 6 + 2, s * 6 + 3):
                if after_lead(a, b, aw, bw, am + m, bm, at, bt, seat, c, 0, 1) >= 1:
                    return True
    return lead(a, b, aw, bw, am, bm, at, bt, seat, 0, 1) >= 1


def best_lead(a, b, aw, bw, am, bm, at, bt, seat, marry):
    """(value, card, meld suit or -1): the leader's best lead with alpha-beta across the choices.

    marry: suits whose marriage may be announced now (bit s). Ties go to the first tried.
    """
    alpha = -4
    choice = (-4, -1, -1)
    for s in range(4):
        if marry >> s & 1:
            m = 40 if _TM >> 6 * s & 1 else 20
            if at and aw + am + m >= 66:
                v = declared(seat, bw + bm if bt else 0, bt)
                if _BEATEN >= _FAILED or _CLOSER == seat:
                    return (v, -1, s)
                if v > alpha:  # or play on (after_trick)
                    alpha = v
                    choice = (v, -1, s)
            for c in (s * 6 + 2, s * 6 + 3):
                v = after_lead(a, b, aw, bw, am + m, bm, at, bt, seat, c, alpha, 4)
                if v > alpha:
                    alpha = v
                    choice = (v, c, s)
    for r in LEAD_ORDER:
        m = a & r
        while m:
            low = m & -m
            m ^= low
            c = _LOG37[low % 37]
            v = after_lead(a, b, aw, bw, am, bm, at, bt, seat, c, alpha, 4)
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
