"""The desktop tools also run on PyPy (Debian's pypy3: Python 3.9; docs/ai.md),
so the code they import keeps to Python 3.9's grammar. A check of the syntax only, as far as
ast's feature_version goes (it refuses `match`, not every newer form); docs/ai.md's PyPy
figures were measured by running the tools on it."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _sources():
    for top in ("engine", "lib", "sim"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            for name in sorted(names):
                if name.endswith(".py"):
                    yield os.path.relpath(os.path.join(folder, name), ROOT)
    yield "code.py"
    yield "boot.py"


@pytest.mark.parametrize("rel", sorted(_sources()))
def test_parses_as_python_3_9(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        ast.parse(f.read(), filename=rel, feature_version=(3, 9))
