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


def false_points(hand, o):
    """R30a: the opponent of a false declarer scores 2, or 3 without a trick."""
    if hand.tricks_won[o] or not hand.rules.false_declare_schwarz3:
        return 2
    return 3


def failed_close_points(hand):
    """R37: 2, or 3 if the closer's opponent had no trick at the close (or always 3)."""
    if hand.rules.failed_close_always3 or not hand.frozen_tricks:
        return 3
    return 2


def declare(hand, p):
    """Check p's declaration of 66 and score the hand."""
    r = hand.rules
    o = 1 - p
    hand.declared_by = p
    correct = hand.points(p) >= 66
    closer = hand.closed_by
    if closer < 0:
        if correct:
            hand.finish(p, scale(hand.points(o), hand.tricks_won[o]), DECLARED)
        else:
            hand.finish(o, false_points(hand, o), FALSE_DECLARATION)
    elif closer == p:
        if correct:  # R36: scored from the opponent's tricks and points at the close
            if r.close_score_at == "end":
                pts = scale(hand.points(o), hand.tricks_won[o])
            else:
                pts = scale(hand.frozen_points, hand.frozen_tricks)
            hand.finish(p, pts, CLOSER_WON)
        else:
            hand.finish(o, failed_close_points(hand), CLOSER_FALSE)
    elif correct:  # R37b
        pts = failed_close_points(hand)
        if r.beaten_closer_flat2 and not r.failed_close_always3:
            pts = 2
        hand.finish(p, pts, CLOSER_BEATEN)
    else:
        hand.finish(o, false_points(hand, o), FALSE_DECLARATION)


def run_out(hand, w):
    """All cards played with no declaration; w won the last trick."""
    o = 1 - w
    r = hand.rules
    if hand.closed_by >= 0:  # D9
        if hand.closed_by == w and hand.points(w) >= 66:
            declare(hand, w)
        else:
            hand.finish(1 - hand.closed_by, failed_close_points(hand), CLOSER_FAILED)
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
