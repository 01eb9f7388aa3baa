"""Why an action is refused, naming the rule (imported only when an action is refused)."""
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE
from engine.notation import action_name, mask_names, SUITS


def why_illegal(hand, a):
    if type(a) is not int or not 0 <= a < 32:
        return ("no action %r: actions are 0..31 (play 0..23, marriage 24..27, X 28, C 29, "
                "W 30, D 31)" % (a,))
    name = action_name(a)
    if hand.over:
        return "%s: the hand is over (D10)" % name
    p = hand.to_move
    r = hand.rules
    following = hand.trick_card >= 0
    if a < 24:
        if not hand.hands[p] >> a & 1:
            return "%s: not in the hand of player %d" % (name, p)
        if hand.draw_pending:
            return "%s: draw, close or declare first (R11, R17)" % name
        if hand.announced >= 0:
            return "%s: after announcing the marriage in %s lead its K or Q (R20, D2)" % (
                name, SUITS[hand.announced])
        return "%s: the strict rules oblige one of %s (R26)" % (name, mask_names(hand.follow_cards()))
    if a == DECLARE:
        if following:
            return "D: only the leader may declare, before leading (R29, D1)"
        return "D: player %d has won no trick yet (R29, D1)" % p
    if a == DRAW:
        return "W: nothing to draw now (R11)"
    if following and a != EXCHANGE:
        return "%s: only the leader may do this, before leading (R17, R20)" % name
    if hand.draw_pending:
        return "%s: draw first (the exchange needs the draw done, a marriage a lead: R14, R20)" % name
    if hand.announced >= 0:
        return "%s: after a marriage announcement only its K or Q, or D (D2)" % name
    if a == EXCHANGE:
        return ("X: needs the trump %s in hand, the lead%s, and an open stock of at least %d "
                "cards with the trump card still there (R13-R16, D3)" % (
                    "jack" if r.exchange_rank else "nine",
                    " and a trick won" if r.exchange_needs_trick else "", r.exchange_min_stock))
    if a == CLOSE:
        return "C: closing needs the lead and an open stock of at least %d cards%s (R17, R18, D4)" % (
            r.close_min_stock, "" if r.close_before_first_trick else ", not on the first trick")
    return ("%s: a marriage needs K and Q of %s in hand, on a lead%s%s (R20-R22)" % (
        name, SUITS[a - MARRIAGE],
        "" if r.marriage_on_first_lead else " after the first trick",
        "" if r.marriage_after_close else " before the stock is closed or exhausted"))
