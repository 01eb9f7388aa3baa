"""The app's imports (measured one by one) and the app built, for tests/vm/mp_app_check.py
after mp_app_setup.py: the check imports it, calls build() and drops it before the play (a
board runs no such code; code.py's own is a few lines)."""
import sys


def build(mark, o, g):
    """The app built from mp_app_setup.setup's o, marking the heap (mark(i): at[i], 4-8, see
    mp_app_check.py); sets app, loop, rng, buttons, a, root, hint, fail, pins and resume in
    g (the check's globals) for the play."""
    level, screens, fail, hint, board, root, nvm, store, keys, fx, resume = o
    mark(4)
    import engine.match  # noqa: F401  (the engine and the computer player first, as code.py,
    import engine.ai  # noqa: F401  so the app's own modules are counted apart)
    mark(5)
    from handheld.app import App
    from handheld.loop import Loop
    from handheld.buttons import LEFT, RIGHT, UP, DOWN, A, B, START, SELECT
    from engine.rng import Rng
    if screens:  # adafruit_display_text: not imported (the renderer draws text as tiles)
        from handheld.render import Renderer
    else:
        TextView = __import__("handheld.textview", None, None, ("TextView",)).TextView  # (its
        # names are interned in a text run only)
    mark(6)
    if root:  # as code.py: the store opens (here without `board`: after the app's modules),
        # then App() starts the saves
        from handheld import store as stores
        __import__("handheld.persist")  # App() imports it; here to count it
        if not board:
            store = stores.open_store(nvm=nvm, root=root + "/saves")
        if (store.load() is None) == resume:  # resume: what an earlier run left
            print("FAILED: %s: resume needs a save, else an empty folder" % root)
            sys.exit(1)
    mark(7)
    # a normal game's keys: not DOWN, which asks the coach for a hint (handheld.coachui,
    # imported only then; its heap is measured apart, see docs/coach.md)
    buttons = (B, B, B, B, B, B, A, A, LEFT, RIGHT, UP, START, SELECT) + ((DOWN, DOWN) if hint
                                                                           else ())
    app = App(seed=11, level=level, store=store, feedback=fx)
    # a PyGamer's screen, or `screen_size=WxH` (sim.bench board --size); no new names (they
    # would stay interned through the play, and move the figures: a text of more than 10
    # characters is none)
    x = [160, 128]
    for f in sys.argv[3:]:
        if f[:12] == "screen_size=":
            x = [int(n) for n in f[12:].split("x")]
    view = Renderer(None, x[0], x[1]) if screens else TextView()
    if fail:  # the view raises once, on its fifth update
        def update(x, n=[0], f=view.update):
            n[0] += 1
            if n[0] == 5:
                raise ValueError("injected by mp_app_check fail")
            return f(x)

        view.update = update
    loop = Loop(app, view, keys, feedback=fx)
    mark(8)
    g["app"] = app
    g["loop"] = loop
    g["rng"] = Rng(5)
    g["buttons"] = buttons
    g["a"] = [0, 0, 0, 0, list(sys.modules["displayio"].KINDS) if screens else None]
    g["root"] = root
    g["hint"] = hint
    g["fail"] = fail
    g["pins"] = sys.modules["vmboard"].pins if board else None
    g["resume"] = resume
