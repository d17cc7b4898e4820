"""The 225-point cross board of 三国演弈 (rulings K1, K1a), loaded and validated from assets/sanguo/layout.toml.

Points are numbered ``y * 17 + x`` on the 17x17 grid (column ``x`` from the west edge,
row ``y`` from the north edge); the four 4x4 corners are not points. Cells are named
like chess squares for the client and saves: column letters ``a``-``q`` west to east,
row numbers ``1``-``17`` south to north (so the 魏 ruler stands on ``i17``).

Kingdoms are numbered by seat in turn order (K3): 0 吴 (east), 1 魏 (north),
2 蜀 (south); 3 is the neutral 汉 (west). Each kingdom counts lines 1-17 from its own
edge and files 1-17 from its own right (K1); :meth:`Layout.file` and
:meth:`Layout.line` give a point's file and line in any kingdom's frame.

This module keeps its own small grid code: the shared engine/grids package had not
landed when the game was written.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA_PATH = Path(__file__).resolve().parents[2] / "assets" / "sanguo" / "layout.toml"

WU, WEI, SHU, HAN = 0, 1, 2, 3
RULER, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, PAWN, EMPEROR = (
    "ruler", "advisor", "elephant", "chariot", "horse", "cannon", "pawn", "emperor")
KINDS = (RULER, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, PAWN, EMPEROR)
HIDDEN_KINDS = (CHARIOT, HORSE, CANNON, PAWN)  # the kinds dealt face down in 揭棋 (K7)
SIDES = {"north": (0, 1), "south": (0, -1), "east": (-1, 0), "west": (1, 0)}  # side -> forward step
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


class LayoutError(ValueError):
    """The layout data file is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class Layout:
    """Every fact of the board the rules need, with move tables precomputed."""

    n: int
    on: tuple[bool, ...]  # point index -> is a point of the board
    points: tuple[int, ...]  # the 225 point indices
    names: dict  # index -> "i17"
    index: dict  # "i17" -> index
    sides: tuple[str, ...]  # kingdom -> side (north/south/east/west)
    zh: tuple[str, ...]  # kingdom -> Chinese name (吴 魏 蜀 汉)
    en: tuple[str, ...]
    keys: tuple[str, ...]  # kingdom -> key (wu wei shu han)
    kind_zh: dict  # kind -> 车 ...
    kind_en: dict
    value: dict  # kind -> material value
    setup: tuple[tuple[int, int, str], ...]  # (point, kingdom, kind) of the standard set-up
    emperor: int
    han_points: tuple[tuple[int, str], ...]  # (point, kind) of the Han 车 and 炮
    alliance: tuple[int, ...]  # kingdom 0..2 -> its alliance point
    defence_line: int
    border_line: int
    palace: tuple[frozenset, ...]  # kingdom 0..2 -> palace points
    territory: tuple[frozenset, ...]  # kingdom 0..2 -> the elephant's points
    quiet_limit: int
    repetitions: int
    rays: tuple  # index -> 4 tuples of points outwards (E, W, S, N in grid terms)
    knight: tuple  # index -> horse targets
    elephant: tuple  # kingdom -> index -> targets
    advisor: tuple  # kingdom -> index -> targets
    ruler: tuple  # kingdom -> index -> targets
    pawn: tuple  # kingdom -> index -> targets (forward; sideways where allowed)
    pawn_free: tuple  # kingdom -> index -> targets of a revealed or absorbed pawn (K10: sideways on line 5 too)

    # ------------------------------------------------------------------ frames
    def xy(self, i: int) -> tuple[int, int]:
        return i % self.n, i // self.n

    def at(self, x: int, y: int) -> int:
        """The point at (x, y), or -1 off the board."""
        n = self.n
        if 0 <= x < n and 0 <= y < n and self.on[y * n + x]:
            return y * n + x
        return -1

    def file(self, k: int, i: int) -> int:
        """File 1..17 of point ``i`` counted from kingdom ``k``'s right (K1)."""
        x, y = self.xy(i)
        side = self.sides[k]
        return {"north": x + 1, "south": self.n - x, "east": y + 1, "west": self.n - y}[side]

    def line(self, k: int, i: int) -> int:
        """Line 1..17 of point ``i`` counted from kingdom ``k``'s own edge (K1)."""
        x, y = self.xy(i)
        side = self.sides[k]
        return {"north": y + 1, "south": self.n - y, "east": self.n - x, "west": x + 1}[side]

    def from_frame(self, k: int, file: int, line: int) -> int:
        """The point at ``file``/``line`` in kingdom ``k``'s frame, or -1 if there is none."""
        n = self.n
        side = self.sides[k]
        if side == "north":
            x, y = file - 1, line - 1
        elif side == "south":
            x, y = n - file, n - line
        elif side == "east":
            x, y = n - line, file - 1
        else:
            x, y = line - 1, n - file
        return self.at(x, y)

    def name(self, i: int) -> str:
        return self.names[i]


def _cell_name(n: int, x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{n - y}"


def _need(d: dict, key: str, typ, where: str):
    if key not in d:
        raise LayoutError(f"{DATA_PATH.name}: {where} lacks {key!r}")
    v = d[key]
    if not isinstance(v, typ) or isinstance(v, bool):
        raise LayoutError(f"{DATA_PATH.name}: {where}.{key} has the wrong type ({v!r})")
    return v


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The board described by assets/sanguo/layout.toml (LayoutError if it is not consistent)."""
    try:
        raw = tomllib.loads(DATA_PATH.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise LayoutError(f"{DATA_PATH.name}: {e}") from None
    return build(raw)


def build(raw: dict) -> Layout:
    """A :class:`Layout` from the parsed data file (validated)."""
    n = _need(raw, "size", int, "layout")
    c = _need(raw, "corner", int, "layout")
    if not (5 <= n <= 31 and 0 < c < n // 2):
        raise LayoutError(f"{DATA_PATH.name}: size {n} / corner {c} is not a cross board")
    on = tuple(not ((x < c or x >= n - c) and (y < c or y >= n - c)) for y in range(n) for x in range(n))
    points = tuple(i for i in range(n * n) if on[i])
    names = {i: _cell_name(n, i % n, i // n) for i in points}
    index = {v: k for k, v in names.items()}

    kingdoms = _need(raw, "kingdom", list, "layout")
    if len(kingdoms) != 3:
        raise LayoutError(f"{DATA_PATH.name}: three kingdoms are needed, got {len(kingdoms)}")
    han = _need(raw, "han", dict, "layout")
    sides, zh, en, keys = [], [], [], []
    for t in kingdoms + [dict(han, key="han")]:
        side = _need(t, "side", str, "kingdom")
        if side not in SIDES:
            raise LayoutError(f"{DATA_PATH.name}: unknown side {side!r}")
        sides.append(side)
        zh.append(_need(t, "zh", str, "kingdom"))
        en.append(_need(t, "en", str, "kingdom"))
        keys.append(_need(t, "key", str, "kingdom"))
    if len(set(sides)) != 4:
        raise LayoutError(f"{DATA_PATH.name}: the four sides must differ")

    kinds = _need(raw, "kinds", dict, "layout")
    if set(kinds) != set(KINDS):
        raise LayoutError(f"{DATA_PATH.name}: kinds must be exactly {KINDS}")
    kind_zh = {k: _need(kinds[k], "zh", str, f"kinds.{k}") for k in KINDS}
    kind_en = {k: _need(kinds[k], "en", str, f"kinds.{k}") for k in KINDS}
    value = {k: float(_need(kinds[k], "value", (int, float), f"kinds.{k}")) for k in KINDS}

    s = _need(raw, "setup", dict, "layout")
    back_files = _need(s, "back_files", list, "setup")
    back_pieces = _need(s, "back_pieces", list, "setup")
    if len(back_files) != len(back_pieces) or any(p not in KINDS for p in back_pieces):
        raise LayoutError(f"{DATA_PATH.name}: setup.back_files and back_pieces do not match")

    # a frame-aware helper before the Layout exists
    def pt(k: int, f: int, ln: int) -> int:
        side = sides[k]
        x, y = {"north": (f - 1, ln - 1), "south": (n - f, n - ln), "east": (n - ln, f - 1),
                "west": (ln - 1, n - f)}[side]
        if not (0 <= x < n and 0 <= y < n and on[y * n + x]):
            raise LayoutError(f"{DATA_PATH.name}: file {f} line {ln} of {keys[k]} is not a point")
        return y * n + x

    setup = []
    for k in range(3):
        bl = _need(s, "back_line", int, "setup")
        for f, kind in zip(back_files, back_pieces):
            setup.append((pt(k, f, bl), k, kind))
        for f in _need(s, "cannon_files", list, "setup"):
            setup.append((pt(k, f, _need(s, "cannon_line", int, "setup")), k, CANNON))
        for f in _need(s, "pawn_files", list, "setup"):
            setup.append((pt(k, f, _need(s, "pawn_line", int, "setup")), k, PAWN))

    def xy_point(v, what: str) -> int:
        if not (isinstance(v, list) and len(v) == 2 and all(isinstance(a, int) for a in v)):
            raise LayoutError(f"{DATA_PATH.name}: {what} must be [column, row]")
        x, y = v
        if not (0 <= x < n and 0 <= y < n and on[y * n + x]):
            raise LayoutError(f"{DATA_PATH.name}: {what} {v} is not a point")
        return y * n + x

    emperor = xy_point(_need(han, "emperor", list, "han"), "han.emperor")
    han_points = [(xy_point(v, "han.chariots"), CHARIOT) for v in _need(han, "chariots", list, "han")]
    han_points.append((xy_point(_need(han, "cannon", list, "han"), "han.cannon"), CANNON))
    ap = _need(raw, "alliance_points", dict, "layout")
    alliance = tuple(xy_point(_need(ap, keys[k], list, "alliance_points"), f"alliance_points.{keys[k]}")
                     for k in range(3))
    occupied = [p for p, _, _ in setup] + [emperor] + [p for p, _ in han_points]
    if len(set(occupied)) != len(occupied):
        raise LayoutError(f"{DATA_PATH.name}: two pieces share a point")
    if set(alliance) & set(occupied):
        raise LayoutError(f"{DATA_PATH.name}: an alliance point is occupied at the start")

    pf, pl = _need(s, "palace_files", list, "setup"), _need(s, "palace_lines", list, "setup")
    tf = _need(s, "territory_files", list, "setup")
    border = _need(s, "border_line", int, "setup")
    defence = _need(s, "defence_line", int, "setup")
    palace = tuple(frozenset(pt(k, f, ln) for f in range(pf[0], pf[1] + 1) for ln in range(pl[0], pl[1] + 1))
                   for k in range(3))
    territory = tuple(frozenset(pt(k, f, ln) for f in range(tf[0], tf[1] + 1) for ln in range(1, border + 1))
                      for k in range(3))

    def at(x, y):
        return y * n + x if 0 <= x < n and 0 <= y < n and on[y * n + x] else -1

    def line_of(k, i):
        x, y = i % n, i // n
        return {"north": y + 1, "south": n - y, "east": n - x, "west": x + 1}[sides[k]]

    rays, knight = {}, {}
    elephant = [{} for _ in range(3)]
    advisor = [{} for _ in range(3)]
    ruler = [{} for _ in range(3)]
    pawn = [{} for _ in range(4)]
    pawn_free = [{} for _ in range(4)]
    for i in points:
        x, y = i % n, i // n
        rs = []
        for dx, dy in ORTHO:
            r, cx, cy = [], x + dx, y + dy
            while at(cx, cy) >= 0:
                r.append(at(cx, cy))
                cx, cy = cx + dx, cy + dy
            rs.append(tuple(r))
        rays[i] = tuple(rs)
        knight[i] = tuple(t for dx, dy in KNIGHT if (t := at(x + dx, y + dy)) >= 0)
        for k in range(3):
            elephant[k][i] = tuple(t for dx, dy in DIAG if (t := at(x + 2 * dx, y + 2 * dy)) in territory[k]) \
                if i in territory[k] else ()
            advisor[k][i] = tuple(t for dx, dy in DIAG if (t := at(x + dx, y + dy)) in palace[k]) \
                if i in palace[k] else ()
            ruler[k][i] = tuple(t for dx, dy in ORTHO if (t := at(x + dx, y + dy)) in palace[k]) \
                if i in palace[k] else ()
        for k in range(4):
            fx, fy = SIDES[sides[k]]
            ts = []
            t = at(x + fx, y + fy)
            if t >= 0:
                ts.append(t)  # K2: a pawn always may step forward
            side = [t for sx, sy in ((fy, fx), (-fy, -fx)) if (t := at(x + sx, y + sy)) >= 0]
            # K2/K8: sideways on its defence line, inside its border, or past it -- not on the border line;
            # K10: a revealed (揭棋) or absorbed pawn steps sideways on every line, the border line included
            pawn[k][i] = tuple(ts + side) if line_of(k, i) != border else tuple(ts)
            pawn_free[k][i] = tuple(ts + side)
    return Layout(
        n=n, on=on, points=points, names=names, index=index, sides=tuple(sides), zh=tuple(zh), en=tuple(en),
        keys=tuple(keys), kind_zh=kind_zh, kind_en=kind_en, value=value, setup=tuple(setup), emperor=emperor,
        han_points=tuple(han_points), alliance=alliance, defence_line=defence, border_line=border,
        palace=palace, territory=territory,
        quiet_limit=_need(raw, "quiet_limit", int, "layout"), repetitions=_need(raw, "repetitions", int, "layout"),
        rays=tuple(rays.get(i, ()) for i in range(n * n)), knight=tuple(knight.get(i, ()) for i in range(n * n)),
        elephant=tuple(tuple(e.get(i, ()) for i in range(n * n)) for e in elephant),
        advisor=tuple(tuple(e.get(i, ()) for i in range(n * n)) for e in advisor),
        ruler=tuple(tuple(e.get(i, ()) for i in range(n * n)) for e in ruler),
        pawn=tuple(tuple(e.get(i, ()) for i in range(n * n)) for e in pawn),
        pawn_free=tuple(tuple(e.get(i, ()) for i in range(n * n)) for e in pawn_free),
    )
