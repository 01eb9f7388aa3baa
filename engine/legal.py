# Which actions are legal (R8, R13-R23, R26, R29 as settled by D1-D4) and what each does to a
# hand (R10-R13, R17, R19, R20): the verbs behind Hand.legal_actions and Hand.apply.
# Comments, not docstrings (as in engine.hand): a board compiling this .py holds a docstring's
# text in the parse tree while it does.
from engine.cards import SUIT_MASK, CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, \
    bit_index
from engine import score


def beats(follow, led, trump):
    # True if the follower's card wins the trick against the led card (R9).
    if follow // 6 == led // 6:
        return follow > led
    return follow // 6 == trump


def legal_actions(hand):
    # The actions the player to move may take, as ints (empty once over, D10).
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
            r = hand.rules
            for s in range(4):  # a marriage: K and Q in hand, on a lead (R20-R22)
                pair = 0x0C << (6 * s)
                if hand.hands[p] & pair == pair and (
                        hand.trick_no or r.marriage_on_first_lead) and (
                        r.marriage_after_close or hand.stock_open()):
                    out.append(MARRIAGE + s)
    while m:
        low = m & -m
        out.append(bit_index(low))
        m ^= low
    return out


def follow_cards(hand):
    # The cards the follower may play now (R8 open, R26 strict).
    m = hand.hands[hand.to_move]
    if not hand.strict:
        return m
    led = hand.trick_card
    full = hand.rules.strictness == "full"
    same = m & SUIT_MASK[led // 6]
    if same:  # follow suit, heading the led card if you can (full strictness)
        m = same & ~((2 << led) - 1)
        return m if full and m else same
    same = m & SUIT_MASK[hand.trump_suit]  # else trump if you can (full strictness)
    return same if full and same else m


def may_exchange(hand, p, following):
    r = hand.rules
    c = hand.trump_suit * 6 + r.exchange_rank  # the trump nine (jack, Schnapsen)
    if not hand.hands[p] >> c & 1 or hand.face_up < 0:
        return False
    if following:
        if hand.closed_by == 1 - p and r.exchange_on_opponent_close:  # V-EX4, R15 still
            return hand.trick_no == hand.close_trick and hand.stock_size >= r.exchange_min_stock
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


# ---- what each legal action does -----------------------------------------------------------
def act(hand, p, action):
    # Seat p takes a legal action.
    hand.history.append(action)
    if action < 24:
        play_card(hand, p, action)
    elif action < EXCHANGE:
        s = action - MARRIAGE
        hand.melds[p] += 40 if s == hand.trump_suit else 20  # R20
        hand.marriages[p] |= 1 << s
        hand.shown[p] |= 0x0C << (6 * s)
        hand.announced = s
    elif action == EXCHANGE:  # R13
        c = hand.trump_suit * 6 + hand.rules.exchange_rank
        old = hand.face_up
        hand.hands[p] ^= (1 << c) | (1 << old)
        hand.shown[p] |= 1 << old
        hand.face_up = c
        hand.exchanged_by = p
    elif action == CLOSE:  # R17, R19
        hand.closed_by = p
        hand.draw_pending = False
        hand.frozen_tricks = hand.tricks_won[1 - p]
        hand.frozen_points = hand.points(1 - p)
        hand.close_trick = hand.trick_no
    elif action == DRAW:  # R11: the winner draws the top card, then the loser; the trump last
        hand.draw_pending = False
        for seat in (p, 1 - p):
            if hand._next < len(hand.deck):
                hand.hands[seat] |= 1 << hand.deck[hand._next]
                hand._next += 1
            else:
                hand.hands[seat] |= 1 << hand.face_up
                hand.shown[seat] |= 1 << hand.face_up
                hand.face_up = -1
    else:
        score.declare(hand, p)
    if hand.rules.auto_declare and not hand.over:
        q = hand.to_move
        if hand.trick_card < 0 and hand.tricks_won[q] and hand.points(q) >= 66:
            score.declare(hand, q)


def play_card(hand, p, c):
    # A lead, or a follow that ends the trick (R9, R10; R11 a draw is then pending).
    bit = 1 << c
    hand.hands[p] ^= bit
    hand.played[p] |= bit
    hand.shown[p] &= ~bit
    if hand.trick_card < 0:  # a lead
        hand.trick_card = c
        hand.announced = -1
        hand.to_move = 1 - p
        return
    led = hand.trick_card
    trump = hand.trump_suit
    if hand.strict:  # what the follower has shown it cannot hold (R26)
        full = hand.rules.strictness == "full"
        if c // 6 != led // 6:
            hand.cannot[p] |= SUIT_MASK[led // 6]
            if full and c // 6 != trump:
                hand.cannot[p] |= SUIT_MASK[trump]
        elif full and c < led:
            hand.cannot[p] |= SUIT_MASK[led // 6] & ~((2 << led) - 1)
    w = p if beats(c, led, trump) else 1 - p
    hand.last_trick = (led, c, w)
    hand.trick_card = -1
    hand.trick_no += 1
    hand.tricks_won[w] += 1
    hand.won[w] += CARD_POINTS[c] + CARD_POINTS[led]
    hand.leader = w
    hand.to_move = w
    if hand.stock_open():
        hand.draw_pending = True  # R11, R17: the winner draws, closes or declares first
    elif not hand.hands[w]:
        score.run_out(hand, w)
