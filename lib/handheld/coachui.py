"""The coach on the table: a hint from the player's own view, and the last trick's cards.

Imported when the player asks for either (engine.coach with a hint); unloaded once a hint is
shown (HINT_MODULES), or the last trick put back, so the searches after it do not carry them.
"""
from engine.cards import CARD_POINTS
from handheld.screen import HUMAN, HINT_RUN
from handheld import pystack
from handheld import unload

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# handheld.screen's values, copied (a private constant is no name on a board)
_D_TRICK = const(4)
_D_HAND = const(32)
_D_PROMPT = const(64)
_D_PANEL = const(128)
_HINT_ASK = const(5)
_NOTICE_MS = const(1000)

# What a hint loads, unloaded once it is shown (handheld.unload): 4.2 KB out of the
# heap of the searches after it. With hints asked, sim.bench board's check needed 113 KB
# against 116 KB kept from .mpy, and 131 against 130 KB from .py (where the compile of
# engine.coach at a hint sets the peak, kept or not). The next hint loads them again: about
# 45-60 ms on a SAMD51 from .mpy, 140-190 ms from .py (its search takes up to about 1 s).
HINT_MODULES = ("handheld.coachui", "engine.coach")


def ask_hint(table, app):
    """The player asks for a hint: "Thinking..." shows, the next ticks compute it (hint_tick)."""
    if table.phase != HUMAN or table.peek is not None:
        app.note("Hint: on your turn", _NOTICE_MS)
        return
    table.phase = _HINT_ASK
    app.set_prompt("Thinking...")


def hint_tick(table, app):
    """The table's tick while a hint is asked for: the first lets "Thinking..." be drawn, the
    next computes the hint, says it on the prompt line and marks its card in the hand."""
    if table.phase == _HINT_ASK:
        table.phase = HINT_RUN
        return
    h = app.match.hand
    a, text = hint(app, h)
    table.phase = HUMAN
    table.hinted = True
    if h.trick_no:  # after a trick: the match with its hint is saved as a trick's is (a cut
        app.after_action(False)  # before the card keeps it)
        s = app.saves
        if h.trick_card >= 0 and s is not None and app.replay is None and \
                type(s._match) is dict:  # at a follow: as at the last trick, the leader's
            # actions since then cut from the match saved (a cut there would lose them too;
            # they are made again on resume). Here, not in handheld.persist: only a hint
            # saves mid-trick, and this code is in the heap only while one is asked.
            hist = s._match["history"]
            i = 0
            n = 2 * h.trick_no
            while n:
                n -= hist[i] < 24  # a card's action
                i += 1
            del hist[i:]
    table.hint_card = a  # a card is marked in the hand; another action is the choices' (B)
    if a < 24:  # a card (or -1, no hint): the cursor on it too, so B plays the card raised
        if a in table.hand_cards:
            table.cursor = table.hand_cards.index(a)
            if table.panel is not None:  # the lead's choices (the menu's hint over them) go:
                table.panel = None  # B plays the card, not the item they had selected
                app.mark(_D_PANEL)
    elif table.panel is not None:  # the menu's hint over "You won the trick": its item
        table.select(a)
        app.mark(_D_PANEL)
    elif table.has_more:  # the cursor on "more": B opens the choices with it selected
        table.cursor = len(table.hand_cards)
    app.set_prompt(text)
    app.mark(_D_HAND | _D_PROMPT)
    unload(*HINT_MODULES)  # done: no screen holds them


def peek(table, app):
    """The last trick's cards and who took them, on the trick's place until the next key; that
    key (this again) puts the trick back."""
    if table.peek is not None:
        table.trick[0], table.trick[1] = table.peek
        table.peek = None
        app.mark(_D_TRICK | _D_PANEL)  # (a panel open comes back)
        table._show_choice()
        unload("handheld.coachui")  # done: out of the heap of the searches after it
        return
    if table.phase != HUMAN:
        app.note("Last trick: on your turn", _NOTICE_MS)
        return
    t = last_trick(app.match.hand)
    if t is None:
        app.note("No trick taken yet", _NOTICE_MS)
        return
    table.peek = (table.trick[0], table.trick[1])
    table.trick[0] = t[0]
    table.trick[1] = t[1]
    app.set_prompt(last_trick_text(t[2], t[0], t[1]))
    app.mark(_D_TRICK | _D_PANEL)  # a panel open (draw, close...) goes while it shows


def hint(app, hand):
    """(action, text) of engine.coach.hint for the player (seat 0), from seat 0's view only;
    (-1, a note) when the board's pystack cannot hold the search."""
    import gc
    gc.collect()  # room for engine.coach's compile and HARD's search
    from engine import coach
    try:
        return coach.hint(hand.view(0), hint_seed(app, hand))
    except RuntimeError as e:
        if not pystack.is_exhausted(e):
            raise
        print(pystack.ADVICE)
        return -1, "Hint: pystack too small"


def hint_seed(app, hand):
    """The seed of the hint the app shows (the tests ask engine.coach with it too)."""
    return app.seed + hand.trick_no


def last_trick(hand):
    """(your card, CPU's card, winner) of the last finished trick in hand, or None before the
    first. The hand keeps the cards but not who led: its history, replayed, says."""
    led, follow, w = hand.last_trick
    if led < 0:
        return None
    from engine.hand import Hand
    h = Hand(hand.deck, hand.dealer, hand.rules)
    unload("engine.deck")  # Hand() imported it to check the deck (each call imports it)
    leading = leader = h.to_move
    for a in hand.history:
        if a < 24:
            if h.trick_card < 0:
                leading = h.to_move  # this trick's leader
            else:
                leader = leading  # a trick completes
        h.apply(a)
    if leader == 0:
        return led, follow, w
    return follow, led, w


def last_trick_text(w, mine, cpu):
    """'Last trick: you took +14' (26 columns)."""
    return "Last trick: %s +%d" % ("you took" if w == 0 else "CPU took",
                                   CARD_POINTS[mine] + CARD_POINTS[cpu])
