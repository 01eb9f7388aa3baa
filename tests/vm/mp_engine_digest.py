"""Plays seeded random hands and matches of every preset and prints a CRC-32 digest of them.

Runs on CPython and on the MicroPython VM (tests/test_micropython.py compares the two):
    MICROPYPATH=. micropython tests/vm/mp_engine_digest.py [hands] [matches]
    PYTHONPATH=. python tests/vm/mp_engine_digest.py [hands] [matches]
The digest covers each hand's deck, history, points, tricks, winner, game points and reason, and
each match's hands, scores and winner. Only the engine's own PRNG is used.
"""
import sys

from engine.hand import Hand
from engine.match import Match
from engine.rng import Rng
from engine.rules import PRESET_ORDER, preset
from engine.cards import DECLARE, CLOSE, DRAW, EXCHANGE, MARRIAGE

REASONS = ("declared", "false declaration", "closer won", "closer failed",
           "closer declared falsely", "closer beaten", "run out", "last trick", "drawn")


def crc32(crc, data):
    """CRC-32 (the zlib polynomial) of bytes or a list of small ints, continued from crc."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b & 0xFF
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def choose(h, rng):
    """A biased random action (only the engine's Rng, so every platform plays the same)."""
    acts = h.legal_actions()
    p = h.to_move
    if DECLARE in acts:
        if h.points(p) >= 66 and rng.below(100) < 85 or rng.below(100) < 1:
            return DECLARE
        acts.remove(DECLARE)
    if CLOSE in acts:
        if rng.below(100) < 4:
            return CLOSE
        acts.remove(CLOSE)
    if DRAW in acts:
        return DRAW
    if EXCHANGE in acts and rng.below(10) < 7:
        return EXCHANGE
    for a in acts:
        if MARRIAGE <= a < EXCHANGE and rng.below(10) < 7:
            return a
    return acts[rng.below(len(acts))]


def summary(h):
    """The bytes of a finished hand that the digest covers."""
    w = 2 if h.winner is None else h.winner
    return [w, h.game_points, REASONS.index(h.reason), h.points(0), h.points(1),
            h.tricks_won[0], h.tricks_won[1], h.trick_no]


def run(hands, matches):
    total = 0
    for name in PRESET_ORDER:
        rules = preset(name)
        crc = 0
        rng = Rng(len(name))
        for seed in range(1, hands + 1):
            h = Hand.new(seed, seed & 1, rules)
            while not h.over:
                h.apply(choose(h, rng))
            crc = crc32(crc, h.deck)
            crc = crc32(crc, h.history)
            crc = crc32(crc, summary(h))
        n_hands = 0
        for seed in range(1, matches + 1):
            m = Match(rules, seed)
            while True:
                h = m.hand
                while not h.over:
                    m.apply(choose(h, rng))
                crc = crc32(crc, h.history)
                crc = crc32(crc, summary(h))
                n_hands += 1
                if m.over:
                    break
                m.next_hand()
            crc = crc32(crc, [m.winner, m.hand_no, m.scores[0], m.scores[1], m.dealer])
        print("digest %s %08x hands %d matches %d match_hands %d" % (
            name, crc, hands, matches, n_hands))
        total = crc32(total, [crc & 0xFF, crc >> 8 & 0xFF, crc >> 16 & 0xFF, crc >> 24])
    print("digest all %08x" % total)


if __name__ == "__main__":
    args = sys.argv[1:]
    run(int(args[0]) if args else 500, int(args[1]) if len(args) > 1 else 20)
