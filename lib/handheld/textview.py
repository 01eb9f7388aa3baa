"""The app's screen as text, for terminals, logs and boards without a display.

`TextView.update(app)` returns the whole screen as lines (and clears `app.dirty`), showing
exactly what the pixel renderer shows: never the computer's cards.
"""
from engine.names import card_label as card_short  # 'KH', '10S': the game's card names
from handheld import screen as A
from handheld import words

SUITS = ("C", "D", "H", "S")  # strings, not one: a character read from a str is interned


def _suits(mask):
    out = ""
    for s in range(4):
        if mask >> s & 1:
            out += SUITS[s]
    return out or "-"


class TextView:
    def __init__(self):
        self.frames = 0
        self.lines = []

    def update(self, app):
        """Redraw if anything changed; returns the lines (the same list when nothing did)."""
        if app.dirty:
            self.frames += 1
            self.lines = render(app)
            app.dirty = 0
        return self.lines

    def text(self, app):
        return "\n".join(self.update(app))


def render(app):
    s = app.top
    if s.kind == A.TABLE:
        return table_lines(app)
    lines = []
    if s.kind == A.TITLE:
        lines.append("=== SIXTY-SIX ===   C H S D")
    lines.extend(s.lines)
    return lines


def _seat_line(app, h, seat):
    who = words.WHO[seat]
    n = h.tricks(seat)
    text = "%s%s: %d trick%s" % (">" if h.to_move == seat else " ", who, n, "" if n == 1 else "s")
    if app.show_points:
        text += ", %d points" % h.points(seat)
    m = h.marriages[seat]
    if m:
        text += "  marriages " + _suits(m)
    return text


def table_lines(app):
    t = app.top
    m = app.match
    h = m.hand
    out = []
    out.append("%s | %s | %s" % (words.PRESET_TITLES.get(h.rules.name, h.rules.name),
                                 words.LEVEL_WORDS[app.level], words.match_line(m) if
                                 app.replay is None else "replay: not counted"))
    n = 0
    mask = h.hand_mask(1)
    while mask:
        mask &= mask - 1
        n += 1
    out.append("CPU hand: " + "[##]" * n)
    out.append(_seat_line(app, h, 1))
    trump = h.trump_card
    if h.stock_size:
        stock = "Stock %d%s, trump [%s]" % (
            h.stock_size, "" if h.closed_by < 0 else " closed by " + ("you", "CPU")[h.closed_by],
            card_short(trump))  # who closed: public (R43)
    else:
        stock = "Stock empty, trumps are %s" % words.SUIT_WORDS[h.trump_suit]
    out.append(stock)
    out.append("Trick: CPU [%s]  You [%s]" % (
        card_short(t.trick[1]) if t.trick[1] >= 0 else "  ",
        card_short(t.trick[0]) if t.trick[0] >= 0 else "  "))
    out.append(_seat_line(app, h, 0))
    cards = []
    for i in range(len(t.hand_cards)):
        c = t.hand_cards[i]
        name = card_short(c)
        if t.phase == A.HUMAN and t.panel is None and not t.playable >> c & 1:
            name = "(" + name + ")"  # dimmed: may not be played now
        if i == t.cursor and t.phase == A.HUMAN and t.panel is None:
            name = ">" + name + "<"
        if c == t.hint_card and t.phase == A.HUMAN:
            name += "*"  # the hint's card
        cards.append(name)
    if t.has_more:
        more = "[more]"
        if t.cursor == len(t.hand_cards) and t.panel is None:
            more = ">[more]<"
        cards.append(more)
    out.append("Your hand: " + " ".join(cards))
    if t.panel is not None:
        title, items = t.panel
        out.append("+-- " + title)
        for i in range(len(items)):
            out.append("| " + ("> " if i == t.panel_sel else "  ") + items[i][0])
    out.append(": " + app.prompt)
    return out
