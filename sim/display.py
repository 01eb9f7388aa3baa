"""The device screen on the desktop: a blinka PyGameDisplay drawn at native size, shown scaled.

SimDisplay refreshes only the dirty areas displayio reports (as a board does), counts them
(`areas`, `pixels`, `frames`) and keeps the native-size frame in `surface` for PNG shots.
"""
import contextlib
import io
import os
import sys

KEY_HELP = "arrows, Z = A, X = B, Enter = START, Space = SELECT, Esc = quit"
_display = None  # one per process: displayio allows a single PyGameDisplay


def quiet_sdl(headless):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"


def make_display(width=160, height=128, scale=4, headless=False,
                 caption="Sixty-Six: " + KEY_HELP):
    """The process's SimDisplay (made on first use, resized if needed); raises if no display."""
    global _display
    quiet_sdl(headless)
    if _display is not None:
        if _display.width == width and _display.height == height:
            return _display
        import displayio
        displayio.release_displays()
        _display = None
    import pygame
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        import busdisplay  # (Blinka's microcontroller module, on a PC, prints a warning)
    for line in said.getvalue().splitlines():  # that its pins and chip are not a board's: the
        if "is not fully supported" not in line:  # simulator uses neither; anything else shows
            sys.stdout.write(line + "\n")
    from displayio._area import Area
    from blinka_displayio_pygamedisplay import PyGameDisplay

    class SimDisplay(PyGameDisplay):
        def __init__(self):
            self.scale = scale
            self.areas = 0
            self.pixels = 0
            self.frames = 0
            self.surface = None
            self._window = None
            super().__init__(width=width, height=height, caption=caption, auto_refresh=False)

        def _initialize(self, init_sequence):
            pygame.init()
            pygame.display.set_caption(self._caption)
            self._window = pygame.display.set_mode((self.width * self.scale,
                                                    self.height * self.scale))
            self.surface = pygame.Surface((self.width, self.height))
            self._pygame_screen = self.surface

        def _get_refresh_areas(self):
            areas = []
            for dirty in busdisplay.BusDisplay._get_refresh_areas(self):
                # the package's _refresh_area needs an even pixel count: widen to even columns.
                # A copy: the list holds the tile grids' own areas, and a widened one made its
                # grid read a column past its bitmap (stray glyph bits at 240x135 / 240x240)
                a = Area(dirty.x1 - (dirty.x1 & 1), dirty.y1, dirty.x2 + (dirty.x2 & 1),
                         dirty.y2)
                areas.append(a)
                w = min(a.x2, self.width) - max(a.x1, 0)
                h = min(a.y2, self.height) - max(a.y1, 0)
                if w > 0 and h > 0:
                    self.areas += 1
                    self.pixels += w * h
            return areas

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            if self._window is not None:
                pygame.transform.scale(self.surface, self._window.get_size(), self._window)
                pygame.display.flip()
            self.frames += 1

        def save(self, path, scale=1):
            """Save the native-size frame (or scaled up) as a PNG. The bytes go through
            Python's own file writes, so a full disk raises OSError (pygame's own writer
            leaves an empty file and says nothing); a cut file is removed."""
            surf = self.surface
            if scale != 1:
                surf = pygame.transform.scale(surf, (self.width * scale, self.height * scale))
            buf = io.BytesIO()
            pygame.image.save(surf, buf, os.path.basename(path))
            try:
                with open(path, "wb") as f:
                    f.write(buf.getvalue())
            except OSError:
                if os.path.exists(path):
                    os.remove(path)
                raise

    _display = SimDisplay()
    return _display


class PygameKeys:
    """Keyboard keys to logical buttons: poll(handler) -> handler(button, pressed)."""

    def __init__(self):
        import pygame
        from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
        self.pygame = pygame
        self.map = {pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT, pygame.K_UP: UP,
                    pygame.K_DOWN: DOWN, pygame.K_z: A, pygame.K_x: B,
                    pygame.K_RETURN: START, pygame.K_SPACE: SELECT}
        self.quit = False

    def poll(self, handler):
        pg = self.pygame
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                self.quit = True
            elif ev.type == pg.KEYDOWN or ev.type == pg.KEYUP:
                if ev.key == pg.K_ESCAPE:
                    self.quit = True
                b = self.map.get(ev.key)
                if b is not None:
                    handler(b, ev.type == pg.KEYDOWN)
