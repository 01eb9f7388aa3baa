"""Desktop tools: the simulator, benches and arenas. Puts the project root and lib/ on sys.path,
so `handheld` and `engine` import as they do on a board."""
import os as _os
import sys as _sys

_ROOT = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
for _p in (_os.path.join(_ROOT, "lib"), _ROOT):
    if _p not in _sys.path:
        _sys.path.insert(0, _p)
