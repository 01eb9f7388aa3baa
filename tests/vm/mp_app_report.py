"""What tests/vm/mp_app_check.py does after its play, the app gone (so that none of it sets the
heap the app needs): prints the figures (HEAP, DONE, HINTS, SAVES, SCREENS, the names), reads
the last save back, weighs the stand-ins, and exits 1 if a check failed. Imported only then
(the lines: mp_app_check.py's docstring)."""
import gc
import sys

import micropython


@micropython.native
def over(mark, k):
    """Bytes the stand-ins take over the firmware's objects, k[kind] of each kind (measured:
    16 of each kind built and weighed against displayio.C_BYTES)."""
    import displayio
    import vectorio
    bm, p = displayio.Bitmap(8, 8, 2), displayio.Palette(2)  # shared: a TileGrid or a Rectangle
    # is weighed without the Bitmap and Palette it draws
    total = 0
    for kind in range(5):
        a = [None] * 16
        c, b = displayio.C_BYTES, mark(10)
        for i in range(16):
            a[i] = (displayio.Bitmap(8, 8, 2) if kind == 0 else displayio.Palette(2) if kind == 1
                    else displayio.TileGrid(bm, pixel_shader=p) if kind == 2 else
                    displayio.Group() if kind == 3 else
                    vectorio.Rectangle(pixel_shader=p, width=4, height=4))
        total += k[kind] * ((mark(10) - b) - (displayio.C_BYTES - c)) // 16
    return total


@micropython.native
def report(mark, at, a, root, hint, pins):
    """The figures and the checks: at the marks, a the play's counters, a[5] what it kept of
    the app: [checks failed, hands, matches, errors, frames, falls, error] and with the saves
    [the store, writes, saves that raised], a[6] the live heap by screen (`live`) or None."""
    r = a[5]
    errors = r[0]
    base = at[1]
    board = pins is not None
    print("HEAP base=%d imports=%d app=%d peak=%d engine=%d saves=%d board=%d" % (
        base, at[7] - at[1], at[8] - at[7], at[9] - base, at[5] - at[4],
        (at[2] - at[1] if board else 0) + (at[7] - at[6]), at[3] - at[2] if board else 0))
    print("DONE hands=%d matches=%d errors=%d presses=%d frames=%d falls=%d" % (
        r[1], r[2], r[3], a[0], r[4], r[5]))
    if a[6]:  # `live`: the most live at a press, by screen kind (less base)
        print("LIVE " + " ".join("%d=%d" % (k, n - base) for k, n in enumerate(a[6]) if n))
    if hint:
        print("HINTS hands=%d" % a[1])
    gc.collect()
    if root:  # the last write read back, as after a power cut: a new Store over the same
        # copies (files and nvm; open_store again would compile handheld.savelayout, which a
        # board does at power-up only), handheld.store loaded again; the last payload is in
        # the store's record buffer, from byte 12
        from handheld.store import Store
        s, writes = r[7], r[8]
        back = Store(s.copies, s.kind).load() == bytes(memoryview(s.buf)[12:12 + s._n])
        print("SAVES writes=%d kind=%s idle=%d errors=%d" % (writes, s.kind, a[2], r[9]))
        if s.kind != "files+nvm" or not back or writes < r[1] or not a[2] or r[9]:
            print("SAVES FAILED: kind %s, the last write %s, %d writes for %d hands, %d paused, "
                  "%d raised" % (s.kind, "was read back" if back else "was not read back",
                                 writes, r[1], a[2], r[9]))
            errors += 1
    if a[4] is not None:  # the screens
        import displayio
        print("SCREENS c=%d objects=%d fakes=%d labels=0 excess=%d" % (
            displayio.C_BYTES, sum(displayio.KINDS), at[1] - at[0], over(mark, a[4])))
    if hasattr(micropython, "qstr_info"):  # the names interned (`qstr pool: ... n_qstr=<n>`):
        # for good, in pools that double (CircuitPython: 1,280 at 1,261); `names`: each listed
        micropython.qstr_info(1 if "names" in sys.argv[3:] else 0)
    if errors:
        print("FAILED: errors=%d idle alloc=%d matches=%d: %s" % (r[3], a[3], r[2], r[6]))
        sys.exit(1)
