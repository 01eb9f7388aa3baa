"""The full-screen pages' displayio objects and the screen's root group, built once for
handheld.render's Renderer (the last step of its build, after handheld.tablebuild's table; this
module then leaves the heap).
"""
import displayio
import vectorio
from handheld import words
from handheld.grids import line, block, card


def build(r, lay, display=None):
    """The pages' group (r.page: the title, the page's lines) for the Renderer r at layout lay
    (handheld.layout's tuple), then the root group over the felt, the table and the pages, shown
    on display if not None."""
    width, height = lay[0], lay[1]
    title_y, title_cards = lay[28], lay[29]
    tx = r.tx
    root = displayio.Group()
    p = r.panel_box[0].pixel_shader  # the felt's colour is 2, the pages' 3 (handheld.tablebuild)
    root.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0,
                                   color_index=2))  # the felt, a solid rectangle
    root.append(r.table)
    # full-screen pages
    r.page = g = displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0,
                                color_index=3))  # the pages' background
    r.title = displayio.Group()
    big = displayio.Group(scale=2, x=width // 2 - 9 * tx.w, y=title_y)
    tx.set(line(tx, big, r.yellow, 0, 0, 9), "Sixty-Six")
    r.title.append(big)
    x, y, step = title_cards
    for i in range(4):
        r.title.append(card(r.art, (0, 2, 3, 1)[i] * 6 + 5, x + i * step, y))
    g.append(r.title)
    r.page_lines = block(tx, g, lay[27], lay[24], lay[26], words.WIDTH, lay[25], r.white,
                         r.yellow)
    root.append(g)
    if display is not None:
        display.auto_refresh = False
        display.root_group = root
