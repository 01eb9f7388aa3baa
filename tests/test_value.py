"""The learned open-phase value (engine/ai/value.py) and its trainer (sim/train.py)."""
import importlib.util
import struct

import pytest

from engine import ai
from engine.ai import value
from engine.cards import CARD_POINTS
from engine.hand import Hand
from engine.legal import beats
from engine.rng import Rng
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE
from engine.ai.value_table import TABLES
from sim import train

from helpers import ai_positions

PRESETS = (SIXTY_SIX, SCHNAPSEN, SANTASE)


def _after_tricks(rules, count, seed):
    """Hands just after an open-phase trick (before the draws), from AI-vs-AI play."""
    out = []
    for h, _view in ai_positions(rules, seed, lambda rng: ai.NORMAL):
        if h.draw_pending:  # R11: only an open trick leaves a draw pending
            out.append(h.copy())
            if len(out) == count:
                return out


def _fast(w, h, me, leads):
    """The value for `me` the way the AI computes it (point_part + hand_part per seat)."""
    o = 1 - me
    gone = h.played[0] | h.played[1]
    last = 1 if h.stock_size == 2 and h.face_up >= 0 else 0
    ur = h.face_up % 6
    mine = value.point_part(w, h.points(me), h.tricks_won[me]) + value.hand_part(
        w, h.hands[me], gone, h.trump_suit, leads, last and not leads, ur)
    theirs = value.point_part(w, h.points(o), h.tricks_won[o]) + value.hand_part(
        w, h.hands[o], gone, h.trump_suit, 1 - leads, last and leads, ur)
    return mine - theirs + (w[24] if leads else -w[24])


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_the_fast_value_equals_the_weights_times_the_features(rules):
    rng = Rng(3)
    for h in _after_tricks(rules, 300, 21):
        w = tuple(rng.below(4001) - 2000 for _ in range(train.N_WEIGHTS))  # any weights
        for me in (0, 1):
            leads = 1 if h.last_trick[2] == me else 0
            x = train.features(h.stock_size, (h.points(me), h.tricks_won[me], h.hands[me]),
                               (h.points(1 - me), h.tricks_won[1 - me], h.hands[1 - me]),
                               leads, h.trump_suit, h.played[0] | h.played[1], h.face_up)
            assert len(x) == train.N_WEIGHTS
            assert _fast(w, h, me, leads) == sum(a * b for a, b in zip(w, x))
            # zero-sum: the same position is worth the opposite to the other seat
            assert _fast(w, h, 1 - me, 1 - leads) == -_fast(w, h, me, leads)


def test_each_preset_has_a_full_table_and_rows_clamp_to_the_stock_sizes():
    for rules in PRESETS:
        raw = TABLES[value.table_name(rules)]
        assert len(raw) == 2 * train.N_ROWS * train.N_WEIGHTS
        flat = struct.unpack("<%dh" % (len(raw) // 2), raw)
        assert value.row(rules, 2) == flat[:train.N_WEIGHTS]
        assert value.row(rules, 12) == flat[-train.N_WEIGHTS:]
        assert value.row(rules, 0) == value.row(rules, 2)
        assert value.row(rules, 14) == value.row(rules, 12)
    # changed options keep their preset's table, but the deck decides first
    assert value.table_name(SANTASE.but(strictness="follow")) == "santase"
    assert value.table_name(SIXTY_SIX.but(deck=20)) == "schnapsen"
    assert value.table_name(SCHNAPSEN.but(deck=24)) == "sixty-six"


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_the_shipped_weights_read_like_card_sense(rules):
    """Points are worth something at every stock size; the trump ace beats a plain jack in
    hand; a trump marriage with the lead beats a plain one."""
    stocks = (2, 4, 6, 8, 10) if rules.deck == 20 else (2, 4, 6, 8, 10, 12)
    for stock in stocks:
        w = value.row(rules, stock)
        assert w[0] > 0, stock
        trump_ace, ace, jack = (4 + train.KINDS.index(k) for k in ("trump A", "A", "J"))
        assert w[trump_ace] > w[jack] + 2000, stock  # 0.2 game points
        assert w[trump_ace] > w[ace], stock


def _view_follow(rules, seed):
    """A view of a follower who has won a trick, in the open phase (NORMAL play up to there)."""
    h = Hand.new(seed, seed & 1, rules)
    k = 0
    while not h.over:
        if (h.trick_card >= 0 and not h.strict and h.tricks_won[h.to_move]
                and len(h.legal_actions()) > 1):
            return h, h.view(h.to_move)
        h.apply(ai.choose(h.view(h.to_move), ai.NORMAL, k))
        k += 1
    return None, None


def test_a_follow_that_reaches_66_takes_the_trick():
    """Whatever the table says, a follow that takes the trick to 66 or more is chosen."""
    checked = 0
    for seed in range(400):
        h, view = _view_follow(SIXTY_SIX, seed)
        if view is None:
            continue
        me = view.seat
        c = view.trick_card
        takers = [f for f in range(24) if view.hand >> f & 1 and beats(f, c, view.trump_suit)]
        if not takers:
            continue
        best = max(CARD_POINTS[c] + CARD_POINTS[f] for f in takers)
        if view.points[me] + best < 66:
            # give the seat enough points to declare after the best taker, and not before
            h.won[me] += 66 - (view.points[me] + best)
            view = h.view(me)
        f = value.follow(view, Rng(seed), 4, (0, 0), False)
        assert beats(f, c, view.trump_suit) and view.points[me] + CARD_POINTS[c] + CARD_POINTS[f] >= 66
        checked += 1
    assert checked >= 20


def test_train_writes_a_table_that_loads(tmp_path, capsys):
    out = tmp_path / "table.py"
    assert train.main(["--hands", "20", "--preset", "schnapsen", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "schnapsen: 20 hands" in printed and "wrote" in printed
    spec = importlib.util.spec_from_file_location("table", out)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert set(mod.TABLES) == set(TABLES)  # the presets not trained keep their rows
    assert mod.TABLES["sixty-six"] == TABLES["sixty-six"]
    assert len(mod.TABLES["schnapsen"]) == 2 * train.N_ROWS * train.N_WEIGHTS
    text = out.read_text()
    assert "schnapsen: 20 hands of hard" in text
    from engine.ai import value_table
    kept = [l.strip() for l in value_table.__doc__.splitlines() if l.strip().startswith("sixty-six:")]
    assert kept and kept[0] in text  # a table kept from before keeps its note


def test_train_refuses_bad_arguments(tmp_path, capsys):
    assert train.main(["--hands", "3", "--out", str(tmp_path / "t.py")]) == 2
    assert "--hands" in capsys.readouterr().err
    assert train.main(["--hands", "20", "--preset", "bridge", "--out", str(tmp_path / "t.py")]) == 2
    assert "no preset 'bridge'" in capsys.readouterr().err
    assert train.main(["--hands", "20", "--player", "wizard", "--out", str(tmp_path / "t.py")]) == 2
    assert "wizard" in capsys.readouterr().err
    assert train.main(["--hands", "20", "--explore", "1001", "--out", str(tmp_path / "t.py")]) == 2
    assert "--explore" in capsys.readouterr().err
    assert train.main(["--hands", "20", "--out", str(tmp_path / "no" / "t.py")]) == 2
    assert "no folder for --out" in capsys.readouterr().err
    assert not (tmp_path / "t.py").exists()


def test_train_explore_plays_random_open_cards_and_says_so(tmp_path, capsys):
    """--explore: some open-phase cards are random (legal: Hand.apply would refuse others), so
    the recorded positions leave the player's own path; the table's note says how many."""
    from sim.players import make_player
    player = make_player("normal")
    differ = 0
    for i in range(10):
        plain = train.hand_records(Hand.new(i, i % 2, SIXTY_SIX), (player, player), i)
        wild = train.hand_records(Hand.new(i, i % 2, SIXTY_SIX), (player, player), i, 1000)
        assert plain == train.hand_records(Hand.new(i, i % 2, SIXTY_SIX), (player, player), i, 0)
        differ += plain != wild
    assert differ >= 5
    out = tmp_path / "table.py"
    assert train.main(["--hands", "20", "--preset", "santase", "--explore", "50",
                       "--player", "normal", "--out", str(out)]) == 0
    assert "santase: 20 hands of normal, seed 101" in out.read_text()
    assert "50/1000 open-phase cards at random" in out.read_text()


def test_tablecmp_judges_a_table_against_the_shipped_one(tmp_path, capsys):
    """The shipped table against a copy of itself is even in every deal (the same decisions on
    the same seeds, seats swapped), and a table that values nothing loses to it."""
    from sim import tablecmp
    same = tmp_path / "same.py"
    same.write_text("TABLES = %r\n" % (TABLES,))
    assert [tablecmp.play_deal((i, str(same), None, "santase", 3, None))[0] for i in range(8)] == [0] * 8
    flat = tmp_path / "flat.py"
    size = 2 * train.N_ROWS * train.N_WEIGHTS  # a table's bytes
    flat.write_text("TABLES = %r\n" % ({k: bytes(size) for k in TABLES},))
    assert tablecmp.main([str(flat), "--pairs", "60", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    diff = float(out.split("new minus old: ")[1].split()[0])
    assert diff < 0, out
    assert tablecmp.main([str(tmp_path / "none.py"), "--pairs", "4"]) == 2
    assert "no table file" in capsys.readouterr().err
    bad = tmp_path / "bad.py"
    bad.write_text("TABLES = {'sixty-six': b'12'}\n")
    assert tablecmp.main([str(bad), "--pairs", "4"]) == 2
    assert "no %d-byte sixty-six table" % size in capsys.readouterr().err
    txt = tmp_path / "table.txt"  # not *.py: a message, not a traceback
    txt.write_text("TABLES = %r\n" % (TABLES,))
    assert tablecmp.main([str(txt), "--pairs", "4"]) == 2
    assert "is no Python module: a table file ends in .py" in capsys.readouterr().err
    import os
    shipped = os.path.join(os.path.dirname(os.path.abspath(tablecmp.value.__file__)),
                           "value_table.py")  # (sim.train rewrote it: judged against itself)
    assert tablecmp.main([shipped, "--pairs", "4"]) == 2
    assert "is the shipped table itself" in capsys.readouterr().err


def test_tablecmp_against_a_third_player_is_two_separate_games(tmp_path, capsys):
    """--against SPEC: NEW and OLD each play SPEC from the same seat on the same seeds; the
    lockstep that copies the hand at their first different decision scores each deal exactly as
    two games played apart do, and is 0 where the two never differ."""
    from engine.ai import HARD
    from engine.rng import mix
    from engine.rules import preset
    from sim import tablecmp
    from sim.players import make_player
    flat = tmp_path / "flat.py"
    size = 2 * train.N_ROWS * train.N_WEIGHTS
    flat.write_text("TABLES = %r\n" % ({k: bytes(size) for k in TABLES},))
    greedy = make_player("greedy")

    def alone(table, i, seed, seat):  # HARD with this table against greedy, from seat
        s = mix(seed, i + 1)
        h = Hand.new(s, i % 2, preset("sixty-six"))
        ply = 0
        shipped = value.TABLES
        try:
            while not h.over:
                p = h.to_move
                if p == seat:
                    value.TABLES = table
                    a = ai.choose(h.view(p), HARD, mix(s, ply))
                else:
                    a = greedy(h.view(p), mix(s, ply))
                h.apply(a)
                ply += 1
        finally:
            value.TABLES = shipped
        return tablecmp._score(h, seat)

    zero = tablecmp.load_table(str(flat), preset("sixty-six"))
    split = 0
    for i in range(6):
        diff, base, n = tablecmp.play_against((i, str(flat), None, "sixty-six", 3, None, "greedy"))
        new = [alone(zero, i, 3, seat) for seat in (0, 1)]
        old = [alone(TABLES, i, 3, seat) for seat in (0, 1)]
        assert (diff, base) == (sum(new) - sum(old), sum(old))
        split += n
    assert split > 0  # a table of zeros plays otherwise somewhere
    same = tmp_path / "same.py"
    same.write_text("TABLES = %r\n" % (TABLES,))
    assert tablecmp.main([str(same), "--against", "greedy", "--pairs", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "new minus old: +0.0000 [+0.0000, +0.0000]" in out and "differed: 0 of 12" in out
    assert tablecmp.main([str(same), "--against", "nobody", "--pairs", "4"]) == 2
    assert "no player 'nobody'" in capsys.readouterr().err


# ---- the choices value.follow and value.lead make, against the trainer's features --------------
# The opponent's hidden cards are dealt as they really are (read_hand patched), so each card's
# worth is the learned value of the real position after the trick: the engine plays the trick on
# a copy, sim.train describes it, the table's row weighs it. Nothing here uses value.py's sums.

def _worth(rules, h2, me, stock, blind=False):
    """The table's value for `me` of the position after a trick (h2, draws still pending).
    blind: each seat's cards are described as if the other seat's card of this trick were not
    gone yet (as value.follow and value.lead once summed them). Where that changes nothing, the
    trick's cards change no card's kind."""
    o = 1 - me
    gone = h2.played[0] | h2.played[1]
    up = h2.face_up
    last = stock == 2 and up >= 0
    leads = 1 if h2.last_trick[2] == me else 0
    mine_gone = theirs_gone = gone
    if blind:
        lead_card, follow_card, _ = h2.last_trick
        by_me = lead_card if h2.played[me] >> lead_card & 1 else follow_card
        by_them = follow_card if by_me == lead_card else lead_card
        mine_gone = gone & ~(1 << by_them)
        theirs_gone = gone & ~(1 << by_me)
    a = train.side_features(h2.points(me), h2.tricks_won[me], h2.hands[me], mine_gone,
                            h2.trump_suit, leads, int(last and not leads), up % 6)
    b = train.side_features(h2.points(o), h2.tricks_won[o], h2.hands[o], theirs_gone,
                            h2.trump_suit, 1 - leads, int(last and leads), up % 6)
    x = [p - q for p, q in zip(a, b)]
    x = x[:24] + [1 if leads else -1] + x[24:]  # the lead's weight is w[24]
    if not blind:
        assert x == train.features(stock, (h2.points(me), h2.tricks_won[me], h2.hands[me]),
                                   (h2.points(o), h2.tricks_won[o], h2.hands[o]), leads,
                                   h2.trump_suit, gone, up)
    return sum(u * v for u, v in zip(value.row(rules, stock), x))


def _best_marriage(hand, trump):
    """Points of the best marriage (K and Q of a suit) in a hand mask."""
    best = 0
    for s in range(4):
        if hand >> (s * 6 + 2) & 1 and hand >> (s * 6 + 3) & 1:  # Q = rank 2, K = rank 3
            best = max(best, 40 if s == trump else 20)
    return best


def _open_positions(rules, seed, want):
    """(hand copy, seat) where the seat follows (want='follow') or leads a card (want='lead')
    in the open phase, from computer-vs-computer play."""
    for h, view in ai_positions(rules, seed, lambda rng: ai.NORMAL if rng.below(2) else ai.HARD):
        if h.strict or h.draw_pending or h.over:
            continue
        if want == "follow" and h.trick_card >= 0:
            yield h.copy(), h.to_move
        elif want == "lead" and h.trick_card < 0 and h.announced < 0:
            yield h.copy(), h.to_move


def _pending(h):
    return tuple(h.melds[s] if not h.tricks_won[s] else 0 for s in (h.to_move, 1 - h.to_move))


def _after(h, *cards):
    h2 = h.copy()
    for c in cards:
        h2.apply(c)
    return h2


def _choices(rules, want, monkeypatch, limit):
    """(got, {card: worth}, {card: blind worth}) for open-phase follows or leads far from 66
    (where the declare rules decide, not the value); the opponent's cards are the real ones."""
    out = []
    for h, me in _open_positions(rules, 7, want):
        mine = [c for c in range(24) if h.hands[me] >> c & 1]
        theirs = [c for c in range(24) if h.hands[1 - me] >> c & 1]
        answers = theirs if want == "lead" else [None]
        after = {(c, f): _after(h, c) if f is None else _after(h, c, f)
                 for c in mine for f in answers}
        if any(max(a.points(0), a.points(1)) + 40 >= 66 for a in after.values()):
            continue
        monkeypatch.setattr(value, "read_hand", lambda view, rng: h.hands[1 - me])
        pick = value.follow if want == "follow" else value.lead
        got = pick(h.view(me), Rng(1), 1, _pending(h), True)
        assert got in mine
        worth, blind = {}, {}
        for c in mine:
            worth[c] = min(_worth(rules, after[c, f], me, h.stock_size) for f in answers)
            blind[c] = min(_worth(rules, after[c, f], me, h.stock_size, True) for f in answers)
        out.append((got, worth, blind, h))
        if len(out) == limit:
            return out
    return out


@pytest.mark.parametrize("want", ["follow", "lead"])
@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_follow_and_lead_pick_the_card_worth_most_where_the_trick_changes_no_kind(
        rules, want, monkeypatch):
    """Follow: the card whose position after the trick is worth most; lead: the card whose
    worst answer is worth most. Checked where the other card of the trick changes no card's
    kind (the test after the next covers the rest)."""
    checked = 0
    for got, worth, blind, h in _choices(rules, want, monkeypatch, 300):
        if worth != blind:
            continue
        assert worth[got] == max(worth.values()), (h, worth, got)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_follow_takes_a_trick_that_reaches_66(rules, monkeypatch):
    wins = 0
    for h, me in _open_positions(rules, 9, "follow"):
        cards = [c for c in range(24) if h.hands[me] >> c & 1]
        after = {c: _after(h, c) for c in cards}
        if not any(a.last_trick[2] == me and a.points(me) >= 66 for a in after.values()):
            continue
        monkeypatch.setattr(value, "read_hand", lambda view, rng: h.hands[1 - me])
        got = value.follow(h.view(me), Rng(1), 1, _pending(h), True)
        a = after[got]  # a trick that lets me declare (announcing first if need be) beats all
        assert a.last_trick[2] == me
        assert a.points(me) + _best_marriage(a.hands[me], h.trump_suit) >= 66
        wins += 1
        if wins == 5:
            break
    assert wins == 5


@pytest.mark.parametrize("want", ["follow", "lead"])
def test_follow_and_lead_pick_the_card_worth_most_by_the_trained_value(want, monkeypatch):
    """Everywhere, also where the trick's other card changes a card's kind (a plain ace makes
    its ten's ace gone, a K or Q makes its partner played) for either seat: the features in
    play are those sim.train learns on, the real position after the trick."""
    differs = 0
    for rules in PRESETS:
        for got, worth, blind, h in _choices(rules, want, monkeypatch, 300):
            assert worth[got] == max(worth.values()), (rules.name, h, worth, got)
            differs += worth != blind
    assert differs >= 10  # the positions the old, blind sums got wrong are among those checked


def _need_git(root):
    """Skip, saying so, where the tests run from no git checkout (a copied tree): --old-ai reads
    revisions with `git show`. In a checkout an error of load_old_ai fails the test."""
    import subprocess
    try:
        done = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=root,
                              capture_output=True, text=True)
    except OSError as e:
        pytest.skip("no git here: %s" % e)
    if done.returncode:
        pytest.skip("%s is no git checkout: --old-ai needs one" % root)


def test_tablecmp_old_ai_plays_a_git_revision_of_the_ai(capsys):
    """--old-ai REV: the revision's AI modules load as a private package (their own solver's
    globals, their own table); HEAD's against this checkout's is even in every deal when the
    files are the same; a revision without them, or --old beside it, is a clear error."""
    import os
    import subprocess
    from engine.ai import solver
    from sim import tablecmp
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    _need_git(root)
    old = tablecmp.load_old_ai("HEAD")  # in a checkout any error here fails the test
    assert old.__name__ == "oldai_HEAD.ai" and old.endgame.solver is not solver
    assert tablecmp.main([os.path.join(root, "engine", "ai", "value_table.py"), "--old-ai",
                          "no-such-rev", "--pairs", "4"]) == 2  # (before any skip below)
    assert "no git revision 'no-such-rev' here" in capsys.readouterr().err

    for name in tablecmp.AI_MODULES:
        path = "engine/ai/" + ("__init__" if name == "ai" else name) + ".py"
        head = subprocess.run(["git", "show", "HEAD:" + path], cwd=root,
                              capture_output=True, text=True).stdout
        here = ""  # a module of neither (solve_root, now in the solver) matches too
        if os.path.exists(os.path.join(root, path)):
            with open(os.path.join(root, path)) as f:
                here = f.read()
        if here != head:  # HEAD's HARD is not this one: "even in every deal" cannot hold
            pytest.skip("%s has uncommitted changes (commit them to run this check)" % path)
    shipped = os.path.join(root, "engine", "ai", "value_table.py")
    assert tablecmp.main([shipped, "--old-ai", "HEAD", "--old", shipped, "--pairs", "4"]) == 2
    assert "no --old with it" in capsys.readouterr().err
    assert [tablecmp.play_deal((i, shipped, None, "sixty-six", 3, "HEAD"))[0]
            for i in range(6)] == [0] * 6


def test_tablecmp_old_ai_leaves_no_temporary_folder(tmp_path, monkeypatch):
    """The revision's modules are imported, all of them, and their copies removed: a run (and
    each of its worker processes) leaves nothing in the temporary folder, nor does a bad
    revision; the modules still play once the copies are gone."""
    import os
    import tempfile
    from sim import tablecmp
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tablecmp, "_OLD_AI", {})
    _need_git(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tablecmp.load_old_ai("HEAD")
    with pytest.raises(ValueError):
        tablecmp.load_old_ai("no-such-rev")
    assert os.listdir(str(tmp_path)) == []
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shipped = os.path.join(root, "engine", "ai", "value_table.py")
    played = [tablecmp.play_deal((i, shipped, None, "santase", 4, "HEAD")) for i in range(2)]
    assert len(played) == 2
