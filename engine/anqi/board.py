"""The 53-cell Luoyang board of 暗战洛阳城 and its piece set, loaded from assets/rules/anqi.toml.

Coordinates: a 9x9 grid, files ``a``-``i`` from west to east and ranks ``1``-``9`` from
south to north. The 7x7 square is b2..h8, the palace (皇城) is e5 and the gates (城门)
are i5 (east), e1 (south), a5 (west) and e9 (north). Cells are named like chess
squares ("e5"); internally they are numbered 0..52 in rank-major order (south to
north, west to east inside a rank).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
DATA_PATH = ASSETS / "rules" / "anqi.toml"

# Kinds the rules refer to by name (the data file must define exactly these).
RULER, CHARIOT, CANNON, HORSE, ELEPHANT, ADVISOR, SOLDIER, EMPEROR = (
    "ruler", "chariot", "cannon", "horse", "elephant", "advisor", "soldier", "emperor")
KINDS = (RULER, CHARIOT, CANNON, HORSE, ELEPHANT, ADVISOR, SOLDIER, EMPEROR)
HAN = 3  # faction number of the neutral Han (seats are 0, 1, 2)
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west


@dataclass(frozen=True)
class Kind:
    key: str
    zh: str
    name_zh: str
    name_en: str
    rank: int
    value: int


@dataclass(frozen=True)
class Layout:
    """Everything the rules need from the data file, validated."""

    files: str
    ranks: int
    cells: tuple[tuple[int, int], ...]  # index -> (x, y)
    names: tuple[str, ...]  # index -> "e5"
    index: dict  # name -> index, (x, y) -> index
    neighbours: tuple[tuple[int, ...], ...]  # index -> orthogonal neighbour indices
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # index -> straight lines outwards
    palace: int
    gates: dict  # "east" -> index
    square: frozenset  # indices of the 7x7 square
    seats: tuple[str, ...]  # faction names of the seats (turn order)
    seats_en: tuple[str, ...]
    neutral: str
    neutral_en: str
    kinds: dict  # key -> Kind
    hidden_set: tuple[tuple[str, int], ...]  # (kind, count) per seated faction
    fixed: tuple[tuple[int, int, str], ...]  # (cell index, faction number, kind)
    free: tuple[int, ...]  # cells that receive the face-down pieces
    quiet_limit: int

    def faction_name(self, f: int) -> str:
        return self.neutral if f == HAN else self.seats[f]

    def faction_number(self, name: str) -> int:
        if name == self.neutral:
            return HAN
        return self.seats.index(name)

    def piece_name(self, faction: int, kind: str) -> str:
        """The short name of a piece, e.g. 魏马, 汉车, 吴君, 汉帝."""
        return self.faction_name(faction) + self.kinds[kind].zh

    def parse_piece(self, text: str) -> tuple[int, str]:
        """(faction, kind) of a short name such as 魏马."""
        for f in (0, 1, 2, HAN):
            fn = self.faction_name(f)
            if text.startswith(fn):
                rest = text[len(fn):]
                for k in self.kinds.values():
                    if rest == k.zh:
                        return f, k.key
        raise ValueError(f"no piece is called {text!r}")


class LayoutError(ValueError):
    """The rules data file is inconsistent."""


def _cell(name: str, files: str, ranks: int, where: str) -> tuple[int, int]:
    if not isinstance(name, str) or len(name) < 2 or name[0] not in files:
        raise LayoutError(f"{where}: {name!r} is not a cell name")
    try:
        r = int(name[1:])
    except ValueError:
        raise LayoutError(f"{where}: {name!r} is not a cell name") from None
    if not 1 <= r <= ranks:
        raise LayoutError(f"{where}: {name!r} is off the grid")
    return files.index(name[0]), r - 1


def parse_layout(data: dict, source: str = "anqi.toml") -> Layout:
    """Build and validate the layout from the parsed TOML ``data``."""
    try:
        b = data["board"]
        files, ranks = b["files"], b["ranks"]
        if not isinstance(files, str) or len(set(files)) != len(files) or not files.isalpha():
            raise LayoutError(f"{source}: board.files must be distinct letters")
        if not isinstance(ranks, int) or ranks < 3:
            raise LayoutError(f"{source}: board.ranks must be an integer >= 3")
        (x0, y0), (x1, y1) = (_cell(c, files, ranks, f"{source}: board.square") for c in b["square"])
        if x1 - x0 != y1 - y0 or x1 <= x0:
            raise LayoutError(f"{source}: board.square must be a square given SW then NE")
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        if (x1 - x0) % 2:
            raise LayoutError(f"{source}: board.square needs a middle cell (odd side)")
        coords = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
        square_xy = set(coords)
        expect_gates = {"east": (x1 + 1, cy), "south": (cx, y0 - 1), "west": (x0 - 1, cy),
                        "north": (cx, y1 + 1)}
        gates_xy = {}
        for side, want in expect_gates.items():
            got = _cell(b["gates"][side], files, ranks, f"{source}: board.gates.{side}")
            if got != want:
                raise LayoutError(f"{source}: the {side} gate must be the cell beyond the middle "
                                  f"of the {side} side")
            gates_xy[side] = got
            coords.add(got)
        if set(b["gates"]) != set(expect_gates):
            raise LayoutError(f"{source}: board.gates must name exactly east, south, west, north")
        palace_xy = _cell(b["palace"], files, ranks, f"{source}: board.palace")
        if palace_xy != (cx, cy):
            raise LayoutError(f"{source}: the palace must be the centre of the square")
        if len(coords) != b["cells"]:
            raise LayoutError(f"{source}: geometry gives {len(coords)} cells, board.cells says {b['cells']}")

        cells = tuple(sorted(coords, key=lambda p: (p[1], p[0])))
        names = tuple(f"{files[x]}{y + 1}" for x, y in cells)
        index: dict = {}
        for i, (p, n) in enumerate(zip(cells, names)):
            index[p] = i
            index[n] = i
        neighbours = tuple(tuple(index[(x + dx, y + dy)] for dx, dy in DIRS if (x + dx, y + dy) in index)
                           for x, y in cells)
        rays = []
        for x, y in cells:
            rs = []
            for dx, dy in DIRS:
                line, px, py = [], x + dx, y + dy
                while (px, py) in index:
                    line.append(index[(px, py)])
                    px, py = px + dx, py + dy
                if line:
                    rs.append(tuple(line))
            rays.append(tuple(rs))

        f = data["factions"]
        seats = tuple(f["seats"])
        seats_en = tuple(f["names_en"])
        if len(seats) != 3 or len(set(seats)) != 3 or len(seats_en) != 3:
            raise LayoutError(f"{source}: factions.seats must name three distinct factions")
        neutral = f["neutral"]
        if neutral in seats:
            raise LayoutError(f"{source}: the neutral faction must differ from the seats")

        kinds = {}
        for key in KINDS:
            if key not in data["kinds"]:
                raise LayoutError(f"{source}: kinds.{key} is missing")
            k = data["kinds"][key]
            kinds[key] = Kind(key=key, zh=k["zh"], name_zh=k["name_zh"], name_en=k["name_en"],
                              rank=k["rank"], value=k["value"])
        if set(data["kinds"]) != set(KINDS):
            raise LayoutError(f"{source}: unknown kinds {sorted(set(data['kinds']) - set(KINDS))}")
        if len({k.zh for k in kinds.values()}) != len(kinds):
            raise LayoutError(f"{source}: kinds need distinct short names")
        order = [RULER, CHARIOT, CANNON, HORSE, ELEPHANT, ADVISOR, SOLDIER]
        ranks_ = [kinds[k].rank for k in order]
        if ranks_ != sorted(ranks_, reverse=True) or len(set(ranks_)) != len(ranks_):
            raise LayoutError(f"{source}: ranks must strictly fall 君主 > 车 > 炮 > 马 > 相 > 士 > 兵 (A3)")
        if kinds[EMPEROR].rank >= 0:
            raise LayoutError(f"{source}: the emperor has no rank (use a negative number)")
        for k in kinds.values():
            if not isinstance(k.value, int) or k.value < 0:
                raise LayoutError(f"{source}: kinds.{k.key}.value must be a non-negative integer")

        hidden_set = []
        for key, n in data["hidden_set"].items():
            if key not in kinds or key in (RULER, EMPEROR):
                raise LayoutError(f"{source}: hidden_set.{key} is not a face-down kind")
            if not isinstance(n, int) or n < 1:
                raise LayoutError(f"{source}: hidden_set.{key} must be a positive integer")
            hidden_set.append((key, n))

        fixed = []
        taken = set()
        for j, e in enumerate(data["fixed"]):
            xy = _cell(e["cell"], files, ranks, f"{source}: fixed[{j}]")
            if xy not in index:
                raise LayoutError(f"{source}: fixed[{j}] cell {e['cell']} is not on the board")
            if xy in taken:
                raise LayoutError(f"{source}: fixed[{j}] cell {e['cell']} is used twice")
            taken.add(xy)
            fac = e["faction"]
            if fac != neutral and fac not in seats:
                raise LayoutError(f"{source}: fixed[{j}] faction {fac!r} is unknown")
            if e["kind"] not in kinds:
                raise LayoutError(f"{source}: fixed[{j}] kind {e['kind']!r} is unknown")
            fnum = HAN if fac == neutral else seats.index(fac)
            fixed.append((index[xy], fnum, e["kind"]))
        # A1: emperor in the palace, Han pieces in the four gates, one ruler per seat
        if (index[palace_xy], HAN, EMPEROR) not in fixed:
            raise LayoutError(f"{source}: the Han emperor must stand in the palace (A1)")
        han_cells = {c for c, fnum, k in fixed if fnum == HAN and k != EMPEROR}
        if han_cells != {index[g] for g in gates_xy.values()}:
            raise LayoutError(f"{source}: the Han gate pieces must stand on the four gates (A1)")
        for s in range(3):
            if sum(1 for _, fnum, k in fixed if fnum == s and k == RULER) != 1:
                raise LayoutError(f"{source}: {seats[s]} needs exactly one face-up ruler (A1)")
        free = tuple(i for i in range(len(cells)) if cells[i] not in taken)
        n_hidden = 3 * sum(n for _, n in hidden_set)
        if n_hidden != len(free):
            raise LayoutError(f"{source}: {n_hidden} face-down pieces for {len(free)} free cells (A1)")

        quiet_limit = data["rules"]["quiet_limit"]
        if not isinstance(quiet_limit, int) or quiet_limit < 3:
            raise LayoutError(f"{source}: rules.quiet_limit must be an integer >= 3")
    except KeyError as e:
        raise LayoutError(f"{source}: missing key {e}") from None
    except (TypeError, ValueError) as e:
        if isinstance(e, LayoutError):
            raise
        raise LayoutError(f"{source}: {e}") from None

    return Layout(files=files, ranks=ranks, cells=cells, names=names, index=index,
                  neighbours=neighbours, rays=tuple(rays), palace=index[palace_xy],
                  gates={s: index[xy] for s, xy in gates_xy.items()},
                  square=frozenset(index[p] for p in square_xy), seats=seats, seats_en=seats_en,
                  neutral=neutral, neutral_en=f.get("neutral_en", neutral), kinds=kinds,
                  hidden_set=tuple(hidden_set), fixed=tuple(fixed), free=free,
                  quiet_limit=quiet_limit)


@lru_cache(maxsize=None)
def layout() -> Layout:
    """The layout of assets/rules/anqi.toml (validated once)."""
    return parse_layout(tomllib.loads(DATA_PATH.read_text(encoding="utf-8")), str(DATA_PATH))


def cell_name(i: int) -> str:
    return layout().names[i]


def cell_index(name: str) -> int:
    """Index of a cell name such as "e5" (KeyError if it is not one of the 53 cells)."""
    return layout().index[name]
