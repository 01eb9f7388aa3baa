"""Where things go on 160x128 (PyGamer, PyBadge), 240x135 and 240x240 screens, and `build`, the
first step of handheld.render's Renderer (with the card sheets, handheld.cardpaint's; then
handheld.tablebuild and handheld.pagebuild build the screen there; the Renderer unloads each
once done).

Only numbers: `layout(width, height)` returns a tuple for the nearest supported size, with
these fields in this order (handheld.tablebuild unpacks it so; x, y: a top left corner):

    width height card_w card_h big felt page    big: scale of the middle suit; 2 colours
    opp_x opp_step opp_y                         the computer's backs (peek from the top)
    opp_info opp_glyphs                          its status line (x, y), marriages (x, y, step)
    stock trump stock_label trump_glyph          label: centre x, top y; glyph: a big trump suit
    trick_opp trick_me score                     score: right edge x, top y, line step
    me_info me_glyphs                            the player's status line and marriages
    hand                                         x, y, step, raise of the selected card
    prompt panel                                 panel: x, y, w, h, line step
    page_top page_step page_lines page_x title_y title_cards title_text_top

Each size is a function that builds its tuple when asked: only the screen's own stays in the
heap. A tuple, not an object with named fields: on a board each field's name would be an
interned name (a qstr) for good, and the object a table of them. Text uses the 6x12 terminal
font, so a line of n characters is 6n pixels wide. This module needs no displayio, so the
numbers can be checked on any VM.
"""
from handheld import unload

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TILES = const(30)  # the face sheet's half cards (handheld.cardpaint's)


def layout(width=160, height=128):
    """The layout for a screen (the tuple above); an unknown size gets the largest one that
    fits. A screen smaller than 160x128 is refused (ValueError): the table would be drawn off
    its edges."""
    if width < 160 or height < 128:
        raise ValueError("a %dx%d screen is too small: the table needs 160x128 or more"
                         % (width, height))
    if width >= 240 and height >= 240:
        return (240, 240, 28, 40, 2, 0x1C6B34, 0x123F22,
                6, 8, -20,
                (80, 4), (170, 7, 9),
                (8, 44), (40, 44), (38, 90), (27, 54),
                (90, 40), (124, 56), (234, 44, 14),
                (6, 134), (96, 137, 9),
                (8, 170, 32, 8),
                (6, 222), (80, 30, 154, 82, 13),
                30, 18, 10, 42, 20, (64, 60, 30), 130)
    if width >= 240 and height >= 135:
        return (240, 135, 20, 28, 1, 0x1C6B34, 0x123F22,
                4, 8, -15,
                (70, 1), (160, 4, 8),
                (6, 16), (30, 16), (28, 46), (21, 24),
                (96, 16), (122, 24), (236, 16, 11),
                (4, 60), (92, 63, 8),
                (8, 90, 26, 6),
                (4, 122), (88, 2, 148, 80, 12),
                6, 12, 10, 44, 4, (78, 34, 22), 74)
    return (160, 128, 20, 28, 1, 0x1C6B34, 0x123F22,
            2, 5, -15,
            (50, 1), (136, 4, 8),
            (3, 16), (25, 16), (23, 46), (16, 24),
            (62, 16), (86, 24), (158, 16, 11),
            (2, 58), (88, 61, 8),
            (3, 86, 22, 6),
            (2, 116), (45, 2, 114, 78, 12),
            4, 12, 10, 2, 4, (38, 32, 22), 70)


def build(r, display=None, width=None, height=None):
    """The first step of handheld.render's build: the layout tuple for display's size (or
    width x height), returned, what update() reads of it kept on the Renderer r, and the card
    sheets (r.art, handheld.cardpaint's: its code then leaves the heap)."""
    if display is not None:
        width = display.width
        height = display.height
    lay = layout(width or 160, height or 128)
    # what update() reads of it (handheld.draw): page_top, title_text_top, the panel's line
    # step, the width; the hand's x, y, step and raise
    r.lay = (lay[24], lay[30], lay[23][4], lay[0])
    r.hand = lay[21]
    r.display = display
    r.refreshes = 0
    # the face sheet (handheld.cardpaint's: 30 half cards, 2 bits a pixel; 2,128 B at 20 x 28),
    # made before cardpaint compiles: from .py that compile leaves the heap in pieces, and this
    # block was then what failed first on a tight heap (python -m sim.bench board)
    import displayio
    sheet = displayio.Bitmap(lay[2] * _TILES, lay[3] // 2, 4)
    displayio = None
    from handheld import cardpaint  # the card sheets (card w, h; the backs' step)
    r.art = cardpaint.sheets(lay[2], lay[3], lay[8], sheet)
    cardpaint.__dict__.clear()  # its code goes even if a stale pointer keeps the module (see
    # handheld.render's _drop)
    cardpaint = None
    unload("handheld.cardpaint")
    from handheld import cardfaces  # then the pictures drawn in them: two compiles, each
    cardfaces.paint(r.art, lay[4])  # half the size of one (the middle suit's scale)
    cardfaces.__dict__.clear()
    cardfaces = None
    unload("handheld.cardfaces")
    return lay
