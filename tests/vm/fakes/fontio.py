"""A stand-in `fontio` for the VMs (see displayio.py here): BuiltinFont, defined in
terminalio.py (the font's only user on the app's path)."""
from terminalio import BuiltinFont  # noqa: F401
