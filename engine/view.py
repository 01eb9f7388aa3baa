"""What one seat may know of a hand (R43), with a perfect memory of everything played.

The computer opponent is given only this. Every field is an int, a mask, a tuple or None, so
two views compare equal exactly when the seat cannot tell the two hands apart.
"""
from engine.cards import popcount


class View:
    def __init__(self, hand, seat):
        o = 1 - seat
        self.seat = seat
        self.rules = hand.rules
        self.dealer = hand.dealer
        self.trump_suit = hand.trump_suit
        self.trump_card = hand.face_up  # face up, or turned down by a close (D6), or -1
        self.stock_size = hand.stock_size
        self.closed_by = hand.closed_by
        self.exchanged_by = hand.exchanged_by
        self.leader = hand.leader
        self.to_move = hand.to_move
        self.trick_card = hand.trick_card
        self.announced = hand.announced
        self.draw_pending = hand.draw_pending
        self.trick_no = hand.trick_no
        self.close_trick = hand.close_trick
        self.hand = hand.hands[seat]
        self.opp_size = popcount(hand.hands[o])
        self.opp_known = hand.shown[o] & hand.hands[o]  # marriage partners, the exchanged card
        self.opp_cannot = hand.cannot[o]  # voids and unheadable ranks shown in the strict phase
        self.tricks = (hand.tricks_won[0], hand.tricks_won[1])
        self.points = (hand.points(0), hand.points(1))
        self.frozen = (hand.frozen_tricks, hand.frozen_points)
        self.played = (hand.played[0], hand.played[1])
        self.marriages = (hand.marriages[0], hand.marriages[1])
        self.last_trick = hand.last_trick
        self.history = tuple(hand.history)
        self.over = hand.over
        self.winner = hand.winner
        self.game_points = hand.game_points
        # in the opponent's hand or the stock: not mine, not played, not known to be theirs
        self.unseen = hand.rules.cards & ~(self.hand | self.played[0] | self.played[1] |
                                           self.opp_known)
        if self.trump_card >= 0:  # nor the face-up trump
            self.unseen &= ~(1 << self.trump_card)
        self.legal = tuple(hand.legal_actions()) if hand.to_move == seat else None

    @property
    def strict(self):
        return self.closed_by >= 0 or self.stock_size == 0

    def stock_hidden(self):
        """How many unseen cards lie face down in the stock (closed or not)."""
        n = self.stock_size - (1 if self.trump_card >= 0 else 0)
        return n if n > 0 else 0

    def opp_hidden(self):
        """How many of the opponent's cards this seat cannot name."""
        return self.opp_size - popcount(self.opp_known)

    def key(self):
        """A tuple of everything in the view (for equality and hashing): every field, by name,
        the rule set by its name. (A loop over the fields, not the 31 written out: a board keeps
        this code on its heap.)"""
        d = self.__dict__
        out = []
        for k in sorted(d):
            out.append(d[k].name if k == "rules" else d[k])
        return tuple(out)

    def __eq__(self, other):  # (!= follows from it, on MicroPython too)
        return isinstance(other, View) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())
