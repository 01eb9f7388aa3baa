"""A hand's result in words (the lines of handheld.result's page), and, after a match's last
hand, the lines of the match's result (made with the hand's: App.next_hand shows them).

From .mpy imported to make a page and unloaded as soon as it is made (its functions drop the
module on their way out: nothing else holds it); from .py compiled when the App starts, and
kept (see handheld.menu).
"""
from engine import score
from handheld.screen import precompiled
from handheld import words


def _gone():
    """Precompiled, this module leaves the heap once the function that calls this returns."""
    if precompiled(__name__):
        from handheld import unload
        unload(__name__)


def hand_lines(app):
    """(head, items, end) of the page of the hand just over: its lines, then its choices; end:
    the lines of the match's result if the match is over, else None."""
    m = app.match
    h = m.hand
    head, why, pts = hand_result(h)
    items = ["See the match" if m.over else "Next hand", "Review this hand"]
    if app.replayed is not h:
        items.append("Same deal, CPU's seat")
    end = _match_lines(m) if m.over else None
    _gone()
    return [head, "", why, pts, "Cards: you %d, CPU %d" % (h.points(0), h.points(1)),
            "Tricks: you %d, CPU %d" % (h.tricks(0), h.tricks(1)), words.match_line(m)], items, end


def _scale(pts):
    """Words for a game-point count on the R35 scale."""
    if pts >= 3:
        return "Schwarz: %d points" % pts
    if pts == 2:
        return "Schneider: 2 points"
    return "1 game point"


def hand_result(hand):
    """(headline, reason, points line) of a finished hand, from the player's side (seat 0)."""
    w = hand.winner
    r = hand.reason
    pts = hand.game_points
    if w is None:
        return "Drawn hand", "65 : 65, nobody scores", "No game points"
    head = "You win the hand" if w == 0 else "CPU wins the hand"
    if r == score.DECLARED:
        if hand.history and hand.history[-1] == 31:
            why = "%s declared 66" % words.WHO[w]
        else:
            why = "%s reached 66 at the end" % words.WHO[w]
        return head, why, _scale(pts)
    return (head,) + _other(w, r, pts, hand.frozen_points if hand.rules.close_score_at != "end"
                            else -1, hand.closed_by)


# (also a false declaration's words; closer: the seat that closed, or -1)
def _other(w, r, pts, frozen, closer):
    """hand_result's (reason, points line) of a close, a last trick or a run-out; frozen: the
    closer's opponent's card points at the close, where a close scores from them (R36), else
    -1. Apart from hand_result: a board loads each function's code into one block of its heap,
    and a smaller one finds room sooner."""
    if r == score.FALSE_DECLARATION:  # against a close: short of 66, which may cost less (D7)
        return ("%s declared short of 66" % words.WHO[1 - w] if closer == w else
                "False declaration by %s" % ("you" if w == 1 else "CPU")), (
            "%d game points, no trick" if pts == 3 else "%d game points") % pts
    if r == score.CLOSER_WON:  # the page's tricks are at the end: say where the scale is from
        return "%s closed and made 66" % words.WHO[w], (  # the page's totals are the end's:
            _scale(pts) if frozen < 0 or pts < 2 else "Schwarz at the close: 3" if pts > 2 else
            "Schneider (%s %d then): 2" % ("you" if w == 1 else "CPU", frozen))  # what the
        # loser had then (a player's find)
    if r == score.CLOSER_FAILED:
        return "Stock closed, %s failed" % ("you" if w == 1 else "CPU"), "%d game points" % pts
    if r == score.CLOSER_FALSE:
        return "%s closed, declared short" % words.WHO[1 - w], "%d game points" % pts
    if r == score.CLOSER_BEATEN:
        return "%s beat the closer to 66" % words.WHO[w], "%d game points" % pts
    if r == score.LAST_TRICK:
        return "%s took the last trick" % words.WHO[w], "1 game point"
    if r == score.RUN_OUT:
        return "Higher total at the end", _scale(pts)
    return str(r), "%d game points" % pts


def _match_lines(m):
    """The lines of the page of the match m, just over."""
    head = "You win the match!" if m.winner == 0 else "CPU wins the match"
    if m.bummerl:  # counted down from the target, as the hands' pages say it (words)
        left = "To go: you %d, CPU %d" % (m.scores[0], m.scores[1])
        goal = "Down from %d, %d hands"
    else:
        left = "Final: you %d, CPU %d" % (m.scores[0], m.scores[1])
        goal = "First to %d, %d hands"
    won = ""
    if len(m.results) == m.hand_no + 1:  # not after a resume: earlier hands are not saved
        won = "Hands won: you %d, CPU %d" % (len([r for r in m.results if r[0] == 0]),
                                              len([r for r in m.results if r[0] == 1]))
    return [head, "", left, goal % (m.target, m.hand_no + 1), "", won, "",
            "B: new match", "Hold B or START: menu"]
