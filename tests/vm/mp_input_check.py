"""On the MicroPython VM: board profiles import and detect, BoardInput.poll() drains keys
and reads the joystick, and Feedback plays a jingle, all with the heap locked (any
allocation raises MemoryError).

    MICROPYPATH=lib:tests/support micropython -X heapsize=128k tests/vm/mp_input_check.py
"""
import micropython

from handheld import boards, feedback
import fakeboard as fb

seen = bytearray(16)
count = [0]


def handler(button, pressed, held=0):
    i = count[0]
    seen[i] = button * 2 + (1 if pressed else 0)
    count[0] = i + 1


keypad, analogio = fb.Keypad(), fb.Analogio()
profile = boards.detect(fb.Board("pygamer", fb.PYGAMER_PINS), keypad, analogio,
                        getenv=lambda name, default=None: default, machine="", nvm=bytearray(8))
keys = profile.make_input()
scanner = keypad.made[0]
x = analogio.inputs["JOYSTICK_X"]
keys.poll(handler)  # warm up: first calls may intern names

for n in range(4):
    scanner.press(n)
scanner.release(2)
x.value = 1000
micropython.heap_lock()
try:
    keys.poll(handler)
    keys.poll(handler)
finally:
    micropython.heap_unlock()
assert count[0] == 6, count[0]


class Counter:  # a tone and pixels that count calls without allocating
    def __init__(self):
        self.n = 0

    def play(self, hz):
        self.n += 1

    def stop(self):
        self.n += 1

    def fill(self, r, g, b):
        self.n += 1


def play(fx):
    """A trick, a hand, then a second of ticks: in a function, so that its names are locals
    (a module-level `for now in ...` would add a global, and may allocate, while locked)."""
    micropython.heap_lock()
    try:
        fx.trick(0, True)
        fx.hand(10, True)
        for now in range(0, 1000, 10):
            fx.tick(now)
    finally:
        micropython.heap_unlock()


tone, pixels = Counter(), Counter()
fx = feedback.Feedback(tone, pixels)
fx.tick(0)
play(fx)
assert (tone.n, pixels.n) == (1 + 4 + 1, 2), (tone.n, pixels.n)
print("OK")
