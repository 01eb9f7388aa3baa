"""Draws the app with displayio: TileGrids over the card sheets (handheld.cardpaint), text as
TileGrids of glyphs (handheld.draw's Text).

Everything is built once, in steps: handheld.layout's numbers for the display's size and the card
sheets (handheld.cardpaint), the table (handheld.tablebuild), the pages (handheld.pagebuild), their
TileGrids made by handheld.grids; the code of each step then leaves the heap.
`update(app)` (handheld.draw, the base class: split off so that no module is big to compile on
a board) only changes the tiles, positions, palettes and texts that differ from what is shown,
then refreshes the display once.
"""
from handheld import unload
from handheld.draw import Draw


def _drop(module):
    # a module used once goes (handheld.unload), its dict emptied first: the collector reads
    # the C stack conservatively, and a stale pointer to the module there (left by its import)
    # kept all its code in the heap in some runs (5 KB of the build's; from .py the app then
    # needed 125 KB, not 120, with one length of sim.bench board's temporary folder)
    name = module.__name__
    module.__dict__.clear()
    unload(name)


class Renderer(Draw):
    """The whole screen. `display` may be None (build the groups only, for tests)."""

    def __init__(self, display=None, width=None, height=None):
        # built in steps, each by a module that is needed for it only: compiled (from .py), run
        # and dropped in turn, so that no big compile meets the app's heap on a board (one
        # module for it all, handheld.layout, set the least heap from .py: 121 KB, now 119)
        from handheld import layout  # the numbers for the display's size, the card sheets
        lay = layout.build(self, display, width, height)
        _drop(layout)
        from handheld import tablebuild  # with handheld.grids, the TileGrids' makers
        tablebuild.build(self, lay)
        _drop(tablebuild)
        from handheld import pagebuild  # (handheld.grids loaded still)
        pagebuild.build(self, lay, display)
        _drop(pagebuild)
        from handheld import grids
        _drop(grids)
