"""R39-R40 the match: targets, count up or Bummerl, dealer rotation (R4), saves.

Rules: docs/rules.md#11-the-match (R4: #2-dealing).
"""
import pytest

from engine.match import Match
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE
from helpers import play, finish, DRAWN_FIRST_HAND, drawn_match


def _play_match(m):
    dealers = []
    while True:
        dealers.append(m.dealer)
        finish(m)
        if m.over:
            return dealers
        m.next_hand()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_r39_first_to_7_wins_counting_up(seed):
    m = Match(SIXTY_SIX, seed)
    assert m.scores == [0, 0] and m.target == 7
    _play_match(m)
    w = m.winner
    assert m.over and m.scores[w] >= 7 and m.scores[1 - w] < 7  # R40: never level
    assert sum(p for _, p, _ in m.results) == sum(m.scores)
    for seat in (0, 1):
        assert m.scores[seat] == sum(p for x, p, _ in m.results if x == seat)
    assert m.results[-1][0] == w
    before = sum(p for x, p, _ in m.results[:-1] if x == w)
    assert before < 7  # the match ended with the hand that crossed the target


def test_r40_the_match_ends_at_once_and_refuses_more_play():
    m = Match(SIXTY_SIX, 2)
    _play_match(m)
    with pytest.raises(ValueError, match="over"):
        m.apply(0)
    with pytest.raises(ValueError, match="over"):
        m.next_hand()


def test_next_hand_needs_the_hand_finished():
    m = Match(SIXTY_SIX, 2)
    with pytest.raises(ValueError, match="not over"):
        m.next_hand()


@pytest.mark.parametrize("rules, target", [(SANTASE, 11), (SIXTY_SIX.but(match_target=11), 11),
                                           (SIXTY_SIX.but(match_target=3), 3)])
def test_r39_other_targets(rules, target):
    m = Match(rules, 3)
    assert m.target == target
    _play_match(m)
    assert m.scores[m.winner] >= target > m.scores[1 - m.winner]


def test_r39_explicit_target_overrides_the_preset():
    m = Match(SIXTY_SIX, 3, target=2)
    _play_match(m)
    assert m.target == 2 and m.scores[m.winner] >= 2


def test_r39_bummerl_counts_down_from_7_to_0():
    m = Match(SCHNAPSEN, 5)
    assert m.scores == [7, 7] and m.bummerl
    _play_match(m)
    w = m.winner
    assert m.scores[w] == 0 and m.scores[1 - w] > 0
    for seat in (0, 1):
        assert m.won(seat) == 7 - m.scores[seat]
        assert m.won(seat) >= min(7, sum(p for x, p, _ in m.results if x == seat))


@pytest.mark.parametrize("bad", [0, -1, "7", 2.5, True])
def test_match_target_must_be_a_whole_number(bad):
    with pytest.raises(ValueError, match="target"):
        Match(SIXTY_SIX, 1, target=bad)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r4_r40_dealing_alternates(seed):
    m = Match(SIXTY_SIX, seed)
    dealers = _play_match(m)
    assert all(a != b for a, b in zip(dealers, dealers[1:]))


def test_r4_next_dealer_winner_the_winner_deals():
    m = Match(SIXTY_SIX.but(next_dealer="winner"), 3)
    while not m.over:
        finish(m)
        w = m.hand.winner
        if m.over:
            break
        before = m.dealer
        m.next_hand()
        assert m.dealer == (before if w is None else w)


@pytest.mark.parametrize("rule, next_dealer", [("alternate", 1), ("winner", 0)])
def test_r4_after_a_drawn_hand(rule, next_dealer):
    m = drawn_match(SIXTY_SIX.but(next_dealer=rule))  # dealer 0, the hand is drawn
    assert m.dealer == 0
    play(m, DRAWN_FIRST_HAND)
    assert m.hand.winner is None
    m.next_hand()
    assert m.dealer == next_dealer and m.hand_no == 1
    assert m.hand.dealer == next_dealer


def test_santase_preset_lets_the_winner_deal():
    assert SANTASE.next_dealer == "winner" and SIXTY_SIX.next_dealer == "alternate"


def test_each_hand_of_a_match_is_dealt_from_the_seed():
    a, b = Match(SIXTY_SIX, 9), Match(SIXTY_SIX, 9)
    assert a.hand.deck == b.hand.deck and a.dealer == b.dealer
    finish(a)
    finish(b)
    assert a.next_hand().deck == b.next_hand().deck
    assert Match(SIXTY_SIX, 10).hand.deck != Match(SIXTY_SIX, 9).hand.deck


def test_match_state_and_restore_round_trip_mid_hand():
    m = Match(SIXTY_SIX.but(draw_carry_point=True), 4)
    finish(m)
    m.next_hand()
    for _ in range(7):
        m.apply(min(m.hand.legal_actions()))
    s = m.state()
    r = Match.restore(m.rules, s["seed"], s["target"], s["hand_no"], s["dealer"], s["scores"],
                      s["carry"], s["history"])
    assert r.scores == m.scores and r.dealer == m.dealer and r.hand_no == m.hand_no
    assert r.hand.history == m.hand.history and r.hand.hands == m.hand.hands
    assert r.hand.legal_actions() == m.hand.legal_actions()


def test_match_restore_refuses_a_history_that_does_not_fit():
    m = Match(SIXTY_SIX, 4)
    s = m.state()
    with pytest.raises(ValueError):
        Match.restore(m.rules, s["seed"], s["target"], 0, s["dealer"], s["scores"], 0, [31])
    with pytest.raises(ValueError):
        Match.restore(m.rules, s["seed"], s["target"], 0, 2, s["scores"])


def test_a_match_as_a_board_plays_it_imports_no_desktop_module():
    # engine.deck (given decks), engine.explain (refusals), engine.notation (text), engine.ruleopts
    # (changed options) and engine.record serve tests and tools: a board's game, which deals with
    # Hand.new, plays legal actions of the presets and saves its state, must not load them
    import os
    import subprocess
    import sys
    code = ("import sys\n"
            "from engine.match import Match\n"
            "from engine.rules import preset, PRESET_ORDER\n"
            "for name in PRESET_ORDER:\n"
            "    m = Match(preset(name), 3)\n"
            "    for _ in range(4):\n"
            "        m.apply(m.hand.legal_actions()[-1])\n"
            "    s = m.state()\n"
            "    Match.restore(m.rules, s['seed'], s['target'], s['hand_no'], s['dealer'],\n"
            "                  s['scores'], s['carry'], s['history'])\n"
            "    while not m.over:\n"
            "        h = m.hand\n"
            "        while not h.over:\n"
            "            h.view(h.to_move)\n"
            "            m.apply(h.legal_actions()[-1])\n"
            "        m.state()\n"
            "        if not m.over:\n"
            "            m.next_hand()\n"
            "print(sorted(k for k in sys.modules if k.startswith('engine')))\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         check=True).stdout
    loaded = set(eval(out))
    assert "engine.hand" in loaded and "engine.view" in loaded
    assert not loaded & {"engine.deck", "engine.explain", "engine.notation", "engine.ruleopts",
                         "engine.record"}
