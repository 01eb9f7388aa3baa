"""The app's full-screen pages: hand and match results, title, menu and rules help.

Functions of the App (they set its page lines and screen); split from app.py so that a board
compiles two small modules instead of one big one.
"""
from engine.rules import PRESET_ORDER
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B
from handheld import app as S
from handheld import words

MENU_ITEMS = 10
MENU_SHOWN = 8  # items on screen at once; the list scrolls


def hand_over(app):
    m = app.match
    h = m.hand
    app.hands_done += 1
    if app.on_hand:
        app.on_hand(h.winner == 0)
    if app.feedback is not None:
        app.feedback.hand(app.now, h.winner == 0)
    app.screen = S.RESULT
    head, why, pts = words.hand_result(h, m.bummerl)
    lines = [head, "", why, pts, "",
             "Cards: you %d, CPU %d" % (h.points(0), h.points(1)),
             "Tricks: you %d, CPU %d" % (h.tricks(0), h.tricks(1)),
             words.match_line(m), "",
             "B: see the match" if m.over else "B: next hand"]
    app._set_page(lines, -1)


def match_end(app):
    m = app.match
    app.matches_done += 1
    app.screen = S.MATCH_END
    head = "You win the match!" if m.winner == 0 else "CPU wins the match"
    if m.bummerl:
        score = "Left: you %d, CPU %d" % (m.scores[0], m.scores[1])
    else:
        score = "Final: you %d, CPU %d" % (m.scores[0], m.scores[1])
    won = ""
    if len(m.results) == m.hand_no + 1:  # not after a resume: earlier hands are not saved
        won = "Hands won: you %d, CPU %d" % (_count(m.results, 0), _count(m.results, 1))
    lines = [head, "", score, "First to %d, %d hands" % (m.target, m.hand_no + 1), "",
             won, "", "B: new match", "START: menu"]
    app._set_page(lines, -1)


def title_page(app):
    app.screen = S.TITLE
    app._set_page([words.PRESET_TITLES[PRESET_ORDER[app.preset_index]] + ", " +
                    words.LEVEL_WORDS[app.level], "",
                    "B or START: new match", "Hold B or SELECT: menu"], -1)


def open_menu(app):
    if app.screen != S.HELP:
        app.menu_back = app.screen
        app.back_page = app.page
    app.screen = S.MENU
    app.menu_sel = 0
    menu_page(app)


def menu_page(app):
    name = PRESET_ORDER[app.preset_index]
    playing = app.match is not None and app.menu_back != S.TITLE
    game = words.PRESET_TITLES[name]
    if playing and name != app.match.rules.name:
        game += " (next)"
    items = ("Resume" if playing else "Back",
             "New match",
             "Game: " + game,
             "Level: " + words.LEVEL_WORDS[app.level],
             "Points: " + ("shown" if app.show_points else "hidden"),
             "Marriages: " + ("auto" if app.auto_marry else "by hand"),
             "Rules help",
             "Statistics",
             "Sound: " + ("on" if app.sound else "off"),
             "Lights: " + ("on" if app.lights else "off"))
    top = app.menu_sel - MENU_SHOWN + 1 if app.menu_sel >= MENU_SHOWN else 0
    lines = ["Menu  %d/%d" % (app.menu_sel + 1, MENU_ITEMS)]
    for i in range(top, top + MENU_SHOWN):
        lines.append(("> " if i == app.menu_sel else "  ") + items[i])
    lines.append("B:ok  LEFT/RIGHT:change")
    app._set_page(lines, 1 + app.menu_sel - top)


def close_menu(app):
    app.screen = app.menu_back
    if app.screen == S.TITLE:
        title_page(app)
    elif app.screen == S.TABLE:
        app.dirty = S.D_ALL
        if app.phase == S.THINK or app.phase == S.CPU:
            app.phase = S.IDLE  # show "thinking" again before the computer thinks
    elif app.screen == S.RESUME:
        from handheld import savepages
        savepages.resume_page(app)
    else:
        app._set_page(app.back_page, -1)


def menu_key(app, k):
    i = app.menu_sel
    if k == DOWN or k == A:
        app.menu_sel = (i + 1) % MENU_ITEMS
    elif k == UP:
        app.menu_sel = (i - 1) % MENU_ITEMS
    elif (k == LEFT or k == RIGHT) and (2 <= i <= 5 or i >= 8):
        change(app, i, -1 if k == LEFT else 1)
    elif k == B:
        if i == 0:
            close_menu(app)
            return
        if i == 1:
            app.new_match()
            return
        if i == 6:
            app.screen = S.HELP
            app.help_page = 0
            help_page(app)
            return
        if i == 7:
            from handheld import savepages
            app.stats_level = app.level
            savepages.stats_page(app)
            return
        change(app, i, 1)
    else:
        app._cue()
        return
    menu_page(app)


def change(app, i, step):
    if i == 2:
        app.preset_index = (app.preset_index + step) % len(PRESET_ORDER)
    elif i == 3:
        app.level = (app.level + step) % 3
    elif i == 4:
        app.show_points = not app.show_points
        app.dirty |= S.D_OPP | S.D_ME
    elif i == 5:
        app.auto_marry = not app.auto_marry
    elif i == 8:
        app.set_feedback(not app.sound, app.lights)
    else:
        app.set_feedback(app.sound, not app.lights)


def help_page(app):
    from handheld.helptext import help_pages
    pages = help_pages(PRESET_ORDER[app.preset_index])
    n = len(pages)
    app.help_page %= n
    lines = list(pages[app.help_page])
    while len(lines) < 8:
        lines.append("")
    lines.append("")
    lines.append("<%d/%d>  A:next  B:back" % (app.help_page + 1, n))
    app._set_page(lines, 0)


def help_key(app, k):
    if k == RIGHT or k == A or k == DOWN:
        app.help_page += 1
    elif k == LEFT or k == UP:
        app.help_page -= 1
    elif k == B:
        app.screen = S.MENU
        menu_page(app)
        return
    else:
        app._cue()
        return
    help_page(app)


def _count(results, seat):
    n = 0
    for r in results:
        if r[0] == seat:
            n += 1
    return n
