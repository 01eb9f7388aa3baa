"""Screens around the saves: notices, and the first screen after loading them (26 x 10
lines); the resume offer is handheld.resume's.

Imported when one of them opens (with saves: at power-on, handheld.persist) and unloaded when
the last of them closes (MODULES), from .py too: at power-on the heap has room for its
compile, and mid-match it is needed only for a notice of a drive that failed (once a
session). The statistics page is handheld.stats.
"""
from handheld.buttons import A, B, START
from handheld.screen import Screen, NOTICE, DONE
from handheld import words, unload

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_LINES = const(10)
# Unloaded when the last of these pages closes, from .mpy and from .py (measured, sim.bench
# board's app check from .py: kept, 29.5 KB for the app object and its screens, 125 KB least
# heap; unloaded, 26.2 KB and 123 KB; 126 KB either way with the statistics opened mid-match)
MODULES = ("handheld.savepages",)


def first(app):
    """The first screen after loading: a notice if any, else the resume offer if a match was
    saved, else the title."""
    saves = app.saves
    text = saves.take_notice()
    if text is not None:
        return Notice(app, text, True)
    if saves.resumable is not None:
        from handheld.resume import Resume
        return Resume(app)
    from handheld.pages import Title
    return Title(app)


class Notice(Screen):
    """A note about the saves. B goes on: to the next notice, else back where the player was
    (or, at power-on, to the resume offer or the title)."""

    kind = NOTICE
    transient = MODULES

    def __init__(self, app, text, first):
        self.app = app
        self.first = first  # shown at power-on: nothing under it
        self.say(text)

    def say(self, text):
        from handheld.savenote import notice_lines  # the notice's words: dropped once read
        lines = ["Saves", ""]
        for line in notice_lines(text):
            lines.extend(words.wrap(line) if line else [""])
        notice_lines = None
        unload("handheld.savenote")
        lines = lines[:_LINES - 2]
        while len(lines) < _LINES - 1:
            lines.append("")
        lines.append("B: OK")
        self.page(lines)

    def key(self, k):
        if not (k == B or k == A or k == START):
            self.app.cue()
            return None
        text = self.app.saves.take_notice()
        if text is not None:
            self.say(text)
        elif self.first:
            show_first(self.app)
        else:
            return DONE
        return None


def show_first(app):
    """After loading the saves (or the last notice at power-on): a notice, else the resume
    offer, else the title; this module goes once no notice shows (the offer is
    handheld.resume's)."""
    s = first(app)
    app.set_root(s)
    if s.kind != NOTICE:
        unload(*MODULES)
