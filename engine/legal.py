"""Which actions are legal: R8, R13-R23, R26, R29 as settled by D1-D4."""
from engine.cards import SUIT_MASK, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, bit_index


def strict_cards(hand, led, trump, full):
    """The cards a follower may play to `led` in the strict phase (R26)."""
    suit = SUIT_MASK[led // 6]
    same = hand & suit
    if same:
        if full:
            higher = same & ~((2 << led) - 1)
            if higher:
                return higher
        return same
    trumps = hand & SUIT_MASK[trump]
    if full and trumps:
        return trumps
    return hand


def beats(follow, led, trump):
    """True if the follower's card wins the trick against the led card (R9)."""
    if follow // 6 == led // 6:
        return follow > led
    return follow // 6 == trump


def actions(hand):
    """The actions the player to move may take, as ints (empty once over, D10)."""
    if hand.over:
        return []
    p = hand.to_move
    out = []
    if hand.trick_card >= 0:  # following
        if may_exchange(hand, p, True):
            out.append(EXCHANGE)
        m = follow_cards(hand)
    else:
        if hand.tricks_won[p]:  # D1
            out.append(DECLARE)
        if hand.draw_pending:
            out.append(DRAW)
            if may_close(hand, p):
                out.append(CLOSE)
            return out
        m = hand.hands[p]
        if hand.announced >= 0:  # D2
            m &= 0x0C << (6 * hand.announced)
        else:
            if may_exchange(hand, p, False):
                out.append(EXCHANGE)
            if may_close(hand, p):
                out.append(CLOSE)
            for s in range(4):
                if may_marry(hand, p, s):
                    out.append(MARRIAGE + s)
    while m:
        low = m & -m
        out.append(bit_index(low))
        m ^= low
    return out


def follow_cards(hand):
    """The cards the follower may play now (R8 open, R26 strict)."""
    m = hand.hands[hand.to_move]
    if hand.strict:
        return strict_cards(m, hand.trick_card, hand.trump_suit, hand.rules.strictness == "full")
    return m


def may_exchange(hand, p, following):
    r = hand.rules
    ex = hand.trump_suit * 6 + r.exchange_rank
    if not hand.hands[p] >> ex & 1 or hand.face_up < 0:
        return False
    if following:
        if hand.closed_by == 1 - p and r.exchange_on_opponent_close:  # V-EX4
            return hand.trick_no == hand.close_trick
        if r.exchange_timing != "any":
            return False
    if hand.closed_by >= 0 or hand.stock_size < r.exchange_min_stock:  # R14, R15
        return False
    return hand.tricks_won[p] > 0 or not r.exchange_needs_trick


def may_close(hand, p):
    r = hand.rules
    if hand.closed_by >= 0 or hand.face_up < 0 or hand.stock_size < r.close_min_stock:
        return False
    if hand.draw_pending:
        return r.close_before_draw
    return hand.trick_no > 0 or r.close_before_first_trick


def may_marry(hand, p, s):
    r = hand.rules
    pair = 0x0C << (6 * s)
    if hand.hands[p] & pair != pair:
        return False
    if hand.trick_no == 0 and not r.marriage_on_first_lead:
        return False
    return r.marriage_after_close or hand.stock_open()  # R22

