"""Board keys to logical buttons: drains a keypad scanner, reads an analog joystick.

`BoardInput.poll(handler)` calls handler(button, pressed) once per change of a logical
button (see `buttons`). Timing (repeat, long press) is the app's job. Nothing allocates per
poll: the keypad.Event is made once and filled with get_into().
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from handheld.buttons import LEFT, RIGHT, UP, DOWN

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

    def poll(self, handler):
        """Report every change since the last poll as handler(button, pressed)."""
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
                    handler(button, True)
            elif self.held & bit:
                self.held &= ~bit
                handler(button, False)
        if self.joystick is not None:
            self.joystick.poll(handler)

    def release_all(self, handler):
        """Report a release for every button held on the scanner."""
        held = self.held
        self.held = 0
        button = 0
        while held:
            if held & 1:
                handler(button, False)
            held >>= 1
            button += 1

    def deinit(self):
        self.scanner.deinit()
        if self.joystick is not None:
            self.joystick.deinit()
