# Loading the saves at power-up: the record's three parts decoded and checked, the saved match
# rebuilt, the notices for a record that cannot be used (handheld.persist.Saves.start; the
# notices' words are in handheld.savenote, imported only for a record that cannot be used).
#
# Imported by Saves.start only and dropped from the heap once the game has started (a board
# needs its code at power-up alone), with handheld.savedecode (the reader, the match's and the
# statistics' decoders: a second compile unit, so that neither compile is big on a board's
# heap); the codecs' encoders are in handheld.savedata. Each decode_*(data) returns the dict
# (or parts) that savedata's encoder packed and raises ValueError with a message that says what
# is wrong.
# (Prose in comments, not docstrings: a board compiles this module at every power-up.)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld import savedata
from handheld import store as stores
from handheld.savedecode import _Reader, decode_match, restore, decode_stats

# handheld.savedata's limits (private consts there too: no names on a board; tests hold them
# equal)
_MATCH_VERSION = const(3)
_STATS_VERSION = const(2)
_SETTINGS_VERSION = const(2)
_STATE_VERSION = const(1)
_LEVELS = const(3)


# -- settings -------------------------------------------------------------------------------
def decode_settings(data):
    # The settings dict from encode_settings's bytes; ValueError on bad data.
    r = _Reader(data, "settings", _SETTINGS_VERSION)
    flags = savedata.FLAGS
    s = {"preset": r.uint(1, "preset"), "level": r.uint(1, "level", _LEVELS - 1)}
    bits = r.uint(1, "flags", (1 << (len(flags) - (r.version == 1))) - 1)
    for i in range(len(flags)):
        s[flags[i]] = bool(bits & (1 << i))
    r.end()
    return s


# -- the state: the three encodings in one record ------------------------------------------
def decode_state(data):
    # (settings, stats, match) bytes from encode_state's bytes; ValueError on bad data.
    r = _Reader(data, "state", _STATE_VERSION)
    parts = []
    for name in ("settings", "stats", "match"):
        n = r.uint(2, name + " length")
        if r.at + n > len(data):
            raise ValueError("state save is cut short inside %s" % name)
        parts.append(bytes(data[r.at:r.at + n]))
        r.at += n
    r.end()
    return parts[0], parts[1], parts[2]


# -- power-up -------------------------------------------------------------------------------
def _decode(saves, name, data, decode, version):
    if not data:
        return None
    try:
        return decode(data)
    except (ValueError, TypeError, IndexError, KeyError) as e:
        print("saves:", e)
        if data[0] > version:  # the payload of a newer game: keep it
            saves._blocked = True
            saves._note(stores.NOTICE_NEWER)
        else:
            from handheld.savenote import NOTICE_BAD_MATCH as bad  # imported only then
            # the settings' own notice is the code after it (handheld.savenote)
            saves._note(bad if name == "match" else bad + 1 if name == "settings" else
                        stores.NOTICE_DAMAGED)
        return None


def start(saves, app):
    # Saves.start: load settings, statistics and the saved match into app; notices first.
    store = saves.store
    try:
        data = store.load()
    except Exception as e:  # a store bug or an I/O error: play on without the save
        print("saves: cannot read: %r" % e)
        saves._note(stores.NOTICE_ERROR)
        data = None
    else:
        saves._note(store.notice)
        if store.notice == stores.NOTICE_NEWER:
            saves._blocked = True
    parts = None
    if data:  # the record's three parts
        parts = _decode(saves, "state", data, decode_state, _STATE_VERSION)
    settings, stats, match = parts or (b"", b"", b"")
    d = _decode(saves, "settings", settings, decode_settings, _SETTINGS_VERSION)
    if d:
        app.load_settings(d)
    elif not saves._blocked:
        settings = b""  # unreadable: the next write keeps the defaults in effect instead
    d = _decode(saves, "stats", stats, decode_stats, _STATS_VERSION)
    if d:
        saves.stats = d
    saves._match = match  # kept as it is until a trick of something new is played
    s = savedata.default_settings()  # the settings in effect, saved once changed
    s.update(app.settings())
    saves._start_settings = savedata.encode_settings(s)
    d = _decode(saves, "match", match, decode_match, _MATCH_VERSION)
    if d:
        try:
            m = restore(d)
        except Exception as e:  # a history that does not fit the deal, an unknown preset
            print("saves: match: %r" % e)
            from handheld.savenote import NOTICE_BAD_MATCH as bad
            saves._note(bad)
            m = None
        if m is not None and not m.over:  # offered: what its page shows, the Match gone
            # (rebuilt on Continue, handheld.resume: the screen is built in between)
            from handheld.words import match_line
            h = m.hand
            saves.resumable = (d, (m.rules.name, m.hand_no, h.trick_no, h.over, match_line(m)))
    saves._settings = settings  # replaced when the menu closes with a change
    saves._changed = False  # written only once something changed
