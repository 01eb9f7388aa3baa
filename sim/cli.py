"""Small helpers the desktop tools' command lines share."""
import argparse
import os


def at_least_1(text):
    """argparse type: a whole number >= 1, else a message that quotes what was given."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError("must be a whole number >= 1, not %r" % text)
    return n


def write_problem(folder):
    """None if a file can be written in folder, else why not: a probe file written and removed
    (os.access answers yes to root on a read-only folder)."""
    probe = os.path.join(folder, ".sim-probe")
    try:
        with open(probe, "wb") as f:
            f.write(b"probe")
        os.remove(probe)
    except OSError as e:
        return e.strerror or str(e)
    return None


def replace_file(path, data):
    """Write bytes data to path whole or not at all: a temporary file beside it, then renamed
    over it (a full disk leaves the old file as it was)."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def pool_size(jobs, tasks):
    """Worker processes for `tasks` tasks when `jobs` are asked: never more than the tasks, nor
    than 4 a core (a mistyped --jobs 99999 would start that many processes)."""
    return max(1, min(jobs, tasks, 4 * (os.cpu_count() or 1)))
