"""A match: hands dealt from one seed until a player reaches the target (R39, R40)."""
import gc
gc.collect()  # this module's compile garbage, before engine.hand compiles (see engine.ai)
from engine.hand import Hand
from engine.rng import Rng, mix
from engine.rules import SIXTY_SIX


class Match:
    """Plays hands to the target with the preset's dealer rotation (R4) and match style (R39).

    `scores` are game points won (count up), or the points still to go (Bummerl, count down).
    """

    def __init__(self, rules=SIXTY_SIX, seed=1, target=None):
        if target is None:
            target = rules.match_target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError("match target must be a whole number >= 1, not %r" % (target,))
        if type(seed) is not int:  # not "7", 1.5 or True (Hand.new would see a mixed seed)
            from engine.deck import check_args
            check_args(seed, 0, rules)
        self.rules = rules
        self.seed = seed
        self.target = target
        self.bummerl = rules.match_style == "bummerl"
        self.scores = [target, target] if self.bummerl else [0, 0]
        self.carry = 0  # game points a drawn hand hands on (drawCarryPoint, R33)
        self.hand_no = 0
        self.results = []  # (winner, game points, reason) of each finished hand
        self.over = False
        self.winner = None
        self.dealer = Rng(mix(seed, 0xDEA1)).below(2)  # R4: the first dealer is random
        self.hand = self._deal()

    def _deal(self):
        return Hand.new(mix(self.seed, self.hand_no + 1), self.dealer, self.rules)

    def won(self, seat):
        """Game points seat has won so far."""
        s = self.scores[seat]
        return self.target - s if self.bummerl else s

    def apply(self, action):
        """Play an action in the current hand; scores the hand when it ends."""
        if self.over:
            raise ValueError("the match is over")
        h = self.hand
        h.apply(action)
        if not h.over:
            return
        w = h.winner
        pts = h.game_points
        if w is None:
            if self.rules.draw_carry_point:
                self.carry += 1
        else:
            pts += self.carry
            self.carry = 0
            if self.bummerl:
                self.scores[w] = max(0, self.scores[w] - pts)
                done = self.scores[w] == 0
            else:
                self.scores[w] += pts
                done = self.scores[w] >= self.target
            if done:
                self.over = True
                self.winner = w
        self.results.append((w, pts if w is not None else 0, h.reason))

    def next_hand(self):
        """Deal the next hand once the current one is over; returns it."""
        if not self.hand.over:
            raise ValueError("the hand is not over yet")
        if self.over:
            raise ValueError("the match is over")
        w = self.hand.winner
        if self.rules.next_dealer == "winner":
            if w is not None:
                self.dealer = w  # the winner deals; a drawn hand is dealt again by the same dealer
        else:
            self.dealer = 1 - self.dealer
        self.hand_no += 1
        self.hand = None  # the hand over goes before the next is dealt (a board's small heap)
        self.hand = self._deal()
        return self.hand

    def state(self):
        """What a save needs: the hand in progress is rebuilt from its history. The scores and
        carry are today's: once the hand is over they include it, and restore() would count
        it again, so a save of a finished hand gives the ones it was dealt with instead (as
        handheld.persist does)."""
        return {"preset": self.rules.name, "options": self.rules.changed(), "seed": self.seed,
                "target": self.target, "hand_no": self.hand_no, "dealer": self.dealer,
                "scores": list(self.scores), "carry": self.carry, "history": list(self.hand.history)}

    @staticmethod
    def restore(rules, seed, target, hand_no, dealer, scores, carry=0, history=()):
        """The match rebuilt from `state()` values, scores and carry those the hand was dealt
        with (its history is replayed on them); ValueError if they do not fit together."""
        m = Match(rules, seed, target)
        if dealer not in (0, 1) or hand_no < 0 or len(scores) != 2:
            raise ValueError("saved match is malformed")
        m.hand_no = hand_no
        m.dealer = dealer
        m.scores = [int(scores[0]), int(scores[1])]
        m.carry = carry
        m.hand = None  # the first hand dealt goes before the saved one is (a board's heap)
        m.hand = m._deal()
        for a in history:
            m.apply(a)  # IllegalAction if the history does not fit the deal
        return m
