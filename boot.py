"""Power-up: hold SELECT (PyGamer, PyBadge), B (CLUE) or D1 (Feather ESP32-S3 Reverse TFT)
to keep CIRCUITPY writable over USB; otherwise the game may write its saves. docs/devices.md"""
try:
    from handheld import bootmode

    bootmode.run()
except Exception as e:  # never keep the board from starting
    print("boot.py:", repr(e))
