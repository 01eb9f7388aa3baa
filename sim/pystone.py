"""Pystone, written for this project: the reference that sim/samd51.py calibrates against.

Pystone is Reinhold Weicker's Dhrystone 1.1 benchmark in Python form (Guido van Rossum's
translation, version 1.2 as MicroPython's pystone_lowmem runs it). This file is an independent
rewrite of that algorithm: the same records, procedures, loop body and arithmetic, so one pass
here costs what one pass of the usual pystone costs, and "pystones per second" mean the same.
It runs unchanged on CPython, MicroPython and CircuitPython.

    python sim/pystone.py [LOOPS]          pystones/s on CPython
    micropython sim/pystone.py [LOOPS]     the same on another interpreter

`pystones(loops)` returns (seconds, pystones per second); the empty loop's time is taken off,
as the original does. `check()` is the state after a run, equal on every interpreter.
"""
import time

try:
    _perf = time.perf_counter
except AttributeError:  # MicroPython, CircuitPython's unix build: microsecond ticks
    _perf = None


def clock():
    """A reading for since(): seconds on CPython, wrapping microsecond ticks elsewhere."""
    if _perf is not None:
        return _perf()
    return time.ticks_us()


def since(start):
    """Seconds from the clock() reading `start` to now (ticks_diff copes with the wrap)."""
    if _perf is not None:
        return _perf() - start
    return time.ticks_diff(time.ticks_us(), start) / 1e6


IDENT1, IDENT2, IDENT3, IDENT4, IDENT5 = 1, 2, 3, 4, 5


class Record:
    def __init__(self, ptr=None, discr=0, enum=0, num=0, text=""):
        self.ptr = ptr
        self.discr = discr
        self.enum = enum
        self.num = num
        self.text = text

    def copy(self):
        return Record(self.ptr, self.discr, self.enum, self.num, self.text)


int_glob = 0
bool_glob = False
char1_glob = "\0"
char2_glob = "\0"
array1_glob = [0] * 51
array2_glob = [[0] * 51 for _ in range(51)]
ptr_glob = None
ptr_glob_next = None


def proc0(loops):
    global int_glob, bool_glob, char1_glob, char2_glob, ptr_glob, ptr_glob_next
    start = clock()
    for _ in range(loops):
        pass
    empty = since(start)

    ptr_glob_next = Record()
    ptr_glob = Record(ptr_glob_next, IDENT1, IDENT3, 40, "DHRYSTONE PROGRAM, SOME STRING")
    string1 = "DHRYSTONE PROGRAM, 1'ST STRING"
    array2_glob[8][7] = 10

    start = clock()
    for _ in range(loops):
        proc5()
        proc4()
        int1 = 2
        int2 = 3
        string2 = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum = IDENT2
        bool_glob = not func2(string1, string2)
        while int1 < int2:
            int3 = 5 * int1 - int2
            int3 = proc7(int1, int2)
            int1 = int1 + 1
        proc8(array1_glob, array2_glob, int1, int3)
        ptr_glob = proc1(ptr_glob)
        char = "A"
        while char <= char2_glob:
            if enum == func1(char, "C"):
                enum = proc6(IDENT1)
            char = chr(ord(char) + 1)
        int3 = int2 * int1
        int2 = int3 // int1
        int2 = 7 * (int3 - int2) - int1
        int1 = proc2(int1)
    spent = since(start) - empty
    return spent, (loops / spent if spent > 0 else 0.0)


def proc1(rec):
    nxt = ptr_glob.copy()
    rec.ptr = nxt
    rec.num = 5
    nxt.num = rec.num
    nxt.ptr = rec.ptr
    nxt.ptr = proc3(nxt.ptr)
    if nxt.discr == IDENT1:
        nxt.num = 6
        nxt.enum = proc6(rec.enum)
        nxt.ptr = ptr_glob.ptr
        nxt.num = proc7(nxt.num, 10)
    else:
        rec = nxt.copy()
    nxt.ptr = None
    return rec


def proc2(value):
    loc = value + 10
    while True:
        if char1_glob == "A":
            loc = loc - 1
            value = loc - int_glob
            enum = IDENT1
        if enum == IDENT1:
            break
    return value


def proc3(out):
    global int_glob
    if ptr_glob is not None:
        out = ptr_glob.ptr
    else:
        int_glob = 100
    ptr_glob.num = proc7(10, int_glob)
    return out


def proc4():
    global char2_glob
    flag = char1_glob == "A"
    flag = flag or bool_glob
    char2_glob = "B"


def proc5():
    global char1_glob, bool_glob
    char1_glob = "A"
    bool_glob = False


def proc6(enum_in):
    enum_out = enum_in
    if not func3(enum_in):
        enum_out = IDENT4
    if enum_in == IDENT1:
        enum_out = IDENT1
    elif enum_in == IDENT2:
        enum_out = IDENT1 if int_glob > 100 else IDENT4
    elif enum_in == IDENT3:
        enum_out = IDENT2
    elif enum_in == IDENT4:
        pass
    elif enum_in == IDENT5:
        enum_out = IDENT3
    return enum_out


def proc7(a, b):
    loc = a + 2
    return b + loc


def proc8(array1, array2, a, b):
    global int_glob
    loc = a + 5
    array1[loc] = b
    array1[loc + 1] = array1[loc]
    array1[loc + 30] = loc
    for i in range(loc, loc + 2):
        array2[loc][i] = loc
    array2[loc][loc - 1] = array2[loc][loc - 1] + 1
    array2[loc + 20][loc] = array1[loc]
    int_glob = 5


def func1(c1, c2):
    loc1 = c1
    loc2 = loc1
    if loc2 != c2:
        return IDENT1
    return IDENT2


def func2(s1, s2):
    i = 1
    while i <= 1:
        if func1(s1[i], s2[i + 1]) == IDENT1:
            char = "A"
            i = i + 1
    if "W" <= char <= "Z":
        i = 7
    if char == "X":
        return True
    if s1 > s2:
        i = i + 7
        return True
    return False


def func3(enum_in):
    return enum_in == IDENT3


def pystones(loops=500):
    """(seconds, pystones per second) for `loops` passes."""
    return proc0(loops)


def check():
    """The globals a run leaves behind (the same on every interpreter)."""
    return (int_glob, bool_glob, char1_glob, char2_glob, array1_glob[8], array1_glob[9],
            array1_glob[38], array2_glob[8][7] > 10, ptr_glob.num, ptr_glob.enum)


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    t, rate = pystones(n)
    print("Pystone(1.2) time for %d passes = %.3f s" % (n, t))
    print("This machine benchmarks at %d pystones/second" % rate)
