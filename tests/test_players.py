"""Desktop reference players (sim/players.py): legal, deterministic, honest."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest

from engine.cards import DECLARE, DRAW, CLOSE
from engine.hand import Hand
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE
from engine.ai.redeal import sample_hand
from engine.rng import Rng
from sim.players import (make_player, ISMCTSPlayer, PIMCPlayer, RandomPlayer, GreedyPlayer,
                         EnginePlayer, DelegatePlayer, DELEGATE_KINDS, greedy_action)

PRESETS = (SIXTY_SIX, SCHNAPSEN, SANTASE)


def positions(rules, n, seed):
    """n (hand, seat to move) positions reached by random play (declaring only at >= 66)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = Hand.new(rng.randrange(1 << 30), rng.randrange(2), rules)
        stop = rng.randrange(40)
        k = 0
        while not h.over and k < stop:
            acts = h.legal_actions()
            if DECLARE in acts:
                if h.points(h.to_move) >= 66:
                    acts = [DECLARE]
                else:
                    acts = [a for a in acts if a != DECLARE]
            if CLOSE in acts and rng.random() < 0.8:  # closing less often: reach late positions
                acts = [a for a in acts if a != CLOSE]
            h.apply(acts[rng.randrange(len(acts))])
            k += 1
        if not h.over:
            out.append((h, h.to_move))
    return out


CHEAP = ("random", "greedy", "easy", "normal", "hard")
SEARCH = ("ismcts:iters=12", "ismcts:iters=12:rollout=random", "pimc:iters=3",
          "pimc:iters=2:rollout=random")


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_cheap_players_return_legal_actions(rules):
    players = [make_player(s) for s in CHEAP]
    for i, (h, seat) in enumerate(positions(rules, 300, 11)):
        view = h.view(seat)
        for p in players:
            a = p(view, i)
            assert a in view.legal, (p.spec, a, view.legal, h.history)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_search_players_return_legal_actions(rules):
    players = [make_player(s) for s in SEARCH]
    for i, (h, seat) in enumerate(positions(rules, 40, 23)):
        view = h.view(seat)
        for p in players:
            a = p(view, i)
            assert a in view.legal, (p.spec, a, view.legal, h.history)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_whole_hands_between_players_stay_legal(rules):
    specs = ("random", "greedy", "ismcts:iters=8", "pimc:iters=2")
    for i in range(8):
        h = Hand.new(1000 + i, i % 2, rules)
        players = [make_player(specs[i % 4]), make_player(specs[(i + 1 + i // 4) % 4])]
        ply = 0
        while not h.over:
            view = h.view(h.to_move)
            a = players[h.to_move](view, ply)
            assert a in view.legal
            h.apply(a)
            ply += 1


def test_deterministic_given_seed():
    for h, seat in positions(SIXTY_SIX, 25, 5):
        view = h.view(seat)
        for spec in ("random", "greedy", "ismcts:iters=30", "pimc:iters=4"):
            assert make_player(spec)(view, 77) == make_player(spec)(view, 77), spec


def test_search_sees_only_the_view():
    """Two deals that look the same from the searching seat give the same move: no peeking."""
    for i, (h, seat) in enumerate(positions(SIXTY_SIX, 20, 9)):
        view = h.view(seat)
        other = sample_hand(view, Rng(i + 1))  # same view, other hidden cards
        view2 = other.view(seat)
        assert view2 == view
        for spec in ("ismcts:iters=40", "pimc:iters=4"):
            assert make_player(spec)(view, 5) == make_player(spec)(view2, 5), spec


def test_random_declares_exactly_at_66():
    p = RandomPlayer()
    seen_true = seen_false = 0
    for i, (h, seat) in enumerate(positions(SIXTY_SIX, 600, 3)):
        view = h.view(seat)
        if DECLARE not in view.legal:
            continue
        for s in range(5):
            a = p(view, s)
            if view.points[seat] >= 66:
                assert a == DECLARE
                seen_true += 1
            else:
                assert a != DECLARE
                seen_false += 1
    assert seen_false  # the positions did offer false declarations


def test_greedy_draws_and_declares():
    for h, seat in positions(SIXTY_SIX, 400, 4):
        view = h.view(seat)
        a = greedy_action(view)
        assert a in view.legal
        assert a != CLOSE
        if DECLARE in view.legal and view.points[seat] >= 66:
            assert a == DECLARE
        elif DRAW in view.legal:
            assert a == DRAW
        if a == DECLARE:
            assert view.points[seat] >= 66


def test_search_players_never_declare_falsely():
    for i, (h, seat) in enumerate(positions(SIXTY_SIX, 200, 8)):
        view = h.view(seat)
        if DECLARE not in view.legal:
            continue
        for spec in ("ismcts:iters=5", "pimc:iters=1"):
            a = make_player(spec)(view, i)
            assert (a == DECLARE) == (view.points[seat] >= 66), (spec, view.points)


def winning_positions(rules, n, seed):
    """n (hand, seat) where the player to move may declare 66 and has 66 or more: random play
    that never declares, stopped at the first such position of each hand."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = Hand.new(rng.randrange(1 << 30), rng.randrange(2), rules)
        while not h.over:
            acts = h.legal_actions()
            if DECLARE in acts and h.points(h.to_move) >= 66:
                out.append((h, h.to_move))
                break
            acts = [a for a in acts if a not in (DECLARE, CLOSE)] or acts
            h.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize("spec", ["ismcts:iters=50", "pimc:iters=5"])
def test_search_takes_an_obvious_win(spec):
    """With 66 reached and declaring legal, the search declares (at once, no search); with
    declaring legal and fewer points it never does, and spends its whole budget."""
    p = make_player(spec)
    budget = int(spec.split("=")[1])
    wins = winning_positions(SIXTY_SIX, 30, 12)
    for h, seat in wins:
        view = h.view(seat)
        assert p(view, 1) == DECLARE, h
        assert p.last_iterations == 0
    others = 0
    for h, seat in positions(SIXTY_SIX, 60, 12):
        view = h.view(seat)
        a = p(view, 1)
        assert a in view.legal
        if DECLARE in view.legal and view.points[seat] >= 66:
            assert a == DECLARE
            continue
        assert a != DECLARE
        if len([b for b in view.legal if b != DECLARE]) > 1:
            assert p.last_iterations == budget
            others += 1
    assert others >= 30


def test_ismcts_time_budget_stops_on_the_clock(monkeypatch):
    """A 30 ms budget on a clock that moves 1 ms per reading: the search stops when the clock
    passes the budget, so it runs as many iterations as readings fit in it. The clock is
    fake, so the machine's speed and load do not matter."""
    import types
    from sim import players
    for ms in (30, 60):
        now = [100.0]

        def perf_counter():
            now[0] += 0.001
            return now[0]
        monkeypatch.setattr(players, "time", types.SimpleNamespace(perf_counter=perf_counter))
        p = make_player("ismcts:%d" % ms)
        h = Hand.new(3, 0, SIXTY_SIX)
        view = h.view(h.to_move)
        a = p(view, 1)
        assert a in view.legal
        # the first reading starts the budget; one reading per later iteration
        assert ms - 1 <= p.last_iterations <= ms + 1, (ms, p.last_iterations)


def test_make_player_specs():
    p = make_player("ismcts:100")
    assert isinstance(p, ISMCTSPlayer) and p.ms == 100 and p.iters is None
    p = make_player("ISMCTS:iters=40:c=1.2:rollout=random")
    assert p.iters == 40 and p.ms is None and p.c == 1.2 and p.rollout_name == "random"
    p = make_player("ismcts")
    assert p.ms == 100
    p = make_player("pimc:250")
    assert isinstance(p, PIMCPlayer) and p.ms == 250
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    for name, level in (("easy", 0), ("normal", 1), ("hard", 2)):
        p = make_player(name)
        assert isinstance(p, EnginePlayer) and p.level == level
    for bad in ("nobody", "ismcts:fast", "ismcts:0", "ismcts:c=", "greedy:5", "pimc:c=1",
                "ismcts:rollout=smart"):
        with pytest.raises(ValueError):
            make_player(bad)


def test_delegate_hands_one_kind_of_decision_to_the_other_player():
    """`hard+KIND=greedy` answers as greedy for decisions of KIND and as hard for the rest."""
    hard = make_player("hard")
    greedy = make_player("greedy")
    seen = {k: 0 for k in DELEGATE_KINDS}
    for rules in PRESETS:
        for i, (h, seat) in enumerate(positions(rules, 300, 31)):
            view = h.view(seat)
            if len(view.legal) == 1:
                continue
            mine, theirs = hard(view, i), greedy(view, i)
            for kind in DELEGATE_KINDS:
                a = make_player("hard+%s=greedy" % kind)(view, i)
                assert a in view.legal
                if view.strict:
                    mine_kind = kind == "strict"
                elif kind == "strict":
                    mine_kind = False
                elif kind == "close":
                    mine_kind = CLOSE in view.legal
                else:
                    mine_kind = mine < 24 and (view.trick_card >= 0) == (kind == "follow")
                if not mine_kind:
                    assert a == mine, (kind, h)
                elif kind != "close":
                    assert a == theirs, (kind, h)
                    seen[kind] += 1
                else:  # the other says whether to close; if not, hard picks (not closing)
                    assert a == (CLOSE if theirs == CLOSE else theirs if mine == CLOSE else mine), h
                    seen[kind] += 1
    assert min(seen.values()) > 0, seen


def test_delegate_specs():
    p = make_player("hard+follow=ismcts:iters=30")
    assert isinstance(p, DelegatePlayer) and p.kind == "follow"
    assert isinstance(p.base, EnginePlayer) and isinstance(p.other, ISMCTSPlayer)
    assert p.other.iters == 30
    for bad in ("hard+follow", "hard+follow=", "hard+bluff=greedy", "hard+lead=nobody",
                "nobody+lead=greedy"):
        with pytest.raises(ValueError):
            make_player(bad)
