"""A stand-in `terminalio` for the VMs (see displayio.py here): FONT, the 6x12 built-in font."""
import fontio

FONT = fontio.BuiltinFont(6, 12)
