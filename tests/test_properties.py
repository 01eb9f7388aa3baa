"""Properties over 20,000 seeded random hands per preset and 5,000 for two option mixes (a
biased random player goes deep).

At every step: every card is in exactly one place; the legal list is empty exactly when the hand
is over; points and tricks agree with an independent tally of the history. On a sample of
steps: every action that is not legal (and some junk) is refused with nothing changed, and a
seat's view does not change when the cards hidden from it are dealt differently. After every
hand: an independent referee finds the same winner and game points, and replaying its history
on its deck gives the same state.
"""
import random

import pytest

from engine.cards import popcount, CARD_POINTS, DECLARE, CLOSE, DRAW, MARRIAGE, EXCHANGE
from engine.deck import mask_of
from engine.hand import Hand, IllegalAction
from engine.rules import SIXTY_SIX, SCHNAPSEN, SANTASE

CHUNK = 2500  # hands per test item, so that pytest-xdist spreads them
RULE_SETS = {  # name: (rules, hands)
    "sixty-six": (SIXTY_SIX, 20000),
    "schnapsen": (SCHNAPSEN, 20000),
    "santase": (SANTASE, 20000),
    # the options no preset turns on, and the Schnapsen deck with Sixty-Six scoring
    "variant-a": (SIXTY_SIX.but(exchange_timing="any", exchange_on_opponent_close=True,
                                exchange_needs_trick=False, strictness="follow",
                                close_score_at="end", beaten_closer_flat2=True,
                                false_declare_schwarz3=False, marriage_after_close=True), 5000),
    "variant-b": (SCHNAPSEN.but(run_out_winner="total", last_trick_bonus=10,
                                failed_close_always3=True, close_before_draw=True,
                                exchange_min_stock=4, close_min_stock=4,
                                marriage_on_first_lead=False, close_before_first_trick=False,
                                match_style="up"), 5000),
}
JUNK = (-1, 32, 99, None, 2.0, True, "QH")


def choose(h, rng):
    """A biased random action: declares when 66 is reached (mostly), rarely falsely; closes
    rarely; draws, exchanges and marries mostly; otherwise a random card."""
    acts = h.legal_actions()
    p = h.to_move
    if DECLARE in acts:
        if h.points(p) >= 66 and rng.random() < 0.85 or rng.random() < 0.01:
            return DECLARE
        acts.remove(DECLARE)
    if CLOSE in acts:
        if rng.random() < 0.04:
            return CLOSE
        acts.remove(CLOSE)
    if DRAW in acts:
        return DRAW
    if EXCHANGE in acts and rng.random() < 0.7:
        return EXCHANGE
    marriages = [a for a in acts if MARRIAGE <= a < EXCHANGE]
    if marriages and rng.random() < 0.7:
        return rng.choice(marriages)
    return rng.choice(acts)


def state(h):
    """Every field of a hand, lists as tuples (cheap to compare)."""
    return [(k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(vars(h).items())]


def check_cards(h):
    """Hands + face-down stock + face-up card + played cards == the deck, with no overlaps."""
    hidden = h.stock_size - (1 if h.trump_card >= 0 else 0)
    n = len(h.deck)
    stock = mask_of(h.deck[n - hidden:]) if hidden else 0
    up = 1 << h.trump_card if h.trump_card >= 0 else 0
    parts = (h.hands[0], h.hands[1], stock, up, h.played[0], h.played[1])
    total = 0
    for m in parts:
        total |= m
    assert total == h.rules.cards and sum(popcount(m) for m in parts) == n, parts


def taker(led, card, leader, trump):
    """Who takes the trick: the follower with a higher card of the led suit or a trump (R9)."""
    if card // 6 == led // 6:
        return 1 - leader if card > led else leader
    return 1 - leader if card // 6 == trump else leader


def tally(h):
    """Points and tricks per seat recomputed from the history alone (R9, R10, R20, R21, R31)."""
    trump = h.trump_suit
    leader = 1 - h.dealer
    won, tricks, melds = [0, 0], [0, 0], [0, 0]
    led = None
    for a in h.history:
        if MARRIAGE <= a < EXCHANGE:
            melds[leader] += 40 if a - MARRIAGE == trump else 20
        elif a < 24:
            if led is None:
                led = a
                continue
            winner = taker(led, a, leader, trump)
            won[winner] += CARD_POINTS[a] + CARD_POINTS[led]
            tricks[winner] += 1
            leader, led = winner, None
    points = [won[s] + melds[s] if tricks[s] else 0 for s in (0, 1)]
    if h.over and h.closed_by < 0 and not h.hands[0] and not h.hands[1]:
        points[leader] += h.rules.last_trick_bonus  # R31: the hand ran out, never closed
    return points, tricks


def referee(h):
    """(winner, game points) of a finished hand, worked out again from its history alone by
    R30a, R31-R37 and D7-D9 (auto_declare is off in the presets)."""
    r = h.rules
    trump = h.trump_suit
    leader = 1 - h.dealer
    won, tricks, melds = [0, 0], [0, 0], [0, 0]
    led = None
    closer, frozen = -1, None

    def pts(s):
        return won[s] + melds[s] if tricks[s] else 0

    def scale(points, n):
        return 1 if points >= 33 else 2 if n else 3

    def failed_close():
        return 3 if r.failed_close_always3 or frozen[0] == 0 else 2

    def false_declaration(o):
        return 3 if tricks[o] == 0 and r.false_declare_schwarz3 else 2

    def declare(p):
        o = 1 - p
        correct = pts(p) >= 66
        if closer < 0:
            return (p, scale(pts(o), tricks[o])) if correct else (o, false_declaration(o))
        if closer == p:
            if not correct:
                return o, failed_close()
            if r.close_score_at == "end":
                return p, scale(pts(o), tricks[o])
            return p, scale(frozen[1], frozen[0])
        if not correct:
            return o, false_declaration(o)
        flat = r.beaten_closer_flat2 and not r.failed_close_always3
        return p, 2 if flat else failed_close()

    for a in h.history:
        if a == CLOSE:
            closer, frozen = leader, (tricks[1 - leader], pts(1 - leader))
        elif a == DECLARE:
            return declare(leader)
        elif MARRIAGE <= a < EXCHANGE:
            melds[leader] += 40 if a - MARRIAGE == trump else 20
        elif a < 24:
            if led is None:
                led = a
                continue
            w = taker(led, a, leader, trump)
            won[w] += CARD_POINTS[a] + CARD_POINTS[led]
            tricks[w] += 1
            leader, led = w, None
    w = leader  # the hand ran out: w took the last trick
    if closer >= 0:  # D9
        if closer == w and pts(w) >= 66:
            return declare(w)
        return 1 - closer, failed_close()
    won[w] += r.last_trick_bonus  # R31, D8
    if pts(w) >= 66:
        return w, scale(pts(1 - w), tricks[1 - w])
    if r.run_out_winner == "last":
        return w, 1
    if pts(w) == pts(1 - w):
        return None, 0
    hi = w if pts(w) > pts(1 - w) else 1 - w
    return hi, scale(pts(1 - hi), tricks[1 - hi])


def check_refusals(h):
    before = state(h)
    legal = h.legal_actions()
    for a in list(range(32)) + list(JUNK):
        if type(a) is int and a in legal:
            continue
        try:
            h.apply(a)
        except IllegalAction:
            continue
        raise AssertionError("%r was not refused" % (a,))
    assert state(h) == before


def redeal_hidden(h, seat, rng):
    """A deck in which the cards hidden from seat (the opponent's unknown cards, the face-down
    stock) are dealt to each other's places, keeping what seat has seen the opponent cannot
    hold (R26) out of the opponent's hand."""
    view = h.view(seat)
    o = 1 - seat
    n = len(h.deck)
    hidden = h.stock_size - (1 if h.trump_card >= 0 else 0)
    opp_unknown = h.hands[o] & ~view.opp_known
    opp_pos = [i for i in range(n - hidden) if opp_unknown >> h.deck[i] & 1]
    stock_pos = list(range(n - hidden, n)) if hidden else []
    pool = [h.deck[i] for i in opp_pos + stock_pos]
    forced = [c for c in pool if view.opp_cannot >> c & 1]
    free = [c for c in pool if not view.opp_cannot >> c & 1]
    rng.shuffle(forced)
    rng.shuffle(free)
    cut = len(stock_pos) - len(forced)
    to_stock = forced + free[:cut]
    rng.shuffle(to_stock)
    deck = list(h.deck)
    for i, c in zip(opp_pos + stock_pos, free[cut:] + to_stock):
        deck[i] = c
    assert sorted(deck) == sorted(h.deck)
    return deck


def check_view(h, rng):
    """Replays the history on a redealt deck for each seat; returns how many decks differed."""
    changed = 0
    for seat in (0, 1):
        deck = redeal_hidden(h, seat, rng)
        other = Hand(deck, h.dealer, h.rules)
        for a in h.history:
            other.apply(a)
        assert other.view(seat) == h.view(seat)
        assert other.view(seat).key() == h.view(seat).key()
        changed += bytes(deck) != h.deck
    return changed


def play_hands(rules, first, count, sample):
    rng = random.Random(first)
    depth = views = redealt = 0
    for seed in range(first, first + count):
        h = Hand.new(seed, seed & 1, rules)
        deep = rng.random() < sample
        while True:
            check_cards(h)
            points, tricks = tally(h)
            assert [h.points(0), h.points(1)] == points and h.tricks_won == tricks
            legal = h.legal_actions()
            if h.over:
                assert legal == [] and h.to_move is None
                break
            assert legal and h.to_move in (0, 1)
            if deep:
                check_refusals(h)
                if rng.random() < 0.3:
                    views += 2
                    redealt += check_view(h, rng)
            h.apply(choose(h, rng))
        assert h.game_points in ((0,) if h.winner is None else (1, 2, 3))
        assert (h.winner, h.game_points) == referee(h), h.history
        assert (h.winner is None) == (h.reason == "drawn")
        again = Hand(h.deck, h.dealer, rules)
        for a in h.history:
            again.apply(a)
        assert state(again) == state(h)
        depth += h.trick_no
    assert redealt > views // 2  # most checks really dealt the hidden cards differently
    return depth / count


@pytest.mark.parametrize("name, first", [(name, first) for name in RULE_SETS
                                         for first in range(1, RULE_SETS[name][1], CHUNK)])
def test_random_hands(name, first):
    rules = RULE_SETS[name][0]
    depth = play_hands(rules, first, CHUNK, sample=0.05)
    assert depth > rules.deck // 4  # the biased player goes deep: over half the tricks on average
