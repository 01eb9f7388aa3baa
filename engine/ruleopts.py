"""Checking rule options (docs/rules.md, "Options"): what engine.rules.Rules(name, **options)
and rules.but(...) accept. Apart from engine.rules so that a board, which plays the presets as
they are, imports it only when a rule set with changed options is made (a save's options)."""
from engine.rules import OPTIONS, Rules

# allowed values of the options that are not True/False; () for a whole number >= 1
VALUES = {"deck": (24, 20), "match_target": (), "match_style": ("up", "bummerl"),
          "next_dealer": ("alternate", "winner"), "exchange_timing": ("leader", "any"),
          "exchange_min_stock": (2, 4), "close_min_stock": (2, 4),
          "strictness": ("full", "follow"), "close_score_at": ("closing", "end"),
          "run_out_winner": ("total", "last"), "last_trick_bonus": (10, 0)}


def check(options):
    """ValueError naming the first option (in the order given) that is unknown or has a value
    it may not take; nothing if all are right."""
    for key in options:
        value = options[key]
        if key not in OPTIONS:
            raise ValueError("unknown rule option(s): %s (the options: %s)" % (", ".join(
                sorted([k for k in options if k not in OPTIONS])), ", ".join(OPTIONS)))
        values = VALUES.get(key)
        if values is None:
            ok = value is True or value is False
            want = "True or False"
        elif values == ():  # a whole number >= 1
            ok = type(value) is int and value >= 1
            want = "a whole number >= 1"
        else:
            ok = value in values and type(value) is type(getattr(Rules, key))
            want = "one of %r" % (values,)
        if not ok:
            raise ValueError("option %s=%r: must be %s" % (key, value, want))
    # no bonus only where the last trick takes a played-out hand anyway: then it changes no
    # result, only the card points shown (Schnapsen); with the higher total deciding, R31 and
    # D8 give the 10 to every hand played out
    if options.get("last_trick_bonus", 10) == 0 and options.get("run_out_winner",
                                                                 "total") != "last":
        raise ValueError("option last_trick_bonus=0: only with run_out_winner='last' (R31, D8: "
                         "the 10 counts where the higher total decides)")


def rules_repr(rules):
    """repr(rules): '<Rules sixty-six>', or with the options changed from its preset."""
    out = rules.changed()
    if not out:
        return "<Rules %s>" % rules.name
    return "<Rules %s %r>" % (rules.name, out)
