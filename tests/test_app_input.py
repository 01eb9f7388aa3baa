"""Key timing (taps, repeat, long press) and what keys do on each screen."""
from handheld.input import Keys, MENU_KEY, HOLD_MS, REPEAT_DELAY, REPEAT_EVERY
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld import screen as S
from handheld.app import App
from handheld.textview import TextView
from handheld.loop import Loop
from sim.headless import Runner


def keys():
    got = []
    return Keys(got.append), got


def test_arrow_acts_on_press_and_repeats_at_a_sane_rate():
    k, got = keys()
    k.press(LEFT, 0)
    assert got == [LEFT]
    for t in range(0, 1000, 10):
        k.poll(t)
    # first repeat after REPEAT_DELAY, then every REPEAT_EVERY ms
    assert len(got) == 1 + 1 + (990 - REPEAT_DELAY) // REPEAT_EVERY
    k.release(LEFT, 1000)
    k.poll(2000)
    assert len(got) == 1 + 1 + (990 - REPEAT_DELAY) // REPEAT_EVERY



def test_the_arrows_and_a_repeat_and_no_other_key_does():
    for button in (LEFT, RIGHT, UP, DOWN, A, START, SELECT):
        k, got = keys()
        k.press(button, 0)
        for t in range(0, 1000, 10):
            k.poll(t)
        repeats = button in (LEFT, RIGHT, UP, DOWN, A)
        assert len(got) == (1 + 1 + (990 - REPEAT_DELAY) // REPEAT_EVERY if repeats else 1), button

def test_b_tap_acts_on_release_and_hold_opens_the_menu_once():
    k, got = keys()
    k.press(B, 0)
    k.poll(100)
    assert got == []
    k.release(B, 150)
    assert got == [B]
    del got[:]
    k.press(B, 1000)
    for t in range(1000, 1000 + 3 * HOLD_MS, 10):
        k.poll(t)
    k.release(B, 1000 + 3 * HOLD_MS)
    assert got == [MENU_KEY]


def test_bounces_and_unknown_keys_are_ignored():
    k, got = keys()
    k.press(A, 0)
    k.press(A, 5)
    k.release(START, 10)
    k.press(99, 10)
    assert got == [A]
    k.release(A, 20)
    k.reset()
    k.release(B, 30)
    assert got == [A]


def test_a_stall_does_not_fire_a_burst_of_repeats():
    k, got = keys()
    k.press(RIGHT, 0)
    k.poll(5000)
    k.poll(5001)
    assert got == [RIGHT, RIGHT]


def table_app():
    app = App(seed=4, level=0)
    view = TextView()
    r = Runner(Loop(app, view))
    r.play("B")
    r.settle()
    return app, view, r


def test_a_key_without_meaning_gives_a_cue_and_changes_nothing_else():
    app, view, r = table_app()
    while app.table.has_more or app.table.panel is not None:  # a turn where UP means nothing
        r.tap(B)
        r.settle()
    assert app.screen == S.TABLE and app.table.phase == S.HUMAN
    before = (app.table.cursor, app.match.hand.history[:], app.table.panel)
    cues = app.cues
    r.tap(UP)  # no more choices here (DOWN asks for a hint)
    assert app.cues == cues + 1
    assert app.prompt.startswith("A:next")  # the key hint, for a moment
    assert (app.table.cursor, app.match.hand.history, app.table.panel) == before
    r.settle()
    assert not app.prompt.startswith("A:next")


def test_two_buttons_play_a_card_and_reach_the_menu():
    app, view, r = table_app()
    n = len(app.match.hand.history)
    r.tap(A)  # next card
    r.tap(B)  # play it (or choose from the panel)
    assert len(app.match.hand.history) > n
    r.play("H")  # hold B
    assert app.screen == S.MENU
    r.tap(B)  # Resume
    assert app.screen == S.TABLE


def test_cursor_skips_cards_that_may_not_be_played():
    app, view, r = table_app()
    for _ in range(40):
        r.settle()
        if app.screen == S.TABLE and app.table.phase == S.HUMAN and app.table.panel is None:
            for _ in range(8):
                i = app.table.cursor
                if i < len(app.table.hand_cards):
                    assert app.table.playable >> app.table.hand_cards[i] & 1
                r.tap(RIGHT)
        r.tap(B)


def test_menu_changes_settings_and_help_pages_turn():
    app = App(seed=2)
    r = Runner(Loop(app, TextView()))
    r.play("E")
    assert app.screen == S.MENU
    r.play("DD")  # Game
    r.play("R")
    assert app.preset_index == 1
    r.play("DR")  # Level
    assert app.level == 2
    r.play("DB")  # Points
    assert app.show_points
    r.play("DB")  # Marriages
    assert not app.auto_marry
    r.play("DB")  # Rules help
    assert app.screen == S.HELP and app.top.lines[0] == "Goal"
    r.play("A")
    assert app.top.lines[0] == "Schnapsen"
    r.play("B")
    assert app.screen == S.MENU
    r.play("S")
    assert app.screen == S.TITLE and app.top.lines[0] == "Schnapsen, hard"
    assert app.settings() == {"preset": 1, "level": 2, "show_points": True,
                              "auto_marriage": False, "sound": True, "lights": True,
                              "last_trick": False}
    fresh = App()
    fresh.load_settings(app.settings())
    assert fresh.settings() == app.settings()
    fresh.load_settings({"preset": "bogus"})
    assert fresh.settings() == app.settings()


def _to_item(r, app, ident):
    for _ in range(20):
        if app.top.ids[app.top.item] == ident:
            return
        r.play("D")
    raise AssertionError("menu item %d not found" % ident)


def test_rules_help_over_a_match_is_the_match_s_game_and_its_goal_the_preset_s():
    app = App(seed=2)  # Sixty-Six
    r = Runner(Loop(app, TextView()))
    r.play("B")  # a match of Sixty-Six
    r.settle()
    r.play("S")
    assert app.screen == S.MENU and app.top.playing
    _to_item(r, app, 2)  # Game: Schnapsen (next), for the next match
    r.play("R")
    assert app.preset_index == 1 and app.match.rules.name == "sixty-six"
    _to_item(r, app, 6)  # Rules help: the match in play's, not the next one's
    r.play("B")
    assert app.screen == S.HELP and app.top.lines[0] == "Goal"
    assert "first to 7" in " ".join(app.top.lines)
    r.play("A")
    assert app.top.lines[0] == "Cards"  # no Schnapsen page: Sixty-Six has no notes page
    r.play("B")
    assert app.screen == S.MENU
    r.play("S")
    assert app.screen == S.TABLE
    # from the title, the help is the menu's game's: Santase plays to 11, Schnapsen counts
    # down from 7
    for index, words in ((2, "first to 11"), (1, "from 7 down, first to 0")):
        title = App(seed=2)
        title.preset_index = index
        t = Runner(Loop(title, TextView()))
        t.play("E")
        _to_item(t, title, 6)
        t.play("B")
        assert title.screen == S.HELP and words in " ".join(title.top.lines), title.top.lines


def test_new_match_over_a_match_in_progress_asks_again_and_over_the_title_does_not():
    """One B on the menu's "New match" threw away the match in play, with nothing on screen
    to say so (a player's find): over a match in progress the item asks "New match? B again"
    first; moving away disarms it (a player's find: back on it after changing the game, one B
    threw the match away), so it asks again; B on the question deals the new match."""
    app = App(seed=2)
    r = Runner(Loop(app, TextView()))
    r.play("B")
    r.settle()
    r.play("B")  # a card: the match is under way
    r.settle()
    seed, history = app.match.seed, list(app.match.hand.history)
    r.play("S")
    assert app.screen == S.MENU and app.top.playing
    _to_item(r, app, 1)
    assert app.top.lines[app.top.sel] == "> New match"
    r.play("B")
    assert app.screen == S.MENU and app.top.lines[app.top.sel] == "> New match? B again"
    assert app.match.seed == seed and app.match.hand.history[:len(history)] == history
    r.play("DU")
    assert app.top.lines[app.top.sel] == "> New match"
    r.play("B")
    assert app.screen == S.MENU and app.top.lines[app.top.sel] == "> New match? B again"
    assert app.match.seed == seed
    r.play("A")  # A moves on too
    assert "New match? B again" not in app.top.lines
    r.play("UB")
    assert app.screen == S.MENU and app.top.lines[app.top.sel] == "> New match? B again"
    r.play("B")
    assert app.screen == S.TABLE and app.match.seed != seed and app.errors == 0
    title = App(seed=2)  # over the title, or a match that is over: no match to lose
    t = Runner(Loop(title, TextView()))
    t.play("E")
    _to_item(t, title, 1)
    t.play("B")
    assert title.screen == S.TABLE and title.errors == 0
    done = App(seed=2, level=0)
    d = Runner(Loop(done, TextView()))
    for _ in range(3000):
        if done.screen == S.MATCH_END:
            break
        d.play("B")
        d.settle()
    assert done.screen == S.MATCH_END and done.match.over
    d.play("S")
    assert done.top.lines[1] == "> Back"  # nothing to resume: back to the match's page
    _to_item(d, done, 1)
    d.play("B")
    assert done.screen == S.TABLE and not done.match.over and done.errors == 0


def test_a_hold_of_b_made_while_the_computer_thinks_opens_the_menu_and_plays_no_card():
    """On a board the loop is busy for up to a second while the computer searches: the keys
    pressed then wait in keypad's queue, and a hold of B (the menu) whose press and release
    both came during the search reaches the loop in one poll. Its length comes from the
    events' timestamps (handheld.input.BoardInput), not the loop's clock: it opens the menu,
    where a tap would have played the card under the cursor. A tap so made stays a tap."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "support"))
    import fakeboard as fb
    from handheld.input import BoardInput
    kp = fb.Keypad()
    scanner = kp.ShiftRegisterKeys(clock=None, data=None, latch=None, key_count=8,
                                   value_when_pressed=True)
    app = App(seed=4, level=0)
    loop = Loop(app, TextView(), source=BoardInput(scanner, (B, A), kp.Event()))
    r = Runner(loop)
    r.play("B")  # a new match
    r.settle()
    while app.table.has_more or app.table.panel is not None:  # B would play a card now
        r.tap(B)
        r.settle()
    played = len(app.match.hand.history)
    for held, screen in ((HOLD_MS + 200, S.MENU), (100, S.TABLE)):
        scanner.ticks = 1000
        scanner.press(0)  # B down and up while the loop did not poll
        scanner.ticks += held
        scanner.release(0)
        r.step()
        assert app.screen == screen and len(app.match.hand.history) == played + (screen ==
                                                                                 S.TABLE)
        if screen == S.MENU:
            r.tap(B)  # Resume
            assert app.screen == S.TABLE and len(app.match.hand.history) == played


def test_a_release_of_b_forgotten_with_an_overflowed_queue_is_no_tap():
    k, got = keys()
    k.press(B, 0)
    k.release(B, 100, -1)  # handheld.input.BoardInput.release_all
    k.press(B, 200)
    k.release(B, 250, 30)
    k.press(B, 300)
    k.release(B, 310, HOLD_MS)  # the scanner's stamps say it was a hold
    assert got == [B, MENU_KEY]
