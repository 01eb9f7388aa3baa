"""CRC-32 without binascii, for a firmware that lacks binascii.crc32 (handheld.store uses it
there; imported only then, so a board with binascii never compiles it)."""


def crc32(data, c=0):
    """CRC-32 of data continuing from c (IEEE 802.3, reflected 0xEDB88320, as binascii.crc32),
    one nibble at a time over a 16-entry table: slow but small."""
    t = (0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158,
         0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4,
         0xA00AE278, 0xBDBDF21C)
    c ^= 0xFFFFFFFF
    for b in data:
        c = (c >> 4) ^ t[(c ^ b) & 15]
        c = (c >> 4) ^ t[(c ^ (b >> 4)) & 15]
    return c ^ 0xFFFFFFFF
