# The computer's open phase: a value learned offline of how a hand stands after a trick (before
# the draws), and the follows and leads it picks (every level; engine.ai sets how many hands each
# level samples and EASY's slips).
#
# For me it is  w . (my features - the opponent's) + w[24] * (+1 if I lead next, else -1),
# zero-sum by construction. A seat's 26 features: 0-2 its points, past 33, past 50; 3 no trick yet;
# 4-17 its cards by kind(); 18-19 plain and trump marriages in hand if it leads next; 20 trumps
# squared; 21 trumps if it leads next; 22-23 it takes the face-up trump card (after the last
# open trick, R11), and that card's rank; 25-26 (after the lead's w[24]) plain suits whose A and
# 10 it holds, plain suits it is void in while it holds a trump. sim/train.py fits w per stock
# size on self-play (and holds the same features written out for training); engine.ai.value_table
# ships them as int16 in 1/10000 of a game point. Only ints here: point_part + hand_part per
# seat is the whole value.
#
# A follow is worth the value after its trick over a few sampled opponent hands; a lead, the value
# after the answer the same value picks from each sampled hand (the view only, never the hidden
# cards). A trick that lets a seat declare 66 beats any value (R28).
#
# Memory: MicroPython keeps every identifier it compiles as a qstr, so the locals here reuse names
# the engine already has (mw/ow/mt/ot as in engine.ai.endgame: my won, their won, my/their tricks).
# The prose is in comments, not docstrings: a board compiles this module from .py, and a
# docstring's text sits in the parse tree while it does (the app on the 64-bit MicroPython VM,
# tests/test_app_saves.py, has no heap to spare at 160 KB).
import gc
gc.collect()  # this module's compile garbage, before engine.ai.value_table compiles (see engine.ai)
from engine.cards import CARD_POINTS, SUIT_MASK, bit_index, cards_of, popcount
from engine.legal import beats
from engine.ai.sample import read_hand
from engine.ai.value_table import TABLES

WIN = 1 << 22  # a trick that lets a seat declare: beyond any sum of learned values


def table_name(rules):
    """Which trained table fits these rules: by the deck first, then the preset's own."""
    if rules.deck == 20:
        return "schnapsen"
    if rules.name in TABLES and rules.name != "schnapsen":
        return rules.name
    return "sixty-six"


def row(rules, stock):
    # The 27 weights (a tuple of ints) for `stock` cards left before the draws (2..12): read
    # from the table's bytes (27 little-endian int16 a row) each time, so nothing stays on the
    # heap.
    raw = TABLES[table_name(rules)]
    i = 54 * max(0, min(5, stock // 2 - 1))
    w = [0] * 27  # a loop, not a generator: its code would stay on the heap
    for k in range(27):
        w[k] = (raw[i] | raw[i + 1] << 8) - (raw[i + 1] >> 7 << 16)
        i += 2
    return tuple(w)


def kind(c, hand, gone, trump):
    # The kind of card c in `hand` (0..13): trumps by rank (0..5), then 6 A, 7 10 with its ace
    # gone or in hand, 8 10, 9 K/Q with partner in hand, 10 partner out, 11 partner played,
    # 12 J, 13 9. gone: every card played.
    s = c // 6
    r = c % 6
    if s == trump:
        return r
    if r == 5:
        return 6
    if r == 4:
        return 7 if (hand | gone) >> (c + 1) & 1 else 8
    if r < 2:
        return 13 - r
    p = c + 1 if r == 2 else c - 1
    if hand >> p & 1:
        return 9
    return 11 if gone >> p & 1 else 10


def meld(hand, trump):
    """The best marriage in hand: 40 in trumps, 20, or 0."""
    best = 0
    for s in range(4):
        if hand >> (6 * s + 2) & 3 == 3:
            if s == trump:
                return 40
            best = 20
    return best


def point_part(w, points, tricks):
    """The weighted points features of one seat."""
    v = w[0] * points
    if points > 33:
        v += w[1] * (points - 33)
        if points > 50:
            v += w[2] * (points - 50)
    if not tricks:
        v += w[3]
    return v


def hand_part(w, hand, gone, trump, leader, last, rank):
    # The weighted card features of one seat: leader 1 if it leads next; last 1 if it takes
    # the face-up trump card, of this rank.
    v = 0
    m = hand
    while m:
        low = m & -m
        m ^= low
        v += w[4 + kind(bit_index(low), hand, gone, trump)]
    n = popcount(hand & SUIT_MASK[trump])
    v += w[20] * n * n
    for s in range(4):  # by suit (no tuple: this runs for every card tried)
        m = hand >> 6 * s & 63
        if s != trump:
            if m >> 4 == 3:  # its A and 10
                v += w[25]
            elif not m and n:  # void, trumps in hand
                v += w[26]
        if leader and m >> 2 & 3 == 3:  # a marriage in hand
            v += w[19] if s == trump else w[18]
    if leader:
        v += w[21] * n
    if last:
        v += w[22] + w[23] * rank
    return v


# Both trick cards count as gone for both seats, as sim/train.py learns it: a seat's part is
# summed without the other seat's card of the trick, then corrected by tie() and gap(): the
# plain ten of an ace that goes becomes "10, its ace gone", the partner of a plain K or Q that
# goes "partner played".
def tie(c, trump):
    """The card (a mask, 0 if none) whose kind changes when c goes."""
    r = c % 6
    if c // 6 == trump or r < 2 or r == 4:
        return 0
    return 1 << (c + 1 if r == 2 else c - 1)


def gap(w, c):
    """What tie(c) in a hand adds to its part when c goes."""
    return w[11] - w[12] if c % 6 == 5 else w[15] - w[14]


def _parts(view):
    # (weights, cards gone, my and their points and tricks, 1 if the loser of this trick takes
    # the face-up card, its rank): what a follow and a lead both need.
    me = view.seat
    top = view.trump_card
    return (row(view.rules, view.stock_size), view.played[0] | view.played[1],
            view.points[me], view.points[1 - me], view.tricks[me], view.tricks[1 - me],
            1 if view.stock_size == 2 and top >= 0 else 0, top % 6)


def follow(view, rng, samples, pending, marry, error=0, scores=None):
    # The follow (open phase) whose position after the trick is worth most to me.
    #
    # pending: (my, their) announced marriage points not counted yet (no trick yet);
    # marry: a marriage in hand may be announced if I get the lead (R20);
    # error: a random slip of up to this much (1/10000 game point) on each card's value;
    # scores: a list, to get (my cards, their values) back instead (for engine.ai.endgame.last_open).
    #
    w, gone, mw, ow, mt, ot, last, rank = _parts(view)
    c = view.trick_card
    t = view.trump_suit
    gone |= 1 << c
    # the opponent's cards are the same whatever I play: their part, summed over sampled hands
    pa = pb = 0  # if they win the trick / if I do
    held = [0] * samples  # the sampled hands, for tie() of my card
    for i in range(samples):
        h = read_hand(view, rng)
        held[i] = h
        pa += hand_part(w, h, gone, t, 1, 0, rank)
        pb += hand_part(w, h, gone, t, 0, last, rank)
    best = -1
    high = 0
    m = view.hand
    while m:
        low = m & -m
        m ^= low
        f = bit_index(low)
        pts = CARD_POINTS[c] + CARD_POINTS[f]
        h = view.hand ^ low
        g = gone | low
        a = tie(f, t)  # my card gone changes their part too
        e = 0
        if a:
            for i in range(samples):
                if held[i] & a:
                    e += gap(w, f)
        if beats(f, c, t):
            mine = mw + pending[0] + pts
            if mine + (meld(h, t) if marry else 0) >= 66:
                v = WIN  # take it, announce if need be, and declare (R20, R23, R28)
            else:
                v = samples * (point_part(w, mine, mt + 1) + hand_part(w, h, g, t, 1, 0, rank)
                               - point_part(w, ow, ot) + w[24]) - pb - e
        else:
            theirs = ow + pending[1] + pts
            if theirs >= 66:
                v = -WIN  # they would declare
            else:
                v = samples * (point_part(w, mw, mt) + hand_part(w, h, g, t, 0, last, rank)
                               - point_part(w, theirs, ot + 1) - w[24]) - pa - e
        if error:
            v += samples * (rng.below(2 * error + 1) - error)
        if scores is not None:
            scores.append(v)
        if best < 0 or v > high:
            best = f
            high = v
    return best if scores is None else (cards_of(view.hand), scores)


def lead(view, rng, samples, pending, marry, error=0, scores=None):
    # The lead (open phase) worth most to me against the opponent's best answer, over sampled
    # opponent hands; the answer is chosen by the same value, from their cards and mine.
    # pending, marry, error, scores: as for follow.
    w, gone, mw, ow, mt, ot, last, rank = _parts(view)
    t = view.trump_suit
    cards = cards_of(view.hand)
    n = len(cards)
    wins = [0] * n  # my card part after leading cards[i], if I win the trick / if I lose it
    rest = [0] * n
    for i in range(n):
        h = view.hand ^ (1 << cards[i])
        g = gone | (1 << cards[i])
        wins[i] = hand_part(w, h, g, t, 1, 0, rank)
        rest[i] = hand_part(w, h, g, t, 0, last, rank)
    pa = point_part(w, mw, mt)
    pb = point_part(w, ow, ot)
    totals = [0] * n
    # the sampled opponent's cards; their part after answering with each, if they win the trick,
    # if they lose it; the marriage they could announce after winning it
    cands = [0] * 7
    hi = [0] * 7
    lo = [0] * 7
    melds = [0] * 7
    held = [0] * 7  # tie() of each answer, in my hand
    for _ in range(samples):
        opp = read_hand(view, rng)
        k = 0
        low = 0  # after the loop: the tie() cards of all their answers
        m = opp
        while m:
            g = m & -m
            m ^= g
            h = opp ^ g
            cands[k] = bit_index(g)
            g |= gone
            hi[k] = hand_part(w, h, g, t, 1, 0, rank)
            lo[k] = hand_part(w, h, g, t, 0, last, rank)
            melds[k] = meld(h, t) if marry else 0
            held[k] = tie(cands[k], t)
            low |= held[k]
            k += 1
        for i in range(n):
            c = cards[i]
            a = tie(c, t) & opp  # in their hand: its kind changes when my lead goes
            h = view.hand ^ (1 << c)
            x = a or h & low
            least = WIN
            for j in range(k):
                f = cands[j]
                e = 0  # the trick's other card gone, for each seat's part (see tie)
                if x:
                    if h & held[j]:
                        e = gap(w, f)
                    if a and a != 1 << f:
                        e -= gap(w, c)
                pts = CARD_POINTS[c] + CARD_POINTS[f]
                if beats(f, c, t):
                    theirs = ow + pending[1] + pts
                    if theirs + melds[j] >= 66:
                        v = -WIN  # they take it, announce if need be, and declare
                    else:
                        v = pa + rest[i] - point_part(w, theirs, ot + 1) - hi[j] - w[24] + e
                else:
                    mine = mw + pending[0] + pts
                    if mine >= 66:
                        v = WIN
                    else:
                        v = point_part(w, mine, mt + 1) + wins[i] - pb - lo[j] + w[24] + e
                if v < least:
                    least = v
            totals[i] += least
    best = 0
    for i in range(n):
        if error:
            totals[i] += samples * (rng.below(2 * error + 1) - error)
        if totals[i] > totals[best]:
            best = i
    return cards[best] if scores is None else (cards, totals)
