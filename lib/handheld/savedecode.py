# The record's decoders that handheld.saveload imports (its second compile unit: a board
# compiles the two in turn at power-up, each with half the parse tree in the heap that one
# module of both took; both dropped once the game has started): the reader of a part's bytes,
# the match in progress (decoded, and the Match rebuilt from it) and the statistics. Each
# decode_*(data) returns the dict that savedata's encoder packed and raises ValueError with a
# message that says what is wrong, also for values that cannot be (more hands won than played,
# a score past the match's end).
# (Prose in comments, not docstrings: a board compiles this module at every power-up.)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld import savedata

# handheld.savedata's limits (private consts there too: no names on a board; tests hold them
# equal)
_MATCH_VERSION = const(3)
_STATS_VERSION = const(2)
_LEVELS = const(3)
_MAX_NAME = const(24)
_MAX_OPTIONS = const(8)
_MAX_OPTION_TEXT = const(12)
_COUNTER_MAX = const(0x3FFFFFFF)


class _Reader:
    def __init__(self, data, what, version):
        self.data = data
        self.what = what
        self.at = 0
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("%s save: expected bytes, got %s" % (what, type(data).__name__))
        v = self.version = self.uint(1, "version")
        if v > version:
            raise ValueError("%s save is version %d; this game reads version %d" % (what, v, version))
        if v < 1:
            raise ValueError("%s save: version %d is not valid" % (what, v))

    def uint(self, n, name, top=None):
        # the next n bytes, big-endian; ValueError if they are missing or above top
        if self.at + n > len(self.data):
            raise ValueError("%s save is cut short: %s at byte %d is missing"
                             % (self.what, name, self.at))
        value = 0
        for _ in range(n):
            value = (value << 8) | self.data[self.at]
            self.at += 1
        if top is not None and value > top:
            raise ValueError("%s save: %s is %d, more than %d" % (self.what, name, value, top))
        return value

    def text(self, limit, name):
        n = self.uint(1, name + " length", limit)
        if self.at + n > len(self.data):
            raise ValueError("%s save is cut short inside %s" % (self.what, name))
        raw = bytes(self.data[self.at:self.at + n])
        self.at += n
        try:
            return raw.decode("utf-8")
        except UnicodeError:
            raise ValueError("%s save: %s is not UTF-8" % (self.what, name))

    def end(self):
        extra = len(self.data) - self.at
        if extra:
            raise ValueError("%s save has %d unexpected bytes at the end" % (self.what, extra))


# -- match in progress ----------------------------------------------------------------------
def decode_match(data):
    # The match dict from encode_match's bytes; ValueError on bad data.
    r = _Reader(data, "match", _MATCH_VERSION)
    d = {"level": r.uint(1, "level", _LEVELS - 1), "dealer": r.uint(1, "dealer", 1)}
    d["scores"] = [r.uint(1, "scores"), r.uint(1, "scores")]  # (the byte says which)
    d["carry"] = r.uint(1, "carry")
    d["seed"] = r.uint(4, "seed")
    d["hand_no"] = r.uint(2, "hand_no")
    if r.version < 3:  # dealt before engine.rng.mix's scramble: the seed whose mix deals this
        # hand as the step alone did (the step, the scramble's rounds undone, the step undone:
        # 821849392 is 2654435761's inverse mod 2**31 - 1); the hands after it are new deals
        x = (d["seed"] * 2654435761 + (d["hand_no"] + 1) * 40503 + 0x9E37) % 2147483647 or 1
        a = x >> 16
        x &= 0xFFFF
        a ^= (x * 0x3D09 + 0x0F2D) >> 3 & 0x7FFF
        x ^= (a * 0x4E35 + 0x2A61) >> 3 & 0xFFFF
        a ^= (x * 0x2F5B + 0x1B87) >> 3 & 0x7FFF
        x ^= (a * 0x6255 + 0x3C5A) >> 3 & 0xFFFF
        x |= a << 16
        if x == 2147483647:  # no step gives it (one save in 2**31): cannot be dealt again
            raise ValueError("match save of an older game cannot be dealt again")
        d["seed"] = (x - (d["hand_no"] + 1) * 40503 - 0x9E37) * 821849392 % 2147483647
    d["preset"] = r.text(_MAX_NAME, "preset")
    n = r.uint(1, "history length")
    history = []
    for _ in range(n):
        history.append(r.uint(1, "action", 31))
    d["history"] = history
    options = {}
    for _ in range(r.uint(1, "option count", _MAX_OPTIONS)):
        name = r.text(_MAX_OPTION_TEXT, "option name")
        t = r.uint(1, "option type", 2)  # savedata's tags: 0 bool, 1 int, 2 text
        if t == 0:
            options[name] = r.uint(1, name, 1) == 1
        elif t == 1:
            v = r.uint(2, name)
            options[name] = v - 0x10000 if v & 0x8000 else v
        else:
            options[name] = r.text(_MAX_OPTION_TEXT, name)
    d["options"] = options
    if r.version > 1 and r.uint(1, "hinted", 1):  # a hint was shown in the hand in progress
        d["hinted"] = True
    r.end()
    return d


def restore(d):
    # The Match of a decoded match save; ValueError (or IllegalAction) if it does not fit.
    from engine.match import Match
    from engine.rules import preset
    rules = preset(d["preset"])
    if d.get("options"):
        rules = rules.but(**d["options"])
    # the scores short of the match's end as the hand was dealt (a Bummerl counts down from
    # the target to 0, R39), no carry without draw_carry_point (R33) and none at the first
    # hand, nor a score then; a hand number that can be reached
    target = rules.match_target
    bummerl = rules.match_style == "bummerl"
    for i in (0, 1):
        s = d["scores"][i]
        if (s < 1 or s > target or (s < target and not d["hand_no"])) if bummerl else \
                (s >= target or (s and not d["hand_no"])):
            raise ValueError("match save makes no sense: score %d is %d at hand %d, %s %d" % (
                i, s, d["hand_no"], "the match counts down from" if bummerl else
                "the match ends at", target))  # (texts over 10 characters: no names)
    if d["carry"] >= target or (d["carry"] and (not rules.draw_carry_point or
                                                not d["hand_no"])):
        raise ValueError("match save makes no sense: carry %d at hand %d (draw_carry_point %s)"
                         % (d["carry"], d["hand_no"], rules.draw_carry_point))
    if d["hand_no"] > 1000:  # a match far longer than any real one is not a save of ours
        raise ValueError("match save makes no sense: hand %d, at most 1000" % d["hand_no"])
    return Match.restore(rules, d["seed"], rules.match_target, d["hand_no"], d["dealer"],
                         d["scores"], d["carry"], d["history"])


# -- statistics -----------------------------------------------------------------------------
def decode_stats(data):
    # The statistics dict from encode_stats's bytes; ValueError on bad data, also on counts
    # that cannot be (more hands won than played, ...).
    r = _Reader(data, "stats", _STATS_VERSION)
    stats = savedata.new_stats()
    top = _COUNTER_MAX
    coach = savedata.COACH
    for i in range(_LEVELS):
        level = stats["levels"][i]
        for f in savedata.FIELDS:
            level[f] = r.uint(4, f, top)
        if r.version > 1:
            c = stats["coach"][i]
            for j in range(len(coach)):
                c[j] = r.uint(4, coach[j], top)
    r.end()
    for i in range(_LEVELS):
        level = stats["levels"][i]
        # pairs (part, whole): a part can never exceed its whole
        for a, b in (("matches_won", "matches"), ("hands_won", "hands"),
                     ("closes_won", "closes"), ("closes", "hands"), ("streak", "best_streak"),
                     ("best_streak", "matches_won"), ("schneider", "hands_won"),
                     ("schwarz", "hands_won")):
            if level[a] > level[b] and level[b] < top:
                raise ValueError("stats save makes no sense: level %d %s %d > %s %d"
                                 % (i, a, level[a], b, level[b]))
        c = stats["coach"][i]
        for a, b in ((1, 0), (3, 2), (4, 2)):  # hinted_won, dup_better, dup_worse
            if c[a] > c[b] and c[b] < top:
                raise ValueError("stats save makes no sense: level %d %s %d > %s %d"
                                 % (i, coach[a], c[a], coach[b], c[b]))
        if level["schneider"] + level["schwarz"] > level["hands_won"] < top:
            raise ValueError("stats save makes no sense: level %d has more schneider and "
                             "schwarz wins than hands won" % i)
    return stats
