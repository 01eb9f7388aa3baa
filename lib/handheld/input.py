"""Key timing: taps, auto-repeat and the long press, from press/release events and a ms clock.

The app is told about *keys* (what the player meant), not raw edges:
- arrows and A act on press and repeat while held (first after REPEAT_DELAY, then every
  REPEAT_EVERY ms);
- B acts on release when it was a tap, or once as MENU_KEY when held HOLD_MS (two-button play:
  A = next, B = choose, hold B = menu);
- START and SELECT act on press.
Nothing here allocates after construction.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld.buttons import B, COUNT

MENU_KEY = const(8)  # B held down: the menu
HOLD_MS = const(600)
REPEAT_DELAY = const(400)
REPEAT_EVERY = const(150)
_REPEATS = const(0x1F)  # the keys that repeat: 1 << LEFT, RIGHT, UP, DOWN and A (0..4)


class Keys:
    """Turns press/release/poll into calls of `handler(key)` with key a button or MENU_KEY."""

    def __init__(self, handler):
        self.handler = handler
        self.down = 0  # bit per button held
        self.since = [0] * COUNT  # when each held button went down
        self.next_repeat = 0
        self.repeat_key = -1
        self.b_held = False  # the long press already fired for this B

    def press(self, button, now):
        if not 0 <= button < COUNT or self.down >> button & 1:
            return  # unknown key or a bounce
        self.down |= 1 << button
        self.since[button] = now
        if button == B:
            self.b_held = False
            return
        if _REPEATS >> button & 1:
            self.repeat_key = button
            self.next_repeat = now + REPEAT_DELAY
        self.handler(button)

    def release(self, button, now):
        if not 0 <= button < COUNT or not self.down >> button & 1:
            return
        self.down &= ~(1 << button)
        if button == self.repeat_key:
            self.repeat_key = -1
        if button == B and not self.b_held:
            self.handler(B)

    def poll(self, now):
        """Fire repeats and the long press that are due."""
        if self.down >> B & 1 and not self.b_held and now - self.since[B] >= HOLD_MS:
            self.b_held = True
            self.handler(MENU_KEY)
        k = self.repeat_key
        if k >= 0 and self.down >> k & 1 and now >= self.next_repeat:
            self.next_repeat += REPEAT_EVERY
            if self.next_repeat <= now:  # a long stall: do not fire a burst
                self.next_repeat = now + REPEAT_EVERY
            self.handler(k)

    def reset(self):
        """Forget held keys (after an event-queue overflow: assume all released)."""
        self.down = 0
        self.repeat_key = -1
        self.b_held = True
