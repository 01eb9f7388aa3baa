"""Rule options (RULES.md section 14) and the three presets.

Option names follow the section 14 table in snake case:
  deck 24 | 20; match_target; match_style 'up' | 'bummerl'; next_dealer 'alternate' | 'winner';
  exchange_needs_trick; exchange_timing 'leader' | 'any'; exchange_min_stock 2 | 4;
  exchange_on_opponent_close; close_before_draw; close_before_first_trick; close_min_stock 2 | 4;
  marriage_on_first_lead; marriage_after_close; strictness 'full' | 'follow';
  false_declare_schwarz3; beaten_closer_flat2; failed_close_always3;
  close_score_at 'closing' | 'end'; run_out_winner 'total' | 'last'; last_trick_bonus (R31);
  draw_carry_point; auto_declare, show_own_points, show_opponent_points, review_last_trick
  (display options: they never change the rules, R43).
"""

_CHOICES = (
    ("deck", 24, (24, 20)),
    ("match_target", 7, None),
    ("match_style", "up", ("up", "bummerl")),
    ("next_dealer", "alternate", ("alternate", "winner")),
    ("exchange_needs_trick", True, 0),
    ("exchange_timing", "leader", ("leader", "any")),
    ("exchange_min_stock", 2, (2, 4)),
    ("exchange_on_opponent_close", False, 0),
    ("close_before_draw", True, 0),
    ("close_before_first_trick", True, 0),
    ("close_min_stock", 2, (2, 4)),
    ("marriage_on_first_lead", True, 0),
    ("marriage_after_close", False, 0),
    ("strictness", "full", ("full", "follow")),
    ("false_declare_schwarz3", True, 0),
    ("beaten_closer_flat2", False, 0),
    ("failed_close_always3", False, 0),
    ("close_score_at", "closing", ("closing", "end")),
    ("run_out_winner", "total", ("total", "last")),
    ("last_trick_bonus", 10, (10, 0)),
    ("draw_carry_point", False, 0),
    ("auto_declare", False, 0),
    ("show_own_points", False, 0),
    ("show_opponent_points", False, 0),
    ("review_last_trick", False, 0),
)  # (name, default, allowed values: a tuple, 0 for a bool, None for a whole number >= 1)
OPTIONS = tuple([o[0] for o in _CHOICES])


class Rules:
    """A rule set: the defaults of RULES.md, changed by keyword options.

    Defaults live on the class; an instance stores only what it changes (small on a board).
    """

    def __init__(self, name="custom", **options):
        self.name = name
        for key, default, values in _CHOICES:
            if key not in options:
                continue
            value = options.pop(key)
            if values == 0:
                ok = value is True or value is False
            elif values is None:
                ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
            else:
                ok = value in values
            if not ok:
                raise ValueError("option %s=%r: must be %s" % (
                    key, value, "True or False" if values == 0 else
                    "a whole number >= 1" if values is None else "one of %r" % (values,)))
            if value != default:
                setattr(self, key, value)
        if options:
            raise ValueError("unknown rule option(s): %s" % ", ".join(sorted(options)))
        if self.deck == 20:
            self.cards = 0xFBEFBE  # the mask of the deck's cards: no nines
            self.hand_size = 5
            self.exchange_rank = 1  # the trump jack in Schnapsen

    def options(self):
        """Dict of every option's value."""
        out = {}
        for key in OPTIONS:
            out[key] = getattr(self, key)
        return out

    def changed(self):
        """Dict of the options that differ from the preset this rule set is named after."""
        base = PRESETS.get(self.name) or _BASE
        out = {}
        for key in OPTIONS:
            if getattr(self, key) != getattr(base, key):
                out[key] = getattr(self, key)
        return out

    def but(self, **options):
        """A copy with some options changed; keeps the name so records stay readable."""
        merged = self.options()
        merged.update(options)
        return Rules(self.name, **merged)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.options() == other.options()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        extra = self.changed()
        if not extra:
            return "<Rules %s>" % self.name
        return "<Rules %s %r>" % (self.name, extra)


for _key, _default, _values in _CHOICES:
    setattr(Rules, _key, _default)
Rules.cards = 0xFFFFFF
Rules.hand_size = 6
Rules.exchange_rank = 0  # the trump nine
_BASE = Rules()

SIXTY_SIX = Rules("sixty-six")

SCHNAPSEN = Rules(
    "schnapsen",
    deck=20,
    match_style="bummerl",
    exchange_needs_trick=False,
    close_before_draw=False,
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

PRESETS = {"sixty-six": SIXTY_SIX, "schnapsen": SCHNAPSEN, "santase": SANTASE}
PRESET_ORDER = ("sixty-six", "schnapsen", "santase")


def preset(name):
    """The preset called name ('sixty-six', 'schnapsen', 'santase')."""
    key = str(name).strip().lower().replace("_", "-")
    if key == "66":
        key = "sixty-six"
    if key not in PRESETS:
        raise ValueError("no preset %r: choose sixty-six, schnapsen or santase" % (name,))
    return PRESETS[key]
