"""The engine's text and sampling side on any VM: names, records, refusals, sampled deals.

    micropython tests/vm/mp_engine_text.py   (also runs on CPython; prints lines to compare)
"""
from engine.hand import Hand, IllegalAction
from engine.names import card_name
from engine.notation import parse_card, action_name, parse_action
from engine.record import record, replay
from engine.rng import Rng
from engine.rules import PRESET_ORDER, preset
from engine.ai.redeal import sample_hand

for c in range(24):
    assert parse_card(card_name(c)) == c
for a in range(32):
    assert parse_action(action_name(a)) == a
print("names ok")

rng = Rng(5)
refused = 0
for name in PRESET_ORDER:
    rules = preset(name)
    for seed in range(30):
        h = Hand.new(seed, seed & 1, rules)
        while not h.over:
            view = h.view(h.to_move)
            other = sample_hand(view, rng)  # a hidden re-deal the seat cannot tell apart
            assert other.view(h.to_move).key() == view.key()
            legal = h.legal_actions()
            for a in range(32):
                if a not in legal:
                    before = (list(h.history), list(h.hands))
                    try:
                        h.apply(a)
                    except IllegalAction as e:
                        assert str(e)
                        refused += 1
                    assert (list(h.history), list(h.hands)) == before
                    break
            pick = [x for x in legal if x != 31] or legal
            if 31 in legal and h.points(h.to_move) >= 66:
                pick = [31]
            h.apply(pick[rng.below(len(pick))])
        text = record(h)
        again = replay(text)
        assert record(again) == text and again.winner == h.winner
    try:
        replay("preset %s\ndealer 0\ndeck 9C 9C\n" % name)
    except ValueError as e:
        print("bad record:", e)
    print(name, "ok", h.winner, h.game_points, h.reason)
print("refused", refused)
# changed options are checked by engine.ruleopts (imported only then): the same answers here
print("options", preset("sixty-six").but(match_target=11).match_target)
for bad in ({"match_target": "7"}, {"no_such_rule": True}):
    try:
        preset("sixty-six").but(**bad)
        print("options accepted", bad)
    except (ValueError, TypeError) as e:
        print("options refused:", e)
