"""Scoring a hand: declarations (R28-R30a, R36, R37, D7) and run-outs (R31-R34, D8, D9)."""

# hand.reason once a hand is over (with game_points 1, 2 or 3 they name the whole result)
DECLARED = "declared"  # a correct declaration of 66 (R28, R35)
FALSE_DECLARATION = "false declaration"  # R30a
CLOSER_WON = "closer won"  # R36
CLOSER_FAILED = "closer failed"  # R37a, D9: the closed hand ran out
CLOSER_FALSE = "closer declared falsely"  # D7
CLOSER_BEATEN = "closer beaten"  # R37b: the closer's opponent declared first
RUN_OUT = "run out"  # R32, D8: all cards played, higher total
LAST_TRICK = "last trick"  # R32 variant: the last-trick winner takes the hand
DRAWN = "drawn"  # R33


def scale(points, tricks):
    """R35: game points the winner scores from the loser's counted points and tricks."""
    if points >= 33:
        return 1
    return 2 if tricks else 3


def declare(hand, p):
    """Check p's declaration of 66 and score the hand."""
    r = hand.rules
    o = 1 - p
    hand.declared_by = p
    closer = hand.closed_by
    # R37: a failed close scores 2, or 3 if the closer's opponent had no trick at the close
    # (or always 3)
    pts = 3 if r.failed_close_always3 or not hand.frozen_tricks else 2
    if hand.points(p) < 66:  # a false declaration
        if closer == p:  # D7
            hand.finish(o, pts, CLOSER_FALSE)
        else:  # R30a: the opponent scores 2, or 3 without a trick
            hand.finish(o, 2 if hand.tricks_won[o] or not r.false_declare_schwarz3 else 3,
                        FALSE_DECLARATION)
    elif closer < 0:
        hand.finish(p, scale(hand.points(o), hand.tricks_won[o]), DECLARED)
    elif closer == p:  # R36: scored from the opponent's tricks and points at the close
        if r.close_score_at == "end":
            hand.finish(p, scale(hand.points(o), hand.tricks_won[o]), CLOSER_WON)
        else:
            hand.finish(p, scale(hand.frozen_points, hand.frozen_tricks), CLOSER_WON)
    else:  # R37b
        if r.beaten_closer_flat2 and not r.failed_close_always3:
            pts = 2
        hand.finish(p, pts, CLOSER_BEATEN)


def run_out(hand, w):
    """All cards played with no declaration; w won the last trick."""
    o = 1 - w
    r = hand.rules
    if hand.closed_by >= 0:  # D9
        if hand.closed_by == w and hand.points(w) >= 66:
            declare(hand, w)
        else:
            hand.finish(1 - hand.closed_by, 3 if r.failed_close_always3 or not
                        hand.frozen_tricks else 2, CLOSER_FAILED)  # R37, as in declare
        return
    hand.bonus[w] = r.last_trick_bonus  # R31
    if hand.points(w) >= 66:  # D8: counts as the last-trick winner's correct declaration
        hand.declared_by = w
        hand.finish(w, scale(hand.points(o), hand.tricks_won[o]), DECLARED)
    elif r.run_out_winner == "last":
        hand.finish(w, 1, LAST_TRICK)
    elif hand.points(w) == hand.points(o):
        hand.finish(None, 0, DRAWN)  # R33
    else:
        hi = w if hand.points(w) > hand.points(o) else o
        hand.finish(hi, scale(hand.points(1 - hi), hand.tricks_won[1 - hi]), RUN_OUT)  # R32
