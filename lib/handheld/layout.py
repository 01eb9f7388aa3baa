"""Where things go on 160x128 (PyGamer, PyBadge), 240x135 and 240x240 screens, and `build`,
which makes handheld.render's Renderer there (once: the Renderer then unloads this module).

Only numbers: `layout(width, height)` returns a tuple for the nearest supported size, with
these fields in this order (handheld.render unpacks it so; x, y: a top left corner):

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
font, so a line of n characters is 6n pixels wide. `layout` needs no displayio (build imports
it), so the numbers can be checked on any VM.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_WHITE = const(0xF0F0E8)  # the text colours, the choices panel's fill
_YELLOW = const(0xF8D020)
_GREY = const(0xA0B0A0)
_PANEL_FILL = const(0x0C2A16)
_SLOTS = const(7)  # the hand's slots: six cards and the "more" chip


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
    """Build the whole screen for handheld.render's Renderer r (its displayio groups, the card
    sheets, the text lines) at the layout of display's size (or width x height)."""
    import displayio
    import vectorio
    from handheld.cardart import CardArt
    from handheld.tiletext import Text, ink, CENTRE, RIGHT
    from handheld import words
    if display is not None:
        width = display.width
        height = display.height
    # the fields as locals (listed above): no names to intern
    (width, height, card_w, card_h, big, felt, page_fill, opp_x, opp_step, opp_y,
     opp_info, opp_glyphs, stock, trump, stock_label, trump_glyph, trick_opp, trick_me,
     score, me_info, me_glyphs, hand, prompt, panel, page_top, page_step, page_lines, page_x,
     title_y, title_cards, title_text_top) = layout(width or 160, height or 128)
    # what update() reads of it (handheld.draw unpacks it in this order); the hand's x, y,
    # step and raise
    r.lay = (height, page_top, page_step, title_text_top, panel[4])
    r.hand = hand
    r.display = display
    r.refreshes = 0
    r.tx = tx = Text()
    r.white = white = ink(_WHITE)
    r.yellow = yellow = ink(_YELLOW)
    r.art = art = CardArt(card_w, card_h, big)
    root = displayio.Group()
    p = displayio.Palette(1)  # the felt, a solid rectangle
    p[0] = felt
    root.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0))
    r.table = t = displayio.Group()
    root.append(t)
    # the computer's hand, its line and marriages
    backs = []
    for i in range(6):
        tg = art.back(opp_x + i * opp_step, opp_y)
        backs.append(tg)
        t.append(tg)
    r.backs = tuple(backs)
    opp = (tx.line(t, white, opp_info[0], opp_info[1], 18),
           art.glyph(4, opp_glyphs[0], opp_glyphs[1], 3))  # its marriages' suits: placed by
    t.append(opp[1])  # update()
    # stock and trump
    r.stock = art.back(stock[0], stock[1])
    r.trump = art.card(0, trump[0], trump[1])
    t.append(r.trump)
    t.append(r.stock)
    r.stock_label = tx.line(t, white, stock_label[0], stock_label[1], 7, CENTRE)
    g = displayio.Group(scale=2, x=trump_glyph[0], y=trump_glyph[1])
    r.trump_big = (g, art.glyph(0))  # the group that scales it, the suit's tile
    g.append(r.trump_big[1])
    t.append(g)
    # the trick: the computer's card above, the player's below
    r.trick = (art.card(0, trick_me[0], trick_me[1]),
               art.card(0, trick_opp[0], trick_opp[1]))
    t.append(r.trick[1])
    t.append(r.trick[0])
    x, y, step = score
    r.score = (tx.line(t, white, x, y, 6, RIGHT),
               tx.line(t, white, x, y + step, 6, RIGHT),
               tx.line(t, ink(_GREY), x, y + 2 * step, 6, RIGHT))
    me = (tx.line(t, white, me_info[0], me_info[1], 18),
          art.glyph(4, me_glyphs[0], me_glyphs[1], 3))
    t.append(me[1])
    r.seats = (me, opp)  # per seat: its status line and its marriages' suits
    slots = []
    for i in range(_SLOTS):
        tg = art.card(0, hand[0] + i * hand[2], hand[1])
        slots.append(tg)
        t.append(tg)
    r.cards = tuple(slots)  # the hand's slots
    r.prompt = tx.line(t, white, prompt[0], prompt[1], 26)
    # the choices panel over the table
    x, y, w, h, step = panel
    r.panel = g = displayio.Group(x=x, y=y)
    p = displayio.Palette(2)  # an edged box whose height can change: two rectangles
    p[0] = _PANEL_FILL
    p[1] = _YELLOW
    r.panel_box = (
        vectorio.Rectangle(pixel_shader=p, width=w, height=h, x=0, y=0, color_index=1),
        vectorio.Rectangle(pixel_shader=p, width=w - 2, height=h - 2, x=1, y=1, color_index=0))
    g.append(r.panel_box[0])
    g.append(r.panel_box[1])
    r.panel_lines = tuple(tx.line(g, yellow if i == 0 else white, 3, 3 + i * step, 18)
                          for i in range(6))
    t.append(g)
    # full-screen pages
    r.page = g = displayio.Group()
    p = displayio.Palette(1)  # the pages' background
    p[0] = page_fill
    g.append(vectorio.Rectangle(pixel_shader=p, width=width, height=height, x=0, y=0))
    r.title = displayio.Group()
    big = displayio.Group(scale=2, x=width // 2 - 9 * tx.w, y=title_y)
    tx.set(tx.line(big, yellow, 0, 0, 9), "Sixty-Six")
    r.title.append(big)
    x, y, step = title_cards
    for i in range(4):
        r.title.append(art.card((0, 2, 3, 1)[i] * 6 + 5, x + i * step, y))
    g.append(r.title)
    r.page_lines = tuple(tx.line(g, white, page_x, page_top + i * page_step, words.WIDTH)
                         for i in range(page_lines))
    root.append(g)
    if display is not None:
        display.auto_refresh = False
        display.root_group = root
