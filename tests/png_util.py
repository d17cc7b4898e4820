"""PNG bytes for tests that feed pictures to the map loaders."""
from __future__ import annotations


def _png_header(w: int, h: int) -> bytes:
    """The first bytes of a PNG (signature + IHDR) declaring a w x h greyscale picture, no pixel data."""
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
