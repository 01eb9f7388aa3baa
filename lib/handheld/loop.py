"""The app loop shared by code.py on a board and by the desktop simulator.

    loop = Loop(app, view, source, clock)
    loop.run()            # forever (a board), or until source.quit is True (a window)
    loop.step(now_ms)     # one turn of the loop (headless runs drive the clock themselves)

`source.poll(handler)` calls handler(button, pressed) for each key event (a release may add
how long the key was down: handheld.input); `view.update(app)` draws what changed and returns
nothing useful; `clock()` gives milliseconds. (The App's saves write the menu's settings.)

`TicksClock(supervisor.ticks_ms)` turns the board's wrapping tick counter into ms that only
grow (a small int for 12 days), so reading the clock allocates nothing. A crash in the view shows the
app's error screen; the loop itself never stops on one.
"""


class Loop:
    def __init__(self, app, view, source=None, clock=None, idle=None, feedback=None):
        self.app = app
        self.feedback = feedback  # optional: feedback.tick(now) each turn (sounds, lights)
        self.view = view
        self.source = source
        self.clock = clock
        self.idle = idle  # optional callable(ms) to rest when nothing happens (desktop only)
        self.now = 0
        self.refreshes = 0
        self.handler = self._on_key  # bound once: polling allocates nothing
        # after each frame, on a board (and the VMs), the collector: what the step and the
        # drawing left goes before the next step allocates, so the next allocations fill the
        # holes low in the heap and it stays in fewer pieces (python -m sim.bench board: 1 KB
        # less from .py and from .mpy; python -m sim.bench screens: its time). CPython frees by
        # reference counts: no call there.
        import gc
        self.collect = gc.collect if hasattr(gc, "mem_alloc") else None

    def _on_key(self, button, pressed, held=0):
        if pressed:
            self.app.press(button, self.now)
        else:
            self.app.release(button, self.now, held)

    def step(self, now):
        """Poll keys, run the app, draw if the screen changed; True if it did."""
        self.now = now
        if self.source is not None:
            self.source.poll(self.handler)
        app = self.app
        if self.feedback is not None:
            self.feedback.tick(now)
        if not app.tick(now):
            return False
        try:
            self.view.update(app)
        except Exception as e:  # show the error screen instead of dying
            app.dirty = 0
            app.fail(e)
            try:
                self.view.update(app)
            except Exception:
                app.dirty = 0
        self.refreshes += 1
        if self.collect is not None:
            self.collect()
        return True

    def run(self):
        while True:
            changed = self.step(self.clock())
            if self.source is not None and getattr(self.source, "quit", False):
                return
            if not changed and self.idle is not None:
                self.idle(10)


class TicksClock:
    """Milliseconds since start from a wrapping 29-bit tick counter (supervisor.ticks_ms)."""

    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms
        self.last = ticks_ms()
        self.now = 0

    def __call__(self):
        t = self.ticks_ms()
        self.now += (t - self.last) & 0x1FFFFFFF
        self.last = t
        return self.now
