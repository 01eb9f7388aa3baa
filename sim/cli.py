"""Small helpers the desktop tools' command lines share."""
import argparse


def at_least_1(text):
    """argparse type: a whole number >= 1, else a message that quotes what was given."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError("must be a whole number >= 1, not %r" % text)
    return n
