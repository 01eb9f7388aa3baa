"""Fit the open-phase value (engine/ai/value.py) on self-play and write engine/ai/value_table.py.

    python -m sim.train [--hands N] [--preset P|all] [--player SPEC] [--opponent SPEC]
                        [--jobs J] [--seed S] [--explore E] [--lam L [--lam-rounds R]]
                        [--records DIR] [--out PATH]

Plays N hands per preset between two copies of SPEC (default hard, i.e. the engine as it is
now, table included), or between SPEC and --opponent's player (seats swapped every second
hand; both seats' positions are fitted: the value then learns how hands go against that
opponent). After every trick of the open phase, before the draws, it records each
seat's feature vector (features() below) and, once the hand is over, the game points that
seat won or lost (-3..3). A least-squares fit per stock size gives the weights, stored as
int16 in 1/10000 of a game point. Printed: positions, the fit on the last fifth of the hands
(held out), and a few weights to read. Training again from the new table is one step of
policy iteration; judge a table with the arena (docs/ai.md), never by its fit.

--lam L (0..1, default 1) fits the lambda-return instead of the outcome alone: a position's
target is (1 - L) times the shipped table's value of the same seat's next recorded position
of the hand (clipped to -3..3) plus L times that position's own target; a seat's last position
of a hand keeps the outcome. It trades the outcome's noise (the cards still to come) for the
table's bias. --lam-rounds R fits R times, each time on the returns of the previous fit's
values (the first round uses the shipped table). The held-out R^2 is always against the
outcome. --records DIR keeps the self-play records (an .npz per preset, hands, player, seed
and explore) and reads them instead of playing when they are there: fits with other --lam
cost seconds, not the self-play.

Needs numpy (desktop only; the board never trains).
"""
import argparse
import os
import sys
import time

from engine.ai import value
from engine.cards import SUIT_MASK, bit_index, popcount
from engine.hand import Hand
from engine.rng import Rng, mix
from engine.rules import PRESET_ORDER, preset
from sim.cli import at_least_1, replace_file, write_problem
from sim.players import make_player

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCALE = 10000  # weights are stored in 1/SCALE of a game point
N_ROWS = 6  # stock sizes 2, 4, ... 12 (engine.ai.value.row)
N_WEIGHTS = 27  # 24 features a seat, the lead, 2 features a seat more (engine.ai.value)
STOCKS = tuple(range(2, 2 * N_ROWS + 1, 2))
KINDS = ("trump 9", "trump J", "trump Q", "trump K", "trump 10", "trump A", "A", "10 (A gone)",
         "10", "K/Q with partner", "K/Q partner out", "K/Q partner gone", "J", "9")


# the features engine/ai/value.py weighs, written out (tests check the two agree)
def side_features(points, tricks, hand, gone, trump, leads, gets_up, up_rank):
    """The 26 features of one seat (a list: for training and tests, not for play)."""
    f = [points, max(0, points - 33), max(0, points - 50), 0 if tricks else 1]
    kinds = [0] * 14
    m = hand
    while m:
        low = m & -m
        m ^= low
        kinds[value.kind(bit_index(low), hand, gone, trump)] += 1
    f.extend(kinds)
    m20, m40, nt = pairs(hand, trump)
    f.extend((leads * m20, leads * m40, nt * nt, leads * nt, gets_up, gets_up * up_rank))
    suits = [hand >> 6 * s & 63 for s in range(4) if s != trump]  # plain suits' ranks held
    f.extend((sum(1 for m in suits if m >> 4 == 3),  # A and 10
              sum(1 for m in suits if not m) if nt else 0))  # voids, trumps in hand
    return f


def pairs(hand, trump):
    """(plain marriages, 1 for the trump marriage, trumps) in hand."""
    a = b = 0
    for s in range(4):
        if hand >> (6 * s + 2) & 3 == 3:
            if s == trump:
                b = 1
            else:
                a += 1
    return a, b, popcount(hand & SUIT_MASK[trump])


def features(stock, mine, theirs, leads, trump, gone, up):
    """The full feature vector for me (training): mine, theirs = (points, tricks, hand) after the
    trick; leads: 1 if I won it; up: the face-up trump card (-1 if none)."""
    last = stock == 2 and up >= 0  # the loser of the last open trick takes it (R11)
    r = up % 6
    a = side_features(mine[0], mine[1], mine[2], gone, trump, leads, int(last and not leads), r)
    b = side_features(theirs[0], theirs[1], theirs[2], gone, trump, 1 - leads, int(last and leads), r)
    d = [x - y for x, y in zip(a, b)]
    return d[:24] + [1 if leads else -1] + d[24:]  # the lead's weight is w[24] (engine.ai.value)


def hand_records(h, players, seed, explore=0):
    """Plays one hand; returns [(stock, features, game points for that seat, seat), ...] in the
    order of the tricks.
    explore: the chance in 1000 that an open-phase card is a random one instead of the player's."""
    pending = []
    ply = 0
    rng = Rng(mix(seed, 977))
    while not h.over:
        s = h.to_move
        view = h.view(s)
        a = players[s](view, mix(seed, ply))
        if explore and a < 24 and not h.strict and rng.below(1000) < explore:
            cards = [c for c in view.legal if c < 24]
            a = cards[rng.below(len(cards))]
        follow = h.trick_card >= 0 and not h.strict
        h.apply(a)
        ply += 1
        if follow and h.draw_pending and not h.over:
            leads = h.last_trick[2]
            gone = h.played[0] | h.played[1]
            for p in (0, 1):
                if h.points(p) >= 66 or h.points(1 - p) >= 66:
                    continue  # a declare, not a position to value
                x = features(h.stock_size, (h.points(p), h.tricks_won[p], h.hands[p]),
                             (h.points(1 - p), h.tricks_won[1 - p], h.hands[1 - p]),
                             1 if leads == p else 0, h.trump_suit, gone, h.face_up)
                pending.append((p, h.stock_size, x))
    out = []
    for p, stock, x in pending:
        g = h.game_points if h.winner == p else -h.game_points if h.winner is not None else 0
        out.append((stock, x, g, p))
    return out


def collect(task):
    """Records of hands lo..hi of a preset (a worker)."""
    import numpy as np
    name, spec, seed, lo, hi, explore, against = task  # against: --opponent's spec or None
    rules = preset(name)
    player = make_player(spec)
    other = make_player(against) if against else player
    stocks, xs, ys, ids = [], [], [], []
    for i in range(lo, hi):
        hs = mix(seed, i + 1)
        # against another player: the seats swap every second hand (both seats deal too)
        players = (player, other) if i // 2 % 2 == 0 else (other, player)
        for stock, x, g, p in hand_records(Hand.new(hs, i % 2, rules), players, hs, explore):
            stocks.append(stock)
            xs.append(x)
            ys.append(g)
            ids.append(2 * i + p)
    return (lo, np.array(stocks, dtype=np.int8), np.array(xs, dtype=np.int16).reshape(-1, N_WEIGHTS),
            np.array(ys, dtype=np.int8), np.array(ids, dtype=np.int32))


def table_values(raw, stocks, xs):
    """What the table (bytes, as engine.ai.value reads them) says of each recorded position, in
    game points: the row of its stock size times its features."""
    import numpy as np
    w = np.frombuffer(raw, dtype="<i2").reshape(N_ROWS, N_WEIGHTS).astype(float) / SCALE
    rows = np.clip(stocks.astype(int) // 2 - 1, 0, N_ROWS - 1)
    return (xs.astype(float) * w[rows]).sum(axis=1)


def lambda_targets(stocks, xs, ys, ids, raw, lam):
    """The lambda-return of each record: G = (1 - lam) * V(next) + lam * G(next), where next is
    the same seat's next recorded position of the same hand and V the table raw's value of it
    (clipped to -3..3); the last record of a seat's hand gets the outcome. lam 1 is the outcome
    alone, lam 0 the table's value one trick later (records of a hand in order, ids 2*hand+seat)."""
    import numpy as np
    v = np.clip(table_values(raw, stocks, xs), -3.0, 3.0).tolist()
    g = ys.astype(float).tolist()  # the last record of each (hand, seat) keeps its outcome
    who = ids.tolist()
    nxt = {}
    for k in range(len(g) - 1, -1, -1):  # backwards: a record's next one is done first
        j = nxt.get(who[k])
        if j is not None:
            g[k] = (1 - lam) * v[j] + lam * g[j]
        nxt[who[k]] = k
    return np.array(g)


def fit(stocks, xs, ys, held_from, targets=None):
    """{stock: (weights as floats, held-out R^2 or None, positions)} by least squares on targets
    (default: the outcomes ys); R^2 is always against the outcomes."""
    import numpy as np
    out = {}
    for s in STOCKS:
        rows = stocks == s
        if not rows.any():
            continue
        x = xs[rows].astype(float)
        y = ys[rows].astype(float)
        t = y if targets is None else targets[rows]
        train = np.arange(len(y)) < held_from[s]
        w = np.linalg.lstsq(x[train], t[train], rcond=None)[0]
        r2 = None
        if (~train).sum() > 10 and y[~train].var() > 0:
            r2 = 1 - ((x[~train] @ w - y[~train]) ** 2).mean() / y[~train].var()
        out[s] = (w, r2, int(rows.sum()))
    return out


def to_ints(fitted):
    """The table bytes (N_ROWS rows of int16, little-endian) and how many weights were clipped."""
    import struct
    flat = []
    clipped = 0
    have = sorted(fitted)
    for s in STOCKS:
        near = min(have, key=lambda k: (abs(k - s), -k))  # a missing size borrows the nearest
        for v in fitted[near][0]:
            n = int(round(v * SCALE))
            if not -32768 <= n <= 32767:
                clipped += 1
                n = max(-32768, min(32767, n))
            flat.append(n)
    return struct.pack("<%dh" % len(flat), *flat), clipped


def write_table(path, tables, notes):
    lines = ['"""Trained weights of engine.ai.value: written by `python -m sim.train`; do not edit.',
             "", "Per preset: %d rows (stock 2, 4, ... %d before the draws) of %d int16 weights in"
             % (N_ROWS, 2 * N_ROWS, N_WEIGHTS),
             "1/%d of a game point, little-endian. Fitted on:" % SCALE]
    lines += ["  " + n for n in notes]
    lines += ['"""', "TABLES = {"]
    order = list(PRESET_ORDER)
    for name in sorted(tables, key=lambda n: order.index(n) if n in order else len(order)):
        raw = tables[name]
        lines.append("    %r: (" % name)
        for i in range(0, len(raw), 24):
            lines.append("        %r" % raw[i:i + 24])
        lines.append("    ),")
    lines.append("}")
    # whole or not at all: a full disk leaves the old table, which the engine imports
    replace_file(path, ("\n".join(lines) + "\n").encode())



def _who(args):
    """Who played the hands: the player, or `PLAYER against OPPONENT`."""
    return args.player + (" against " + args.opponent if args.opponent else "")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.train", description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=40000, help="hands of self-play per preset")
    ap.add_argument("--preset", default="all", help="sixty-six, schnapsen, santase or all")
    ap.add_argument("--player", default="hard", help="who plays the hands (a player spec)")
    ap.add_argument("--opponent", metavar="SPEC",
                    help="the player's opponent (default: itself); the seats swap every second "
                         "hand, and both seats' positions are fitted")
    ap.add_argument("--jobs", type=at_least_1, default=1)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--explore", type=int, default=0,
                    help="per mille of open-phase cards played at random (data off the player's path)")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="fit the lambda-return: the outcome (1, the default) mixed with the "
                         "shipped table's value of the seat's next position (0..1)")
    ap.add_argument("--lam-rounds", type=int, default=1,
                    help="with --lam: fit again this many times in all, each time on the "
                         "lambda-returns of the previous fit instead of the shipped table")
    ap.add_argument("--records", metavar="DIR",
                    help="keep the self-play records in this folder and reuse them when the same "
                         "preset, hands, player, seed and explore come again")
    ap.add_argument("--out", default=os.path.join(ROOT, "engine", "ai", "value_table.py"),
                    help="the module to write (default: the engine's own table)")
    args = ap.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        print("sim.train needs numpy: pip install -r requirements.txt", file=sys.stderr)
        return 2
    if args.hands < 10:
        print("--hands must be at least 10", file=sys.stderr)
        return 2
    if not 0 <= args.explore <= 1000:
        print("--explore is per mille: 0..1000", file=sys.stderr)
        return 2
    if not 0 <= args.lam <= 1:
        print("--lam must be within 0..1", file=sys.stderr)
        return 2
    if not 1 <= args.lam_rounds <= 20:
        print("--lam-rounds must be within 1..20", file=sys.stderr)
        return 2
    if args.records and not os.path.isdir(args.records):
        if os.path.exists(args.records):
            print("sim.train: --records %s is a file: give a folder (made if missing)"
                  % args.records, file=sys.stderr)
            return 2
        try:
            os.makedirs(args.records)
        except OSError as e:
            print("sim.train: cannot make the --records folder %s: %s"
                  % (args.records, e.strerror or e), file=sys.stderr)
            return 2
    if not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):  # before the long part
        print("sim.train: no folder for --out %s" % args.out, file=sys.stderr)
        return 2
    if os.path.isdir(args.out):
        print("sim.train: --out %s is a folder; name the table file" % args.out, file=sys.stderr)
        return 2
    for opt, folder in (("--out", os.path.dirname(os.path.abspath(args.out))),
                        ("--records", args.records)):
        why = folder and write_problem(folder)  # before the long part
        if why:
            print("sim.train: %s: cannot write in %s: %s" % (opt, folder, why), file=sys.stderr)
            return 2
    try:  # a bad preset or player fails here, before any work
        names = PRESET_ORDER if args.preset == "all" else (preset(args.preset).name,)
        make_player(args.player)
        if args.opponent:
            make_player(args.opponent)
    except ValueError as e:
        print("sim.train: %s" % e, file=sys.stderr)
        return 2
    tables = {}
    notes = []
    kept = []
    shipped = {}
    try:
        from engine.ai import value_table
        shipped = value_table.TABLES
        for name, raw in value_table.TABLES.items():
            if name not in names:  # presets not trained now keep their rows and their note
                tables[name] = raw
                kept += [line.strip() for line in (value_table.__doc__ or "").splitlines()
                         if line.strip().startswith(name + ":")]
    except ImportError:
        pass
    missing = [name for name in names if name not in shipped]
    if args.lam < 1 and missing:  # before the self-play, not after it
        print("sim.train: --lam needs a shipped %s table" % missing[0], file=sys.stderr)
        return 2
    for name in names:
        t0 = time.time()
        saved = None
        if args.records:
            who = _who(args).replace("/", "_").replace(" ", "_")
            saved = os.path.join(args.records, "%s-%d-%s-%d-%d.npz" % (
                name, args.hands, who, args.seed, args.explore))
        parts = None
        if saved and os.path.isfile(saved):
            import zipfile
            try:
                with np.load(saved) as z:
                    parts = [(0, z["stocks"], z["xs"], z["ys"], z["ids"])]
                    los = z["los"]
            except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile) as e:  # cut
                # short, or not ours
                print("sim.train: %s is unreadable (%s): playing the hands again" % (saved, e),
                      file=sys.stderr)
                parts = None
        fresh = parts is None
        if fresh:
            step = max(1, min(500, args.hands // (4 * max(1, args.jobs))))
            tasks = [(name, args.player, args.seed, lo, min(args.hands, lo + step), args.explore,
                      args.opponent) for lo in range(0, args.hands, step)]
            if args.jobs > 1:
                import multiprocessing
                from sim.cli import pool_size
                with multiprocessing.get_context("spawn").Pool(pool_size(args.jobs,
                                                                         len(tasks))) as pool:
                    parts = pool.map(collect, tasks)
            else:
                parts = [collect(t) for t in tasks]
            parts.sort(key=lambda p: p[0])
            los = np.concatenate([np.full(len(p[1]), p[0], dtype=np.int32) for p in parts])
        stocks = np.concatenate([p[1] for p in parts])
        xs = np.concatenate([p[2] for p in parts])
        ys = np.concatenate([p[3] for p in parts])
        ids = np.concatenate([p[4] for p in parts])
        if saved and fresh:  # played now: kept for the next run
            import io
            buf = io.BytesIO()
            np.savez_compressed(buf, stocks=stocks, xs=xs, ys=ys, ids=ids, los=los)
            replace_file(saved, buf.getvalue())
        cut = int((los < args.hands * 4 // 5).sum())  # train on 4/5
        held_from = {s: int((stocks[:cut] == s).sum()) for s in STOCKS}
        if args.lam < 1:
            raw = shipped[name]
            for _ in range(args.lam_rounds):  # the shipped table's returns, then the fit's own
                fitted = fit(stocks, xs, ys, held_from,
                             lambda_targets(stocks, xs, ys, ids, raw, args.lam))
                raw = to_ints(fitted)[0]
        else:
            fitted = fit(stocks, xs, ys, held_from)
        raw, clipped = to_ints(fitted)
        tables[name] = raw
        notes.append("%s: %d hands of %s, seed %d, %d positions%s" % (
            name, args.hands, _who(args), args.seed, len(ys),
            ", %d/1000 open-phase cards at random" % args.explore if args.explore else "")
            + (", lambda-return %g (%s)" % (args.lam, "on the table it replaced" if args.lam_rounds == 1
                                             else "%d rounds" % args.lam_rounds)
               if args.lam < 1 else ""))
        print("%s: %d hands, %d positions, %.0f s%s" % (name, args.hands, len(ys), time.time() - t0,
                                                         ", %d weights clipped" % clipped if clipped else ""))
        for s in sorted(fitted):
            w, r2, n = fitted[s]
            kinds = " ".join("%s %+.2f" % (KINDS[k], w[4 + k]) for k in (5, 4, 6, 13))
            print("  stock %2d: %6d positions, held-out R2 %s, per point %+.4f, lead %+.3f; %s" % (
                s, n, "%.3f" % r2 if r2 is not None else "-", w[0], w[24], kinds))
    write_table(args.out, tables, notes + kept)
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
