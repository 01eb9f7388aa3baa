"""`python -m sim.review RECORD [--seat N] [--budget UNITS]`: where a finished hand was lost.

RECORD is a hand record (engine/record.py): its text, a file holding it, or `-` for standard
input. Prints one line per decision that cost game points (engine.coach.review: exact with all cards
known in the strict phase, HARD's choice from the player's view elsewhere), worst first, then
a last line summing the game points lost. Both seats by default; --seat N reviews one.
A record that is malformed or not a finished hand: a message and exit status 2.
"""
import argparse
import os
import sys

from engine.record import replay
from engine.coach.review import review_hand, BUDGET


def read_record(arg, stdin=None):
    """The record's text from RECORD: '-' (stdin), a file, or the text itself."""
    if arg == "-":
        return (stdin or sys.stdin).read()
    if "\n" in arg or (arg.lstrip().startswith(("preset", "#")) and not os.path.exists(arg)):
        return arg  # a record's text (a file of that name is read as a file)
    if os.path.isdir(arg):
        raise ValueError("%s is a folder: give a record's file, its text or -" % arg)
    if not os.path.isfile(arg):
        raise ValueError("no such file: %s (give a record's text, a file or -)" % arg)
    with open(arg) as f:
        return f.read()


def report(hand, seats, budget):
    """The lines to print for a finished hand."""
    out = []
    total = []
    for seat in seats:
        r = review_hand(hand, seat, budget)
        prefix = "seat %d: " % seat if len(seats) > 1 else ""
        for cost, _trick, text in r.lines:
            tag = "-%d" % cost if cost else "  ?"
            out.append("%s %s%s" % (tag, prefix, text))
        if r.unreviewed:
            t = r.unreviewed_to
            out.append("  . %s%s: %d decision%s not reviewed (budget of %d units; --budget 0 for "
                       "none)" % (prefix, "trick 1" if t == 1 else "tricks 1-%d" % t,
                                  r.unreviewed, "" if r.unreviewed == 1 else "s", budget))
        measured = len([1 for c, _t, _s in r.lines if c])
        total.append("seat %d lost %d game point%s in %d decision%s" % (
            seat, r.lost(), "" if r.lost() == 1 else "s", measured, "" if measured == 1 else "s"))
    out.append("Total: " + "; ".join(total) + ".")
    return out


def main(argv=None, stdin=None, stdout=None):
    stdout = stdout or sys.stdout
    ap = argparse.ArgumentParser(prog="python -m sim.review", description=__doc__.split("\n")[0])
    ap.add_argument("record", help="a hand record's text, a file holding one, or - (stdin)")
    ap.add_argument("--seat", type=int, choices=(0, 1), help="review this seat only (default both)")
    ap.add_argument("--budget", type=int, default=BUDGET,
                    help="work units per seat (solver nodes and HARD decisions; default %d, the "
                         "board's; 0 = no limit)" % BUDGET)
    args = ap.parse_args(argv)
    if args.budget < 0:
        ap.error("--budget must be 0 or more")
    try:
        hand = replay(read_record(args.record, stdin))
    except (ValueError, OSError, UnicodeDecodeError) as e:
        print("sim.review: %s" % e, file=sys.stderr)
        return 2
    if not hand.over:
        print("sim.review: the record is not a finished hand (%d actions; the hand goes on): "
              "only a finished hand can be reviewed" % len(hand.history), file=sys.stderr)
        return 2
    seats = (args.seat,) if args.seat is not None else (0, 1)
    for line in report(hand, seats, args.budget or (1 << 30)):
        print(line, file=stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
