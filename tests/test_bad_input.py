"""Bad input is refused with a clear ValueError, and a refused action changes nothing."""
import copy
import re

import pytest

from engine.hand import Hand, IllegalAction
from engine.match import Match
from engine.notation import parse_action
from engine.record import record, replay
from engine.rules import SIXTY_SIX, SCHNAPSEN
from helpers import hand, play, snapshot, cards, finish

RULE = re.compile(r"\(.*\b[RD]\d+")  # a message names a rule like "(R26)" or "(... D10)"


def _refused(h, action, match=None):
    before = snapshot(h)
    with pytest.raises(IllegalAction) as err:
        h.apply(action)
    assert snapshot(h) == before, "a refused action changed the state"
    assert isinstance(err.value, ValueError)
    if match:
        assert re.search(match, str(err.value)), str(err.value)
    return str(err.value)


def _positions():
    """A few hands at different decision points: first lead, following, pre-draw, closed..."""
    deal = dict(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
                stock="9C 9S")
    out = []
    for moves in ("", "AC", "AC 9D", "AC 9D W", "AC 9D W M:C", "AC 9D C", "AC 9D W X C"):
        out.append(play(hand(**deal), moves))
    out.append(finish(hand(**deal)))
    return out


@pytest.mark.parametrize("junk", [-1, 32, 99, 10 ** 9, None, "QH", 3.0, True, False, [1], (0,)])
def test_out_of_range_and_junk_actions_are_refused_with_nothing_changed(junk):
    for h in _positions():
        message = _refused(h, junk)
        if not h.over:
            assert "actions are 0..31" in message


def test_every_action_not_legal_is_refused_naming_the_rule():
    for h in _positions():
        legal = h.legal_actions()
        for a in range(32):
            if a in legal:
                continue
            message = _refused(h, a)
            if "not in the hand" not in message:
                assert RULE.search(message), message


def test_card_not_in_hand():
    h = hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH")
    _refused(h, parse_action("AD"), "AD: not in the hand of player 1")


@pytest.mark.parametrize("moves, action, why", [
    ("", "W", r"nothing to draw now \(R11\)"),
    ("", "D", r"won no trick yet \(R29, D1\)"),
    ("AC", "C", r"only the leader .*\(R17"),
    ("AC", "M:D", r"only the leader"),
    ("AC 9D", "X", r"draw first"),
    ("AC 9D", "QH", r"draw, close or declare first \(R11, R17\)"),
    ("AC 9D W M:C", "QH", r"lead its K or Q \(R20, D2\)"),
    ("AC 9D W M:C", "C", r"\(D2\)"),
    ("AC 9D C", "X", r"\(R13-R16, D3\)"),
    ("AC 9D C", "C", r"\(R17, R18, D4\)"),
    ("AC 9D W X C", "M:C", r"\(R20-R22\)"),
])
def test_actions_at_the_wrong_moment(moves, action, why):
    h = play(hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH",
                  stock="9C 9S"), moves)
    _refused(h, parse_action(action), why)


def test_a_marriage_on_the_first_lead_where_none_is_allowed_says_so():
    from engine.rules import SANTASE
    h = hand(nondealer="KH QH 9C JC QC AC", dealer="9D JD QD KD TD AD", trump="9S",
             rules=SANTASE)
    _refused(h, parse_action("M:H"), r"on a lead after the first trick \(R20-R22\)")


def test_strict_follow_refusal_names_r26():
    h = play(hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TC AD", trump="KH"),
             "C AC")
    _refused(h, parse_action("9D"), r"oblige one of TC \(R26\)")


def test_nothing_is_legal_once_the_hand_is_over():
    h = finish(hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH"))
    assert h.over and h.legal_actions() == [] and h.to_move is None
    for a in range(32):
        _refused(h, a, r"the hand is over \(D10\)")


def test_refused_action_in_a_match_changes_nothing():
    m = Match(SIXTY_SIX, 3)
    before = copy.deepcopy(vars(m))
    with pytest.raises(IllegalAction):
        m.apply(31)  # nobody has a trick yet
    assert vars(m).keys() == before.keys()
    assert m.scores == before["scores"] and m.hand.history == []


# ---- malformed decks --------------------------------------------------------------------------
@pytest.mark.parametrize("deck, why", [
    (list(range(23)), "deck has 23 cards; sixty-six needs 24"),
    (list(range(25)), "deck has 25 cards"),
    ([], "deck has 0 cards"),
    (list(range(23)) + [0], "deck holds 9C twice"),
    (list(range(23)) + [24], "holds 24, which is not a card"),
    (list(range(23)) + [-1], "sequence of card numbers"),
    ("AH KH", "sequence of card numbers"),
    ([0.5] * 24, "sequence of card numbers"),
])
def test_malformed_24_card_decks(deck, why):
    with pytest.raises(ValueError, match=why):
        Hand(deck)


def test_wrong_card_set_for_schnapsen():
    deck = cards("9C JC QC KC TC AC JD QD KD TD AD JH QH KH TH AH JS QS KS TS")
    with pytest.raises(ValueError, match="holds 9C, which a 20-card deck has not"):
        Hand(deck, 0, SCHNAPSEN)


@pytest.mark.parametrize("dealer", [2, -1, None, "0"])
def test_dealer_must_be_0_or_1(dealer):
    with pytest.raises(ValueError, match="dealer must be 0 or 1"):
        Hand(list(range(24)), dealer)


# ---- corrupt records ----------------------------------------------------------------------------
GOOD = record(play(hand(nondealer="AC 9H QH KC QC JC", dealer="9D JD QD KD TD AD", trump="KH"),
                   "AC 9D W"))


@pytest.mark.parametrize("change, why", [
    (lambda t: t.replace("preset sixty-six", "preset bezique"), "record rules: no preset"),
    (lambda t: t.replace("dealer 0", "dealer 2"), "dealer must be 0 or 1"),
    (lambda t: t.replace("dealer 0\n", ""), "no dealer line"),
    (lambda t: t.replace("deck AC", "deck ZZ"), "not a card name"),
    (lambda t: t.replace("deck AC", "deck AD"), "holds AD twice"),
    (lambda t: t.replace("play AC 9D W", "play AC 9D W W"), r"action 4 \(W\)"),
    (lambda t: t.replace("play AC", "play QQ"), r"action 1 \(QQ\): not an action"),
    (lambda t: t + "play AC\n", "unexpected 'play'"),
    (lambda t: t + "hello\n", "unexpected 'hello'"),
    (lambda t: t.replace("dealer 0", "options close_min_stock=3\ndealer 0"), "close_min_stock"),
    (lambda t: t.replace("dealer 0", "options no_such=1\ndealer 0"), "unknown rule option"),
    (lambda t: t.replace("dealer 0", "options auto_declare=yes\ndealer 0"), "True or False"),
    (lambda t: t.replace("dealer 0", "options close_min_stock\ndealer 0"), "name=value"),
    (lambda t: "", "no preset line"),
])
def test_corrupt_records(change, why):
    assert replay(GOOD).history == [parse_action(w) for w in "AC 9D W".split()]
    with pytest.raises(ValueError, match=why):
        replay(change(GOOD))


def test_options_given_twice_or_not_a_number_are_refused_naming_the_option():
    twice = GOOD.replace("dealer 0", "options close_min_stock=4 close_min_stock=2\ndealer 0")
    with pytest.raises(ValueError, match="option close_min_stock is given twice"):
        replay(twice)
    words = GOOD.replace("dealer 0", "options close_min_stock=four\ndealer 0")
    with pytest.raises(ValueError, match="option close_min_stock wants a whole number, not 'four'"):
        replay(words)


def test_a_bytes_record_is_refused_as_not_text():
    with pytest.raises(ValueError, match="a record is text \\(str\\), not bytes: decode it"):
        replay(GOOD.encode())
    assert replay(GOOD.encode().decode()).history == replay(GOOD).history


# ---- the rule sets are shared, so nobody may change one --------------------------------------
def test_presets_and_the_views_rules_are_read_only():
    from engine.rules import SANTASE, preset
    h = Hand.new(5)
    v = h.view(h.to_move)
    assert v.rules is SIXTY_SIX  # shared, hence read-only: the AI gets this view
    for rules, key, value in ((v.rules, "close_min_stock", 4), (SIXTY_SIX, "deck", 20),
                              (SANTASE, "match_target", 7), (SIXTY_SIX.but(deck=20), "deck", 24),
                              (SIXTY_SIX, "brand_new", 1)):
        before = rules.options()
        with pytest.raises(AttributeError, match="rules are read-only: use rules.but"):
            setattr(rules, key, value)
        assert rules.options() == before and not hasattr(rules, "brand_new")
    assert SIXTY_SIX.close_min_stock == 2 and preset("sixty-six").options() == \
        type(SIXTY_SIX)("x").options()
    assert Hand.new(5).rules.close_min_stock == 2
    assert SIXTY_SIX.but(close_min_stock=4).close_min_stock == 4  # the way to a changed set


# ---- Hand() and Hand.new() arguments ------------------------------------------------------------
DECK = list(range(24))


@pytest.mark.parametrize("dealer", [1.0, True, False, 0.0])
def test_dealer_must_be_the_int_0_or_1(dealer):
    with pytest.raises(ValueError, match="dealer must be 0 or 1, not %r" % (dealer,)):
        Hand(DECK, dealer)


@pytest.mark.parametrize("deck, kind", [(set(DECK), "set"), (dict.fromkeys(DECK), "dict"),
                                        ((c for c in DECK), "generator"),
                                        (frozenset(DECK), "frozenset")])
def test_a_deck_without_an_order_is_refused(deck, kind):
    with pytest.raises(ValueError, match="deck must be a sequence of card numbers 0..23 in deal "
                                         "order \\(a list, tuple or bytes\\), not a %s" % kind):
        Hand(deck)


def test_ordered_decks_of_every_kind_deal_the_same():
    want = Hand(DECK, 1).hands
    for deck in (tuple(DECK), bytes(DECK), bytearray(DECK)):
        assert Hand(deck, 1).hands == want


@pytest.mark.parametrize("rules", ["santase", None, 20, {"deck": 20}])
def test_rules_must_be_a_rules_object(rules):
    with pytest.raises(ValueError, match="rules must be a Rules object \\(e.g. engine.rules."
                                         "preset\\("):
        Hand(DECK, 0, rules)
    with pytest.raises(ValueError, match="rules must be a Rules object"):
        Hand.new(1, 0, rules)
    if rules == "santase":
        with pytest.raises(ValueError, match="preset\\('santase'\\)"):
            Hand.new(1, 0, rules)


@pytest.mark.parametrize("seed", [1.5, 7.0, "7", None, True, [1]])
def test_seed_must_be_a_whole_number(seed):
    with pytest.raises(ValueError, match="seed must be a whole number, not %s" %
                       re.escape(repr(seed))):
        Hand.new(seed)
    with pytest.raises(ValueError, match="seed must be a whole number, not %s" %
                       re.escape(repr(seed))):
        Match(SIXTY_SIX, seed)  # its own seed named, not the hand's mixed one
    assert len(Hand.new(-7).deck) == 24 and len(Hand.new(2 ** 40).deck) == 24  # any int


def test_rules_are_read_only_on_micropython_too(tmp_path):
    from mpvm import run
    script = tmp_path / "ro.py"
    script.write_text(
        "from engine.rules import SIXTY_SIX\n"
        "from engine.hand import Hand\n"
        "try:\n"
        "    Hand.new(3).view(0).rules.close_min_stock = 4\n"
        "except AttributeError as e:\n"
        "    print('refused', e)\n"
        "print(SIXTY_SIX.close_min_stock, SIXTY_SIX.but(close_min_stock=4).close_min_stock)\n")
    done = run(str(script), path=".")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split("\n")[:2] == [
        "refused rules are read-only: use rules.but(close_min_stock=...) for a changed copy",
        "2 4"]
