"""Where two players choose differently (desktop only): a look inside one kind of decision.

    python -m sim.disagree OTHER [--base hard] [--kind follow|close] [--positions N]
                           [--preset P] [--seed S]

Plays BASE against itself (hands dealt from mix(S, n), dealer alternating), and at each
position of the kind asks OTHER too, from the same view and decision seed; the hand goes on
with BASE's choice. Where the two differ the kind tells why:
- follow (open-phase follows, stock 4 or more): whether each one's card takes the trick, with a
  trump or not, and the card points it gives up when it does not;
- close (every position where closing is legal): who closes, BASE, OTHER, both or neither.
Printed: how many positions agreed, then each kind of disagreement with its count (fewer
positions than asked if BASE reaches too few in 100 deals a position; exit status 1 if none).
Counts of choices, not of game points: `sim.arena BASE+KIND=OTHER BASE` says what the
difference is worth. OTHER is a player spec (sim.players.make_player): `ismcts:iters=7000`
is a search at about 400 ms a move here; an iteration budget gives the same answers on a busy
machine.
"""
import argparse
import sys

from engine.cards import CARD_POINTS, CLOSE
from engine.hand import Hand
from engine.legal import beats
from engine.rng import mix
from engine.rules import preset
from sim.cli import at_least_1
from sim.players import make_player

KINDS = ("follow", "close")


def _follow_word(view, card):
    """'takes' or 'gives up', with the trump and card points of the card played."""
    c = view.trick_card
    t = view.trump_suit
    if beats(card, c, t):
        return "takes with a %s" % ("trump" if card // 6 == t else "higher card")
    return "gives up %d" % CARD_POINTS[card]


def position_kind(view, kind):
    """True if view (a decision of the seat to move) is one of `kind`."""
    if len(view.legal) < 2:
        return False
    if kind == "close":
        return CLOSE in view.legal and not view.strict
    return view.trick_card >= 0 and not view.strict and view.stock_size >= 4


def compare(base, other, kind, positions, rules, seed):
    """(positions seen, {label: count}): label 'same', or why the two players differ."""
    counts = {}
    n = 0
    deal = 0
    while n < positions and deal < 100 * positions:  # a BASE that never reaches the kind
        deal += 1
        h = Hand.new(mix(seed, deal), deal & 1, rules)
        ply = 0
        while not h.over and n < positions:
            view = h.view(h.to_move)
            s = mix(seed * 7919 + deal, ply)
            a = base(view, s)
            if position_kind(view, kind):
                b = other(view, s)
                n += 1
                if a == b:
                    label = "same"
                elif kind == "close":
                    label = "base closes, other not" if a == CLOSE else (
                        "other closes, base not" if b == CLOSE else "neither closes, other moves")
                else:
                    label = "base %s, other %s" % (_follow_word(view, a), _follow_word(view, b))
                counts[label] = counts.get(label, 0) + 1
            h.apply(a)
            ply += 1
    return n, counts


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.disagree",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("other", help="the player asked beside BASE (e.g. ismcts:iters=7000)")
    ap.add_argument("--base", default="hard", help="the player whose hands are played")
    ap.add_argument("--kind", choices=KINDS, default="follow")
    ap.add_argument("--positions", type=at_least_1, default=300)
    ap.add_argument("--preset", default="sixty-six")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        rules = preset(args.preset)
        base = make_player(args.base)
        other = make_player(args.other)
    except ValueError as e:
        print("sim.disagree: %s" % e, file=sys.stderr)
        return 2
    n, counts = compare(base, other, args.kind, args.positions, rules, args.seed)
    if not n:
        print("sim.disagree: %s never reached a %s position in %d deals" % (
            args.base, args.kind, 100 * args.positions), file=sys.stderr)
        return 1
    print("%s vs %s, %s, %d %s positions, seed %d:" % (args.base, args.other, rules.name, n,
                                                        args.kind, args.seed))
    same = counts.pop("same", 0)
    print("  same choice: %d (%.0f%%)" % (same, 100.0 * same / n))
    for label, c in sorted(counts.items(), key=lambda kv: -kv[1]):
        print("  %4d  %s" % (c, label))
    return 0


if __name__ == "__main__":
    sys.exit(main())
