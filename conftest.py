"""Puts the project root and lib/ on sys.path, so tests import `engine` and the app as on a board."""
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
for path in (ROOT, os.path.join(ROOT, "lib"), os.path.join(ROOT, "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)
