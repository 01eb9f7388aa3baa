"""Judge a value table (desktop only): HARD with table NEW against HARD with table OLD.

    python -m sim.tablecmp NEW [--old PATH] [--pairs N] [--preset P] [--seed S] [--jobs J]
    python -m sim.tablecmp engine/ai/value_table.py --old-ai REV [...]

NEW and OLD are modules like engine/ai/value_table.py (what `python -m sim.train --out PATH`
writes); OLD defaults to the shipped table. Duplicate single hands: each deal is played twice,
NEW's HARD in seat 0 and then in seat 1, the other seat HARD with OLD, so the cards cancel and
only the tables differ (the decision seeds are the same in both hands: equal tables give exactly
0). Printed: NEW's game points per hand minus OLD's, with a 95% interval
(a deal's two hands are one unit), and hands won. Self-play is the quick test of a table (20,000
pairs in about 8 minutes on 2 cores, 2 on PyPy); the arena against ISMCTS is the one that counts.

--old-ai REV judges the AI code instead: OLD is then the HARD of git revision REV (its
engine/ai/, or engine/ai.py before the package, and the modules under it, with its own table,
read by `git show` into a private package; the rules, views and cards are this checkout's), NEW
today's code with table NEW.

--against SPEC (a sim.players spec, e.g. ismcts:iters=1750) judges them against a third player
instead of against each other: on each deal NEW's HARD and OLD's HARD each play SPEC, from the
same seat, with the same decision seeds. The two games are one until the first decision where
NEW and OLD differ; there the hand is copied and each goes on alone, so SPEC's moves before it
are searched once and a deal where they never differ costs one game and differs by exactly 0.
Printed: OLD's game points per hand against SPEC (an arena figure on these deals), NEW's minus
OLD's with a 95% interval (a deal's two seats are one unit), and the hands where they differed.
The pairing is exact only for a SPEC that is deterministic given its seed (an iteration
budget, not milliseconds).
"""
import argparse
import importlib.util
import os
import sys
import time

from engine import ai
from engine.ai import value
from engine.hand import Hand
from engine.rng import mix
from engine.rules import preset
from sim.arena import _act, mean_ci
from sim.cli import at_least_1
from sim.players import make_player
from sim.train import N_ROWS, N_WEIGHTS

_LOADED = {}  # path -> TABLES, per process (each worker loads a file once)
_OLD_AI = {}  # rev -> its engine.ai module, per process
# the AI's own modules (a revision's copies import each other, and this checkout's others)
AI_MODULES = ("ai", "endgame", "value", "value_table", "lastopen", "solver", "solve_root",
              "sample")


def load_old_ai(rev):
    """The engine.ai module of git revision rev, as a private package; ValueError if absent."""
    mod = _OLD_AI.get(rev)
    if mod is not None:
        return mod
    import re
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pkg = "oldai_" + re.sub(r"[^0-9A-Za-z]", "_", rev)
    top = tempfile.mkdtemp(prefix="tablecmp")
    try:
        return _load_old_ai(rev, root, pkg, os.path.join(top, pkg))
    finally:  # the modules are imported, or failed to be: the copies are not needed again
        import shutil
        shutil.rmtree(top, ignore_errors=True)
        sys.path[:] = [p for p in sys.path if p != top]


def _load_old_ai(rev, root, pkg, base):
    import re
    import subprocess
    try:  # a revision git does not know: say so (not "has no engine/ai/__init__.py")
        subprocess.run(["git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"],
                       cwd=root, capture_output=True, check=True)
    except subprocess.CalledProcessError:
        raise ValueError("no git revision %r here (a commit, a branch or a tag)" % rev)
    except OSError as e:
        raise ValueError("git is needed for --old-ai (%s)" % e)
    os.makedirs(base)
    open(os.path.join(base, "__init__.py"), "w").close()
    names = "|".join(AI_MODULES)
    written = []
    for name in AI_MODULES:
        # the engine/ai/ package of today, else the flat engine/ of older revisions
        paths = ("engine/ai/__init__.py" if name == "ai" else "engine/ai/%s.py" % name,
                 "engine/%s.py" % name)
        text = None
        for path in paths:
            try:
                text = subprocess.run(["git", "show", "%s:%s" % (rev, path)], cwd=root,
                                      capture_output=True, text=True, check=True).stdout
                break
            except (OSError, subprocess.CalledProcessError) as e:
                why = e
        if text is None:
            if name == "solve_root":  # older revisions had none, newer ones keep its calls in
                text = "from %s.solver import *\n" % pkg  # the solver holds its calls now
            elif name == "lastopen":  # newer revisions solve the last open trick in the
                text = ""  # endgame (endgame.last_open): nothing imports this name there
            else:
                raise ValueError("revision %s has no %s or %s (%s)" % (rev, paths[0], paths[1],
                                                                      why))
        text = re.sub(r"from engine\.ai\.((?:%s)\b) import" % names, r"from %s.\1 import" % pkg,
                      text)
        text = re.sub(r"from engine\.ai import ((?:%s)\b)" % names, r"from %s import \1" % pkg,
                      text)
        text = re.sub(r"from engine import ((?:%s)\b)" % names, r"from %s import \1" % pkg, text)
        text = re.sub(r"from engine\.(%s) import" % names, r"from %s.\1 import" % pkg, text)
        with open(os.path.join(base, name + ".py"), "w") as f:
            f.write(text)
        written.append(name)
    sys.path.insert(0, os.path.dirname(base))
    mod = importlib.import_module(pkg + ".ai")
    for name in written:  # every module now, none later from a folder that is gone
        importlib.import_module(pkg + "." + name)
    _OLD_AI[rev] = mod
    return mod


def load_table(path, rules):
    """The TABLES dict of the module at path; ValueError if it has no usable row for rules."""
    tables = _LOADED.get(path)
    if tables is None:
        if not os.path.isfile(path):
            raise ValueError("no table file %s" % path)
        spec = importlib.util.spec_from_file_location("value_table_under_test", path)
        if spec is None:  # a name Python cannot import as a module (not *.py)
            raise ValueError("%s is no Python module: a table file ends in .py (python -m "
                             "sim.train --out NEW.py)" % path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception as e:
            raise ValueError("%s does not load: %r" % (path, e))
        tables = getattr(mod, "TABLES", None)
    name = value.table_name(rules)
    size = 2 * N_ROWS * N_WEIGHTS  # int16 weights
    if not isinstance(tables, dict) or len(tables.get(name, b"")) != size:
        raise ValueError("%s has no %d-byte %s table (write it with python -m sim.train --out)"
                         % (path, size, name))
    _LOADED[path] = tables
    return tables


def play_deal(task):
    """One deal, twice: returns (NEW's game points minus OLD's over both hands, NEW's hand wins)."""
    i, new, old, preset_name, seed, old_ai = task
    rules = preset(preset_name)
    shipped = value.TABLES
    tables = (load_table(new, rules), load_table(old, rules) if old else shipped)
    players = (ai, load_old_ai(old_ai) if old_ai else ai)
    s = mix(seed, i + 1)
    diff = wins = 0
    try:
        for seat_new in (0, 1):
            h = Hand.new(s, i % 2, rules)
            ply = 0
            while not h.over:
                p = h.to_move
                k = 0 if p == seat_new else 1
                value.TABLES = tables[k]
                h.apply(players[k].choose(h.view(p), ai.HARD, mix(s, ply)))
                ply += 1
            diff += _score(h, seat_new)
            wins += h.winner == seat_new
    finally:
        value.TABLES = shipped
    return diff, wins


_AGAINST = {}  # spec -> player, per process


def _score(h, seat):
    """seat's game points for the finished hand h (negative if it lost)."""
    if h.winner is None:
        return 0
    return h.game_points if h.winner == seat else -h.game_points


def play_against(task):
    """One deal, HARD in each seat against SPEC, NEW's and OLD's HARD in lockstep until they
    differ. Returns (NEW's minus OLD's game points over both seats, OLD's game points over both
    seats, hands where the two differed)."""
    i, new, old, preset_name, seed, old_ai, spec = task
    rules = preset(preset_name)
    shipped = value.TABLES
    tables = (load_table(new, rules), load_table(old, rules) if old else shipped)
    players = (ai, load_old_ai(old_ai) if old_ai else ai)
    other = _AGAINST.get(spec)
    if other is None:
        other = _AGAINST[spec] = make_player(spec)
    s = mix(seed, i + 1)

    def hard(k, h, p, ply):
        value.TABLES = tables[k]
        return players[k].choose(h.view(p), ai.HARD, mix(s, ply))

    def spec_move(h, p, ply):  # SPEC's move, checked and named as the arena does
        return _act(other, "SPEC", h, p, mix(s, ply), [])

    def finish(h, seat, k, ply):  # the rest of a hand: HARD k in seat against SPEC
        while not h.over:
            p = h.to_move
            h.apply(hard(k, h, p, ply) if p == seat else spec_move(h, p, ply))
            ply += 1
        return _score(h, seat)

    diff = base = split = 0
    try:
        for seat in (0, 1):
            h = Hand.new(s, i % 2, rules)
            ply = 0
            fork = None
            while not h.over:
                p = h.to_move
                if p != seat:
                    h.apply(spec_move(h, p, ply))
                else:
                    a = hard(0, h, p, ply)
                    b = hard(1, h, p, ply)
                    if a != b:
                        fork = h.copy()
                        h.apply(a)
                        fork.apply(b)
                        ply += 1
                        break
                    h.apply(a)
                ply += 1
            mine = finish(h, seat, 0, ply)
            theirs = finish(fork, seat, 1, ply) if fork is not None else mine
            diff += mine - theirs
            base += theirs
            split += fork is not None
    finally:
        value.TABLES = shipped
    return diff, base, split


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.tablecmp", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("new", help="the table module to judge")
    ap.add_argument("--old", help="the table to judge it against (default: the shipped one)")
    ap.add_argument("--pairs", type=int, default=20000, help="deals, each played twice")
    ap.add_argument("--preset", default="sixty-six")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=at_least_1, default=1)
    ap.add_argument("--old-ai", metavar="REV", help="OLD is the HARD of this git revision")
    ap.add_argument("--against", metavar="SPEC",
                    help="NEW and OLD each play this player on the same deals (see above)")
    args = ap.parse_args(argv)
    try:
        rules = preset(args.preset)
        shipped = os.path.join(os.path.dirname(os.path.abspath(value.__file__)),
                               "value_table.py")
        if not args.old and not args.old_ai and os.path.exists(args.new) and \
                os.path.samefile(args.new, shipped):
            raise ValueError("%s is the shipped table itself: it would play against itself "
                             "(sim.train rewrites it unless given --out NEW.py; judge a table "
                             "written so, or give --old OLD.py or --old-ai REV)" % args.new)
        load_table(args.new, rules)
        if args.old:
            load_table(args.old, rules)
        if args.old_ai:
            if args.old:
                raise ValueError("--old-ai plays the revision's own table: no --old with it")
            load_old_ai(args.old_ai)
        if args.against:
            make_player(args.against)
    except ValueError as e:
        print("sim.tablecmp: %s" % e, file=sys.stderr)
        return 2
    if args.pairs < 2:
        print("--pairs must be at least 2", file=sys.stderr)
        return 2
    if args.against:
        return _main_against(args, rules)
    tasks = [(i, args.new, args.old, rules.name, args.seed, args.old_ai)
             for i in range(args.pairs)]
    t0 = time.time()
    results = _run(play_deal, tasks, args.jobs, 50)
    m, lo, hi = mean_ci([d / 2.0 for d, _ in results])
    won = sum(w for _, w in results)
    print("%s vs %s, %s, %d deals x 2 hands, seed %d (%.0f s):" % (
        args.new, _old_name(args), rules.name, args.pairs, args.seed,
        time.time() - t0))
    print("  game points per hand, new minus old: %+.4f [%+.4f, %+.4f]" % (m, lo, hi))
    print("  hands won by new: %.1f%%" % (100.0 * won / (2 * args.pairs)))
    return 0


def _run(work, tasks, jobs, chunk):
    """work(task) for every task, in order: in `jobs` worker processes when jobs > 1."""
    if jobs <= 1:
        return [work(t) for t in tasks]
    import multiprocessing
    from sim.cli import pool_size
    with multiprocessing.get_context("spawn").Pool(pool_size(jobs, len(tasks))) as pool:
        return pool.map(work, tasks, chunksize=chunk)


def _old_name(args):
    return "the HARD of %s" % args.old_ai if args.old_ai else args.old or "the shipped table"


def _main_against(args, rules):
    tasks = [(i, args.new, args.old, rules.name, args.seed, args.old_ai, args.against)
             for i in range(args.pairs)]
    t0 = time.time()
    results = _run(play_against, tasks, args.jobs, 4)  # a deal against ISMCTS takes seconds
    m, lo, hi = mean_ci([d / 2.0 for d, _, _ in results])
    b, blo, bhi = mean_ci([x / 2.0 for _, x, _ in results])
    split = sum(n for _, _, n in results)
    print("%s vs %s, each against %s, %s, %d deals x 2 hands, seed %d (%.0f s):" % (
        args.new, _old_name(args), args.against, rules.name, args.pairs, args.seed,
        time.time() - t0))
    print("  old against %s: %+.4f [%+.4f, %+.4f] game points per hand" % (
        args.against, b, blo, bhi))
    print("  game points per hand, new minus old: %+.4f [%+.4f, %+.4f]" % (m, lo, hi))
    print("  hands where new and old differed: %d of %d" % (split, 2 * args.pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
