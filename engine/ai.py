"""The computer opponent: choose(view, level, seed) -> a legal action.

It decides from the view only (R43 plus a perfect memory): cards seen, marriage partners
shown, the exchanged card, voids shown in the strict phase. Open phase: card-sense heuristics;
closing is tested by solving sampled deals. Strict phase: exact alpha-beta (engine.solver) once
every card in play is placed, sampled deals while a closed stock hides some.
"""
# the endgame first: the bigger modules compile while the MicroPython heap is still empty
from engine import endgame
from engine.endgame import EASY, NORMAL, HARD, LEVEL_NAMES, higher_unseen  # noqa: F401 (re-exported)
from engine.cards import CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, bit_index, cards_of
from engine.legal import beats
from engine.rng import Rng, mix
from engine.view import View  # noqa: F401  (what choose reads; compiled now, not mid-match)



def choose(view, level=NORMAL, seed=0):
    """A legal action for the seat of `view` (its `legal` tuple must be set)."""
    legal = view.legal
    if not legal:
        raise ValueError("the view's seat is not to move")
    if len(legal) == 1:
        return legal[0]
    me = view.seat
    rng = Rng(mix(seed, len(view.history) * 7 + me))
    if DECLARE in legal and view.points[me] >= 66:  # R28: declare the moment 66 is reached
        if level != EASY or rng.below(6):
            return DECLARE
    if view.strict:
        return endgame.strict_choice(view, level, rng)
    if DRAW in legal:
        if CLOSE in legal and level == HARD and view.stock_size <= 4 and _close_pays(view, level, rng):
            return CLOSE
        return DRAW
    if view.trick_card >= 0:
        return _follow_open(view, level, rng)
    if EXCHANGE in legal:  # R13: a higher trump for the nine (jack) is always a gain
        return EXCHANGE
    if view.announced >= 0:
        return _marriage_lead(view)
    if CLOSE in legal and level != EASY and _close_pays(view, level, rng):
        return CLOSE
    best = -1
    for a in legal:  # announce the best marriage (R20): 40 before 20
        if MARRIAGE <= a < MARRIAGE + 4:
            if best < 0 or a - MARRIAGE == view.trump_suit:
                best = a
    if best >= 0 and (level != EASY or rng.below(3)):
        return best
    return _lead_open(view, level, rng)


def _keep_value(view, c):
    """What keeping card c in hand is worth (trumps, marriage chances, top cards)."""
    t = view.trump_suit
    r = c % 6
    v = 0
    if c // 6 == t:
        v += 9 + 2 * r
    elif r >= 4 and not higher_unseen(view, c):
        v += 3  # a master card: a sure trick in the strict phase
    if r in (2, 3):  # a king or queen whose partner may still come or is in hand
        partner = c + 1 if r == 2 else c - 1
        gone = (view.played[0] | view.played[1]) >> partner & 1 or view.opp_known >> partner & 1
        if not gone:
            v += 8 if view.hand >> partner & 1 else 4
    return v


# ---- open phase -------------------------------------------------------------------------

def _close_pays(view, level, rng):
    return endgame.close_pays(view, level, rng)


def _follow_open(view, level, rng):
    if EXCHANGE in view.legal and level != EASY:  # follower's exchange (exchange_timing any)
        return EXCHANGE
    me = view.seat
    c = view.trick_card
    t = view.trump_suit
    pending = endgame.melds(view, me) if not view.tricks[me] else 0
    best = None
    best_v = -999
    opp_pts = view.points[1 - me]
    up = 0  # the loser of the last open trick takes the face-up trump card (R11)
    if view.stock_size == 2 and view.trump_card >= 0:
        up = _keep_value(view, view.trump_card) + CARD_POINTS[view.trump_card] // 2
    # taking the trick gives me the lead: a marriage announced on it counts at once (R20-R23)
    marry = level != EASY and (view.stock_size > 2 or view.rules.marriage_after_close)
    for f in cards_of(view.hand):
        pts = CARD_POINTS[c] + CARD_POINTS[f]
        if beats(f, c, t):
            v = pts + 2 - _keep_value(view, f) - up
            meld = _pair_points(view.hand ^ (1 << f), t) if marry else 0
            if view.points[me] + pending + pts + meld >= 66:
                v += 100  # take it and declare (after announcing the marriage)
        else:
            v = -pts - _keep_value(view, f)
            if view.tricks[1 - me] or opp_pts:
                if opp_pts + pts >= 66:
                    v -= 100  # they would declare
        if level == EASY:
            v += rng.below(9) - 4
        if v > best_v:
            best_v = v
            best = f
    return best


def _pair_points(hand, t):
    """The best marriage (K and Q of a suit) in hand: 40 in trumps, 20, or 0."""
    best = 0
    for s in range(4):
        if hand >> (6 * s + 2) & 3 == 3:
            if s == t:
                return 40
            best = 20
    return best


def _lead_open(view, level, rng):
    """Lead the card with the best expected trick against the opponent's likely answers
    (sampled hands, each answered by the same card sense), less what the card is worth kept."""
    t = view.trump_suit
    hand = cards_of(view.hand)
    if level == EASY:
        best, best_v = None, 999
        for c in hand:
            cost = CARD_POINTS[c] + _keep_value(view, c) + rng.below(11) - 5
            if c // 6 == t or c % 6 >= 4:
                cost += 6
            if cost < best_v:
                best, best_v = c, cost
        return best
    totals = [0] * len(hand)
    for _ in range(_LEAD_SAMPLES):
        opp = endgame.deal_hidden(view, rng)[0]
        for i in range(len(hand)):
            totals[i] += _answer(view, hand[i], opp)
    best = 0
    for i in range(len(hand)):
        totals[i] -= _LEAD_SAMPLES * _keep_value(view, hand[i])
        if totals[i] > totals[best]:
            best = i
    return hand[best]


_LEAD_SAMPLES = 6


def _answer(view, c, opp):
    """Card points the leader nets when the opponent answers lead c from hand opp as we would:
    the best of taking (cheapest winner) and ducking (cheapest card)."""
    t = view.trump_suit
    pc = CARD_POINTS[c]
    take = -999
    duck = -999
    m = opp
    while m:
        low = m & -m
        m ^= low
        f = bit_index(low)
        pts = pc + CARD_POINTS[f]
        keep = CARD_POINTS[f] // 2 + (9 + 2 * (f % 6) if f // 6 == t else 0)
        if beats(f, c, t):
            v = pts + 2 - keep
            if v > take:
                take = v
                take_pts = pts
        else:
            v = -pts - keep
            if v > duck:
                duck = v
                duck_pts = pts
    if take > duck:
        return -take_pts
    return duck_pts


def _marriage_lead(view):
    q = view.announced * 6 + 2  # lead the queen, keep the king (R20)
    return q if view.hand >> q & 1 else q + 1
