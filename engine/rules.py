"""Rule options (docs/rules.md, "Options") and the three presets ("Presets side by side").

The display options (auto_declare, show_own_points, show_opponent_points, review_last_trick)
never change the rules (R43); auto_declare only declares 66 for a player who has it.
"""


class Rules:
    """A rule set: the defaults of docs/rules.md, changed by keyword options.

    The defaults are these class attributes; an instance stores only what it changes (small on
    a board). Bool options take True or False; engine.ruleopts lists the others' allowed
    values.
    """
    deck = 24  # 24 (Sixty-Six) or 20 (Schnapsen: no nines, 5-card hands, the trump jack)
    match_target = 7  # R39: game points to win (Bummerl: points to count down from)
    match_style = "up"  # R39: 'up' or 'bummerl'
    next_dealer = "alternate"  # R4: 'alternate' or 'winner'
    exchange_needs_trick = True  # R14
    exchange_timing = "leader"  # R14: 'leader' or 'any' (V-EX1: the follower too)
    exchange_min_stock = 2  # R15: 2 or 4
    exchange_on_opponent_close = False  # R14 V-EX4
    close_before_draw = True  # R17
    close_before_first_trick = True  # R17
    close_min_stock = 2  # R18: 2 or 4
    marriage_on_first_lead = True  # R21
    marriage_after_close = False  # R22
    strictness = "full"  # R26: 'full' or 'follow'
    false_declare_schwarz3 = True  # R30a
    beaten_closer_flat2 = False  # R37
    failed_close_always3 = False  # R37
    close_score_at = "closing"  # R36: 'closing' or 'end'
    run_out_winner = "total"  # R32: 'total' or 'last'
    last_trick_bonus = 10  # R31: 10 or 0 (0 only where the last trick decides: run_out_winner)
    draw_carry_point = False  # R33
    auto_declare = False  # R43 display options (auto_declare also declares 66 when reached)
    show_own_points = False
    show_opponent_points = False
    review_last_trick = False
    cards = 0xFFFFFF  # the mask of the deck's cards (derived from deck)
    hand_size = 6
    exchange_rank = 0  # the trump nine
    # (no `_sealed = False` here: one name less keeps this class's table at 37 entries, not 47)

    def __init__(self, name="custom", **options):
        self.name = name
        if options and PRESETS:  # the presets below are written right (PRESETS is empty
            # while they are made); a board, which plays them as they are, skips this
            from engine.ruleopts import check
            check(options)
        for key in options:
            if options[key] != getattr(Rules, key):
                setattr(self, key, options[key])
        if self.deck == 20:
            self.cards = 0xFBEFBE  # no nines
            self.hand_size = 5
            self.exchange_rank = 1  # the trump jack in Schnapsen
        self._sealed = True  # made: a rule set never changes (hands and views share it)

    def __setattr__(self, key, value):
        # Presets are shared by every hand and every view the computer gets: changing one
        # would change them all. (A port without __setattr__ support skips this check.)
        if getattr(self, "_sealed", False):
            raise AttributeError("rules are read-only: use rules.but(%s=...) for a changed "
                                 "copy" % key)
        object.__setattr__(self, key, value)

    def options(self):
        """Dict of every option's value."""
        out = {}
        for key in OPTIONS:
            out[key] = getattr(self, key)
        return out

    def changed(self):
        """Dict of the options that differ from the preset this rule set is named after."""
        base = PRESETS.get(self.name) or Rules  # the class holds the defaults
        out = {}
        for key in OPTIONS:
            if getattr(self, key) != getattr(base, key):
                out[key] = getattr(self, key)
        return out

    def but(self, **options):
        """A copy with some options changed; keeps the name so records stay readable."""
        out = self.options()
        out.update(options)
        return Rules(self.name, **out)

    def __eq__(self, other):  # (!= follows from it, on MicroPython too)
        return isinstance(other, Rules) and self.options() == other.options()

    def __repr__(self):  # for tools and tests: the words are engine.ruleopts's, not a board's
        from engine.ruleopts import rules_repr
        return rules_repr(self)


OPTIONS = ("deck", "match_target", "match_style", "next_dealer", "exchange_needs_trick",
           "exchange_timing", "exchange_min_stock", "exchange_on_opponent_close",
           "close_before_draw", "close_before_first_trick", "close_min_stock",
           "marriage_on_first_lead", "marriage_after_close", "strictness",
           "false_declare_schwarz3", "beaten_closer_flat2", "failed_close_always3",
           "close_score_at", "run_out_winner", "last_trick_bonus", "draw_carry_point",
           "auto_declare", "show_own_points", "show_opponent_points", "review_last_trick")
PRESETS = {}  # filled once the presets are made

SIXTY_SIX = Rules("sixty-six")

SCHNAPSEN = Rules(
    "schnapsen",
    deck=20,
    match_style="bummerl",
    exchange_needs_trick=False,
    exchange_min_stock=4,
    close_before_draw=False,
    close_min_stock=4,
    marriage_after_close=True,
    run_out_winner="last",
    last_trick_bonus=0,
)

SANTASE = Rules(
    "santase",
    match_target=11,
    next_dealer="winner",
    marriage_on_first_lead=False,
    close_before_first_trick=False,
    exchange_min_stock=4,
    close_min_stock=4,
    marriage_after_close=True,
    failed_close_always3=True,
)

# every rule set made from now on has its options checked (engine.ruleopts)
PRESETS.update({"sixty-six": SIXTY_SIX, "schnapsen": SCHNAPSEN, "santase": SANTASE})
PRESET_ORDER = ("sixty-six", "schnapsen", "santase")


def preset(name):
    """The preset called name ('sixty-six', 'schnapsen', 'santase')."""
    key = str(name).strip().lower().replace("_", "-")
    if key == "66":
        key = "sixty-six"
    if key not in PRESETS:
        raise ValueError("no preset %r: choose sixty-six, schnapsen or santase" % (name,))
    return PRESETS[key]
