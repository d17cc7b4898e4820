"""A picture of the reconstructed 辛亥革命 map (docs): ``python -m engine.xinhai.mapimage OUT.png``.

Drawn with Pillow from assets/xinhai/map.toml and the historical set-up; no pygame or GL.
"""
from __future__ import annotations

import math
import sys

from PIL import Image, ImageDraw

from engine.xinhai import new_game
from engine.xinhai.hexgrid import label

COLOURS = {".": (196, 222, 160), "C": (236, 200, 120), "S": (200, 190, 170), "H": (170, 140, 100),
           "X": (170, 120, 200), "R": (220, 200, 235), "L": (235, 240, 245), "Y": (110, 160, 220),
           "r": (150, 170, 230), "W": (245, 248, 250)}


def draw(path: str, size: int = 34) -> None:
    """Write the map with the historical start positions to ``path`` (PNG)."""
    g = new_game(setup="historical", seed=0)
    m = g.R.map
    w = int(1.5 * size * (m.width - 1) + 2 * size) + 20
    hgt = int(math.sqrt(3) * size * (m.height + 0.5)) + 20
    img = Image.new("RGB", (w, hgt), (255, 255, 255))
    d = ImageDraw.Draw(img)

    def centre(h):
        c, r = h
        x = 10 + size + 1.5 * size * c
        y = hgt - 10 - math.sqrt(3) * size * (r + 0.5 + 0.5 * (c & 1))
        return x, y

    for h, t in m.terrain.items():
        x, y = centre(h)
        pts = [(x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k))) for k in range(6)]
        d.polygon(pts, fill=COLOURS[t], outline=(90, 90, 90))
        d.text((x - 10, y - size * 0.8), label(h), fill=(60, 60, 60))
        if t == "C":
            d.rectangle((x - 5, y + 8, x + 5, y + 14), outline=(200, 0, 0))
    for u in g.board.units.values():
        x, y = centre(u.hex)
        col = (200, 30, 30) if u.side == "rev" else (30, 60, 200)
        d.rectangle((x - 11, y - 9, x + 11, y + 9), fill=col)
        d.text((x - 8, y - 6), {"infantry": "in", "cavalry": "cv", "artillery": "ar", "fleet": "fl"}[u.kind],
               fill=(255, 255, 255))
    img.save(path)


def main(argv=None) -> int:
    """Draw the map into the file the command line names; a bad argument prints one line, exit 2."""
    args = sys.argv[1:] if argv is None else list(argv)
    prog = "python -m engine.xinhai.mapimage"
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(f"{prog}: error: one argument, the picture's file name (e.g. xinhai_map.png)", file=sys.stderr)
        return 2
    try:
        draw(args[0] if args else "xinhai_map.png")
    except (ValueError, KeyError, OSError) as e:  # Pillow: unknown extension, a folder, no permission
        print(f"{prog}: error: {args[0] if args else 'xinhai_map.png'}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
