"""Draws the app with displayio: TileGrids over the card sheets (handheld.cardart), text as
TileGrids of glyphs (handheld.tiletext).

Everything is built once, by handheld.layout's build (its code then leaves the heap);
`update(app)` (handheld.draw, the base class: split off so that no module is big to compile on
a board) only changes the tiles, positions, palettes and texts that differ from what is shown,
then refreshes the display once.
"""
from handheld import screen as A
from handheld.cardart import MORE, NORMAL, DIM, LIT
from handheld import unload
from handheld.draw import Draw

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SLOTS = const(7)  # six cards and the "more" chip


class Renderer(Draw):
    """The whole screen. `display` may be None (build the groups only, for tests)."""

    def __init__(self, display=None, width=None, height=None):
        # built by handheld.layout, whose code is needed for that only: it leaves the heap after
        from handheld import layout
        layout.build(self, display, width, height)
        layout = None
        unload("handheld.layout")

    def _hand(self, tb):
        art = self.art
        x0, y0, step, lift = self.hand
        cards = tb.hand_cards
        n = len(cards)
        choosing = tb.phase == A.HUMAN and tb.panel is None
        for i in range(_SLOTS):
            tg = self.cards[i]
            if i < n or (i == n and tb.has_more and choosing):
                sel = choosing and i == tb.cursor
                tile = cards[i] if i < n else MORE
                state = NORMAL
                y = y0 - lift if sel else y0
                if choosing:
                    if sel:
                        state = LIT
                    elif i < n and not tb.playable >> cards[i] & 1:
                        state = DIM
                    if i < n and cards[i] == tb.hint_card:  # the hint's card: lit, raised
                        state = LIT
                        y = y0 - 2 * lift
                shader = art.shade(tile, state)
                self._tile(tg, tile, x0 + i * step, y, shader)
            else:
                self._hide(tg, True)
