"""A hand as text, read like a game score, and back (record / replay).

    preset sixty-six
    dealer 0
    deck 9C JC QC ... (every card, in deal order)
    play QH 9S W AH ...
An `options` line lists rule options that differ from the preset (`close_min_stock=4 ...`).
Rule sets not named after a preset are written `preset custom`: the defaults plus the options.
"""
from engine.names import card_name
from engine.notation import parse_card, action_name, parse_action
from engine.hand import Hand
from engine.rules import preset, Rules, OPTIONS, PRESETS


def record(hand):
    name = hand.rules.name
    lines = ["preset " + (name if name in PRESETS else "custom")]
    changed = hand.rules.changed()
    if changed:
        lines.append("options " + " ".join(["%s=%s" % (k, changed[k]) for k in sorted(changed)]))
    lines.append("dealer %d" % hand.dealer)
    lines.append("deck " + " ".join([card_name(c) for c in hand.deck]))
    lines.append("play " + " ".join([action_name(a) for a in hand.history]))
    return "\n".join(lines) + "\n"


def _option_value(key, text):
    for name in OPTIONS:
        if name == key:
            default = getattr(Rules, name)
            if isinstance(default, bool):
                if text not in ("True", "False"):
                    raise ValueError("option %s wants True or False, not %r" % (key, text))
                return text == "True"
            if isinstance(default, int):
                try:
                    return int(text)
                except ValueError:
                    raise ValueError("option %s wants a whole number, not %r" % (key, text))
            return text
    raise ValueError("unknown rule option %r (the options: %s)" % (key, ", ".join(OPTIONS)))


def replay(text):
    """The hand a record describes, with its actions played; ValueError names the bad line."""
    if type(text) is not str:  # bytes would read as "b'preset ..."
        raise ValueError("a record is text (str), not %s: decode it first" % type(text).__name__)
    fields = {}
    for n, line in enumerate(text.split("\n")):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key not in ("preset", "options", "dealer", "deck", "play") or key in fields:
            raise ValueError("record line %d: unexpected %r" % (n + 1, key))
        fields[key] = (n + 1, rest.split())
    for key in ("preset", "dealer", "deck"):
        if key not in fields:
            raise ValueError("record has no %s line" % key)
    try:
        name = " ".join(fields["preset"][1])
        rules = Rules("custom") if name == "custom" else preset(name)
        if "options" in fields:
            opts = {}
            for item in fields["options"][1]:
                k, eq, v = item.partition("=")
                if not eq:
                    raise ValueError("option %r is not name=value" % item)
                if k in opts:
                    raise ValueError("option %s is given twice" % k)
                opts[k] = _option_value(k, v)
            rules = rules.but(**opts)
    except ValueError as e:
        raise ValueError("record rules: %s" % e)
    line, words = fields["dealer"]
    if words not in (["0"], ["1"]):
        raise ValueError("record line %d: dealer must be 0 or 1" % line)
    line, words = fields["deck"]
    try:
        hand = Hand([parse_card(w) for w in words], int(fields["dealer"][1][0]), rules)
    except ValueError as e:
        raise ValueError("record line %d: %s" % (line, e))
    if "play" in fields:
        line, words = fields["play"]
        for i, w in enumerate(words):
            try:
                hand.apply(parse_action(w))
            except ValueError as e:
                raise ValueError("record line %d, action %d (%s): %s" % (line, i + 1, w, e))
    return hand
