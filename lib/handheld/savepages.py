"""Pages around the saves: notices, the resume offer and the statistics (26 x 10 lines).

Functions of the App, like handheld.pages; its screens RESUME, NOTICE and STATS.
"""
from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
from handheld.input import MENU_KEY
from handheld import app as S
from handheld import pages
from handheld import words

LINES = 10


def first_screen(app):
    """After loading: a notice if any, else the resume offer if a match was saved, else title."""
    saves = app.saves
    text = saves.take_notice() if saves is not None else None
    if text is not None:
        app.notice_back = -1
        notice_page(app, text)
    elif saves is not None and saves.resumable is not None:
        app.resume_sel = 0
        resume_page(app)
    else:
        pages.title_page(app)


def show_notice(app):
    """A notice that came up during play: shown now, B goes back to where the player was."""
    text = app.saves.take_notice()
    if text is None:
        return
    if app.screen != S.NOTICE:
        app.notice_back = app.screen
        app.back_page = app.page
    notice_page(app, text)


def notice_page(app, text):
    from handheld.persist import notice_lines
    app.screen = S.NOTICE
    lines = ["Saves", ""]
    for line in notice_lines(text):
        lines.extend(words.wrap(line) if line else [""])
    lines = lines[:LINES - 2]
    while len(lines) < LINES - 1:
        lines.append("")
    lines.append("B: OK")
    app._set_page(lines, -1)


def _leave_notice(app):
    back = app.notice_back
    if back < 0:
        first_screen(app)  # the next notice, the resume offer or the title
        return
    if app.saves.pending:
        show_notice(app)
        return
    app.screen = back
    if back == S.TABLE:
        app.dirty = S.D_ALL
        if app.phase == S.THINK or app.phase == S.CPU:
            app.phase = S.IDLE
    else:
        app._set_page(app.back_page, -1)


def resume_page(app):
    m = app.saves.resumable
    d = app.saves.saved
    h = m.hand
    app.screen = S.RESUME
    name = words.PRESET_TITLES.get(m.rules.name, m.rules.name)
    hand = "Hand %d, " % (m.hand_no + 1)
    hand += "over" if h.over else "trick %d" % (h.trick_no + 1)
    sel = app.resume_sel
    lines = ["Match in progress", "",
             "%s, %s" % (name, words.LEVEL_WORDS[d["level"]]),
             words.match_line(m), hand, "",
             ("> " if sel == 0 else "  ") + "Continue",
             ("> " if sel == 1 else "  ") + "New match", "",
             "A:move  B:choose"]
    app._set_page(lines, 6 + sel)


def stats_page(app):
    from handheld.savedata import LEVELS
    level = app.stats_level % LEVELS
    app.stats_level = level
    app.screen = S.STATS
    head = "Statistics: %s" % words.LEVEL_WORDS[level]
    foot = "<%d/%d> A:level  B:back" % (level + 1, LEVELS)
    if app.saves is None:
        app._set_page([head, "", "Saves are off: nothing", "is counted.", "", "", "", "",
                       "", "B:back"], -1)
        return
    s = app.saves.stats["levels"][level]
    lines = [head,
             _row("Matches won", "%d of %d" % (s["matches_won"], s["matches"])),
             _row("Hands won", "%d of %d" % (s["hands_won"], s["hands"])),
             _row("Game points won", "%d" % s["points_for"]),
             _row("Game points lost", "%d" % s["points_against"]),
             _row("Schneider", "%d" % s["schneider"]),
             _row("Schwarz", "%d" % s["schwarz"]),
             _row("Closes won", "%d of %d" % (s["closes_won"], s["closes"])),
             _row("Best streak", "%d (now %d)" % (s["best_streak"], s["streak"])),
             foot]
    app._set_page(lines, -1)


def _row(label, value):
    """label left, value right, in 26 columns."""
    return "%-16s%10s" % (label, value)


def key(app, k):
    """A key on the RESUME, NOTICE or STATS screen."""
    s = app.screen
    if s == S.NOTICE:
        if k == B or k == A or k == START:
            _leave_notice(app)
        else:
            app._cue()
    elif s == S.RESUME:
        if k == UP or k == DOWN or k == A or k == LEFT or k == RIGHT:
            app.resume_sel = 1 - app.resume_sel
            resume_page(app)
        elif k == B:
            if app.resume_sel == 0:
                app.saves.resume(app)
            else:
                app.new_match()
        else:
            app._cue()
    else:  # STATS
        if k == RIGHT or k == A or k == DOWN:
            app.stats_level += 1
        elif k == LEFT or k == UP:
            app.stats_level -= 1
        elif k == B or k == START or k == SELECT or k == MENU_KEY:
            app.screen = S.MENU
            pages.menu_page(app)
            return
        else:
            app._cue()
            return
        stats_page(app)

