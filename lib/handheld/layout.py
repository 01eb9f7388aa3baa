"""Where things go on 160x128 (PyGamer, PyBadge), 240x135 and 240x240 screens.

Only numbers: `layout(width, height)` returns a Layout for the nearest supported size. Each
size is a function that builds its table when asked: only the screen's own stays in the heap.
Text uses the 6x12 terminal font, so a line of n characters is 6n pixels wide.
"""


class Layout:
    def __init__(self, **kw):
        for k in kw:
            setattr(self, k, kw[k])


def _160x128():
    return dict(
        width=160, height=128, card_w=20, card_h=28, big=1,
        felt=0x1C6B34, page=0x123F22,
        opp_x=2, opp_step=5, opp_y=-15,  # the computer's backs peek from the top edge
        opp_info=(50, 1), opp_glyphs=(136, 4, 8),  # x, y, step of marriage suits
        stock=(3, 16), trump=(25, 16), stock_label=(23, 46),  # label: centre x, top y
        trump_glyph=(16, 24),  # a big suit when the stock is gone
        trick_opp=(62, 16), trick_me=(86, 24),
        score=(158, 16, 11),  # right edge x, top y, line step
        me_info=(2, 58), me_glyphs=(88, 61, 8),
        hand=(3, 86, 22, 6),  # x, y, step, raise of the selected card
        prompt=(2, 116),
        panel=(45, 2, 114, 78, 12),  # x, y, w, h, line step
        page_top=4, page_step=12, page_lines=10, page_x=2,
        title_y=4, title_cards=(38, 32, 22), title_text_top=70,
    )


def _240x135():
    d = _160x128()
    d.update(
        width=240, height=135,
        opp_x=4, opp_step=8, opp_info=(70, 1), opp_glyphs=(160, 4, 8),
        stock=(6, 16), trump=(30, 16), stock_label=(28, 46), trump_glyph=(21, 24),
        trick_opp=(96, 16), trick_me=(122, 24),
        score=(236, 16, 11),
        me_info=(4, 60), me_glyphs=(92, 63, 8),
        hand=(8, 90, 26, 6),
        prompt=(4, 122),
        panel=(88, 2, 148, 80, 12),
        page_top=6, page_x=44,
        title_cards=(78, 34, 22), title_text_top=74,
    )
    return d


def _240x240():
    d = _160x128()
    d.update(
        width=240, height=240, card_w=28, card_h=40, big=2,
        opp_x=6, opp_step=8, opp_y=-20, opp_info=(80, 4), opp_glyphs=(170, 7, 9),
        stock=(8, 44), trump=(40, 44), stock_label=(38, 90), trump_glyph=(27, 54),
        trick_opp=(90, 40), trick_me=(124, 56),
        score=(234, 44, 14),
        me_info=(6, 134), me_glyphs=(96, 137, 9),
        hand=(8, 170, 32, 8),
        prompt=(6, 222),
        panel=(80, 30, 154, 82, 13),
        page_top=30, page_step=18, page_x=42,
        title_y=20, title_cards=(64, 60, 30), title_text_top=130,
    )
    return d


SIZES = ((160, 128, _160x128), (240, 135, _240x135), (240, 240, _240x240))


def layout(width=160, height=128):
    """The layout for a screen; an unknown size gets the largest one that fits. A screen smaller
    than 160x128 is refused (ValueError): the table would be drawn off its edges."""
    if width < 160 or height < 128:
        raise ValueError("a %dx%d screen is too small: the table needs 160x128 or more"
                         % (width, height))
    best = _160x128
    for w, h, lay in SIZES:
        if w <= width and h <= height:
            best = lay
    return Layout(**best())
