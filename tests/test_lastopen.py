"""HARD's last open trick (engine.ai.endgame.last_open): its trick, draws and strict phase,
checked against the engine's own rules (Hand) with the exact solver (itself checked against a
plain minimax in test_ai), over every deal the view allows."""
import pytest

from engine import ai
from engine.ai import endgame, solver
from engine.cards import CLOSE, DRAW
from engine.rng import Rng
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE
from engine.ai.redeal import hand_from
from helpers import ai_positions

PRESETS = (SIXTY_SIX, SCHNAPSEN, SANTASE)


def _last_open_positions(rules, count, seed):
    out = []
    for h, view in ai_positions(rules, seed, lambda rng: ai.HARD):
        cards = [a for a in view.legal or () if a < 24]
        if not view.strict and view.stock_size == 2 and view.trump_card >= 0 and len(cards) > 2:
            out.append((h.copy(), view))
            if len(out) == count:
                return out


def _settled(h, me):
    """My value, banded to -1..1, once the trick is played: draws through the engine, then the
    strict phase solved from the Hand's own state."""
    while not h.over and DRAW in h.legal_actions():
        h.apply(DRAW)
    assert h.stock_size == 0 and not h.over
    p = h.to_move
    o = 1 - p
    melds = [sum(40 if s == h.trump_suit else 20 for s in range(4) if h.marriages[q] >> s & 1)
             for q in (0, 1)]
    solver.setup(h.rules, h.trump_suit, h.closed_by, h.frozen_tricks, h.frozen_points)
    at, bt = h.tricks_won[p], h.tricks_won[o]
    if at and h.won[p] + melds[p] >= 66:
        v = solver.declared(p, h.won[o] + melds[o] if bt else 0, bt)
    else:
        v = solver.lead(h.hands[p], h.hands[o], h.won[p], h.won[o], melds[p], melds[o], at, bt,
                        p, -4, 4)
    if p != me:
        v = -v
    return max(-1, min(1, v))


def _reference(view, cands):
    """The first of cands with the best total over the deals, worked out through the engine."""
    me = view.seat
    totals = []
    for d in cands:
        total = 0
        m = view.unseen
        while m:
            low = m & -m
            m ^= low
            face_down = low.bit_length() - 1
            h = hand_from(view, view.opp_known | view.unseen & ~low, [face_down])
            h.apply(d)
            if view.trick_card >= 0:  # I followed: the trick is over
                total += _settled(h, me)
                continue
            answers = []
            for f in h.legal_actions():
                if f < 24:
                    c = h.copy()
                    c.apply(f)
                    answers.append(_settled(c, me))
            total += min(answers)
        totals.append(total)
    return cands[totals.index(max(totals))]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_last_open_trick_agrees_with_the_engine_over_every_deal(rules, monkeypatch):
    monkeypatch.setattr(endgame, "LAST_BUDGET", 1 << 29)  # every deal, no cut
    leads = follows = 0
    for n, (h, view) in enumerate(_last_open_positions(rules, 30, 41)):
        cards = [a for a in view.legal if a < 24]
        # equal values: the three candidates are the first three cards, in card order
        got = endgame.last_open(view, Rng(n), (cards, [0] * len(cards)))
        assert got == _reference(view, cards[:3]), h
        if view.trick_card >= 0:
            follows += 1
        else:
            leads += 1
    assert leads >= 5 and follows >= 5


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_last_open_trick_keeps_to_its_node_budget(rules):
    worst = 0
    for n, (h, view) in enumerate(_last_open_positions(rules, 40, 43)):
        cards = [a for a in view.legal if a < 24]
        start = solver.nodes
        c = endgame.last_open(view, Rng(n), (cards, [0] * len(cards)))
        assert c in cards[:3]
        worst = max(worst, solver.nodes - start)
    # past the budget every lead() returns at once, one node each: the search in progress
    # unwinds (at most 6 lead frames on the stack, one per trick of the 6-card strict phase, each
    # finishing at most 8 leads (marriage leads included) x 6 answers) and the deal's other
    # cards and answers cost a call each
    assert worst <= endgame.LAST_BUDGET + 6 * 8 * 6 + 3 * 7
    assert solver.limit == solver.NO_LIMIT  # restored for the other searches


def test_a_card_whose_trick_declares_66_is_played_without_search():
    view = next(v for h, v in ai_positions(SIXTY_SIX, 3, lambda rng: ai.HARD)
                if not v.strict and v.stock_size == 2 and v.trump_card >= 0 and v.trick_card >= 0)
    cards = [a for a in view.legal if a < 24]
    values = [0] * len(cards)
    values[-1] = 1 << 22  # engine.ai.value.WIN
    start = solver.nodes
    assert endgame.last_open(view, Rng(1), (cards, values)) == cards[-1]
    assert solver.nodes == start


def test_hard_uses_it_at_the_last_open_trick(monkeypatch):
    seen = []
    real = endgame.last_open

    def spy(view, rng, scores, start=None):
        seen.append(view.stock_size)
        return real(view, rng, scores, start)

    monkeypatch.setattr(endgame, "last_open", spy)
    for k, (h, view) in enumerate(_last_open_positions(SIXTY_SIX, 10, 47)):
        if ai.EXCHANGE in view.legal or any(24 <= a < 28 for a in view.legal):
            continue
        assert ai.choose(view, ai.HARD, k) in view.legal
        before = len(seen)
        ai.choose(view, ai.NORMAL, k)  # NORMAL keeps to the value alone
        assert len(seen) == before
    assert seen and set(seen) == {2}


def test_the_last_open_lead_shares_its_budget_with_the_close_test(monkeypatch):
    # leading the last open trick, HARD first tests a close; the solved deals after it spend
    # what is left of one budget for the whole decision, or a third of it if the close test
    # took more (the slowest decision stays that of the strict phase, engine.ai.endgame)
    spent = []
    real = endgame.close_pays

    def spy(view, level, rng, *rest):
        start = solver.nodes
        r = real(view, level, rng, *rest)
        spent.append(solver.nodes - start)
        return r

    monkeypatch.setattr(endgame, "close_pays", spy)
    checked = tested = 0
    budget = endgame.LAST_BUDGET
    for n, (h, view) in enumerate(_last_open_positions(SIXTY_SIX, 60, 53)):
        if view.trick_card >= 0 or CLOSE not in view.legal:
            continue
        del spent[:]
        start = solver.nodes
        assert ai.choose(view, ai.HARD, n) in view.legal
        total = solver.nodes - start
        close = spent[0] if spent else 0
        tested += close > 0
        assert total <= max(budget, close + budget // 3) + 6 * 8 * 6 + 3 * 7, (total, close)
        checked += 1
    assert checked >= 10 and tested >= 5
