"""What each notice about the saves means for the player, under the notice itself.

Imported for a notice's screen (handheld.savepages.Notice) and at power-up (by
handheld.saveload), and dropped after.
"""
from handheld import store as stores

NOTICE_BAD_MATCH = "Saved match unreadable:\nstarting fresh"  # handheld.saveload's


def notice_lines(text):
    """The lines of a notice: its own words, then what it means for the player."""
    lines = text.split("\n")
    extra = {
        stores.NOTICE_READ_ONLY: "Play goes on, but nothing is kept after power-off.",
        stores.NOTICE_NO_STORAGE: "Play goes on, but nothing is kept after power-off.",
        stores.NOTICE_FULL: "Play goes on; new saves last until power-off.",
        stores.NOTICE_ERROR: "Play goes on; new saves last until power-off.",
        stores.NOTICE_NEWER: "A newer game can load it. Play goes on without it.",
        stores.NOTICE_DAMAGED: "It is replaced once you play something new.",
        stores.NOTICE_ONE_COPY: "Saves go on in nvm; a power cut while saving can lose them.",
        stores.NOTICE_ONE_COPY_DRIVE: "Saves go on in nvm; a power cut while saving can lose "
                                      "them.",
        stores.NOTICE_OLD_LAYOUT: "Saves work. Free 34 KB on the drive, then restart.",
        NOTICE_BAD_MATCH: "It is replaced once you play a trick.",
    }.get(text)
    if extra:
        lines.append("")
        lines.append(extra)
    return lines
