"""The coach in the app (issue 17): hints, the last trick, the hand review, the same deal from
the other seat, and what the statistics keep of them."""
import sys

import pytest

from engine import coach
from engine.hand import Hand
from engine.cards import CLOSE
from engine.ai.redeal import sample_hand
from engine.rng import Rng
from handheld import screen as S
from handheld import savedata, saveload
from handheld import store as stores
from handheld.app import App
from appfix import play_until as until, on_result as result, choose_on_result as choose
from handheld.buttons import UP, DOWN, LEFT, RIGHT, A, B, START, SELECT
from handheld.coachui import hint_seed
from handheld.loop import Loop
from handheld.textview import TextView
from handheld import textview, words
from sim.headless import Runner
from sim.screens import stub_choose


def boot(nvm=None, seed=7, level=0):
    store = stores.NvmStore(nvm) if nvm is not None else None
    app = App(seed=seed, level=level, choose=stub_choose, store=store)
    view = TextView()
    return app, view, Runner(Loop(app, view))


def my_turn(n):
    return lambda app: (app.screen == S.TABLE and app.table.phase == S.HUMAN and
                        app.match.hand.trick_no >= n and app.table.peek is None and
                        app.table.panel is None)




def my_turns(app, r, first, last):
    """The hand at the player's turn after each number of tricks from first to last - 1, until
    it is over."""
    for n in range(first, last):
        until(app, r, my_turn(n))
        if app.match.hand.over:
            return
        yield app.match.hand


def won_trick(app, r):
    """Play on (B) until the player's "You won the trick" panel (draw, close...) is open; the
    table."""
    for _ in range(2000):
        r.settle()
        t = app.table
        if (app.screen == S.TABLE and t.phase == S.HUMAN and t.panel is not None and
                t.panel[0] == "You won the trick"):
            return t
        r.tap(B)
    raise AssertionError("the player never won a trick with the stock open")


# ---- hints ------------------------------------------------------------------------------

def test_the_hint_the_app_shows_is_the_coachs_hint_from_the_players_view():
    app, view, r = boot(seed=11)
    r.tap(B)
    shown = 0
    for n in range(2, 9):
        until(app, r, my_turn(n))
        h = app.match.hand
        v = h.view(0)
        want = coach.hint(v, hint_seed(app, h))
        # the hidden cards dealt otherwise: the same view, the same hint (it reads the view only)
        other = sample_hand(v, Rng(n))
        assert other.view(0) == v and coach.hint(other.view(0), hint_seed(app, h)) == want
        app.press(DOWN, r.now)
        app.release(DOWN, r.now)
        r.step(0)
        assert app.prompt == "Thinking..." and app.table.phase == S.HINT_RUN  # drawn first
        assert view.lines[-1] == ": Thinking..."
        r.settle()
        assert app.prompt == want[1]
        assert app.table.hint_card == want[0]
        if want[0] < 24:  # marked in the hand
            marked = [t.strip("><()*") for t in view.lines[-2].split() if t.endswith("*")]
            assert marked == [textview.card_short(want[0])]
            shown += 1
        assert app.table.hinted
        if app.match.hand.over:
            break
        r.tap(B)  # play on
    assert shown >= 1 and app.errors == 0


def test_the_hint_is_reachable_with_two_buttons_through_the_menu():
    app, view, r = boot(seed=5)
    r.tap(B)
    until(app, r, my_turn(1))
    h = app.match.hand
    want = coach.hint(h.view(0), hint_seed(app, h))
    r.play("H")  # hold B: the menu, over the table
    assert app.screen == S.MENU and app.top.lines[2] == "  Hint"
    r.tap(A)
    r.tap(B)
    r.settle()
    assert app.screen == S.TABLE and app.prompt == want[1] and app.table.hinted


def test_a_close_hint_puts_the_cursor_on_more_and_b_b_closes():
    """A hint that is no card (here: close the stock) moves the cursor to the "more" chip; B
    opens the choices with that one selected, and B again does it."""
    from sim import screens
    app = App(seed=3, choose=stub_choose)
    view = TextView()
    r = Runner(Loop(app, view))
    r.tap(B)
    for _ in range(2000):
        r.settle()
        if my_turn(1)(app) and app.table.hint_card == CLOSE:
            break
        r.tap(screens.close_hint_key(app))
    h = app.match.hand
    assert app.table.hint_card == CLOSE and app.prompt == coach.hint(
        h.view(0), hint_seed(app, h))[1] == "Close: you win most deals"
    assert app.table.cursor == len(app.table.hand_cards)  # the chip
    assert view.lines[-2].endswith(">[more]<")  # the cursor on it
    r.tap(B)
    title, items = app.table.panel
    assert title == "Your lead" and items[app.table.panel_sel] == ("Close stock", CLOSE)
    r.tap(B)
    assert h.closed_by == 0 and app.errors == 0


def test_a_card_hint_puts_the_cursor_on_it_and_b_plays_it():
    """The card a hint raises is the one B plays (before, the cursor stayed where it was)."""
    app, view, r = boot(seed=4)
    r.tap(B)
    played = 0
    for h in my_turns(app, r, 1, 6):
        want = coach.hint(h.view(0), hint_seed(app, h))
        r.tap(DOWN)
        r.settle()
        t = app.table
        assert t.hint_card == want[0] and app.prompt == want[1]
        if want[0] >= 24:
            continue
        assert t.hand_cards[t.cursor] == want[0]
        assert "*" in view.lines[-2] and ">" in view.lines[-2]  # marked and under the cursor
        k = len(h.history)
        r.tap(B)
        assert h.history[k] == want[0]
        played += 1
    assert played >= 2 and app.errors == 0


def test_a_card_hints_mark_goes_when_the_cursor_leaves_the_card():
    """Left raised beside the cursor's card, the hinted card read as the one B would play (a
    play-tester's find): moving the cursor takes its mark away, and B plays the cursor's."""
    app, view, r = boot(seed=4)
    r.tap(B)
    moved = 0
    for h in my_turns(app, r, 1, 6):
        r.tap(DOWN)
        r.settle()
        t = app.table
        if t.hint_card >= 24 or len(t.hand_cards) < 2 or t.playable & (t.playable - 1) == 0:
            continue
        r.tap(RIGHT)
        assert t.hint_card == -1 and "*" not in view.update(app)[-2]
        while t.cursor >= len(t.hand_cards):  # the "more" chip: on to a card
            r.tap(RIGHT)
        card = t.hand_cards[t.cursor]
        k = len(h.history)
        r.tap(B)
        assert h.history[k] == card
        moved += 1
    assert moved >= 2 and app.errors == 0


def test_a_hand_played_by_its_hints_has_no_line_where_hard_differs():
    """The review asks HARD with the seeds the hints used (the match's, plus the trick's
    number): a player who followed every hint is never told "From your view HARD..."."""
    from handheld.review import review_lines
    app, view, r = boot(seed=8)
    r.tap(B)
    followed = 0
    for _ in range(400):
        r.settle()
        t = app.table
        h = app.match.hand
        if h.over:
            break
        if app.screen != S.TABLE or t.phase != S.HUMAN:
            r.tap(B)
            continue
        want = coach.hint(h.view(0), hint_seed(app, h))[0]
        n = len(h.history)
        if t.panel is not None:  # over "You won the trick": the menu's hint selects its item
            r.play("H")
            r.tap(A)
            r.tap(B)
        else:
            r.tap(DOWN)  # the hint: its card under the cursor, or its choice's chip
        r.settle()
        r.tap(B)
        if t.panel is not None and len(h.history) == n:
            r.tap(B)  # the choices opened with the hint's selected: B does it
        assert h.history[n] == want, (n, h.history[n:], want)
        followed += 1
    assert h.over and followed >= 4
    lines = " ".join(review_lines(h, app.seed))
    assert "From your view" not in lines, lines
    assert app.errors == 0


def test_the_menus_hint_over_the_draw_panel_selects_its_item():
    """Over "You won the trick" (draw or close), the menu's hint selects the hinted item."""
    app, view, r = boot(seed=3)
    r.tap(B)
    won_trick(app, r)
    h = app.match.hand
    want = coach.hint(h.view(0), hint_seed(app, h))
    r.play("H")  # hold B: the menu
    r.tap(A)
    r.tap(B)  # its "Hint"
    r.settle()
    t = app.table
    assert app.prompt == want[1] and t.hint_card == want[0]
    assert t.panel[1][t.panel_sel][1] == want[0]
    r.tap(B)
    assert (h.closed_by == 0) == (want[0] == CLOSE) and app.errors == 0


def test_hinted_hands_are_counted_apart_and_survive_a_power_cycle():
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=3)
    r.tap(B)
    until(app, r, my_turn(1))
    r.tap(DOWN)
    r.settle()
    until(app, r, result)
    won = app.match.hand.winner == 0
    level = app.level
    s = app.saves.stats["levels"][level]
    c = app.saves.stats["coach"][level]
    assert c[:2] == [1, 1 if won else 0]  # hinted, hinted_won
    assert s["hands"] == 0 and s["hands_won"] == 0 and s["points_for"] == 0
    choose(app, r, 0)  # the next hand, without a hint: an ordinary one
    until(app, r, result)
    assert s["hands"] == 1 and c[0] == 1
    app2, view2, r2 = boot(nvm, seed=3)
    assert app2.saves.stats == app.saves.stats
    r2.play("S" + "D" * 7 + "B")  # menu (no match: no coach items), Statistics
    assert app2.screen == S.STATS
    assert view2.lines[7] == "Hinted hands won" + ("1 of 1" if won else "0 of 1").rjust(10)


def test_a_hint_mid_hand_is_kept_across_a_power_cut():
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=3)
    r.tap(B)
    until(app, r, my_turn(1))
    r.tap(DOWN)  # a hint, then a card played and the pause's write, then the power goes
    r.settle()
    r.tap(B)
    until(app, r, my_turn(2))
    app.saves.flush(app)
    app2, view2, r2 = boot(nvm, seed=3)
    assert app2.screen == S.RESUME and not app2.table.hinted
    r2.tap(B)  # Continue
    r2.settle()
    assert app2.screen == S.TABLE and app2.table.hinted
    until(app2, r2, result)
    won = app2.match.hand.winner == 0
    level = app2.level
    assert app2.saves.stats["coach"][level][:2] == [1, 1 if won else 0]  # counted apart
    assert app2.saves.stats["levels"][level]["hands"] == 0


# ---- the last trick -----------------------------------------------------------------------

def test_last_trick_setting_is_off_by_default_saved_and_shows_the_trick():
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=9)
    assert not app.show_last and not app.settings()["last_trick"]
    r.tap(B)
    until(app, r, my_turn(1))
    r.tap(SELECT)  # off: SELECT opens the menu as before
    assert app.screen == S.MENU
    for _ in range(len(app.top.ids) - 1):
        r.tap(DOWN)
    assert app.top.lines[app.top.sel] == "> Last trick: hidden"
    r.tap(LEFT)
    assert app.show_last and app.top.lines[app.top.sel] == "> Last trick: shown"
    r.tap(START)  # leave: the settings are written
    app2, view2, r2 = boot(nvm, seed=9)
    assert app2.show_last
    # each trick's cards as the table showed them when it was taken
    seen = []

    def watch(runner):
        t = app2.table
        if app2.screen == S.TABLE and t.phase == S.PAUSE and t.trick[0] >= 0 and t.trick[1] >= 0:
            if not seen or seen[-1][0] != app2.match.hand.trick_no:
                seen.append((app2.match.hand.trick_no, (t.trick[0], t.trick[1]),
                             app2.match.hand.last_trick[2]))
    r2.on_frame = watch
    assert app2.screen == S.RESUME
    r2.play("AB")  # the resume offer: a new match
    checked = 0
    for h in my_turns(app2, r2, 1, 8):
        before = list(app2.table.trick)
        r2.tap(SELECT)
        trick_no, cards, w = seen[-1]
        assert trick_no == h.trick_no and tuple(app2.table.trick) == cards
        assert app2.prompt.startswith("Last trick: " + ("you took" if w == 0 else "CPU took"))
        assert view2.lines[4] == "Trick: CPU [%s]  You [%s]" % (
            textview.card_short(cards[1]), textview.card_short(cards[0]))
        assert "engine.deck" not in sys.modules  # (the replay's deck check: let go at once)
        n_hist = len(h.history)
        r2.tap(B)  # any key: the trick is back, and nothing is played
        assert app2.table.trick == before and len(h.history) == n_hist
        # and its code is out of the heap of the searches after it (a maintainer's find: it
        # stayed, with engine.deck, for the rest of the session)
        assert "handheld.coachui" not in sys.modules
        checked += 1
        r2.tap(B)
    assert checked >= 3 and app2.errors == 0


def test_the_last_trick_shows_over_the_won_trick_panel_and_the_panel_comes_back():
    """SELECT over "You won the trick": the panel, drawn over the trick's place, hides while
    the last trick shows there; the next key puts both back, the panel as it was."""
    from handheld.render import Renderer
    app = App(seed=3, level=0, choose=stub_choose)
    app.show_last = True
    view = Renderer(None, 160, 128)  # the groups only (no display)
    r = Runner(Loop(app, view))
    r.tap(B)
    t = won_trick(app, r)
    panel, sel = t.panel, t.panel_sel
    assert not view.panel.hidden
    r.tap(SELECT)
    assert t.peek is not None and app.prompt.startswith("Last trick: ")
    assert view.panel.hidden  # the last trick's cards are not under it
    n = len(app.match.hand.history)
    r.tap(A)  # any key: the trick and the panel come back, nothing chosen
    assert t.peek is None and not view.panel.hidden
    assert t.panel == panel and t.panel_sel == sel and len(app.match.hand.history) == n
    assert app.errors == 0


# ---- the review ---------------------------------------------------------------------------

def test_the_review_lists_engine_reviews_lines_in_order_and_scrolls():
    from engine.coach.review import review
    app, view, r = boot(seed=4)
    r.tap(B)
    until(app, r, result)
    hand = app.match.hand
    want = []
    for cost, trick, text in review(hand, 0, seed=app.seed):  # the match's, as the app's
        want.extend(words.wrap("-%d %s" % (cost, text) if cost else text))
    assert len(want) > 8  # enough lines to scroll
    assert all(len(x) <= 26 for x in want)
    choose(app, r, 1)
    assert app.screen == S.REVIEW and view.lines[2] == "Reviewing..."  # drawn first
    r.settle()
    assert app.top.items == want
    assert view.lines[1:9] == want[:8] and view.lines[0] == "Review, lines 1-8 of %d" % len(want)
    r.tap(DOWN)
    r.tap(A)
    assert view.lines[1:9] == want[2:10]
    r.tap(UP)
    assert view.lines[1:9] == want[1:9]
    r.tap(B)
    assert app.screen == S.RESULT and app.top.choice == 0
    r.tap(B)
    assert app.screen == S.TABLE and app.errors == 0


def test_a_pystack_too_small_for_the_review_gives_a_clear_line(monkeypatch):
    import engine.coach.review

    def exhausted(hand, seat, budget=0, seed=0):
        raise RuntimeError("pystack exhausted")
    monkeypatch.setattr(engine.coach.review, "review", exhausted)
    app, view, r = boot(seed=4)
    r.tap(B)
    until(app, r, result)
    choose(app, r, 1)
    r.settle()
    text = " ".join(app.top.items)
    assert "pystack" in text and "CIRCUITPY_PYSTACK_SIZE = 4096" in text
    assert app.errors == 0 and app.screen == S.REVIEW


# ---- the same deal from the other seat -----------------------------------------------------

def test_a_replayed_deal_has_exactly_the_cpus_cards_and_stays_out_of_the_match():
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=6)
    r.tap(B)
    until(app, r, result)
    match = app.match
    first = match.hand
    state = match.state()
    done = app.hands_done
    stats = saveload.decode_stats(savedata.encode_stats(app.saves.stats))
    dealt = Hand(first.deck, first.dealer, first.rules)  # the first deal, as dealt
    choose(app, r, 2)
    second = app.match.hand
    assert app.match is not match and app.screen == S.TABLE
    assert second.hands[0] == dealt.hands[1] and second.hands[1] == dealt.hands[0]
    assert second.face_up == dealt.face_up and coach.same_cards(first, second, 0)
    assert second.to_move == 1 - dealt.to_move  # the CPU's role, first to lead or not
    until(app, r, lambda a: a.screen == S.DUPLICATE)
    mine, cpu, diff = coach.duplicate(first, second, 0)
    assert app.top.diff == diff
    s = app.saves.stats["levels"][app.level]
    old = stats["levels"][app.level]
    c = app.saves.stats["coach"][app.level]
    oc = stats["coach"][app.level]
    assert c == [oc[0], oc[1], oc[2] + 1, oc[3] + (diff > 0), oc[4] + (diff < 0)]
    for f in ("hands", "hands_won", "points_for", "points_against", "matches"):
        assert s[f] == old[f], f  # not a hand of the match
    r.tap(B)  # back to the match
    assert app.match is match and match.state() == state and app.hands_done == done
    assert app.screen == S.RESULT and len(app.top.items) == 2  # offered once
    app2, view2, r2 = boot(nvm, seed=6)  # the record survives a power cycle
    assert app2.saves.stats == app.saves.stats
    r.tap(B)
    until(app, r, my_turn(0))
    assert app.match is match and match.hand_no == 1 and app.errors == 0


def test_the_table_says_replay_while_a_deal_is_replayed_and_the_target_after():
    """The score panel's third line (the target, "to 7") reads "replay" while the deal is
    played from the other seat: that hand does not count in the match (the score above it
    stays the match's); the text view's header says so too."""
    from handheld.render import Renderer
    app = App(seed=6, level=0, choose=stub_choose)
    view = Renderer(None, 160, 128)  # the groups only (no display)
    r = Runner(Loop(app, view))

    def shown():  # the text on the target's line, as its tiles read
        tg = view.score[2]
        return "".join(chr(tg[i] + 32) for i in range(tg.width)).strip()

    r.tap(B)
    until(app, r, result)
    assert shown() == "to 7"
    choose(app, r, 2)  # the same deal, from the CPU's seat
    r.settle()
    assert app.replay is not None and shown() == "replay"
    assert textview.table_lines(app)[0].endswith("| replay: not counted")
    until(app, r, lambda a: a.screen == S.DUPLICATE)
    r.tap(B)  # back to the match: its result, then its next hand
    r.tap(B)
    until(app, r, my_turn(0))
    assert app.replay is None and shown() == "to 7"
    assert "| Match: you " in textview.table_lines(app)[0]


# ---- the save codecs ----------------------------------------------------------------------

def test_version_1_statistics_and_settings_still_load():
    stats = savedata.new_stats()
    savedata.record_hand(stats, 1, True, 2)
    savedata.record_match(stats, 1, True)
    old = bytearray([1])
    for level in stats["levels"]:
        for f in savedata.FIELDS[:12]:
            old.extend(level[f].to_bytes(4, "big"))
    got = saveload.decode_stats(bytes(old))
    assert got == stats and got["coach"] == [[0] * 5] * 3
    assert saveload.decode_stats(savedata.encode_stats(got)) == got
    s = saveload.decode_settings(b"\x01\x02\x01\x0f")  # version 1: four flags
    assert s["sound"] and s["lights"] and not s["last_trick"]
    d = dict(savedata.default_settings(), last_trick=True)
    assert saveload.decode_settings(savedata.encode_settings(d)) == d


def test_duplicate_and_hinted_counts_round_trip_and_are_checked():
    stats = savedata.new_stats()
    for diff in (2, 0, -1, 1):
        savedata.record_duplicate(stats, 2, diff)
    savedata.record_hinted(stats, 2, True)
    savedata.record_hinted(stats, 2, False)
    c = stats["coach"][2]
    assert c == [2, 1, 4, 2, 1]  # hinted, won; same deals, better, worse
    assert stats["coach"][0] == stats["coach"][1] == [0] * 5
    assert saveload.decode_stats(savedata.encode_stats(stats)) == stats
    c[4] = 5
    with pytest.raises(ValueError, match="dup_worse 5 > dup_deals 4"):
        saveload.decode_stats(savedata.encode_stats(stats))


def test_a_close_hint_points_at_its_choice_on_micropython():
    from mpvm import run
    out = run("tests/vm/mp_hint_chip_check.py", heap="256k")
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("OK close"), \
        out.stdout + out.stderr


@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_a_close_hint_points_at_its_choice_on_circuitpython(mpy):
    from mpvm import run_board
    out = run_board("tests/vm/mp_hint_chip_check.py", heap="160k", mpy=mpy)
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("OK close"), \
        out.stdout + out.stderr


def test_a_card_hint_from_the_menu_over_the_leads_choices_closes_them_so_b_plays_it():
    """Two buttons: the lead's choices open (B on the "more" chip), then hold B, Hint. A hint
    for a card closes the choices, so the next B plays the card raised, not the item that was
    selected (before: the stock closed)."""
    found = 0
    for seed in range(1, 30):
        app, view, r = boot(seed=seed)
        r.tap(B)
        until(app, r, lambda a: my_turn(1)(a) and a.match.hand.trick_card < 0 and a.table.has_more)
        h = app.match.hand
        if coach.hint(h.view(0), hint_seed(app, h))[0] >= 24:
            continue  # an action's hint selects its item: not the case here
        r.tap(UP)
        assert app.table.panel is not None and app.table.panel[0] == "Your lead"
        r.play("H")
        r.tap(A)  # "Hint"
        r.tap(B)
        r.settle()
        t = app.table
        card = t.hint_card
        assert card < 24 and t.panel is None and t.hand_cards[t.cursor] == card
        n = len(h.history)
        r.tap(B)
        assert h.history[n] == card or h.history[n] == 24 + card // 6  # (or its marriage first)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_a_hint_at_a_lead_is_kept_across_a_power_cut_before_the_card():
    """A hint shown at a lead marks the match changed: the pause's write keeps it, and the hand
    is counted apart even if the power goes before the card is played."""
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=3)
    r.tap(B)
    until(app, r, lambda a: my_turn(1)(a) and a.match.hand.trick_card < 0)
    app.saves.flush(app)  # the match as it stood after its trick
    n = len(app.match.hand.history)
    r.tap(DOWN)  # a hint at the lead
    r.settle()
    assert app.table.hinted and len(app.match.hand.history) == n
    app.tick(app.now + 20000)  # the pause's write (persist.IDLE_MS), then the power goes
    app2, view2, r2 = boot(nvm, seed=3)
    r2.tap(B)  # Continue
    r2.settle()
    assert app2.screen == S.TABLE and app2.table.hinted
    assert app2.match.hand.history == app.match.hand.history


def test_a_hint_at_a_follow_is_kept_across_a_power_cut_as_at_the_last_trick():
    """A hint shown at a follow (the computer has led) marks the match changed as at its last
    trick: the pause's write keeps the hint without the computer's lead, which it makes again
    on resume; the hand is counted apart."""
    nvm = bytearray(8192)
    app, view, r = boot(nvm, seed=3)
    r.tap(B)
    until(app, r, lambda a: my_turn(1)(a) and a.match.hand.trick_card >= 0)
    h = app.match.hand
    cards = 0
    for i in range(len(h.history)):  # the actions up to the last trick's end
        cards += h.history[i] < 24
        if cards == 2 * h.trick_no:
            break
    before = h.history[:i + 1]
    assert len(h.history) > len(before)  # the computer's lead, at least
    r.tap(DOWN)  # a hint at the follow
    r.settle()
    assert app.table.hinted
    app.tick(app.now + 20000)  # the pause's write (persist.IDLE_MS), then the power goes
    app2, view2, r2 = boot(nvm, seed=3)
    assert app2.saves.resumable is not None
    r2.tap(B)  # Continue: the computer leads again
    r2.settle()
    h2 = app2.match.hand
    assert app2.screen == S.TABLE and app2.table.hinted
    assert h2.history[:len(before)] == before and h2.trick_card >= 0
