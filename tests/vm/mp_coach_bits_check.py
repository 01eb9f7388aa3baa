"""Today's coach fixes on a board's interpreter (run by MicroPython, CircuitPython and CPython
alike; tests/test_coach.py compares their lines):
- the last trick (handheld.coachui.last_trick) replays the hand from its deck and lets go of
  engine.deck, which Hand(deck) imports to check the deck;
- a declaration short of 66 says in its review line what it lost.

    micropython tests/vm/mp_coach_bits_check.py
prints `last <mine> <cpu's> <winner> <engine.deck loaded after>` and `short <the line>`.
"""
import sys

from engine.cards import DECLARE
from engine.hand import Hand
from engine.rng import mix
from engine.coach.review import review
from handheld import coachui


def first_legal(h, tricks):
    """Play the first legal action (no declaration) until `tricks` tricks are done."""
    while h.trick_no < tricks and not h.over:
        h.apply([a for a in h.legal_actions() if a != DECLARE][0])


h = Hand.new(mix(2027, 0), 0)
first_legal(h, 3)
t = coachui.last_trick(h)
print("last %d %d %d %s" % (t[0], t[1], t[2], "engine.deck" in sys.modules))
for i in range(1, 200):  # the first deal whose player may declare short after a trick
    h = Hand.new(mix(2027, i), i & 1)
    while not h.over and not (DECLARE in h.legal_actions() and h.points(h.to_move) < 66):
        h.apply([a for a in h.legal_actions() if a != DECLARE][0])
    if not h.over:
        seat = h.to_move
        h.apply(DECLARE)
        # (the last decision, the declaration, is reviewed first: within the budget)
        print("short " + [x[2] for x in review(h, seat) if "declared 66" in x[2]][0])
        break
