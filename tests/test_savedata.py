"""Save codecs: round trips, sizes, statistics updates, and clear errors on bad data
(encoders in handheld.savedata, decoders in handheld.saveload and handheld.savedecode)."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "lib"))

from handheld import savecheck, savedata, savedecode, saveload, store  # noqa: E402


def match(**changes):
    d = {"preset": "Classic", "level": 1, "seed": 123456789, "hand_no": 3, "dealer": 0,
         "scores": [4, 2], "carry": 0, "history": [1, 2, 3], "options": {}}
    d.update(changes)
    return d


# -- match -----------------------------------------------------------------------------------

def test_match_round_trip_extremes():
    long_game = match(seed=2 ** 31, hand_no=65535, scores=[255, 0], carry=3, dealer=1,
                      level=2, history=list(range(32)) * 2, preset="Schnapsen-ish",
                      options={"close": True, "marriage": False, "target": -7, "deck": "24"})
    data = savedata.encode_match(long_game)
    assert saveload.decode_match(data) == long_game
    assert len(data) < 160
    assert data[0] == savedata._MATCH_VERSION == 3 and data[-1] == 0  # no hint in the hand
    hinted = dict(long_game, hinted=True)
    data = savedata.encode_match(hinted)
    assert data[0] == 3 and data[-1] == 1
    assert saveload.decode_match(data) == hinted


def test_match_options_accept_pairs_and_encode_in_name_order():
    a = savedata.encode_match(match(options={"b": 1, "a": True}))
    b = savedata.encode_match(match(options=[("a", True), ("b", 1)]))
    assert a == b
    assert saveload.decode_match(a)["options"] == {"a": True, "b": 1}


def test_largest_match_fits_its_store_slot():
    big = match(preset="x" * savedata._MAX_NAME, history=[31] * savedata._MAX_HISTORY,
                options=dict(("o%d" % i + "x" * 9, "y" * savedata._MAX_OPTION_TEXT)
                             for i in range(savedata._MAX_OPTIONS)))
    data = savedata.encode_match(big)
    stats = savedata.new_stats()
    for level in stats["levels"]:
        for f in level:
            level[f] = savedata._COUNTER_MAX
    state = savedata.encode_state(savedata.encode_settings(savedata.default_settings()),
                                  savedata.encode_stats(stats), data)
    assert len(state) + 12 <= store.CAPACITY


@pytest.mark.parametrize("changes, message", [
    ({"level": 3}, "match level: 3 is not 0, 1 or 2"),
    ({"dealer": 2}, "match dealer: 2 is not 0 or 1"),
    ({"scores": [256, 0]}, "match score 0: 256 is not an int in 0..255"),
    ({"scores": [1]}, "match scores: expected two"),
    ({"seed": -1}, "match seed: -1 is not an int"),
    ({"seed": 2 ** 32}, "match seed"),
    ({"history": [32]}, "match action: 32 is not in 0..31"),
    ({"history": [0] * 256}, "match history: 256 actions, at most 255"),
    ({"preset": "p" * 25}, "longer than 24 bytes"),
    ({"preset": 5}, "match preset: 5 is not a string"),
    ({"options": {"x": 1.5}}, "match option x: 1.5 is not a bool, int or str"),
    ({"options": {"x": 40000}}, "out of -32768..32767"),
    ({"options": [("x", 1), ("x", 2)]}, "match option x is given twice"),
    ({"level": True}, "match level: True is not an int"),
])
def test_match_encode_refuses_bad_fields(changes, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace(".", r"\.")):
        savedata.encode_match(match(**changes))


def test_match_decode_messages():
    data = savedata.encode_match(match())
    with pytest.raises(ValueError, match="match save is cut short: seed at byte 6 is missing"):
        saveload.decode_match(data[:7])
    with pytest.raises(ValueError, match="match save is version 4; this game reads version 3"):
        saveload.decode_match(b"\x04" + data[1:])
    with pytest.raises(ValueError, match="match save is cut short: hinted at byte 25 is missing"):
        saveload.decode_match(data[:-1])  # versions 2 and 3 end with the hint's byte
    with pytest.raises(ValueError, match="match save: hinted is 2, more than 1"):
        saveload.decode_match(data[:-1] + b"\x02")
    assert saveload.decode_match(b"\x01" + data[1:-1])["hand_no"] == 3  # version 1: no such byte
    with pytest.raises(ValueError, match="match save has 2 unexpected bytes at the end"):
        saveload.decode_match(data + b"\x00\x00")
    with pytest.raises(ValueError, match="match save: level is 7, more than 2"):
        saveload.decode_match(data[:1] + b"\x07" + data[2:])
    with pytest.raises(ValueError, match="expected bytes, got str"):
        saveload.decode_match("text")
    with pytest.raises(ValueError, match="version 0 is not valid"):
        saveload.decode_match(b"\x00" + data[1:])


def _old_mix(seed, n):
    """engine.rng.mix before its scramble (the step alone): how saves of versions 1 and 2 dealt."""
    x = (seed * 2654435761 + n * 40503 + 0x9E37) % 2147483647
    return x if x else 1


@pytest.mark.parametrize("version", [1, 2])
def test_a_save_of_an_older_game_deals_its_hand_as_that_game_did(version):
    """Versions 1 and 2 were dealt by mix's step alone (R5: the next deal could be read from
    the last one's): the decoder gives the seed whose mix deals the saved hand's cards as the
    step did, so the match in progress resumes exactly where it was (its history replays on
    the same cards) and plays on from there with deals of the scramble. Any seed and hand,
    across the 4-byte field's range."""
    from engine.hand import Hand
    from engine.match import Match
    from engine.rng import Rng, mix
    from engine.rules import SIXTY_SIX
    rng = Rng(99)
    for i in range(300):
        seed = rng.next() * 2 + (i & 1) if i % 3 else i
        hand_no = rng.below(500)
        d = match(seed=seed, hand_no=hand_no, history=[])
        data = savedata.encode_match(d)
        old = (bytes([version]) + data[1:]) if version == 2 else (b"\x01" + data[1:-1])
        got = saveload.decode_match(old)
        assert mix(got["seed"], hand_no + 1) == _old_mix(seed, hand_no + 1), (seed, hand_no)
        assert 0 <= got["seed"] < 2147483647 and dict(got, seed=seed) == d
    # and through restore: the very cards, the history replayed, the hands after it dealt anew
    seed, hand_no = 1234567, 2
    h = Hand.new(_old_mix(seed, hand_no + 1), 1, SIXTY_SIX)
    for _ in range(5):
        h.apply(min(h.legal_actions()))  # a card, or what comes first before the draw
    d = match(seed=seed, hand_no=hand_no, dealer=1, history=list(h.history), scores=[1, 2],
              level=2, preset="sixty-six")
    old = bytes([version]) + savedata.encode_match(d)[1:]
    if version == 1:
        old = old[:-1]
    m = saveload.restore(saveload.decode_match(old))
    assert isinstance(m, Match) and m.hand.deck == h.deck and m.hand.history == h.history
    assert m.scores == [1, 2] and m.hand_no == hand_no
    m2 = saveload.restore(saveload.decode_match(savedata.encode_match(
        dict(d, seed=m.seed))))  # written again (version 3): the same hand
    assert m2.hand.deck == h.deck


def test_match_decode_bad_utf8_and_bad_action():
    data = bytearray(savedata.encode_match(match(preset="ab")))
    at = data.index(b"ab")
    data[at] = 0xFF
    with pytest.raises(ValueError, match="preset is not UTF-8"):
        saveload.decode_match(bytes(data))
    data = bytearray(savedata.encode_match(match(history=[5])))
    data[data.index(5, 14)] = 40
    with pytest.raises(ValueError, match="action is 40, more than 31"):
        saveload.decode_match(bytes(data))


def test_every_truncation_and_every_corrupt_byte_is_refused_or_valid():
    data = savedata.encode_match(match(options={"t": "x", "n": -2, "b": True}))
    for n in range(len(data)):
        with pytest.raises(ValueError):
            saveload.decode_match(data[:n])
    for i in range(len(data)):
        for value in (0, 0x1F, 0x80, 0xFF):
            bad = bytearray(data)
            bad[i] = value
            try:
                d = saveload.decode_match(bytes(bad))
            except ValueError:
                continue
            savedata.encode_match(d)  # whatever decodes is a well-formed match


# -- statistics ------------------------------------------------------------------------------

def test_record_hand_and_match():
    s = savedata.new_stats()
    savedata.record_hand(s, 2, True, 1)
    savedata.record_hand(s, 2, True, 2, closed=True)
    savedata.record_hand(s, 2, True, 3, carry=1)
    savedata.record_hand(s, 2, False, 2, closed=True)
    savedata.record_hand(s, 2, None)
    lv = s["levels"][2]
    assert (lv["hands"], lv["hands_won"]) == (5, 3)
    assert (lv["points_for"], lv["points_against"]) == (1 + 2 + 4, 2)
    assert (lv["schneider"], lv["schwarz"]) == (1, 1)
    assert (lv["closes"], lv["closes_won"]) == (2, 1)
    assert s["levels"][0] == savedata.new_stats()["levels"][0]
    for won in (True, True, True, False, True):
        savedata.record_match(s, 2, won)
    assert (lv["matches"], lv["matches_won"], lv["streak"], lv["best_streak"]) == (5, 4, 1, 3)
    assert saveload.decode_stats(savedata.encode_stats(s)) == s


def test_counters_saturate():
    s = savedata.new_stats()
    s["levels"][0]["hands"] = savedata._COUNTER_MAX
    savedata.record_hand(s, 0, False, 1)
    assert s["levels"][0]["hands"] == savedata._COUNTER_MAX
    assert saveload.decode_stats(savedata.encode_stats(s)) == s


def test_stats_errors():
    s = savedata.new_stats()
    s["levels"][1]["closes"] = -1
    with pytest.raises(ValueError, match="stats level 1 closes: -1 is not an int"):
        savedata.encode_stats(s)
    with pytest.raises(ValueError, match="expected 3 levels, got 2"):
        savedata.encode_stats({"levels": s["levels"][:2]})
    data = savedata.encode_stats(savedata.new_stats())
    assert len(data) == 1 + 3 * (len(savedata.FIELDS) + len(savedata.COACH)) * 4
    with pytest.raises(ValueError, match="stats save is cut short"):
        saveload.decode_stats(data[:-1])


# -- settings --------------------------------------------------------------------------------

def test_settings_round_trip_every_flag():
    for bits in range(16):
        s = {"preset": 3, "level": 2}
        for i, name in enumerate(savedata.FLAGS):
            s[name] = bool(bits & (1 << i))
        data = savedata.encode_settings(s)
        assert len(data) == 4
        assert saveload.decode_settings(data) == s
    assert saveload.decode_settings(savedata.encode_settings(savedata.default_settings())) \
        == savedata.default_settings()


def test_settings_errors():
    data = savedata.encode_settings(savedata.default_settings())
    with pytest.raises(ValueError, match="settings save: flags is 32, more than 31"):
        saveload.decode_settings(data[:3] + b"\x20")
    with pytest.raises(ValueError, match="settings save: flags is 16, more than 15"):
        saveload.decode_settings(b"\x01" + data[1:3] + b"\x10")  # version 1: 4 flags
    with pytest.raises(ValueError, match="settings level: 5 is not 0, 1 or 2"):
        savedata.encode_settings(dict(savedata.default_settings(), level=5))
    with pytest.raises(ValueError, match="settings save is version 9"):
        saveload.decode_settings(b"\x09" + data[1:])


# -- the state record and sense checks (issue 15 row 13) ------------------------------------

def test_state_holds_the_three_parts_and_refuses_every_truncation():
    parts = (b"\x01\x00\x01\x0f", savedata.encode_stats(savedata.new_stats()), b"")
    data = savedata.encode_state(*parts)
    assert saveload.decode_state(data) == parts
    for n in range(len(data)):
        with pytest.raises(ValueError):
            saveload.decode_state(data[:n])
    with pytest.raises(ValueError, match="1 unexpected bytes"):
        saveload.decode_state(data + b"\x00")


@pytest.mark.parametrize("change, message", [
    ({"scores": [7, 0]}, "score 0 is 7 at hand 3, the match ends at 7"),
    ({"scores": [2, 200]}, "score 1 is 200 at hand 3, the match ends at 7"),
    ({"carry": 255}, r"carry 255 at hand 3 \(draw_carry_point False\)"),
    ({"carry": 1}, r"carry 1 at hand 3 \(draw_carry_point False\)"),  # R33: no carry
    ({"hand_no": 0, "scores": [1, 0]}, "score 0 is 1 at hand 0"),  # none yet at the first
    ({"hand_no": 5000}, "hand 5000, at most 1000"),
    # a Bummerl counts down from the target (R39): 0 has won already, past 7 cannot be
    ({"preset": "schnapsen", "scores": [0, 3]}, "score 0 is 0 at hand 3, the match counts "
                                                "down from 7"),
    ({"preset": "schnapsen", "scores": [7, 8]}, "score 1 is 8 at hand 3"),
    ({"preset": "schnapsen", "scores": [7, 5], "hand_no": 0}, "score 1 is 5 at hand 0"),
])
def test_a_match_that_cannot_be_is_refused_by_its_sense_not_its_bytes(change, message):
    change = dict(change)
    d = saveload.decode_match(savedata.encode_match(match(preset=change.pop("preset",
                                                                             "sixty-six"),
                                                          **change)))
    with pytest.raises(ValueError, match="match save makes no sense: " + message):
        saveload.restore(d)


@pytest.mark.parametrize("level, message", [
    ({"hands": 2, "hands_won": 3}, "level 1 hands_won 3 > hands 2"),
    ({"matches": 1, "matches_won": 1, "streak": 1}, "level 1 streak 1 > best_streak 0"),
    ({"hands": 5, "hands_won": 1, "schwarz": 1, "schneider": 1},
     "level 1 has more schneider and schwarz wins than hands won"),
    ({"hands": 2, "closes": 3}, "level 1 closes 3 > hands 2"),
])
def test_statistics_that_cannot_be_are_refused(level, message):
    st = savedata.new_stats()
    st["levels"][1].update(level)
    with pytest.raises(ValueError, match="stats save makes no sense: " + message):
        saveload.decode_stats(savedata.encode_stats(st))


def test_real_statistics_pass_the_sense_check():
    st = savedata.new_stats()
    savedata.record_hand(st, 1, True, 3, closed=True)
    savedata.record_hand(st, 1, False, 2)
    savedata.record_hand(st, 1, None)
    savedata.record_match(st, 1, True)
    savedata.record_match(st, 1, False)
    assert saveload.decode_stats(savedata.encode_stats(st)) == st


def test_the_encoders_and_the_decoders_share_their_limits():
    """Private consts (no names on a board), so written in each module: the same values."""
    for name in ("_MATCH_VERSION", "_STATS_VERSION", "_SETTINGS_VERSION", "_STATE_VERSION",
                 "_LEVELS"):
        assert getattr(saveload, name) == getattr(savedata, name), name
    for name in ("_MATCH_VERSION", "_STATS_VERSION", "_LEVELS", "_MAX_NAME", "_MAX_OPTIONS",
                 "_MAX_OPTION_TEXT", "_COUNTER_MAX"):
        assert getattr(savedecode, name) == getattr(savedata, name), name
    for name in ("_MATCH_VERSION", "_STATS_VERSION", "_SETTINGS_VERSION", "_LEVELS",
                 "_MAX_HISTORY", "_MAX_NAME", "_MAX_OPTIONS", "_MAX_OPTION_TEXT"):
        assert getattr(savecheck, name) == getattr(savedata, name), name


def _values(rng):
    """Field values, most of them fitting, some not (wrong type, out of range, too long)."""
    return [0, 1, 2, 3, 31, 32, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, -1, -32768,
            32767, 40000, True, False, None, 1.5, "", "x", "p" * 12, "p" * 13, "p" * 25,
            "\u00e9" * 12, [1]][rng.randrange(27)]


def test_the_compact_encoders_write_and_refuse_as_savecheck_says():
    """savedata's encoders (no messages: they stay loaded on a board) give the same bytes as
    savecheck's (a message for every refusal), and refuse the same values with its message."""
    import random
    rng = random.Random(14)
    cases = 0
    for _ in range(3000):
        d = match(level=rng.randrange(3), dealer=rng.randrange(2),
                  scores=[rng.randrange(7), rng.randrange(7)], carry=rng.randrange(4),
                  seed=rng.randrange(2 ** 32), hand_no=rng.randrange(100),
                  history=[rng.randrange(32) for _ in range(rng.randrange(40))],
                  options={"o%d" % i: rng.choice([True, False, 7, -3, "ab"])
                           for i in range(rng.randrange(9))}, hinted=rng.random() < 0.5)
        s = savedata.new_stats()
        t = savedata.default_settings()
        for _ in range(rng.randrange(3)):  # some fields made odd
            k = rng.choice(["level", "dealer", "carry", "seed", "hand_no", "preset", "history",
                            "options", "scores"])
            v = _values(rng)
            d[k] = ([v] if k == "history" else {"x": v} if k == "options" else
                    [v, 0] if k == "scores" else v)
            s["levels"][rng.randrange(3)][rng.choice(savedata.FIELDS)] = _values(rng)
            s["coach"][rng.randrange(3)][rng.randrange(5)] = _values(rng)
            t[rng.choice(["preset", "level"])] = _values(rng)
        for data, name, args in ((d, "encode_match", ()),
                                 (s, "encode_stats", (savedata.FIELDS, savedata.COACH)),
                                 (t, "encode_settings", (savedata.FLAGS,))):
            try:
                want = getattr(savecheck, name)(data, *args)
            except (ValueError, TypeError, KeyError) as e:
                want = (type(e), str(e))
                cases += 1
            try:
                got = getattr(savedata, name)(data)
            except (ValueError, TypeError, KeyError) as e:
                got = (type(e), str(e))
            assert got == want, (name, data)
    assert cases > 1000  # refusals among them


def test_savecheck_is_imported_only_for_a_refusal():
    import subprocess
    code = ("import sys; sys.path.insert(0, 'lib'); from handheld import savedata; "
            "savedata.encode_match({'preset': 'p', 'level': 1, 'seed': 1, 'hand_no': 0, "
            "'dealer': 0, 'scores': [0, 0], 'carry': 0, 'history': [1]}); "
            "savedata.encode_stats(savedata.new_stats()); "
            "savedata.encode_settings(savedata.default_settings()); "
            "print('handheld.savecheck' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "False"
