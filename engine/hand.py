# One hand of Sixty-Six: docs/rules.md R5-R42 as settled by its engine decisions D1-D10.
#
# State is a handful of ints and 24-bit masks; `legal_actions()` and `apply(action)` are the verbs.
# The prose is in comments, not docstrings (as in engine.ai.value): a board compiles this module
# from .py, and a docstring's text sits in the parse tree while it does (a HARD vs HARD match
# from .py needed 46 KB on CircuitPython's 32-bit build with them, 44 KB without).
# The import order keeps the MicroPython compile peak low: big modules compile first, and the
# compiler's garbage (this module's own, then each import's) is freed before the next compiles
# (see engine.ai)
import gc
gc.collect()
from engine import legal
gc.collect()
from engine.rules import SIXTY_SIX, Rules
gc.collect()
from engine.rng import Rng


class IllegalAction(ValueError):
    # An action the rules do not allow now; the message names the rule.
    pass


class Hand:
    def __init__(self, deck, dealer=0, rules=SIXTY_SIX):
        if deck is None:  # an empty shell for copy()
            return
        from engine.deck import check_deck  # imported at each call: Hand.new needs none
        self._deal(check_deck(deck, rules, dealer), dealer, rules)

    def _deal(self, deck, dealer, rules):
        self.deck = deck
        self.rules = rules
        self.dealer = dealer
        d = self.deck
        o = 1 - dealer
        hands = [0, 0]
        n = 11 if rules.deck == 20 else 13  # where the stock starts
        # 3 + trump + 2 (Schnapsen), or 3-3, 3-3, then the 13th card face up (R5)
        for seat, a, b in (((o, 0, 3), (dealer, 3, 6), (o, 7, 9), (dealer, 9, 11)) if n == 11
                           else ((o, 0, 3), (dealer, 3, 6), (o, 6, 9), (dealer, 9, 12))):
            for i in range(a, b):
                hands[seat] |= 1 << d[i]
        self.face_up = d[6] if n == 11 else d[12]
        self._stock_start = n
        self.hands = hands
        self._next = self._stock_start  # index in deck of the next face-down card to draw
        self.trump_suit = self.face_up // 6
        self.leader = o  # R7
        self.to_move = o
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

    @staticmethod
    def new(seed, dealer=0, rules=SIXTY_SIX):
        # A hand dealt from the engine's own PRNG: the same cards on every platform (the rule
        # set's cards, as bytes, shuffled).
        if type(seed) is not int or type(dealer) is not int or dealer not in (0, 1) or \
                not isinstance(rules, Rules):  # not 7.0, "7", True or a preset's name
            from engine.deck import check_args
            check_args(seed, dealer, rules)
        deck = []
        for c in range(24):
            if rules.cards >> c & 1:
                deck.append(c)
        h = Hand(None)
        h._deal(bytes(Rng(seed).shuffle(deck)), dealer, rules)
        return h

    # ---- what anyone may ask ------------------------------------------------------------
    @property
    def stock_size(self):
        # Cards in the stock, the trump card included (D6: a closed stock keeps its count).
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
        # Counted card points now: tricks, marriages once a trick is won (R21), bonus (R31).
        if self.tricks_won[seat]:
            return self.won[seat] + self.melds[seat] + self.bonus[seat]
        return 0

    @property
    def strict(self):
        # True once the stock is closed or exhausted (R26, R27).
        return self.closed_by >= 0 or self.stock_size == 0

    def stock_open(self):
        return self.closed_by < 0 and self.face_up >= 0

    # The actions the player to move may take, as ints (empty once over, D10), and the cards
    # the follower may play now (R8 open, R26 strict): engine.legal's functions as methods.
    legal_actions = legal.legal_actions
    follow_cards = legal.follow_cards

    # ---- changing the state ---------------------------------------------------------------
    def apply(self, action):
        # Play one action (an int, see engine.cards); IllegalAction leaves the state unchanged.
        if type(action) is not int or action not in self.legal_actions():  # not 3.0 or True
            from engine.explain import why_illegal
            raise IllegalAction(why_illegal(self, action))
        legal.act(self, self.to_move, action)

    def finish(self, winner, game_points, reason):
        self.over = True
        self.winner = winner
        self.game_points = game_points
        self.reason = reason
        self.to_move = None
        self.draw_pending = False

    # ---- copies and views -----------------------------------------------------------------
    def copy(self):
        # An independent copy (for tests and tools; the AI searches on masks instead): every
        # field, the lists copied.
        h = Hand(None)
        for k in self.__dict__:
            v = getattr(self, k)
            setattr(h, k, list(v) if type(v) is list else v)
        return h

    def view(self, seat):
        # What `seat` may know (R43 plus perfect memory): see engine.view.View.
        from engine.view import View
        return View(self, seat)

    def __repr__(self):
        from engine.notation import hand_repr  # not on a board's import path
        return hand_repr(self)
