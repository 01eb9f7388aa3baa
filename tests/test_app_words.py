"""What the pages tell a player, on every board: the key prompts of a two-button board (CLUE,
Feather ESP32-S3 Reverse TFT: A, B and B held) name keys it has; a close won says where its
scale is from; the match line, the review cut short and the rules help say what is so."""
import re

from engine.rules import Rules
from handheld import screen as S
from handheld.app import App
from handheld.buttons import A, B
from handheld.loop import Loop
from handheld.resulttext import hand_result
from handheld.textview import TextView
from helpers import closing_move, hand, play, DL, ND
from sim.headless import Runner
from sim.screens import stub_choose

LACKING = re.compile(r"\b(LEFT|RIGHT|UP|DOWN|START|SELECT)\b")  # keys a two-button board lacks
HAS = re.compile(r"\b[AB]\b")


def unreachable(line):
    """The 'KEYS: what' clauses of a prompt whose keys are all keys a two-button board lacks."""
    bad = []
    for clause in re.split(r"\s{2,}|, |\. ", line):
        if ":" not in clause:
            continue
        keys = clause.split(":", 1)[0]
        if LACKING.search(keys) and not HAS.search(keys):
            bad.append(clause)
    return bad


def footer(app):
    lines = [x for x in app.top.lines if x]
    return lines[-1] if lines else ""


def hold_b(r):
    r.play("H")


def test_two_button_keys_reach_every_page_and_every_prompt_names_them():
    app = App(seed=4, choose=stub_choose)
    r = Runner(Loop(app, TextView()))
    seen = {}

    def look(where, line):
        seen[where] = line
        assert not unreachable(line), (where, line)

    r.settle()
    assert app.screen == S.TITLE
    for line in app.top.lines:
        look("title", line)
    hold_b(r)
    assert app.screen == S.MENU
    menu_keys = set()
    for _ in range(len(app.top.ids)):  # A alone walks every item
        look("menu", footer(app))
        menu_keys.add(footer(app))
        r.tap(A)
    assert menu_keys == {"A:next  B:choose", "A:next  B:change"}
    while app.top.lines[app.top.sel] != "> Rules help":
        r.tap(A)
    r.tap(B)
    assert app.screen == S.HELP
    pages = []
    for _ in range(12):
        pages.append(list(app.top.lines))
        look("help", footer(app))
        r.tap(A)
        if app.top.lines == pages[0]:
            break
    keys = [p for p in pages if p[0] == "Keys"]
    assert len(keys) == 1
    # the first keys page is all a two-button board needs: it names no other key
    assert not [x for x in keys[0] if LACKING.search(x)], keys[0]
    assert "Hold B: the menu," in " ".join(keys[0])
    assert [p for p in pages if p[0] == "More keys"]
    r.tap(B)  # back to the menu, then back to the title
    assert app.screen == S.MENU
    while app.top.item != 0:
        r.tap(A)
    r.tap(B)
    assert app.screen == S.TITLE

    r.tap(B)  # a new match, played with A and B, each hand reviewed
    reviews = 0
    for _ in range(4000):
        r.settle()
        if app.screen == S.MATCH_END:
            break
        if app.screen == S.TABLE:
            look("table", app.prompt)
            r.tap(B)
        elif app.screen == S.RESULT and reviews == 0:
            r.tap(A)
            r.tap(B)  # "Review this hand"
            for _ in range(50):
                r.settle()
                if app.top.waiting():
                    break
            assert app.screen == S.REVIEW
            look("review", footer(app))
            r.tap(A)  # A scrolls (or stays, when all fits)
            assert app.screen == S.REVIEW
            r.tap(B)
            assert app.screen == S.RESULT
            reviews += 1
        else:
            r.tap(B)
    assert app.screen == S.MATCH_END and reviews == 1
    for line in app.top.lines:
        look("match end", line)
    assert "Hold B or START: menu" in app.top.lines
    hold_b(r)  # the menu, as the match's page says
    assert app.screen == S.MENU
    assert set(seen) == {"title", "menu", "help", "table", "review", "match end"}


def test_a_prompt_naming_only_arrows_is_caught():
    # the check above is no formality: the prompts before the fix fail it
    assert unreachable("B:ok  LEFT/RIGHT:change") == ["LEFT/RIGHT:change"]
    assert unreachable("UP/DOWN:scroll  B:back") == ["UP/DOWN:scroll"]
    assert unreachable("START: menu") == ["START: menu"]
    assert unreachable("Hold B or START: menu") == []


def _closed_then_a_trick_lost():
    """Hearts trump. The non-dealer closes before trick 1 (the dealer has no trick then), gives
    the dealer one trick (JC takes 9C) and makes 78 with the rest."""
    h = hand(nondealer="AH TH KH AS TS 9C", dealer="JC AD TD KD QD KS", trump="QH")
    return play(h, "C 9C JC AD KH AH TD TH KD AS KS TS QD")


def test_a_close_won_says_its_scale_is_from_the_close():
    h = _closed_then_a_trick_lost()
    assert h.over and h.winner == ND and h.game_points == 3
    assert h.tricks(DL) == 1 and h.frozen_tricks == 0  # R36 (D5): Schwarz at the close
    head, why, pts = hand_result(h)
    assert why.endswith("closed and made 66")
    assert pts == "Schwarz at the close: 3"
    assert len(pts) <= 26  # one line at 160 px


def test_a_close_won_by_schneider_says_what_the_loser_had_at_the_close():
    """"Schneider at the close: 2" stood over "Cards: you 52, CPU 85", totals of the end that
    look like no schneider (a player's find): the line says the loser's points at the close,
    which R36 scores from. Hands of the computer against itself, every such close checked."""
    from engine import ai, score
    from engine.hand import Hand
    from engine.rng import mix
    seen = 0
    for i in range(400):
        h = Hand.new(mix(5, i), i & 1)
        k = 0
        while not h.over:
            h.apply(ai.choose(h.view(h.to_move), ai.NORMAL, mix(7, k)))
            k += 1
        if h.reason != score.CLOSER_WON:
            continue
        head, why, pts = hand_result(h)
        loser = "you" if h.winner == 1 else "CPU"
        if h.game_points == 2:
            assert h.frozen_tricks and h.frozen_points < 33
            assert pts == "Schneider (%s %d then): 2" % (loser, h.frozen_points), pts
            seen += 1
        elif h.game_points == 3:
            assert pts == "Schwarz at the close: 3" and not h.frozen_tricks
        assert len(pts) <= 26 and why.endswith("closed and made 66")
    assert seen >= 3, seen


def test_a_close_scored_at_the_end_keeps_the_plain_scale():
    h = hand(nondealer="AH TH KH AS TS 9C", dealer="JC AD TD KD QD KS", trump="QH",
             rules=Rules("sixty-six", close_score_at="end"))
    play(h, "C 9C JC AD KH AH TD TH KD AS KS TS QD")
    assert h.over and h.game_points == 2  # the dealer took a trick, under 33 points
    assert hand_result(h)[2] == "Schneider: 2 points"


def test_the_match_line_fits_160_px_with_two_digit_scores():
    from engine.match import Match
    from engine.rules import preset
    from handheld import words
    m = Match(preset("santase"), 1, 11)
    for scores in ((3, 1), (10, 9), (10, 10), (12, 10), (2, 13)):
        m.scores = list(scores)
        line = words.match_line(m)
        assert len(line) <= words.WIDTH, line
        assert line.startswith("Match: you %d, CPU %d" % scores)
    m.scores = [10, 9]
    assert words.match_line(m) == "Match: you 10, CPU 9 of 11"
    m.scores = [10, 10]
    assert words.match_line(m) == "Match: you 10, CPU 10"
    m.scores = [5, 8]
    m.target = 7
    assert words.match_line(m) == "Match: you 5, CPU 8 of 7"
    m.over = True  # the last hand took the CPU past 7: no "8 of 7"
    assert words.match_line(m) == "Match: you 5, CPU 8"


def _to_result(done, limit):
    """An app (seed 3, the stub player) pressed on with B until done(app) on a hand's result."""
    app = App(seed=3, choose=stub_choose)
    r = Runner(Loop(app, TextView()))
    r.tap(B)
    for _ in range(limit):
        r.settle()
        if app.screen == S.RESULT and done(app):
            break
        r.tap(B)
    return app


def test_the_deal_replayed_from_the_other_seat_leaves_the_match_score_alone():
    from handheld.review import replay_match
    from engine.ai import choose
    m = _to_result(lambda app: True, 500).match
    before = list(m.scores)
    rm = replay_match(m)
    h = rm.hand
    while not h.over:
        v = h.view(h.to_move)
        rm.apply(choose(v, 0, 1))
    assert h.game_points > 0 and rm.scores == before and m.scores == before


def test_the_last_hand_of_a_match_replayed_shows_the_final_score_without_of_7():
    from handheld.review import replay_match
    from handheld import words
    m = _to_result(lambda app: app.match.over, 5000).match
    assert m.over and max(m.scores) >= m.target
    line = words.match_line(replay_match(m))
    assert line == words.match_line(m) and " of " not in line


def _hand_played(seed, level):
    from engine import ai
    from engine.hand import Hand
    h = Hand.new(seed)
    while not h.over:
        s = h.to_move
        h.apply(ai.choose(h.view(s), level if s == 0 else ai.EASY, 100 + h.trick_no))
    return h


def test_a_review_cut_short_by_its_budget_says_what_the_rest_found(monkeypatch):
    """The budget's line, and when the decisions reviewed found nothing (no cost, HARD chose
    as the player did), one that says so; a line of HARD's other choice ('not measured', cost
    None too) is something found: no such line then."""
    from engine import ai
    from engine.coach import review as engine_review
    from engine.coach.review import review, review_hand
    from handheld.review import review_lines
    h = _hand_played(1, ai.HARD)  # the player is HARD with the hints' seeds: nothing found
    r = review_hand(h, 0, 300, 100)
    assert r.unreviewed and not r.lines
    t = r.unreviewed_to
    assert review(h, 0, 300, 100)[-1] == (
        None, t + 1, "From trick %d on, no decision cost you a game point." % (t + 1))
    monkeypatch.setattr(engine_review, "review",  # the page's lines with that budget
                        lambda hand, seat, seed=0: review(hand, seat, 300, 100))
    full = " ".join(review_lines(h))
    monkeypatch.undo()
    assert full.endswith("From trick %d on, no decision cost you a game point." % (t + 1))
    for seed in range(2, 40):  # NORMAL plays otherwise than HARD: lines, none costed
        h = _hand_played(seed, ai.NORMAL)
        r = review_hand(h, 0, 300, 100)
        if r.unreviewed and r.lines and all(c is None for c, _, _ in r.lines):
            break
    assert r.unreviewed and r.lines and all(c is None for c, _, _ in r.lines)
    lines = review(h, 0, 300, 100)
    assert "not reviewed" in lines[-1][2] and not [x for x in lines if "From trick" in x[2]]


def test_the_rules_help_fits_its_pages_and_speaks_of_the_game_chosen(monkeypatch):
    from handheld import helptext
    pages = {}
    for name in ("sixty-six", "schnapsen", "santase"):
        n = helptext.help_page(name, 0)[1]
        pages[name] = [helptext.help_page(name, at)[0] for at in range(n)]
    monkeypatch.setattr(helptext, "_HELP_LINES", 99)
    for name in pages:  # no page loses a line to the screen's 8
        n = len(pages[name])
        assert pages[name] == [helptext.help_page(name, at)[0] for at in range(n)], name
    text = {name: " ".join(" ".join(p) for p in pages[name]) for name in pages}
    assert "9=0" in text["sixty-six"] and "9=0" not in text["schnapsen"]  # no nines (R1)
    assert "trump 9" in text["santase"] and "trump J" in text["schnapsen"]  # R13
    assert "last trick +10" in text["sixty-six"] and "+10" not in text["schnapsen"]  # R31
    for name in text:  # R34, R37: a closed hand is not decided by the higher total
        assert "Closer: 66 or fail" in text[name], name
    assert "Run out: the last trick wins" in text["schnapsen"]  # R32 run_out_winner
    assert "the winner deals" in text["santase"]  # R4 next_dealer
    # R37 and failed_close_always3: what a failed close costs, the same on every page
    assert "A failed close costs 3" in text["santase"] and "2 or 3" not in text["santase"].split(
        "Scoring", 1)[1], text["santase"]
    for name in ("sixty-six", "schnapsen"):
        assert "A failed close gives the other side 2 or 3" in text[name], name


def test_a_first_trick_says_the_marriage_it_brings_in():
    """A marriage announced before its seat's first trick counts from that trick (R21): the
    trick's line adds it after the cards' points, as it adds the last trick's 10 (a
    play-tester saw "+14" while the total jumped by 34)."""
    seen = []  # (prompt, the seat's tricks, melds and bonus then)
    app = App(seed=5, level=0)
    app.show_points = True

    def frame(run):
        h = app.match.hand if app.match else None
        if h is not None:
            seen.append((app.prompt, [h.tricks(0), h.tricks(1)], list(h.melds), list(h.bonus)))
    r = Runner(Loop(app, TextView()), on_frame=frame)
    found = 0
    for _ in range(4000):
        r.settle()
        r.tap(B)
        if found >= 3:
            break
        while seen:
            prompt, tricks, melds, bonus = seen.pop(0)
            m = re.match(r"(You take|CPU takes) the trick \+(\d+)(?:\+(\d+))?$", prompt)
            if not m:
                continue
            w = 0 if m.group(1) == "You take" else 1
            extra = bonus[w] + (melds[w] if tricks[w] == 1 else 0)
            assert int(m.group(3) or 0) == extra, (prompt, tricks, melds, bonus)
            if tricks[w] == 1 and melds[w]:
                found += 1
    assert found >= 1 and app.errors == 0


def test_the_table_says_the_last_tricks_ten_and_a_swap_in_words():
    from engine.cards import EXCHANGE
    seen = []
    app = App(seed=2, level=0)  # EASY: the computer swaps the trump 9 whenever it may (R13)
    r = Runner(Loop(app, TextView()), on_frame=lambda run: seen.append(app.prompt))
    bonus = swap = False
    for _ in range(3000):
        r.settle()
        h = app.match.hand if app.match else None
        if h is not None and h.over and h.bonus != [0, 0] and app.screen == S.RESULT:
            w = 0 if h.bonus[0] else 1
            assert h.bonus[w] == 10
            said = [p for p in seen if re.match(r"(You take|CPU takes) the trick \+\d+\+10$", p)]
            assert said, seen[-20:]
            bonus = True
        if h is not None and EXCHANGE in h.history:
            assert [p for p in seen if re.search(r"swapped the trump 9[CDHS]$", p)], seen[-20:]
            swap = True
        if bonus and swap:
            break
        r.tap(B)
    assert bonus and swap
    assert not [p for p in seen if "took the trump card" in p]


def test_statistics_rows_fit_26_columns_with_three_and_four_digit_counts():
    from handheld.stats import _row
    from handheld import words
    assert _row("Hinted hands won", "9 of 10") == "Hinted hands won   9 of 10"
    for label, value in (("Hinted hands won", "100 of 100"), ("Hinted hands won", "1000 of 1000"),
                         ("Matches won", "1000 of 1000"), ("Hands won", "10000 of 10000"),
                         ("Game points", "+1234 -1234"), ("Closes won", "1000 of 1000")):
        row = _row(label, value)
        assert len(row) <= words.WIDTH, row
        assert row.startswith(label + " ")
        assert row.endswith(value) or row.endswith(value.replace(" of ", "/"))
    assert _row("Hinted hands won", "100 of 100") == "Hinted hands won   100/100"


def test_a_declaration_short_of_66_against_a_close_is_worded_as_one():
    """The closer's opponent, trickless at the close, declares short once it has a trick: the
    closer scores 2, not its 66's 3 (D7). The result says "declared short of 66", not "False
    declaration", which a declaration short of 66 elsewhere keeps."""
    from engine.cards import DECLARE
    from engine.hand import Hand
    from engine.rng import Rng, mix
    rng = Rng(3)
    seen = set()
    for i in range(1, 400):
        h = Hand.new(mix(41, i), i & 1)
        while not h.over:
            p = h.to_move
            legal = h.legal_actions()
            if h.closed_by == 1 - p and DECLARE in legal and h.points(p) < 66:
                h.apply(DECLARE)  # short of 66
            else:
                h.apply(closing_move(h, rng))
        if h.declared_by < 0 or h.points(h.declared_by) >= 66:
            continue
        head, why, line = hand_result(h)
        who = "You" if h.declared_by == 0 else "CPU"
        assert why == who + " declared short of 66"
        assert line == ("2 game points" if h.tricks_won[h.closed_by] else
                        "3 game points, no trick")  # (R30a: the closer had none)
        seen.add(line)
    assert seen == {"2 game points", "3 game points, no trick"}
