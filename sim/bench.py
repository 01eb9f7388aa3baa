"""Benchmarks: `python -m sim.bench <part> [options]`, one part per module sim/bench_<part>.py.

    python -m sim.bench engine   # rules engine: hands per second, MicroPython heap (issue 2)
    python -m sim.bench ai       # computer opponent (issue 3)
    python -m sim.bench app      # handheld app
    python -m sim.bench players  # desktop reference players: playouts and iterations per second
    python -m sim.bench pystack  # CircuitPython pystack the search and the app need
    python -m sim.bench saves    # flash models: erases per hand, lifetime, power cuts (issue 14)
    python -m sim.bench board    # the app on CircuitPython's 32-bit build: heap, pystack (issue 14)
    python -m sim.bench review   # a hand's review: work, SAMD51 seconds; the coach's heap (issue 17)
    python -m sim.bench screens  # reopening a screen whose modules were unloaded: SAMD51 delay

A part is a module with `main(argv)`; add one by adding it to PARTS.
"""
import sys

PARTS = {
    "engine": "sim.bench_engine",
    "ai": "sim.bench_ai",
    "app": "sim.bench_app",
    "players": "sim.bench_players",
    "pystack": "sim.bench_pystack",
    "saves": "sim.bench_saves",
    "board": "sim.bench_board",
    "review": "sim.bench_review",
    "screens": "sim.bench_screens",
}


def main(argv):
    if argv and argv[0] in ("-h", "--help"):  # asked for: the list of parts, exit 0
        print(__doc__)
        return 0
    if not argv or argv[0] not in PARTS:
        print("usage: python -m sim.bench {%s} [options]" % ",".join(PARTS), file=sys.stderr)
        if argv:
            print("python -m sim.bench: no part %r" % argv[0], file=sys.stderr)
        return 2
    module = __import__(PARTS[argv[0]], None, None, ["main"])
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
