"""The coach (issue 17): honest hints, an exact hand review, the same deal from the other seat."""
import re

import pytest

from engine import ai
from engine.cards import DECLARE, CLOSE
from engine.coach import hint, HINT_WIDTH, other_seat, same_cards, duplicate, signed, exact
from engine.hand import Hand
from engine.names import card_label
from engine.record import record
from engine.ai.redeal import sample_hand
from engine.coach.review import review, review_hand, value, after, decisions, state_at, view_exact
from engine.coach.reviewtext import outcome
from engine.rng import Rng, mix
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE
from helpers import ai_positions, closing_move, hand, play, ND
from mpvm import run, run_cp, ROOT

PRESETS = (SIXTY_SIX, SCHNAPSEN, SANTASE)
LEVELS = (ai.EASY, ai.NORMAL, ai.HARD)


# ---- hints ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_hint_is_honest_any_consistent_redeal_gives_the_same_hint(rules):
    rng = Rng(41)
    checked = 0
    kinds = set()
    for n, (h, view) in enumerate(ai_positions(rules, 17, lambda r: LEVELS[r.below(3)])):
        if n == 300:
            break
        a, text = hint(view, n)
        assert a == ai.choose(view, ai.HARD, n)  # what HARD does
        assert a in view.legal
        assert 0 < len(text) <= HINT_WIDTH, text
        assert not re.search(r"\bT[CDHS]\b", text), text  # a ten is "10S", as on its face
        kinds.add(text.split(":")[0].split()[0])
        for _ in range(3):
            other = sample_hand(view, rng)  # other hidden cards, the same view
            assert other.view(view.seat) == view
            assert hint(other.view(view.seat), n) == (a, text)
            checked += 1
    assert checked == 900
    assert {"Play", "Lead", "Draw"} <= kinds  # a follow is played, a lead led (the table's words)


def test_hint_texts():
    # seat 1 (non-dealer) leads; trump clubs (9C up)
    h = hand(nondealer="AH TH KH QH JS 9S", dealer="AC TC KC QC JC 9D", trump="9C")
    a, text = hint(h.view(1), 0)
    assert a == 24 + 2 and text == "Announce 20: KH QH"
    # the swap of the trump nine, in the table's word (its chip: "swap"); a ten as on its face
    g = play(hand(nondealer="9S TH KH QD JD 9C", dealer="AC TC KC QC JC 9D", trump="AS"),
             "TH 9D W")  # a trick taken: the leader may swap (R14)
    assert hint(g.view(1), 0)[1] == "Swap 9S for AS"
    assert [card_label(c) for c in (4, 10, 22, 23)] == ["10C", "10D", "10S", "AS"]
    play(h, "M:H QH AC")  # the dealer takes the queen with the trump ace
    a, text = hint(h.view(0), 0)
    assert text.startswith("Draw") or text.startswith("Close")


def test_a_lead_that_no_card_out_beats_is_named_so_only_if_it_is_the_top():
    """"the top trump" / "top of its suit" only for the suit's highest card; a lower one that
    no card out beats (the higher ones in the hand) says so."""
    from engine.coach import _why
    h = hand(nondealer="AC TC KC AH TH 9S", dealer="QC JC 9D KH QH TS", trump="9C")
    v = h.view(1)
    assert [_why(v, c) for c in (5, 3, 17, 16)] == [
        "Lead AC: the top trump", "Lead KC: no higher C out", "Lead AH: top of its suit",
        "Lead 10H: no higher H out"]
    # the face-up trump card is still in play while the stock is open (drawn last, or swapped
    # for the nine): a trump below it is no top trump (it said so: a reviewer's find)
    h = hand(nondealer="TC KC QC JC 9H 9S", dealer="QH JH 9D KH TH TS", trump="AC",
             stock="9C JD QD KD TD AD JS QS KS AS AH")
    me = h.to_move  # the non-dealer leads
    v = h.view(me)
    assert [_why(v, c) for c in (4, 3)] == ["Lead 10C: HARD's lead", "Lead KC: HARD's lead"]
    h = hand(nondealer="TC KC QC JC 9H 9S", dealer="QH JH 9D KH TH TS", trump="AC")
    play(h, "9S TS C")  # closed: the face-up card is out of play (D6), 10C the top trump then
    v = h.view(me)
    assert v.closed_by == 1 - me and _why(v, 4).endswith(": the top trump")


def test_a_top_card_of_a_suit_they_cannot_follow_is_not_called_safe_while_they_may_trump():
    """Strict phase: the opponent trumped a club (R26: void in clubs) and may hold trumps, so
    the clubs left are no "top of its suit" (it said "Lead KC: no higher C out", and the
    computer trumped it: a player's find); with no trump left to them it is again."""
    from engine.coach import _why
    h = hand(nondealer="AC TC KC AH 9D QS", dealer="JH QH KH TD AD JS", trump="AS")
    me = h.to_move
    play(h, "C AC JS JH AH")  # closed; the dealer trumps the ace of clubs, then loses a trick
    v = h.view(me)
    assert v.strict and v.opp_cannot & 0x3F == 0x3F  # clubs: shown void
    assert [_why(v, c) for c in (3, 4)] == ["Lead KC: best on the odds",
                                            "Lead 10C: best on the odds"]
    v.unseen &= ~0xFC0000  # (the same view with no trump left to them)
    v.opp_known &= ~0xFC0000
    assert [_why(v, c) for c in (3, 4)] == ["Lead KC: no higher C out",
                                            "Lead 10C: top of its suit"]


def test_hint_in_the_strict_phase_gives_the_exact_value():
    """With every card placed the hint names the solver's value of the hinted card, which a
    brute-force minimax over the engine confirms."""
    found = 0
    for n, (h, view) in enumerate(ai_positions(SIXTY_SIX, 5, lambda r: ai.HARD)):
        if n > 4000 or found >= 25:
            break
        if not (view.strict and view_exact(view)) or h.hands[view.seat].bit_count() > 3:
            continue
        a, text = hint(view, 0)
        if a >= 24:
            continue
        v = _minimax(after(h, a), view.seat)
        assert exact(view, a) == v
        # the hand's game points, named as such ("wins 1" read as taking the trick)
        said = "hand +%d, sure" % v if v > 0 else "hand %d at best" % v
        assert text.endswith(": " + said), (text, v)
        found += 1
    assert found == 25


# ---- the same deal from the other seat --------------------------------------------------

@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_other_seat_deals_exactly_the_same_cards_swapped(rules):
    for i in range(50):
        first = Hand.new(mix(3, i), i & 1, rules)
        deck, dealer = other_seat(first.deck, first.dealer)
        second = Hand(deck, dealer, rules)
        for seat in (0, 1):
            assert second.hands[seat] == first.hands[1 - seat]
            assert same_cards(first, second, seat)
        assert second.face_up == first.face_up and second.trump_suit == first.trump_suit
        assert list(second.deck[second._stock_start:]) == list(first.deck[first._stock_start:])
        # the seat with the old leader's cards leads, and the old dealer's cards are dealt
        assert second.hands[second.leader] == first.hands[first.leader]
        assert second.hands[second.dealer] == first.hands[first.dealer]
        other = Hand.new(mix(4, i), i & 1, rules)
        assert not same_cards(first, other, 0)


def test_other_seat_refuses_a_bad_dealer():
    with pytest.raises(ValueError):
        other_seat(Hand.new(1).deck, 2)


def test_duplicate_compares_the_player_with_the_computer_on_the_same_cards():
    for i in range(20):
        first = Hand.new(mix(8, i), i & 1)
        _play_out(first, (ai.EASY, ai.HARD), i)  # player seat 0 at EASY, computer at HARD
        second = Hand(*other_seat(first.deck, first.dealer))
        _play_out(second, (ai.EASY, ai.HARD), i)  # the computer now holds seat 0's cards
        mine, cpu, diff = duplicate(first, second, 0)
        assert mine == signed(first, 0) and cpu == signed(second, 1) and diff == mine - cpu
        assert second.hands is not None and same_cards(first, second, 0)
    with pytest.raises(ValueError):
        duplicate(first, first, 0)  # not the other seat's deal
    with pytest.raises(ValueError):
        duplicate(first, Hand(*other_seat(first.deck, first.dealer)), 0)  # not finished


def _play_out(h, levels, seed):
    k = 0
    while not h.over:
        h.apply(ai.choose(h.view(h.to_move), levels[h.to_move], mix(seed, k)))
        k += 1
    return h


# ---- the review -------------------------------------------------------------------------

def _minimax(h, seat):
    """Game points for seat with best play by both over the engine itself (every legal action,
    a declaration short of 66 too: D7): written out independently of the solver."""
    if h.over:
        return signed(h, seat)
    values = []
    for a in h.legal_actions():
        values.append(_minimax(after(h, a), seat))
    return max(values) if h.to_move == seat else min(values)


def _brute(h, seat):
    """{action: V} for every legal action, each solved on its own with the full window (and by
    plain minimax once the hands are small)."""
    out = {}
    small = h.hands[0].bit_count() + h.hands[1].bit_count() <= 6
    for a in h.legal_actions():
        nxt = after(h, a)
        v = value(nxt, seat, -4, 4)
        if small:
            assert v == _minimax(nxt, seat)
        out[a] = v
    return out


def _random_hand(rules, seed, levels=(None, None)):
    """A finished hand; a seat at level None plays at random (never a false declaration)."""
    rng = Rng(seed)
    h = Hand.new(mix(seed, 1), seed & 1, rules)
    k = 0
    while not h.over:
        p = h.to_move
        if levels[p] is None:
            legal = [a for a in h.legal_actions() if a != DECLARE or h.points(p) >= 66]
            if CLOSE in legal and (rng.below(4) if seed % 3 else not rng.below(3)):
                legal.remove(CLOSE)  # every third hand closes often: cards stay hidden
            a = legal[rng.below(len(legal))]
        else:
            a = ai.choose(h.view(p), levels[p], mix(seed, k))
        h.apply(a)
        k += 1
    return h


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_review_is_exact_where_it_says_so(rules):
    """Every decision checked against solving each alternative on its own: a costed line exactly
    where the chosen action is worth less than the reference, with that cost; none elsewhere."""
    exact_lines = hard_lines = open_lines = 0
    for i in range(120):
        h = _random_hand(rules, 100 + i, (None, ai.EASY) if i & 1 else (None, None))
        for seat in (0, 1):
            lines = review(h, seat, budget=1 << 30)
            by_trick = {}
            for cost, trick, text in lines:
                by_trick.setdefault(trick, []).append((cost, text))
                assert not re.search(r"\bT[CDHS]\b", text), text  # tens as "10S"
            expected = {}
            for d in decisions(h, seat):
                s = state_at(h, d)
                a = h.history[d]
                view = s.view(seat)
                trick = s.trick_no + 1
                if not view.strict:
                    r = ai.choose(view, ai.HARD, s.trick_no)  # seed 0 plus the trick's number
                    if r != a:
                        expected.setdefault(trick, []).append(None)
                    continue
                vals = _brute(s, seat)
                if view_exact(view):
                    cost = max(vals.values()) - vals[a]
                else:
                    cost = vals[ai.choose(view, ai.HARD, s.trick_no)] - vals[a]
                if cost > 0:
                    expected.setdefault(trick, []).append(cost)
            got = {}
            for trick in by_trick:
                got[trick] = [c for c, _t in by_trick[trick]]
            assert sorted(got) == sorted(expected), (record(h), seat, lines)
            for trick in got:
                assert sorted(got[trick], key=str) == sorted(expected[trick], key=str), lines
            for cost, trick, text in lines:
                assert text.startswith("Trick %d: you " % trick)
                if cost is None:
                    assert "HARD" in text and "not measured" in text
                    open_lines += 1
                elif "HARD" in text:
                    assert "with all cards known" in text
                    hard_lines += 1
                else:
                    assert text.endswith(", with all cards known.")
                    exact_lines += 1
            costs = [c for c, _t, _s in lines if c]
            assert costs == sorted(costs, reverse=True)  # worst first
    assert exact_lines >= 20 and open_lines >= 20
    assert hard_lines >= 1


def _perfect_hand(rules, seed, seat):
    """A finished hand where `seat` plays the solver's own moves once the strict phase places
    every card (a random one among the best, by solving each alternative) and HARD's (the
    review's seed) elsewhere; the other seat plays at random or EASY."""
    rng = Rng(seed)
    h = Hand.new(mix(seed, 2), seed & 1, rules)
    k = 0
    while not h.over:
        p = h.to_move
        view = h.view(p)
        if p == seat:
            if view.strict and view_exact(view):
                vals = _brute(h, seat)
                top = max(vals.values())
                best = [a for a in sorted(vals) if vals[a] == top]
                a = best[rng.below(len(best))]
            else:
                a = ai.choose(view, ai.HARD, h.trick_no)  # as the review asks HARD (seed 0)
        elif seed & 1:
            a = ai.choose(view, ai.EASY, k)
        else:
            legal = [x for x in view.legal if x != DECLARE or h.points(p) >= 66]
            a = legal[rng.below(len(legal))]
        h.apply(a)
        k += 1
    return h


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_review_of_perfect_play_is_empty(rules):
    for i in range(25):
        seat = i & 1
        h = _perfect_hand(rules, 300 + i, seat)
        assert review(h, seat, budget=1 << 30) == [], record(h)
        # within the board's budget: nothing is called a mistake either
        assert [x for x in review(h, seat) if x[0] is not None] == []


def test_a_deliberate_blunder_is_found_with_its_cost():
    """HARD against HARD until the stock is gone, then seat 1 makes its worst move once (deals
    until 10 such blunders are checked: how many deals reach one depends on how often HARD
    closes)."""
    found = 0
    for i in range(300):
        if found >= 10:
            break
        h = Hand.new(mix(77, i), i & 1)
        k = 0
        blunder = None
        while not h.over:
            p = h.to_move
            view = h.view(p)
            a = ai.choose(view, ai.HARD, 0)
            if p == 1 and blunder is None and view.strict and view_exact(view):
                vals = _brute(h, 1)
                worst = min(vals, key=lambda x: (vals[x], x))
                if vals[worst] < vals[a]:
                    blunder = (h.trick_no + 1, vals[a] - vals[worst], worst)
                    a = worst
            h.apply(a)
            k += 1
        if blunder is None:
            continue
        trick, cost, worst = blunder
        lines = review(h, 1, budget=1 << 30)
        assert (trick, cost) in [(t, c) for c, t, _s in lines], (lines, blunder)
        line = [s for c, t, s in lines if t == trick and c == cost][0]
        assert "with all cards known" in line
        found += 1
    assert found >= 10


def test_the_budget_leaves_the_earliest_decisions_unreviewed():
    h = _random_hand(SIXTY_SIX, 9, (None, None))
    full = review_hand(h, 0, budget=1 << 30)
    assert full.unreviewed == 0
    small = review_hand(h, 0, budget=300)
    assert small.unreviewed > 0 and small.units < full.units
    for line in small.lines:  # what it did review is the same as with no budget
        assert line in full.lines
    lines = review(h, 0, budget=300)
    cut = [line for line in lines if line[0] is None and "not reviewed" in line[2]]
    assert len(cut) == 1 and cut[0][2].startswith("Trick")
    if lines[-1] != cut[0]:  # nothing found in what it reviewed: it says so, last
        assert lines == [cut[0], (None, cut[0][1] + 1, "From trick %d on, no decision cost you "
                                  "a game point." % (cut[0][1] + 1))], lines
    assert review_hand(h, 0, budget=0).lines == []
    # the tricks named as not reviewed hold no line: a trick's lead reviewed and the draw
    # before it not (it named "Tricks 1-2" beside a line of trick 2: a reviewer's find)
    rec = ("preset sixty-six\ndealer 0\ndeck 9C 9H JS AH QH TD 9S JD AC TS KS QD JC KH TC JH "
           "AS 9D AD KC TH KD QS QC\nplay 9H AH W KS 9S W M:H QH TC W X JC KH W KC JH W AC QS W "
           "QC 9C AS TS JS QD D\n")
    lines = review(rec, 0, seed=36, budget=5000)  # (a budget that leaves its first tricks)
    cut = lines[-1][1]
    assert "not reviewed" in lines[-1][2] and all(t > cut for c, t, _ in lines[:-1]), lines


def test_a_short_declaration_says_what_it_lost():
    """A declaration ends the hand: its result is exact even in the open phase, where HARD's
    choice has no value (a play-tester's find: the line said nothing of the 3 it cost)."""
    h = hand(nondealer="AH 9D JD QS KS 9S", dealer="9H TC JC QC KC AC", trump="TH")
    play(h, "AH 9H D")  # 11 points and a trick: short (R30a), the dealer trickless: 3
    assert h.over and signed(h, ND) == -3
    lines = review(h, ND, budget=1 << 30)
    assert (None, 2, "Trick 2: you declared 66 short and lost 3. From your view HARD draws "
                     "(not measured).") in lines
    assert [c for c, _t, _s in lines] == [None, None]  # not measured: never summed


def test_review_refuses_a_hand_not_finished_or_a_bad_seat():
    h = Hand.new(5)
    play(h, "")
    with pytest.raises(ValueError, match="not finished"):
        review(h, 0)
    done = _random_hand(SIXTY_SIX, 3)
    with pytest.raises(ValueError, match="seat"):
        review(done, 2)
    assert review(record(done), 0, budget=1 << 30) == review(done, 0, budget=1 << 30)


def test_outcome_words():
    assert outcome(2, 1) == "wins 2 instead of 1"
    assert outcome(0, -2) == "draws instead of losing 2"
    assert outcome(1, 0) == "wins 1 instead of a draw"
    assert outcome(-1, -3) == "loses 1 instead of 3"
    assert outcome(2, -1) == "wins 2 instead of losing 1"


# ---- on a board's interpreter ------------------------------------------------------------

def _lines(out, *keys):
    return [l for l in out.splitlines() if l.split(" ")[0] in keys]


def test_coach_on_micropython_and_circuitpython_equals_cpython():
    """Hints, reviews and the other seat's replay give the same text and digest on the
    MicroPython VM (96 KB heap, 64-bit) and on CircuitPython's 32-bit build (72 KB heap, 66 KB
    least since the value counts both trick cards; the pystack sim.deploy sets) as on CPython. python -m sim.bench review prints the smallest heaps."""
    import subprocess
    import sys as _sys
    import os as _os
    cp = subprocess.run([_sys.executable, "tests/vm/mp_coach_check.py", "2"], cwd=ROOT,
                        env=dict(_os.environ, PYTHONPATH="."), capture_output=True, text=True,
                        timeout=300)
    assert cp.returncode == 0, cp.stderr
    want = _lines(cp.stdout, "review", "hints", "done")
    assert len(want) >= 3
    mp = run("tests/vm/mp_coach_check.py", heap="96k", args=["2"], path=".:tests/support")
    assert mp.returncode == 0, mp.stdout + mp.stderr
    assert _lines(mp.stdout, "review", "hints", "done") == want
    circ = run_cp("tests/vm/mp_coach_check.py", heap="72k", args=["2"])
    assert circ.returncode == 0, circ.stdout + circ.stderr
    assert _lines(circ.stdout, "review", "hints", "done") == want


def test_the_last_trick_and_a_short_declaration_on_micropython_and_circuitpython():
    """tests/vm/mp_coach_bits_check.py: the last trick's replay lets go of engine.deck, and a
    short declaration's review line says what it lost, the same on the MicroPython VM and on
    CircuitPython's 32-bit build as on CPython."""
    import subprocess
    import sys as _sys
    import os as _os
    py = subprocess.run([_sys.executable, "tests/vm/mp_coach_bits_check.py"], cwd=ROOT,
                        env=dict(_os.environ, PYTHONPATH=".:lib"), capture_output=True,
                        text=True, timeout=300)
    assert py.returncode == 0, py.stderr
    want = py.stdout.splitlines()
    assert len(want) == 2 and want[0].startswith("last ") and want[0].endswith(" False"), want
    assert re.match(r"short Trick \d+: you declared 66 short and lost [23]\. ", want[1]), want
    mp = run("tests/vm/mp_coach_bits_check.py", heap="128k", path=".:lib:tests/support")
    assert mp.returncode == 0, mp.stdout + mp.stderr
    assert mp.stdout.splitlines() == want
    circ = run_cp("tests/vm/mp_coach_bits_check.py", heap="96k")
    assert circ.returncode == 0, circ.stdout + circ.stderr
    assert circ.stdout.splitlines() == want


def test_the_budget_bounds_the_work_of_every_review():
    """A review spends at most its budget plus one HARD decision (counted in units: solver
    nodes and the charge per HARD decision, never the clock)."""
    from engine.coach.review import BUDGET, HARD_LEAD
    from engine.ai.endgame import NODE_BUDGET
    worst = 0
    for i in range(40):
        h = _random_hand(SIXTY_SIX, 500 + i, (ai.EASY, ai.HARD))
        for seat in (0, 1):
            r = review_hand(h, seat)
            worst = max(worst, r.units)
            # HARD's decision: its first sampled deal, then NODE_BUDGET more, and the charge
            assert r.units <= BUDGET + 2 * NODE_BUDGET + HARD_LEAD, r.units
    assert worst > BUDGET // 2


def test_a_draw_with_nothing_else_to_choose_is_no_decision():
    """A pending draw where the only other legal action is a declaration short of 66 is no
    choice: the app draws at once (handheld.turn), and the review must not list "you drew" nor
    spend its budget there (it did: a reviewer's find, Schnapsen and Santase)."""
    from engine.cards import DRAW
    drawn = 0
    for seed in range(30):
        h = _random_hand(SCHNAPSEN, seed)
        for i in decisions(h, 0):
            s = state_at(h, i)
            if h.history[i] == DRAW:
                drawn += 1
                legal = s.legal_actions()
                assert CLOSE in legal or s.points(0) >= 66, (seed, i)
    assert drawn > 0  # the draws where closing was possible are still decisions


def test_a_declaration_short_of_66_against_a_close_is_a_decision_and_says_short():
    """The closer's opponent at a lead may declare short of 66 and so cut the closer's 3 to a
    2 (D7): the review counts that lead as a decision even with one card left (a declaration
    short of 66 did not count as a choice), and words such a declaration "66 short"."""
    from engine.coach.reviewtext import did, does, subject
    rng = Rng(3)
    found = 0
    for i in range(1, 400):
        h = Hand.new(mix(41, i), i & 1, SIXTY_SIX)
        at = None
        while not h.over:
            p = h.to_move
            legal = h.legal_actions()
            if at is None and h.closed_by == 1 - p and DECLARE in legal and h.points(p) < 66:
                at = (p, len(h.history))
                assert (did(h, DECLARE), does(h, DECLARE), subject(h, DECLARE)) == (
                    "declared 66 short", "declares 66 short", "Declaring 66 short")
            a = closing_move(h, rng)
            if a == DECLARE:
                assert subject(h, a) == "Declaring 66"
            h.apply(a)
        if at is not None:
            assert at[1] in decisions(h, at[0])
            found += 1
    assert found > 100
