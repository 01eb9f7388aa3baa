"""Module paths in a VM run on a board's files (tests/support/mpvm.run_board, sim.bench_board):
prints the `__file__` of a module from the drive's root, of one from its lib, of the harness's
stand-in and of a helper of tests/vm/mp_app_check.py, found as that script finds it (its own
folder moved last on sys.path); each path is a name interned for good."""
import sys

sys.path.append(sys.path.pop(0))  # as tests/vm/mp_app_check.py
import engine.rng  # noqa: E402
import handheld.buttons  # noqa: E402
import vmboard  # noqa: E402

print("PATH", sys.path[:-1])
for m in (engine.rng, handheld.buttons, vmboard, __import__("mp_app_setup")):
    print("FILE", m.__file__)
