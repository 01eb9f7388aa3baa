"""Compact byte codecs for the match in progress, the statistics and the settings: the encoders
and the statistics' counting, what the game runs at every save.

The save record holds one state: encode_state(settings, stats, match) packs the three
encodings (each may be empty) so that one write stores all of them (docs/devices.md).
Each codec has encode(d) -> bytes here and decode(data) -> dict in handheld.saveload or
handheld.savedecode (read at power-up only, then unloaded); decode raises ValueError with a message that says what is
wrong. The first byte of every encoding is the codec's version. The store adds the header and
CRC; these codecs only pack fields.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_MATCH_VERSION = const(3)  # 3: dealt by engine.rng.mix's scramble, and a last byte, 1 if a
# hint was shown in the hand in progress (2: that byte, the deals by mix's step alone; 1: no
# such byte; handheld.savedecode reads the three)
_STATS_VERSION = const(2)  # 2: hands played with a hint, the duplicate record
_SETTINGS_VERSION = const(2)  # 2: the last_trick flag

_LEVELS = const(3)             # 0 easy, 1 normal, 2 hard
_MAX_HISTORY = const(255)      # actions in one hand (a hand has well under 60)
_MAX_NAME = const(24)          # preset name, in UTF-8 bytes
_MAX_OPTIONS = const(8)
_MAX_OPTION_TEXT = const(12)   # option names and string values, in UTF-8 bytes
_STATE_VERSION = const(1)
_COUNTER_MAX = const(0x3FFFFFFF)  # statistics saturate here (a small int on every board)
# (this module stays loaded on a board: its names are few, as each is kept there for good;
# the limits are private consts, no names on a board: handheld.saveload and savedecode have
# the same ones, tests/test_savedata.py holds them equal)


def _uint(out, value, n):
    """Append value big-endian in n bytes (1, 2 or 4); False (nothing appended) unless it is
    an int that fits."""
    if not isinstance(value, int) or isinstance(value, bool) or not (
            0 <= value <= (0, 0xFF, 0xFFFF, 0, 0xFFFFFFFF)[n]):
        return False
    for shift in range(8 * (n - 1), -1, -8):
        out.append((value >> shift) & 0xFF)
    return True


def _text(out, value, limit):
    """Append a length byte and value in UTF-8 (at most limit bytes); False if it is not."""
    if not isinstance(value, str):
        return False
    raw = value.encode("utf-8")
    if len(raw) > limit:
        return False
    out.append(len(raw))
    out.extend(raw)
    return True


def _refused(name, d, *args):
    """Raise the ValueError that says why the encoder `name` refused d: handheld.savecheck's
    encoder of that name (args: the names it needs from here), the same with a message for
    every field, raises it (imported only then: the encoders here stay loaded on a board, so
    they carry no messages)."""
    from handheld import savecheck
    getattr(savecheck, name)(d, *args)
    raise ValueError("%s refused %r" % (name, d))  # (savecheck found no fault: a bug)


# -- match in progress ----------------------------------------------------------------------
# version, level, dealer, score 0, score 1, carry, seed (4), hand_no (2), preset (text),
# history (count + one byte per action), options (count + name, tag, value): tag 0 a bool
# (1 byte), 1 a signed int (2 bytes), 2 a text; hinted (1 byte).


def encode_match(d, out=None):
    """Bytes for a match dict (preset, level, seed, hand_no, dealer, scores, carry, history,
    options; hinted if True: a hint was shown in the hand in progress). options is a dict (or
    (name, value) pairs) of bool, small int or str. ValueError if a field does not fit. With
    out (a bytearray): appended to it instead, None returned."""
    w = bytearray() if out is None else out
    hinted = d.get("hinted")
    w.append(_MATCH_VERSION)
    if not (_uint(w, d["level"], 1) and d["level"] < _LEVELS and _uint(w, d["dealer"], 1)
            and d["dealer"] < 2):
        _refused("encode_match", d)
    scores = d["scores"]
    if not (len(scores) == 2 and _uint(w, scores[0], 1) and _uint(w, scores[1], 1) and
            _uint(w, d["carry"], 1) and _uint(w, d["seed"], 4) and _uint(w, d["hand_no"], 2)
            and _text(w, d["preset"], _MAX_NAME) and len(d["history"]) <= _MAX_HISTORY):
        _refused("encode_match", d)
    if not _rest(w, d["history"], d.get("options") or {}):
        _refused("encode_match", d)
    w.append(1 if hinted else 0)
    return bytes(w) if out is None else None


def _rest(w, history, options):
    """Append a match's history and options (encode_match's end: a function of its own, so
    that each of the two loads in a smaller piece); False if one does not fit."""
    w.append(len(history))
    for a in history:
        if not (_uint(w, a, 1) and a < 32):
            return False
    pairs = sorted(options.items() if isinstance(options, dict) else options,
                   key=lambda p: p[0])
    if len(pairs) > _MAX_OPTIONS:
        return False
    w.append(len(pairs))
    for i in range(len(pairs)):
        name, value = pairs[i]
        if (i and pairs[i - 1][0] == name) or not _text(w, name, _MAX_OPTION_TEXT):
            return False
        if isinstance(value, bool):
            w.append(0)
            w.append(1 if value else 0)
        elif isinstance(value, int) and -0x8000 <= value <= 0x7FFF:
            w.append(1)
            _uint(w, value & 0xFFFF, 2)
        elif isinstance(value, str):
            w.append(2)
            if not _text(w, value, _MAX_OPTION_TEXT):
                return False
        else:
            return False
    return True


# -- statistics -----------------------------------------------------------------------------
# version, then per level 0..2 the FIELDS as 4-byte counters, then (version 2) the COACH ones.
# Hands played with a hint are counted in hinted/hinted_won only; dup_* count the deals
# replayed from the other seat: played, you did better, worse (equal: the rest). The coach's
# counters are a list per level, stats["coach"][level] (a list is smaller than more keys),
# indexed 0 hinted, 1 hinted_won, 2 dup_deals, 3 dup_better, 4 dup_worse.
FIELDS = ("matches", "matches_won", "hands", "hands_won", "points_for", "points_against",
          "schneider", "schwarz", "closes", "closes_won", "streak", "best_streak")
COACH = ("hinted", "hinted_won", "dup_deals", "dup_better", "dup_worse")


def new_stats():
    """Statistics with every counter at zero: {"levels": [dict per level 0..2], "coach": [list
    of the COACH counters per level]}."""
    levels = []
    coach = []
    for _ in range(_LEVELS):
        level = {}
        for f in FIELDS:
            level[f] = 0
        levels.append(level)
        coach.append([0] * len(COACH))
    return {"levels": levels, "coach": coach}


def _bump(s, k, n=1):
    """Add n to counter s[k] (a level's dict or the coach's list), saturating."""
    v = s[k] + n
    s[k] = v if v < _COUNTER_MAX else _COUNTER_MAX


def record_hand(stats, level, won, game_points=1, closed=False, carry=0):
    """Count one finished hand for the player at level (0..2).

    won: True (player won the hand), False (lost) or None (drawn, nobody scores).
    game_points: the hand's value, 1, 2 (schneider) or 3 (schwarz); carry: extra points the
    winner received from drawn hands. closed: the player closed the stock this hand.
    """
    s = stats["levels"][level]
    _bump(s, "hands")
    if closed:
        _bump(s, "closes")
    if won is None:
        return
    if won:
        _bump(s, "hands_won")
        _bump(s, "points_for", game_points + carry)
        if game_points == 2:
            _bump(s, "schneider")
        elif game_points >= 3:
            _bump(s, "schwarz")
        if closed:
            _bump(s, "closes_won")
    else:
        _bump(s, "points_against", game_points + carry)


def record_hinted(stats, level, won):
    """Count one finished hand the player asked a hint in (won: True, False or None)."""
    c = stats["coach"][level]
    _bump(c, 0)  # hinted
    if won:
        _bump(c, 1)  # hinted_won


def record_duplicate(stats, level, diff):
    """Count one deal replayed from the other seat; diff is the player's game points minus the
    computer's with the same cards (engine.coach.duplicate)."""
    c = stats["coach"][level]
    _bump(c, 2)  # dup_deals
    if diff > 0:
        _bump(c, 3)  # dup_better
    elif diff < 0:
        _bump(c, 4)  # dup_worse


def record_match(stats, level, won):
    """Count one finished match at level; won tells whether the player won it."""
    s = stats["levels"][level]
    _bump(s, "matches")
    if won:
        _bump(s, "matches_won")
        _bump(s, "streak")
        if s["streak"] > s["best_streak"]:
            s["best_streak"] = s["streak"]
    else:
        s["streak"] = 0


def encode_stats(stats, out=None):
    """Bytes for a statistics dict from new_stats(); ValueError if a counter does not fit.
    With out (a bytearray): appended to it instead, None returned."""
    w = bytearray() if out is None else out
    w.append(_STATS_VERSION)
    levels = stats["levels"]
    if len(levels) != _LEVELS:
        _refused("encode_stats", stats, FIELDS, COACH)
    for i in range(_LEVELS):
        for f in FIELDS:
            if not _uint(w, levels[i][f], 4):
                _refused("encode_stats", stats, FIELDS, COACH)
        for j in range(len(COACH)):
            if not _uint(w, stats["coach"][i][j], 4):
                _refused("encode_stats", stats, FIELDS, COACH)
    return bytes(w) if out is None else None


# -- settings -------------------------------------------------------------------------------
# version, preset index, level, flags (bit 0 show_points, 1 auto_marriage, 2 sound, 3 lights,
# 4 last_trick: version 2).
FLAGS = ("show_points", "auto_marriage", "sound", "lights", "last_trick")


def default_settings():
    """The settings of a fresh install (handheld.app.App's own: points hidden, marriages
    announced automatically)."""
    return {"preset": 0, "level": 1, "show_points": False, "auto_marriage": True,
            "sound": True, "lights": True, "last_trick": False}


def encode_settings(s):
    """Bytes for a settings dict (preset, level, show_points, auto_marriage, sound, lights,
    last_trick; a missing last_trick is off). ValueError if a field does not fit."""
    w = bytearray()
    w.append(_SETTINGS_VERSION)
    if not (_uint(w, s["preset"], 1) and _uint(w, s["level"], 1) and s["level"] < _LEVELS):
        _refused("encode_settings", s, FLAGS)
    flags = 0
    for i in range(len(FLAGS)):
        if s.get(FLAGS[i]):
            flags |= 1 << i
    w.append(flags)
    return bytes(w)


# -- the state: the three encodings in one record ------------------------------------------
def encode_state(settings, stats, match, out=None):
    """Bytes holding the settings, statistics and match encodings (bytes, b"" if none; stats
    and match may be their dicts, encoded here). With out (a bytearray with room to spare, as
    the store's record buffer): appended to it instead, allocating nothing for the encodings,
    and the match encoding's offset in out returned."""
    w = bytearray() if out is None else out
    w.append(_STATE_VERSION)
    for k in range(3):
        p = settings if k == 0 else stats if k == 1 else match
        i = len(w) + 2
        w.append(0)  # the length, set below
        w.append(0)
        if type(p) is dict:
            (encode_stats if k == 1 else encode_match)(p, w)
        else:
            w.extend(p)
        n = len(w) - i
        w[i - 2] = n >> 8
        w[i - 1] = n & 0xFF
    return bytes(w) if out is None else i
