"""The computer player's garbage on CircuitPython's 32-bit build (a board's int and object sizes):
no allocation per searched node or per sampled hand, and none for a number the PRNG draws.

Up to commit 116b839 a HARD decision allocated up to 39 KB of garbage (mean 6-9 KB): every PRNG
step made long ints (84 bytes a draw), every sampled hand a list. Now each decision allocates
a few lists and tuples of its own (about 2 KB at most), whatever the number of nodes it searches.
"""
import os
import re
import subprocess

import pytest

from mpvm import ROOT, circuitpython

SCRIPT = os.path.join("tests", "vm", "mp_ai_alloc.py")


@pytest.mark.parametrize("preset", ["sixty-six", "schnapsen", "santase"])
def test_a_hard_decision_allocates_nothing_per_node_or_per_sample(preset):
    out = subprocess.run([circuitpython(32), "-X", "heapsize=256k", SCRIPT, preset, "2"],
                         cwd=ROOT, env=dict(os.environ, MICROPYPATH=".",
                                            CIRCUITPY_PYSTACK_SIZE="8192"),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    most, mean, nodes, most_nodes, rng = [int(x) for x in re.search(
        r"alloc max (\d+) mean (\d+) nodes (\d+) most_nodes (\d+) rng (\d+)", out.stdout).groups()]
    assert rng == 0  # 1,000 draws of the PRNG
    # the match has decisions of 2,000+ solver nodes (and 12 sampled hands a lead): a byte per
    # node or a list per sample would show far above this
    assert most_nodes > 2000, out.stdout
    assert most < 4096 and mean < 1024, out.stdout
