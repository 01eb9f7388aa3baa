"""The leader's choices through the keys: marriages (auto and by hand), exchange, close,
declare, and the after-trick panel."""
from engine.cards import MARRIAGE, EXCHANGE, CLOSE, DECLARE, DRAW
from handheld import screen as S
from handheld.app import App
from handheld.textview import TextView
from handheld.loop import Loop
from handheld.buttons import A, B, UP, RIGHT
from sim.headless import Runner


def runner(app):
    r = Runner(Loop(app, TextView()))
    r.tap(B)
    return r


def until(r, app, cond, limit=600):
    """Press B (play, draw, next hand, new match) until cond(app) holds when the app waits."""
    for _ in range(limit):
        r.settle()
        if app.screen == S.TABLE and app.table.phase == S.HUMAN and cond(app):
            return True
        r.tap(B)
    return False


def leading(app):
    h = app.match.hand
    return app.table.panel is None and h.trick_card < 0 and not h.draw_pending


def test_leading_a_king_of_a_pair_announces_the_marriage_when_auto_is_on():
    app = App(seed=1, level=0)
    r = runner(app)
    assert until(r, app, lambda a: leading(a) and any(a.table.marriage_for(c) >= 0
                                                      for c in a.table.hand_cards))
    t = app.table
    while t.marriage_for(t.hand_cards[t.cursor] if t.cursor < len(t.hand_cards)
                         else 0) < 0 or t.cursor >= len(t.hand_cards):
        r.tap(RIGHT)
    c = t.hand_cards[t.cursor]
    assert app.prompt.endswith("+20") or app.prompt.endswith("+40")
    n = len(app.match.hand.history)
    r.tap(B)
    h = app.match.hand
    assert h.history[n:n + 2] == [MARRIAGE + c // 6, c]
    assert h.marriages[0] >> (c // 6) & 1


def test_by_hand_the_more_panel_announces_then_only_k_or_q_may_lead():
    app = App(seed=1, level=0, auto_marry=False)
    r = runner(app)
    assert until(r, app, lambda a: leading(a) and any(
        MARRIAGE <= x < EXCHANGE for x in a.match.hand.legal_actions()))
    r.tap(UP)
    assert app.table.panel[0] == "Your lead"
    texts = [t for t, a in app.table.panel[1]]
    i = [k for k in range(len(texts)) if " in " in texts[k]][0]
    for _ in range(i):
        r.tap(A)
    r.tap(B)
    h = app.match.hand
    assert h.announced >= 0 and app.table.panel is None
    assert app.prompt.startswith("Lead K or Q of")
    suit = h.announced
    assert app.table.playable == (0x0C << (6 * suit)) & h.hand_mask(0)
    n = len(h.history)
    r.tap(B)
    assert h.history[n] in (suit * 6 + 2, suit * 6 + 3)


def test_the_panel_can_exchange_close_and_back_out():
    app = App(seed=2, level=0)
    r = runner(app)
    assert until(r, app, lambda a: leading(a) and EXCHANGE in a.match.hand.legal_actions(),
                 2000)
    h = app.match.hand
    r.tap(UP)
    items = [a for t, a in app.table.panel[1]]
    assert items[-1] == -1  # "Back to cards"
    for _ in range(len(items) - 1):
        r.tap(A)
    r.tap(B)
    assert app.table.panel is None and EXCHANGE not in h.history
    r.tap(UP)
    for _ in range(items.index(EXCHANGE)):
        r.tap(A)
    trump = h.trump_card
    r.tap(B)
    assert h.history[-1] == EXCHANGE and h.hand_mask(0) >> trump & 1
    if CLOSE in h.legal_actions():
        r.tap(UP)
        items = [a for t, a in app.table.panel[1]]
        for _ in range(items.index(CLOSE)):
            r.tap(A)
        r.tap(B)
        assert h.closed_by == 0


def test_after_a_won_trick_the_panel_offers_draw_close_and_declare():
    app = App(seed=4, level=0)
    r = runner(app)
    assert until(r, app, lambda a: a.table.panel is not None and
                 a.table.panel[0] == "You won the trick")
    assert [a for t, a in app.table.panel[1]] == [DRAW, CLOSE, DECLARE]
    r.tap(A)
    r.tap(B)  # close before drawing
    h = app.match.hand
    assert h.closed_by == 0 and h.stock_size > 0
    assert not h.draw_pending


def test_a_false_declaration_is_scored_and_said_in_words():
    app = App(seed=4, level=0)
    r = runner(app)
    assert until(r, app, lambda a: a.table.panel is not None and
                 a.table.panel[0] == "You won the trick" and a.match.hand.points(0) < 66)
    r.tap(A)
    r.tap(A)
    r.tap(B)  # declare 66 without 66
    r.settle()
    assert app.screen == S.RESULT
    assert app.top.lines[0] == "CPU wins the hand"
    assert app.top.lines[2] == "False declaration by you"
    assert app.top.lines[3] in ("2 points", "3 points, no trick")


def test_the_app_plays_against_engine_ai_at_normal_by_default():
    from engine import ai
    app = App(seed=3)
    assert app.choose is ai.choose and app.level == ai.NORMAL == S.NORMAL
