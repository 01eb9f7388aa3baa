"""Keys: the board's keys to logical buttons, then taps, auto-repeat and the long press.

Board keys to logical buttons (one module with the timing: both stay loaded on a board):
`BoardInput.poll(handler)` drains a keypad scanner and reads an analog joystick, calling
handler(button, pressed) once per change of a logical button (see `buttons`). Nothing
allocates per poll: the keypad.Event is made once and filled with get_into().

Key timing, from press/release events and a ms clock: the app is told about *keys* (what
the player meant), not raw edges:
- arrows and A act on press and repeat while held (first after REPEAT_DELAY, then every
  REPEAT_EVERY ms);
- B acts on release when it was a tap, or once as MENU_KEY when held HOLD_MS (two-button play:
  A = next, B = choose, hold B = menu). A board's keypad stamps each event with the ms it was
  scanned at (keypad.Event.timestamp), so a hold made while the loop was busy (the computer's
  search, up to a second on a SAMD51), whose press and release come in one poll, is still a
  hold: its length comes with the release (`held`), not from the loop's clock;
- START and SELECT act on press.
Nothing here allocates after construction.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld.buttons import LEFT, RIGHT, UP, DOWN, B, COUNT

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

    def release(self, button, now, held=0):
        """held: how long the key was down by the scanner's clock (0: not known), -1 when the
        release is not the player's (keys forgotten with a queue that overflowed): no tap."""
        if not 0 <= button < COUNT or not self.down >> button & 1:
            return
        self.down &= ~(1 << button)
        if button == self.repeat_key:
            self.repeat_key = -1
        if button == B and not self.b_held and held >= 0:
            self.handler(MENU_KEY if held >= HOLD_MS else B)

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


# Joystick thresholds on AnalogIn.value (0..65535, centre about 32768): an axis presses
# beyond PRESS and lets go only once back inside RELEASE, so a stick resting near a
# threshold does not chatter.
PRESS_LOW = const(16000)
PRESS_HIGH = const(49500)
RELEASE_LOW = const(24000)
RELEASE_HIGH = const(41500)


def axis_state(value, state):
    """-1, 0 or 1 for an axis reading, given the previous state (hysteresis)."""
    if value < PRESS_LOW:
        return -1
    if value > PRESS_HIGH:
        return 1
    if state < 0 and value < RELEASE_LOW:
        return -1
    if state > 0 and value > RELEASE_HIGH:
        return 1
    return 0


class Joystick:
    """Two AnalogIn-like axes (x: LEFT/RIGHT, y: UP/DOWN; low values are left and up)."""

    def __init__(self, x, y):
        self.x = x
        self.y = y
        self._sx = 0
        self._sy = 0

    def poll(self, handler):
        self._sx = _move(self._sx, axis_state(self.x.value, self._sx), LEFT, RIGHT, handler)
        self._sy = _move(self._sy, axis_state(self.y.value, self._sy), UP, DOWN, handler)

    def deinit(self):
        self.x.deinit()
        self.y.deinit()


def _move(old, new, low, high, handler):
    if new != old:
        if old:
            handler(low if old < 0 else high, False)
        if new:
            handler(low if new < 0 else high, True)
    return new


class BoardInput:
    """A keypad scanner (key number -> button through keymap) plus an optional joystick."""

    def __init__(self, scanner, keymap, event, joystick=None):
        self.scanner = scanner
        self._keymap = keymap
        self.event = event
        self.joystick = joystick
        self.held = 0  # bit per logical button held on the scanner
        self.since = 0  # the scanner's ms when B went down

    def poll(self, handler):
        """Report every change since the last poll as handler(button, pressed), B's release as
        handler(B, False, held): how long it was down by the events' timestamps."""
        events = self.scanner.events
        if events.overflowed:
            # Events were lost: forget the queue, release what we thought was held; reset()
            # makes the scanner report keys still down as fresh presses.
            events.clear()
            self.scanner.reset()
            self.release_all(handler)
        event = self.event
        keymap = self._keymap
        while events.get_into(event):
            n = event.key_number
            if n >= len(keymap):
                continue
            button = keymap[n]
            bit = 1 << button
            if event.pressed:
                if not self.held & bit:
                    self.held |= bit
                    if button == B:
                        self.since = event.timestamp
                    handler(button, True)
            elif self.held & bit:
                self.held &= ~bit
                handler(button, False, (event.timestamp - self.since) & 0x1FFFFFFF
                        if button == B else 0)  # (supervisor.ticks_ms's 29 bits)
        if self.joystick is not None:
            self.joystick.poll(handler)

    def release_all(self, handler):
        """Report a release for every button held on the scanner (B's not a tap: held -1)."""
        held = self.held
        self.held = 0
        button = 0
        while held:
            if held & 1:
                handler(button, False, -1)
            held >>= 1
            button += 1

    def deinit(self):
        self.scanner.deinit()
        if self.joystick is not None:
            self.joystick.deinit()
