"""What each legal action does to a hand (R10-R13, R17, R19, R20); the checks are in legal.py."""
from engine.legal import beats
from engine.cards import SUIT_MASK, CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW
from engine import score


def act(hand, p, action):
    """Seat p takes a legal action."""
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
        ex = hand.trump_suit * 6 + hand.rules.exchange_rank
        old = hand.face_up
        hand.hands[p] ^= (1 << ex) | (1 << old)
        hand.shown[p] |= 1 << old
        hand.face_up = ex
        hand.exchanged_by = p
    elif action == CLOSE:  # R17, R19
        hand.closed_by = p
        hand.draw_pending = False
        hand.frozen_tricks = hand.tricks_won[1 - p]
        hand.frozen_points = hand.points(1 - p)
        hand.close_trick = hand.trick_no
    elif action == DRAW:
        draw(hand, p)
    else:
        score.declare(hand, p)
    if hand.rules.auto_declare and not hand.over:
        q = hand.to_move
        if hand.trick_card < 0 and hand.tricks_won[q] and hand.points(q) >= 66:
            score.declare(hand, q)


def play_card(hand, p, c):
    """A lead, or a follow that ends the trick (R9, R10; R11 a draw is then pending)."""
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


def draw(hand, w):
    """R11: the winner draws the top card, then the loser; the trump card comes last."""
    hand.draw_pending = False
    for seat in (w, 1 - w):
        if hand._next < len(hand.deck):
            hand.hands[seat] |= 1 << hand.deck[hand._next]
            hand._next += 1
        else:
            hand.hands[seat] |= 1 << hand.face_up
            hand.shown[seat] |= 1 << hand.face_up
            hand.face_up = -1
