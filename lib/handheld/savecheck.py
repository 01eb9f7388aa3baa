# handheld.savedata's encoders with a message for every value they refuse: imported only when
# one of them refuses (savedata's own stay loaded on a board, so they carry no messages) to
# raise the ValueError that says why. The same code, field by field: tests/test_savedata.py
# holds the two to the same bytes and the same refusals. (Comments, not docstrings: from .py
# a board compiles this module when it is needed.)

_MATCH_VERSION = 3  # handheld.savedata's (tests hold them equal)
_STATS_VERSION = 2
_SETTINGS_VERSION = 2
_LEVELS = 3
_MAX_HISTORY = 255
_MAX_NAME = 24
_MAX_OPTIONS = 8
_MAX_OPTION_TEXT = 12


def _uint(out, value, n, what, name):
    # Append value big-endian in n bytes (1, 2 or 4); ValueError unless it is an int that
    # fits. The message names `what` and `name`.
    top = (0, 0xFF, 0xFFFF, 0, 0xFFFFFFFF)[n]
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise ValueError("%s %s: %r is not an int in 0..%d" % (what, name, value, top))
    for shift in range(8 * (n - 1), -1, -8):
        out.append((value >> shift) & 0xFF)


def _text(out, value, limit, what, name):
    # Append a length byte and value in UTF-8 (at most limit bytes).
    if not isinstance(value, str):
        raise ValueError("%s %s: %r is not a string" % (what, name, value))
    raw = value.encode("utf-8")
    if len(raw) > limit:
        raise ValueError("%s %s: %r is longer than %d bytes" % (what, name, value, limit))
    out.append(len(raw))
    out.extend(raw)


def encode_match(d):
    # handheld.savedata.encode_match's bytes, or the ValueError that says why not.
    w = bytearray()
    hinted = d.get("hinted")
    w.append(_MATCH_VERSION)
    _uint(w, d["level"], 1, "match", "level")
    if d["level"] >= _LEVELS:
        raise ValueError("match level: %r is not 0, 1 or 2" % d["level"])
    _uint(w, d["dealer"], 1, "match", "dealer")
    if d["dealer"] > 1:
        raise ValueError("match dealer: %r is not 0 or 1" % d["dealer"])
    scores = d["scores"]
    if len(scores) != 2:
        raise ValueError("match scores: expected two, got %r" % (scores,))
    for i in (0, 1):
        _uint(w, scores[i], 1, "match score", i)
    _uint(w, d["carry"], 1, "match", "carry")
    _uint(w, d["seed"], 4, "match", "seed")
    _uint(w, d["hand_no"], 2, "match", "hand_no")
    _text(w, d["preset"], _MAX_NAME, "match", "preset")
    history = d["history"]
    if len(history) > _MAX_HISTORY:
        raise ValueError("match history: %d actions, at most %d" % (len(history), _MAX_HISTORY))
    w.append(len(history))
    for a in history:
        _uint(w, a, 1, "match", "action")
        if a > 31:
            raise ValueError("match action: %r is not in 0..31" % a)
    options = d.get("options") or {}
    pairs = sorted(options.items() if isinstance(options, dict) else options,
                   key=lambda p: p[0])
    if len(pairs) > _MAX_OPTIONS:
        raise ValueError("match options: %d, at most %d" % (len(pairs), _MAX_OPTIONS))
    w.append(len(pairs))
    for i in range(len(pairs)):
        name, value = pairs[i]
        if i and pairs[i - 1][0] == name:
            raise ValueError("match option %s is given twice" % name)
        _text(w, name, _MAX_OPTION_TEXT, "match option", "name")
        if isinstance(value, bool):
            w.append(0)
            w.append(1 if value else 0)
        elif isinstance(value, int):
            if not -0x8000 <= value <= 0x7FFF:
                raise ValueError("match option %s: %d is out of -32768..32767" % (name, value))
            w.append(1)
            _uint(w, value & 0xFFFF, 2, "match option", name)
        elif isinstance(value, str):
            w.append(2)
            _text(w, value, _MAX_OPTION_TEXT, "match option", name)
        else:
            raise ValueError("match option %s: %r is not a bool, int or str" % (name, value))
    w.append(1 if hinted else 0)
    return bytes(w)


def encode_stats(stats, fields, coach):
    # handheld.savedata.encode_stats's bytes, or the ValueError that says why not.
    w = bytearray()
    w.append(_STATS_VERSION)
    levels = stats["levels"]
    if len(levels) != _LEVELS:
        raise ValueError("stats: expected %d levels, got %d" % (_LEVELS, len(levels)))
    for i in range(_LEVELS):
        what = "stats level %d" % i
        for f in fields:
            _uint(w, levels[i][f], 4, what, f)
        for j in range(len(coach)):
            _uint(w, stats["coach"][i][j], 4, what, coach[j])
    return bytes(w)


def encode_settings(s, names):
    # handheld.savedata.encode_settings's bytes, or the ValueError that says why not.
    w = bytearray()
    w.append(_SETTINGS_VERSION)
    _uint(w, s["preset"], 1, "settings", "preset")
    _uint(w, s["level"], 1, "settings", "level")
    if s["level"] >= _LEVELS:
        raise ValueError("settings level: %r is not 0, 1 or 2" % s["level"])
    flags = 0
    for i in range(len(names)):
        if s.get(names[i]):
            flags |= 1 << i
    w.append(flags)
    return bytes(w)
