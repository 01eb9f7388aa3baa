"""The screen layout (numbers only) on CPython and the MicroPython VM: the same places for
every supported size and for sizes between and beyond them.

    MICROPYPATH=lib:tests/support micropython tests/vm/mp_layout_check.py
"""
from handheld.layout import layout

for w, h in ((160, 128), (240, 135), (240, 240), (200, 130), (320, 240), (96, 64), (240, 64)):
    try:
        lay = layout(w, h)
    except ValueError as e:
        print("size %dx%d -> refused: %s" % (w, h, e))
        continue
    print("size %dx%d -> %dx%d %r" % (w, h, lay[0], lay[1], lay))
print("OK")
