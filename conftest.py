"""Puts the project root, lib/, tests/ and tests/support/ on sys.path, so tests import `engine`
and `handheld` as a board does, and the fakes and helpers of tests/support/ by name."""
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))


def _import_from_stdlib(names):
    """The board's entry point /code.py shadows the standard library's `code` (which pdb, and so
    pytest, imports): import those modules once with the project root off sys.path."""
    saved = sys.path[:]
    sys.path[:] = [p for p in saved if os.path.abspath(p or ".") != ROOT]
    try:
        for name in names:
            __import__(name)
    finally:
        sys.path[:] = saved


_import_from_stdlib(("code", "pdb"))
for path in (os.path.join(ROOT, "tests", "support"), os.path.join(ROOT, "tests"),
             os.path.join(ROOT, "lib"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)
