"""The set-up of tests/vm/mp_app_check.py, before the app's imports: the arguments, the
stand-ins (C modules on a board) and code.py's PyGamer (`board`). The check imports it, calls
setup() and drops it, before it imports tests/vm/mp_app_build.py (the app's imports and the app
built): a board runs no such code, so none of it is on the heap while the app is imported and
plays (the arguments and the figures: mp_app_check.py's docstring)."""
import sys


def setup(mark):
    """The stand-ins and the board, marking the heap (mark(i): at[i], 0-3, see
    mp_app_check.py); returns what mp_app_build.build needs."""
    mark(0)
    a = sys.argv
    level = int(a[1]) if len(a) > 1 else 0
    screens = len(a) > 2 and a[2] == "screens"
    fail = "fail" in a[3:]
    hint = "hint" in a[3:]  # DOWN among the keys: the coach's hints, on the VM's heap
    board = "board" in a[3:]  # code.py's board profile, input and feedback (PyGamer)
    resume = "resume" in a[3:]  # the store holds a match in progress: Continue first
    root = None  # the folder of the saves' nvm file and drive copy (store=DIR)
    for p in a[3:]:
        if p.startswith("store="):
            root = p[6:]
    if (board or resume) and not root:
        print("FAILED: board and resume need store=DIR (the board's nvm)")
        sys.exit(2)
    for p in ("lib", "."):
        if p not in sys.path:
            sys.path.append(p)
    if screens:  # C modules on a board: their stand-ins' code first, counted apart (`fakes`)
        import displayio
        import terminalio, vectorio, bitmaptools  # noqa: E401,F401  (fontio: not imported)
    if root:  # nvm's stand-in (a file: a board's nvm is not on the heap); with `board` the
        import vmboard  # rest of a PyGamer's hardware modules (C on a board): first too
        nvm = vmboard.FileNvm(root + "/nvm.bin", 8192)
        if board:
            vmboard.setup(nvm)
    mark(1)
    import micropython
    if hasattr(micropython, "qstr_info"):  # the names interned so far (the first `qstr pool`
        micropython.qstr_info()  # line)
    store = keys = fx = None
    if board:  # as code.py on a PyGamer, before the app's modules: handheld.powerup (the
        # pystack check, the profile, its keys, the feedback, the store), then dropped
        from handheld import store as stores  # noqa: F401  (detection reads its NVM_MIN)
        mark(2)
        from handheld import powerup
        keys, fx, store = powerup.start(sys.modules["board"], root + "/saves")  # as code.py
        powerup = None
        import handheld
        handheld.unload("handheld.powerup")
        mark(3)  # (the store's objects counted with the board's)
    return (level, screens, fail, hint, board, root, nvm if root else None, store, keys, fx,
            resume)
