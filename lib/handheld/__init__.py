"""The Sixty-Six handheld app: screens, input, saves and board profiles (no rules here)."""


def unload(name):
    """Drop module `name` ("handheld.savelayout": code needed at power-up, or for a notice):
    once nothing else holds it, its code leaves the heap at the next collection (done here)."""
    import gc
    import sys
    sys.modules.pop(name, None)
    pkg = sys.modules.get("handheld")
    name = name[9:]  # its attribute on the package
    if pkg is not None and hasattr(pkg, name):
        delattr(pkg, name)
    gc.collect()
