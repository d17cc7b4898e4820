"""A demo board with every feature of the board model, drawn headlessly to PNG by either renderer:

    python -m client.boards.demo -o demo.png [--renderer flat|gl] [--hex] [--size 1000x800] [--pitch 90]

Square and round pieces, a face-down counter, a stack of three, facing arrows, terrain colours and
icons, a river and palace/border edges, cell labels, fire/disorder/trench markers and two tracks;
on a hex board (``--hex``). The render tests draw the same views.
"""
from __future__ import annotations

import argparse

import moderngl
import numpy as np
import pygame
from PIL import Image

from client.boards.geometry import HexGeometry, SquareGeometry
from client.boards.model import BoardView, Edge, Piece, Track
from client.cli_args import OneLineParser, png_path, size_type
from client.render.flat_board import FlatBoardRenderer
from client.render.gl_board import BoardCamera, GLBoardRenderer

RED, BLUE = (0.78, 0.12, 0.10), (0.12, 0.30, 0.72)
KHAKI, GREY = (0.86, 0.80, 0.60), (0.80, 0.80, 0.82)
FOREST, HILL, WATER = (0.42, 0.60, 0.34), (0.66, 0.56, 0.40), (0.45, 0.64, 0.86)


def demo_view(hexes: bool = False) -> BoardView:
    """The demo board (see the module docstring)."""
    g = HexGeometry(7, 10) if hexes else SquareGeometry(6, 8)
    v = BoardView(g)
    p = v.pieces
    p.append(Piece((1, 1), "步", RED, body=KHAKI, side=0, shape="square", facing=0, value="4"))
    p.append(Piece((1, 2), "马", BLUE, body=GREY, side=1, shape="square", facing=3 if hexes else 4, value="6"))
    p.append(Piece((2, 4), "", RED, ring=RED, shape="square", face_down=True, back=(0.25, 0.40, 0.30),
                   back_glyph="?"))
    for i, ch in enumerate("一二三"):  # a stack of three counters on one cell
        p.append(Piece((3, 2), ch, RED, body=KHAKI, side=0, shape="square", facing=i))
    p.append(Piece((4, 5), "炮", BLUE, side=1, facing=1))  # a round token with an arrow
    for cell in ((0, 4), (0, 5), (1, 5)):
        v.tints[cell] = FOREST
        v.icons[cell] = "野"
    v.tints[(4, 1)] = HILL
    v.icons[(4, 1)] = "山"
    v.tints[(5, 6)] = WATER
    v.labels[(0, 0)] = g.name((0, 0))
    v.labels[(0, 7)] = g.name((0, 7))
    v.labels[(2, 6)] = "洛阳"
    if hexes:
        v.edges += [Edge((2, 0), (2, 1), "river"), Edge((2, 1), (3, 1), "river"), Edge((2, 1), (3, 2), "river"),
                    Edge((4, 3), (4, 4), "border")]
    else:
        v.edges += [Edge((2, 0), (3, 0), "river"), Edge((2, 1), (3, 1), "river"), Edge((2, 5), (2, 6), "palace"),
                    Edge((1, 6), (2, 6), "palace"), Edge((4, 3), (4, 4), "border")]
    v.markers[(1, 1)] = ("fire",)
    v.markers[(4, 4)] = ("disorder", "trench")
    v.markers[(5, 2)] = ("trench",)
    v.marks[(4, 4)] = "move"
    v.tracks = [Track("行动", 0, 8, 5, RED), Track("回合", 1, 8, 3, BLUE)]
    return v


def render(view: BoardView, renderer: str, size=(1000, 800), pitch: float = 90.0):
    """The picture (H, W, 3) uint8 of ``view`` drawn by ``renderer`` (flat: pygame; gl: EGL standalone)."""
    w, h = size
    if renderer == "flat":
        pygame.font.init()
        surf = pygame.Surface((w, h))
        r = FlatBoardRenderer()
        surf.fill((23, 25, 30))
        r.render(surf, view, surf.get_rect())
        return np.ascontiguousarray(pygame.surfarray.array3d(surf).transpose(1, 0, 2)), r
    pygame.font.init()
    ctx = moderngl.create_standalone_context(backend="egl")
    r = GLBoardRenderer(ctx, w, h)
    cam = BoardCamera(view.bounds(), pitch=pitch)
    cam.set_viewport((w, h), (0, 0, w, h))
    r.draw(view, cam)
    return r.screenshot(), (r, cam)


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m client.boards.demo", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--renderer", choices=("flat", "gl"), default="flat")
    ap.add_argument("--hex", action="store_true")
    ap.add_argument("--size", type=size_type, default=(1000, 800))
    ap.add_argument("--pitch", type=float, default=90.0)
    args = ap.parse_args(argv)
    if not 0.0 <= args.pitch <= 90.0:
        ap.error(f"--pitch {args.pitch}: degrees 0..90")
    try:
        png_path(args.out, "--out")
    except ValueError as e:
        ap.error(str(e))
    w, h = args.size
    img, _ = render(demo_view(args.hex), args.renderer, (w, h), args.pitch)
    try:
        Image.fromarray(img).save(args.out)
    except (ValueError, OSError) as e:  # Pillow: an unknown extension; the disk
        ap.error(f"--out {args.out}: {e}")
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
