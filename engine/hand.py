"""One hand of Sixty-Six: the rules of RULES.md R5-R42 as settled by its section 16 (D1-D10).

State is a handful of ints and 24-bit masks; `legal_actions()` and `apply(action)` are the verbs.
"""
from engine.cards import SUIT_MASK, CARD_POINTS, MARRIAGE, EXCHANGE, CLOSE, DRAW, DECLARE, bit_index
from engine.rules import SIXTY_SIX
from engine.rng import Rng
from engine import score, legal
from engine.legal import strict_cards, beats


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule."""


def check_deck(deck, rules):
    """The deck as bytes, or ValueError naming what is wrong with it."""
    try:
        cards = bytes(deck)
    except (TypeError, ValueError):
        raise ValueError("deck must be a sequence of card numbers 0..23")
    n = 20 if rules.deck == 20 else 24
    if len(cards) != n:
        raise ValueError("deck has %d cards; %s needs %d" % (len(cards), rules.name, n))
    seen = 0
    for c in cards:
        if c > 23:
            raise ValueError("deck holds %d, which is not a card (0..23)" % c)
        if seen >> c & 1:
            from engine.names import card_name
            raise ValueError("deck holds %s twice" % card_name(c))
        seen |= 1 << c
    if seen != rules.cards:
        from engine.names import mask_names
        raise ValueError("deck holds %s, which a %d-card deck has not" %
                         (mask_names(seen & ~rules.cards), n))
    return cards


class Hand:
    def __init__(self, deck, dealer=0, rules=SIXTY_SIX):
        if deck is None:  # an empty shell for copy()
            return
        if dealer not in (0, 1):
            raise ValueError("dealer must be 0 or 1, not %r" % (dealer,))
        self.rules = rules
        self.deck = check_deck(deck, rules)
        self.dealer = dealer
        d = self.deck
        nd = 1 - dealer
        hands = [0, 0]
        if rules.deck == 20:  # 3 + trump + 2 (Schnapsen)
            parts = ((nd, 0, 3), (dealer, 3, 6), (nd, 7, 9), (dealer, 9, 11))
            self.face_up = d[6]
            self._stock_start = 11
        else:  # 3-3, 3-3, then the 13th card face up (R5)
            parts = ((nd, 0, 3), (dealer, 3, 6), (nd, 6, 9), (dealer, 9, 12))
            self.face_up = d[12]
            self._stock_start = 13
        for seat, a, b in parts:
            for i in range(a, b):
                hands[seat] |= 1 << d[i]
        self.hands = hands
        self._next = self._stock_start  # index in deck of the next face-down card to draw
        self.trump_suit = self.face_up // 6
        self.leader = nd  # R7
        self.to_move = nd
        self.trick_card = -1  # the led card of the trick in progress
        self.announced = -1  # suit of a marriage just announced, whose K or Q must be led
        self.draw_pending = False
        self.closed_by = -1
        self.frozen_tricks = 0  # the closer's opponent at the close (R19.6, D5)
        self.frozen_points = 0
        self.close_trick = -1
        self.exchanged_by = -1
        self.trick_no = 0  # tricks completed
        self.tricks_won = [0, 0]
        self.won = [0, 0]  # card points taken in tricks
        self.melds = [0, 0]  # marriage points announced (count once a trick is won, R21)
        self.bonus = [0, 0]  # last-trick bonus (R31)
        self.marriages = [0, 0]  # suit bits of announced marriages
        self.played = [0, 0]  # cards each seat has played
        self.shown = [0, 0]  # cards in a hand that both players know of
        self.cannot = [0, 0]  # cards a seat has shown it cannot hold (R26, strict phase)
        self.last_trick = (-1, -1, -1)  # leader's card, follower's card, winner
        self.history = []
        self.over = False
        self.winner = None
        self.game_points = 0
        self.reason = None
        self.declared_by = -1

    @classmethod
    def new(cls, seed, dealer=0, rules=SIXTY_SIX):
        """A hand dealt from the engine's own PRNG: the same cards on every platform."""
        deck = [c for c in range(24) if rules.cards >> c & 1]
        Rng(seed).shuffle(deck)
        return cls(deck, dealer, rules)

    # ---- what anyone may ask ------------------------------------------------------------
    @property
    def stock_size(self):
        """Cards in the stock, the trump card included (D6: a closed stock keeps its count)."""
        n = len(self.deck) - self._next
        return n + 1 if self.face_up >= 0 else n

    @property
    def trump_card(self):
        return self.face_up

    def tricks(self, seat):
        return self.tricks_won[seat]

    def hand_mask(self, seat):
        return self.hands[seat]

    def points(self, seat):
        """Counted card points now: tricks, marriages once a trick is won (R21), bonus (R31)."""
        if self.tricks_won[seat]:
            return self.won[seat] + self.melds[seat] + self.bonus[seat]
        return 0

    @property
    def strict(self):
        """True once the stock is closed or exhausted (R26, R27)."""
        return self.closed_by >= 0 or self.stock_size == 0

    def stock_open(self):
        return self.closed_by < 0 and self.face_up >= 0

    def legal_actions(self):
        """The actions the player to move may take, as ints (empty once over, D10)."""
        return legal.actions(self)

    def follow_cards(self):
        """The cards the follower may play now (R8 open, R26 strict)."""
        return legal.follow_cards(self)

    # ---- changing the state ---------------------------------------------------------------
    def apply(self, action):
        """Play one action (an int, see engine.cards); IllegalAction leaves the state unchanged."""
        if type(action) is not int or action not in self.legal_actions():  # not 3.0 or True
            from engine.explain import why_illegal
            raise IllegalAction(why_illegal(self, action))
        p = self.to_move
        self.history.append(action)
        if action < 24:
            self._play(p, action)
        elif action < EXCHANGE:
            s = action - MARRIAGE
            self.melds[p] += 40 if s == self.trump_suit else 20  # R20
            self.marriages[p] |= 1 << s
            self.shown[p] |= 0x0C << (6 * s)
            self.announced = s
        elif action == EXCHANGE:  # R13
            ex = self.trump_suit * 6 + self.rules.exchange_rank
            old = self.face_up
            self.hands[p] ^= (1 << ex) | (1 << old)
            self.shown[p] |= 1 << old
            self.face_up = ex
            self.exchanged_by = p
        elif action == CLOSE:  # R17, R19
            self.closed_by = p
            self.draw_pending = False
            self.frozen_tricks = self.tricks_won[1 - p]
            self.frozen_points = self.points(1 - p)
            self.close_trick = self.trick_no
        elif action == DRAW:
            self._draw(p)
        else:
            score.declare(self, p)
        if self.rules.auto_declare and not self.over:
            q = self.to_move
            if self.trick_card < 0 and self.tricks_won[q] and self.points(q) >= 66:
                score.declare(self, q)

    def _play(self, p, c):
        bit = 1 << c
        self.hands[p] ^= bit
        self.played[p] |= bit
        self.shown[p] &= ~bit
        if self.trick_card < 0:  # a lead
            self.trick_card = c
            self.announced = -1
            self.to_move = 1 - p
            return
        led = self.trick_card
        if self.strict:  # what the follower has shown it cannot hold (R26)
            full = self.rules.strictness == "full"
            if c // 6 != led // 6:
                self.cannot[p] |= SUIT_MASK[led // 6]
                if full and c // 6 != self.trump_suit:
                    self.cannot[p] |= SUIT_MASK[self.trump_suit]
            elif full and c < led:
                self.cannot[p] |= SUIT_MASK[led // 6] & ~((2 << led) - 1)
        w = p if beats(c, led, self.trump_suit) else 1 - p
        self.last_trick = (led, c, w)
        self.trick_card = -1
        self.trick_no += 1
        self.tricks_won[w] += 1
        self.won[w] += CARD_POINTS[c] + CARD_POINTS[led]
        self.leader = w
        self.to_move = w
        if self.stock_open():
            self.draw_pending = True  # R11, R17: the winner draws, closes or declares first
        elif not self.hands[w]:
            score.run_out(self, w)

    def _draw(self, w):
        """R11: the winner draws the top card, then the loser; the trump card comes last."""
        self.draw_pending = False
        for seat in (w, 1 - w):
            if self._next < len(self.deck):
                self.hands[seat] |= 1 << self.deck[self._next]
                self._next += 1
            else:
                self.hands[seat] |= 1 << self.face_up
                self.shown[seat] |= 1 << self.face_up
                self.face_up = -1

    def finish(self, winner, game_points, reason):
        self.over = True
        self.winner = winner
        self.game_points = game_points
        self.reason = reason
        self.to_move = None
        self.draw_pending = False

    # ---- copies and views -----------------------------------------------------------------
    def copy(self):
        """An independent copy (for tests and tools; the AI searches on masks instead)."""
        h = Hand(None)
        for k in _SCALARS:
            setattr(h, k, getattr(self, k))
        for k in _LISTS:
            setattr(h, k, list(getattr(self, k)))
        return h

    def view(self, seat):
        """What `seat` may know (R43 plus perfect memory): see engine.view.View."""
        from engine.view import View
        return View(self, seat)

    def __repr__(self):
        from engine.names import mask_names
        return "<Hand %s dealer=%d trick=%d hands=[%s | %s]%s>" % (
            self.rules.name, self.dealer, self.trick_no, mask_names(self.hands[0]),
            mask_names(self.hands[1]), " over" if self.over else "")


_SCALARS = ("rules", "deck", "dealer", "face_up", "_stock_start", "_next", "trump_suit", "leader",
            "to_move", "trick_card", "announced", "draw_pending", "closed_by", "frozen_tricks",
            "frozen_points", "close_trick", "exchanged_by", "trick_no", "last_trick", "over",
            "winner", "game_points", "reason", "declared_by")
_LISTS = ("hands", "tricks_won", "won", "melds", "bonus", "marriages", "played", "shown", "cannot",
          "history")
