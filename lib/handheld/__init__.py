"""The Sixty-Six handheld app: screens, input, saves and board profiles (no rules here)."""


def unload(*names):
    """Let the modules `names` go: drop their `sys.modules` entries and their attributes on
    the parent packages, then gc.collect(). What still refers to a module's objects (a screen
    on the stack, a running function) keeps them alive; the next import loads it afresh.
    Only for modules no resident module holds (else the next import makes a second copy).

    Code needed at power-up only (handheld.powerup, boards, fxsetup, savelayout) or for a
    notice goes once used. The rule for screens, from measurements (docs/memory.md; `python -m
    sim.bench board`, and `python -m sim.bench screens` for the time): a rarely shown screen's
    modules (the rules help's texts, the review, the hint's) go when it closes, for they would
    sit in the heap during every computer search after it; opening it again imports them
    again, from .mpy a load (15-100 ms on a SAMD51), from .py a compile (20-320 ms) whose
    transient is 3-5 times the module's size. The menu, the hand's result and the save pages
    go too when precompiled; from .py they compile once, at the App's start, and stay (see
    handheld.menu). The save pages (a notice, the resume offer) go once closed, from .py too."""
    import gc
    import sys
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue
        i = name.rfind(".")
        parent = sys.modules.get(name[:i]) if i > 0 else None
        if parent is not None and hasattr(parent, name[i + 1:]):
            delattr(parent, name[i + 1:])
    gc.collect()
