"""sim/samd51.py (the SAMD51 time estimate) and sim/pystone.py (its reference) do the same work
on every interpreter the benches time: the same results on CPython, the MicroPython VM and,
where the team's build is at hand, CircuitPython's. No timing is asserted: speed is for the
benches (`python sim/samd51.py`)."""
import os
import subprocess
import sys

import pytest

from mpvm import CP_MISSING, circuitpython_path, micropython
from sim import pystone, samd51

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBE = ("import sys; sys.path.insert(0, 'sim'); import samd51, pystone; "
         "print(samd51.work(300)); pystone.pystones(200); print(pystone.check())")


def _here():
    pystone.pystones(200)
    return "%s\n%s" % (samd51.work(300), pystone.check())


def _on(cmd):
    r = subprocess.run(cmd + ["-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_the_workload_and_pystone_give_the_same_results_on_cpython_and_micropython():
    want = _here()
    # Dhrystone's own end state (its reference output, with enums counted from 1 here):
    # Int_Glob 5, Bool_Glob true, Ch_1 'A', Ch_2 'B', Arr_1[8] 7 (and [9] 7, [38] 8),
    # Arr_2[8][7] grown past 10, Ptr_Glob->Int_Comp 17, Ptr_Glob->Enum_Comp Ident_3
    assert want.split("\n")[1] == "(5, True, 'A', 'B', 7, 7, 8, True, 17, 3)"
    assert _on([micropython()]) == want


def test_and_on_circuitpython_where_its_unix_build_is_at_hand():
    want = _here()
    ran = 0
    for bits in (32, 64):
        exe = circuitpython_path(bits)
        if exe is not None:  # a clone has none; the two runs above still hold
            assert _on([exe]) == want
            ran += 1
    if not ran:
        pytest.skip(CP_MISSING)


def test_factor_is_this_machines_rate_over_the_boards():
    assert samd51.SAMD51_UNITS == samd51.PYSTONE_SAMD51 * samd51.UNITS_PER_PYSTONE
    r = samd51.rate(0.01)
    assert r > 0 and samd51.factor(0.01) > 0


def test_the_script_prints_the_factor():
    r = subprocess.run([sys.executable, "sim/samd51.py"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and "multiply seconds here by" in r.stdout
