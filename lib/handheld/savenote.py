"""What each notice about the saves says: its title (two lines of at most 26 columns), then
what it means for the player. A notice is a code (handheld.store's NOTICE_*, NOTICE_BAD_MATCH
here): its words are here alone, out of the heap but while a notice is made or shown.

Imported for a notice's screen (handheld.savepages.Notice) and at power-up (by
handheld.saveload), and dropped after.
"""
NOTICE_BAD_MATCH = 10  # handheld.saveload's (handheld.store's codes are 1-9), and 11 after
# it for the settings (no name of its own: a name is interned for good)


def notice_lines(code):
    """The lines of a notice: its own words, then what it means for the player."""
    off = "Play goes on, but nothing is kept after power-off."
    ram = "Play goes on; new saves last until power-off."
    one = "Saves go on in nvm; a power cut while saving can lose them."
    text, extra = (
        ("Saves off:\ndrive is read-only", off),  # NOTICE_READ_ONLY
        ("Saves off:\nno storage found", off),  # NOTICE_NO_STORAGE
        ("Not saved:\ndrive is full", ram),  # NOTICE_FULL
        ("Not saved:\nstorage error", ram),  # NOTICE_ERROR
        ("Save from a newer game:\nkept, not loaded",
         "A newer game can load it. Play goes on without it."),  # NOTICE_NEWER
        ("Old save damaged:\nstarting fresh",
         "It is replaced once you play something new."),  # NOTICE_DAMAGED
        ("One save copy only:\ndrive is read-only", one),  # NOTICE_ONE_COPY
        ("One save copy only:\ncannot write /saves", one),  # NOTICE_ONE_COPY_DRIVE
        ("Saves in the old layout:\nthe flash wears faster",
         "Saves work. Free 34 KB on the drive, then restart."),  # NOTICE_OLD_LAYOUT
        ("Saved match unreadable:\nstarting fresh",
         "It is replaced once you play a trick."),  # NOTICE_BAD_MATCH
        ("Saved settings unreadable:\nback to the defaults",
         "Statistics and the match are kept."),  # NOTICE_BAD_MATCH + 1
    )[code - 1]
    lines = text.split("\n")
    lines.append("")
    lines.append(extra)
    return lines
