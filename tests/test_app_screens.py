"""The screen stack: a new screen is one class with the Screen interface, and the App, the
stack and both renderers take it with no change (here a scrolling list like the coming coach's
review, opened over a hand's result)."""
import pytest

from handheld import screen as S
from handheld.screen import Screen, DONE
from handheld.app import App
from handheld.buttons import UP, DOWN, B, LEFT
from handheld.textview import TextView
from handheld.loop import Loop
from sim.headless import Runner
from sim.screens import stub_choose
from appfix import display  # noqa: F401 (a fixture)

SHOWN = 8


class Review(Screen):
    """A scrolling list of lines; B closes it."""

    kind = 10  # a kind no renderer knows: drawn as a full-screen page

    def __init__(self, app, items):
        self.app = app
        self.items = items
        self.at = 0

    def show(self):
        self.page(["Review %d/%d" % (self.at + 1, len(self.items))] +
                  self.items[self.at:self.at + SHOWN], 1)

    def key(self, k):
        if k == B:
            return DONE
        if k == DOWN or k == UP:
            self.at = max(0, min(len(self.items) - 1, self.at + (1 if k == DOWN else -1)))
            self.show()
            return None
        return Screen.key(self, k)  # the menu, or a cue


def result_app(view):
    app = App(seed=3, choose=stub_choose)
    r = Runner(Loop(app, view))
    r.tap(B)
    for _ in range(500):
        r.settle()
        if app.screen == S.RESULT:
            return app, r
        r.tap(B)
    raise AssertionError("no hand's result after 500 presses")


def test_a_new_screen_opens_over_the_result_scrolls_and_closes_back_to_it():
    view = TextView()
    app, r = result_app(view)
    result = app.top
    result_lines = list(result.lines)
    app.push(Review(app, ["trick %d" % i for i in range(12)]))
    assert app.screen == 10 and app.stack == [result, app.top]
    r.step()
    assert view.lines[0] == "Review 1/12" and view.lines[1] == "trick 0"
    r.tap(DOWN)
    r.tap(DOWN)
    assert view.lines[:2] == ["Review 3/12", "trick 2"]
    cues = app.cues
    r.tap(LEFT)  # means nothing here: a cue, nothing else
    assert app.cues == cues + 1 and view.lines[0] == "Review 3/12"
    r.play("H")  # the menu opens over it, and closes back to it
    assert app.screen == S.MENU
    r.play("S")
    assert app.screen == 10 and view.lines[0] == "Review 3/12"
    r.tap(B)
    assert app.top is result and app.screen == S.RESULT and view.lines == result_lines
    r.tap(B)  # the result page goes on as before: the next hand
    assert app.screen == S.TABLE and app.errors == 0


def test_a_new_screen_is_drawn_by_the_displayio_renderer_as_a_page(display):
    from handheld.render import Renderer
    view = Renderer(display)
    app, r = result_app(view)
    app.push(Review(app, ["line %d" % i for i in range(3)]))
    r.step()
    assert view.table.hidden and not view.page.hidden and view.title.hidden
    lines, marks, step, n = view.page_lines  # one grid of n rows (or n lines), yellow marks

    def row(i):  # what row i shows: a yellow mark over it, or the white line
        y = lines[0].y + i * step
        lit = [m for m in marks if m.y == y and shown(m).strip()]
        white = shown(lines[0], i) if len(lines) == 1 else shown(lines[i])
        assert len(lit) <= 1 and not (lit and white.strip())
        return (shown(lit[0]) if lit else white).rstrip(), bool(lit)
    assert row(0) == ("Review 1/3", True)
    assert row(1) == ("line 0", app.top.sel == 1)
    assert [row(i)[0] for i in range(2, n)] == ["line 1", "line 2"] + [""] * (n - 4)
    assert app.errors == 0


def shown(tg, row=0):
    """The text row `row` of the TileGrid tg shows (handheld.draw's Text: a tile per character,
    its code less 32)."""
    w = tg.width
    return "".join(chr(32 + tg[row * w + i]) for i in range(w))


@pytest.mark.parametrize("size", [(160, 128), (240, 135), (240, 240)])
def test_the_status_lines_and_their_marriages_stay_on_the_screen_with_the_points_shown(size):
    # a seat's line ("CPU 11 tricks 95 pt") with its announced marriages' suits after it: at
    # 160x128 "tricks" becomes "tr" where the suits would run off the screen's right edge
    from handheld.render import Renderer
    view = Renderer(None, *size)  # the groups only
    app = App(seed=4, choose=stub_choose)
    app.show_points = True
    app.new_match()
    h = app.match.hand
    # (tricks, card points, marriages' suits): the computer declares at 66 (R28), so its line
    # is drawn past it only in a trick's pause, and three marriages (60 points or more) only
    # before its first trick, pending (R21)
    for tricks, won, married in ((0, 0, 0), (2, 36, 1), (11, 95, 3), (9, 101, 6), (3, 40, 8),
                                 (0, 0, 7)):
        for seat in (0, 1):
            h.tricks_won[seat] = tricks
            h.won[seat] = won
            h.marriages[seat] = married
        app.dirty = 1023  # every part drawn again (handheld.screen's _D_ALL)
        view.update(app)
        k = bin(married).count("1")
        for seat in (0, 1):
            tg, row = view.seats[seat]
            text = shown(tg).rstrip()
            assert text.startswith(("You " if seat == 0 else "CPU ") + str(tricks)), text
            assert text.endswith(" %d pt" % h.points(seat)), text
            assert tg.x + 6 * len(text) <= size[0], (size, text)
            assert row.x + (9 * k - 2 if k else 0) <= size[0], (size, text, row.x, k)
            assert [row[i] for i in range(3)] == [s for s in range(4) if married >> s & 1][:3] \
                + [4] * (3 - min(k, 3))
    assert app.errors == 0


def test_the_text_view_says_who_closed_the_stock():
    """R43: whether the stock is closed and by whom is public; the text view says both."""
    from sim.screens import closer_key
    from appfix import play_until
    app = App(seed=3, choose=stub_choose)
    view = TextView()
    r = Runner(Loop(app, view))
    r.tap(B)
    play_until(app, r, lambda a: a.match.hand.closed_by >= 0 and a.match.hand.stock_size,
               300, closer_key)
    h = app.match.hand
    assert h.closed_by == 0, "the player closed"
    r.settle()
    stock = [line for line in view.lines if line.startswith("Stock ")]
    from engine.names import card_label
    assert stock == ["Stock %d closed by you, trump [%s]" % (h.stock_size,
                                                             card_label(h.trump_card))]
