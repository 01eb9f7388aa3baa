"""Compact byte codecs for the match in progress, the statistics and the settings.

The save record holds one state: encode_state(settings, stats, match) packs the three
encodings (each may be empty) so that one write stores all of them (docs/devices.md).
Each codec has encode(d) -> bytes and decode(data) -> dict; decode raises ValueError with a
message that says what is wrong. The first byte of every encoding is the codec's version.
The store adds the header and CRC; these codecs only pack fields.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

MATCH_VERSION = const(1)
STATS_VERSION = const(2)  # 2: hands played with a hint, the duplicate record
SETTINGS_VERSION = const(2)  # 2: the last_trick flag

LEVELS = const(3)             # 0 easy, 1 normal, 2 hard
MAX_HISTORY = const(255)      # actions in one hand (a hand has well under 60)
MAX_NAME = const(24)          # preset name, in UTF-8 bytes
MAX_OPTIONS = const(8)
MAX_OPTION_TEXT = const(12)   # option names and string values, in UTF-8 bytes
MAX_HANDS = const(1000)       # a match far longer than any real one is not a save of ours
STATE_VERSION = const(1)
COUNTER_MAX = const(0x3FFFFFFF)  # statistics saturate here (a small int on every board)


class _Writer:
    def __init__(self, what):
        self.what = what
        self.buf = bytearray()

    def uint(self, value, nbytes, name):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < (1 << (8 * nbytes)):
            raise ValueError("%s %s: %r is not an int in 0..%d"
                             % (self.what, name, value, (1 << (8 * nbytes)) - 1))
        for shift in range(8 * (nbytes - 1), -1, -8):
            self.buf.append((value >> shift) & 0xFF)

    def text(self, value, limit, name):
        if not isinstance(value, str):
            raise ValueError("%s %s: %r is not a string" % (self.what, name, value))
        raw = value.encode("utf-8")
        if len(raw) > limit:
            raise ValueError("%s %s: %r is longer than %d bytes" % (self.what, name, value, limit))
        self.buf.append(len(raw))
        self.buf.extend(raw)


class _Reader:
    def __init__(self, data, what, version):
        self.data = data
        self.what = what
        self.pos = 0
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("%s save: expected bytes, got %s" % (what, type(data).__name__))
        v = self.version = self.uint(1, "version")
        if v > version:
            raise ValueError("%s save is version %d; this game reads version %d" % (what, v, version))
        if v < 1:
            raise ValueError("%s save: version %d is not valid" % (what, v))

    def uint(self, nbytes, name):
        if self.pos + nbytes > len(self.data):
            raise ValueError("%s save is cut short: %s at byte %d is missing"
                             % (self.what, name, self.pos))
        value = 0
        for _ in range(nbytes):
            value = (value << 8) | self.data[self.pos]
            self.pos += 1
        return value

    def upto(self, nbytes, name, top):
        value = self.uint(nbytes, name)
        if value > top:
            raise ValueError("%s save: %s is %d, more than %d" % (self.what, name, value, top))
        return value

    def text(self, limit, name):
        n = self.upto(1, name + " length", limit)
        if self.pos + n > len(self.data):
            raise ValueError("%s save is cut short inside %s" % (self.what, name))
        raw = bytes(self.data[self.pos:self.pos + n])
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeError:
            raise ValueError("%s save: %s is not UTF-8" % (self.what, name))

    def end(self):
        extra = len(self.data) - self.pos
        if extra:
            raise ValueError("%s save has %d unexpected bytes at the end" % (self.what, extra))


# -- match in progress ----------------------------------------------------------------------
# version, level, dealer, score 0, score 1, carry, seed (4), hand_no (2), preset (text),
# history (count + one byte per action), options (count + name, tag, value).
_BOOL = const(0)
_INT = const(1)    # signed, 2 bytes
_TEXT = const(2)


def encode_match(d):
    """Bytes for a match dict (preset, level, seed, hand_no, dealer, scores, carry, history,
    options). options is a dict (or (name, value) pairs) of bool, small int or str."""
    w = _Writer("match")
    w.buf.append(MATCH_VERSION)
    w.uint(d["level"], 1, "level")
    if d["level"] >= LEVELS:
        raise ValueError("match level: %r is not 0, 1 or 2" % d["level"])
    w.uint(d["dealer"], 1, "dealer")
    if d["dealer"] > 1:
        raise ValueError("match dealer: %r is not 0 or 1" % d["dealer"])
    scores = d["scores"]
    if len(scores) != 2:
        raise ValueError("match scores: expected two, got %r" % (scores,))
    w.uint(scores[0], 1, "score 0")
    w.uint(scores[1], 1, "score 1")
    w.uint(d["carry"], 1, "carry")
    w.uint(d["seed"], 4, "seed")
    w.uint(d["hand_no"], 2, "hand_no")
    w.text(d["preset"], MAX_NAME, "preset")
    history = d["history"]
    if len(history) > MAX_HISTORY:
        raise ValueError("match history: %d actions, at most %d" % (len(history), MAX_HISTORY))
    w.buf.append(len(history))
    for a in history:
        w.uint(a, 1, "action")
        if a > 31:
            raise ValueError("match action: %r is not in 0..31" % a)
    options = d.get("options") or {}
    pairs = sorted(options.items() if isinstance(options, dict) else options,
                   key=lambda pair: pair[0])
    if len(pairs) > MAX_OPTIONS:
        raise ValueError("match options: %d, at most %d" % (len(pairs), MAX_OPTIONS))
    w.buf.append(len(pairs))
    for i in range(len(pairs)):
        name, value = pairs[i]
        if i and pairs[i - 1][0] == name:
            raise ValueError("match option %s is given twice" % name)
        w.text(name, MAX_OPTION_TEXT, "option name")
        if isinstance(value, bool):
            w.buf.append(_BOOL)
            w.buf.append(1 if value else 0)
        elif isinstance(value, int):
            if not -0x8000 <= value <= 0x7FFF:
                raise ValueError("match option %s: %d is out of -32768..32767" % (name, value))
            w.buf.append(_INT)
            w.uint(value & 0xFFFF, 2, "option " + name)
        elif isinstance(value, str):
            w.buf.append(_TEXT)
            w.text(value, MAX_OPTION_TEXT, "option " + name)
        else:
            raise ValueError("match option %s: %r is not a bool, int or str" % (name, value))
    return bytes(w.buf)


def check_match(d, target):
    """ValueError unless a decoded match can be a match in progress to `target` game points:
    the scores below the target, the carry too, a hand number that can be reached."""
    for i in (0, 1):
        if d["scores"][i] >= target:
            raise ValueError("match save makes no sense: score %d is %d, the match ends at %d"
                             % (i, d["scores"][i], target))
    if d["carry"] >= target:
        raise ValueError("match save makes no sense: carry %d, the match ends at %d"
                         % (d["carry"], target))
    if d["hand_no"] > MAX_HANDS:
        raise ValueError("match save makes no sense: hand %d, at most %d"
                         % (d["hand_no"], MAX_HANDS))


def decode_match(data):
    """The match dict from encode_match's bytes; ValueError on bad data."""
    r = _Reader(data, "match", MATCH_VERSION)
    d = {"level": r.upto(1, "level", LEVELS - 1), "dealer": r.upto(1, "dealer", 1)}
    d["scores"] = [r.uint(1, "score 0"), r.uint(1, "score 1")]
    d["carry"] = r.uint(1, "carry")
    d["seed"] = r.uint(4, "seed")
    d["hand_no"] = r.uint(2, "hand_no")
    d["preset"] = r.text(MAX_NAME, "preset")
    n = r.uint(1, "history length")
    history = []
    for _ in range(n):
        history.append(r.upto(1, "action", 31))
    d["history"] = history
    options = {}
    for _ in range(r.upto(1, "option count", MAX_OPTIONS)):
        name = r.text(MAX_OPTION_TEXT, "option name")
        tag = r.upto(1, "option type", _TEXT)
        if tag == _BOOL:
            options[name] = r.upto(1, "option " + name, 1) == 1
        elif tag == _INT:
            v = r.uint(2, "option " + name)
            options[name] = v - 0x10000 if v & 0x8000 else v
        else:
            options[name] = r.text(MAX_OPTION_TEXT, "option " + name)
    d["options"] = options
    r.end()
    return d


# -- statistics -----------------------------------------------------------------------------
# version, then per level 0..2 the FIELDS as 4-byte counters, then (version 2) the COACH ones.
# Hands played with a hint are counted in hinted/hinted_won only; dup_* count the deals
# replayed from the other seat: played, you did better, worse (equal: the rest). The coach's
# counters are a list per level, stats["coach"][level] (a list is smaller than more keys).
FIELDS = ("matches", "matches_won", "hands", "hands_won", "points_for", "points_against",
          "schneider", "schwarz", "closes", "closes_won", "streak", "best_streak")
COACH = ("hinted", "hinted_won", "dup_deals", "dup_better", "dup_worse")
HINTED = const(0)
HINTED_WON = const(1)
DUP_DEALS = const(2)
DUP_BETTER = const(3)
DUP_WORSE = const(4)


def new_stats():
    """Statistics with every counter at zero: {"levels": [dict per level 0..2], "coach": [list
    of the COACH counters per level]}."""
    levels = []
    coach = []
    for _ in range(LEVELS):
        level = {}
        for f in FIELDS:
            level[f] = 0
        levels.append(level)
        coach.append([0] * len(COACH))
    return {"levels": levels, "coach": coach}


def _bump(level, field, n=1):
    v = level[field] + n
    level[field] = v if v < COUNTER_MAX else COUNTER_MAX


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
    _bump(c, HINTED)
    if won:
        _bump(c, HINTED_WON)


def record_duplicate(stats, level, diff):
    """Count one deal replayed from the other seat; diff is the player's game points minus the
    computer's with the same cards (engine.coach.duplicate)."""
    c = stats["coach"][level]
    _bump(c, DUP_DEALS)
    if diff > 0:
        _bump(c, DUP_BETTER)
    elif diff < 0:
        _bump(c, DUP_WORSE)


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


def encode_stats(stats):
    """Bytes for a statistics dict from new_stats()."""
    w = _Writer("stats")
    w.buf.append(STATS_VERSION)
    levels = stats["levels"]
    if len(levels) != LEVELS:
        raise ValueError("stats: expected %d levels, got %d" % (LEVELS, len(levels)))
    for i in range(LEVELS):
        for f in FIELDS:
            w.uint(levels[i][f], 4, "level %d %s" % (i, f))
        for j in range(len(COACH)):
            w.uint(stats["coach"][i][j], 4, "level %d %s" % (i, COACH[j]))
    return bytes(w.buf)


# pairs (part, whole): a part can never exceed its whole
_PARTS = (("matches_won", "matches"), ("hands_won", "hands"), ("closes_won", "closes"),
          ("closes", "hands"), ("streak", "best_streak"), ("best_streak", "matches_won"),
          ("schneider", "hands_won"), ("schwarz", "hands_won"))


def decode_stats(data):
    """The statistics dict from encode_stats's bytes; ValueError on bad data, also on counts
    that cannot be (more hands won than played, ...)."""
    r = _Reader(data, "stats", STATS_VERSION)
    stats = new_stats()
    for i in range(LEVELS):
        level = stats["levels"][i]
        for f in FIELDS:
            level[f] = r.upto(4, f, COUNTER_MAX)
        if r.version > 1:
            c = stats["coach"][i]
            for j in range(len(COACH)):
                c[j] = r.upto(4, COACH[j], COUNTER_MAX)
    r.end()
    for i in range(LEVELS):
        level = stats["levels"][i]
        for part, whole in _PARTS:
            if level[part] > level[whole] and level[whole] < COUNTER_MAX:
                raise ValueError("stats save makes no sense: level %d %s %d > %s %d"
                                 % (i, part, level[part], whole, level[whole]))
        c = stats["coach"][i]
        for part, whole in ((HINTED_WON, HINTED), (DUP_BETTER, DUP_DEALS), (DUP_WORSE, DUP_DEALS)):
            if c[part] > c[whole] and c[whole] < COUNTER_MAX:
                raise ValueError("stats save makes no sense: level %d %s %d > %s %d"
                                 % (i, COACH[part], c[part], COACH[whole], c[whole]))
        if level["schneider"] + level["schwarz"] > level["hands_won"] < COUNTER_MAX:
            raise ValueError("stats save makes no sense: level %d has more schneider and "
                             "schwarz wins than hands won" % i)
    return stats


# -- settings -------------------------------------------------------------------------------
# version, preset index, level, flags (bit 0 show_points, 1 auto_marriage, 2 sound, 3 lights,
# 4 last_trick: version 2).
FLAGS = ("show_points", "auto_marriage", "sound", "lights", "last_trick")


def default_settings():
    """The settings of a fresh install."""
    return {"preset": 0, "level": 1, "show_points": True, "auto_marriage": False,
            "sound": True, "lights": True, "last_trick": False}


def encode_settings(s):
    """Bytes for a settings dict (preset, level, show_points, auto_marriage, sound, lights,
    last_trick; a missing last_trick is off)."""
    w = _Writer("settings")
    w.buf.append(SETTINGS_VERSION)
    w.uint(s["preset"], 1, "preset")
    w.uint(s["level"], 1, "level")
    if s["level"] >= LEVELS:
        raise ValueError("settings level: %r is not 0, 1 or 2" % s["level"])
    flags = 0
    for i in range(len(FLAGS)):
        if s.get(FLAGS[i]):
            flags |= 1 << i
    w.buf.append(flags)
    return bytes(w.buf)


def decode_settings(data):
    """The settings dict from encode_settings's bytes; ValueError on bad data."""
    r = _Reader(data, "settings", SETTINGS_VERSION)
    s = {"preset": r.uint(1, "preset"), "level": r.upto(1, "level", LEVELS - 1)}
    flags = r.upto(1, "flags", (1 << (len(FLAGS) - (r.version == 1))) - 1)
    for i in range(len(FLAGS)):
        s[FLAGS[i]] = bool(flags & (1 << i))
    r.end()
    return s


# -- the state: the three encodings in one record ------------------------------------------
def encode_state(settings, stats, match):
    """Bytes holding the settings, statistics and match encodings (bytes, b"" if none)."""
    out = bytearray()
    out.append(STATE_VERSION)
    for part in (settings, stats, match):
        n = len(part)
        out.append(n >> 8)
        out.append(n & 0xFF)
        out.extend(part)
    return bytes(out)


def decode_state(data):
    """(settings, stats, match) bytes from encode_state's bytes; ValueError on bad data."""
    r = _Reader(data, "state", STATE_VERSION)
    parts = []
    for name in ("settings", "stats", "match"):
        n = r.uint(2, name + " length")
        if r.pos + n > len(data):
            raise ValueError("state save is cut short inside %s" % name)
        parts.append(bytes(data[r.pos:r.pos + n]))
        r.pos += n
    r.end()
    return parts[0], parts[1], parts[2]
