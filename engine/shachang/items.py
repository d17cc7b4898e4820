"""The fun items' state of a 沙场秋点兵 game (趣味版, rulings S20a–S20j) and its hooks into the game.

``ItemState`` holds the hidden item cells, every player's hand (at most three), whether the player
to move has used its item this turn, each player's remembered heights of cells that 愚公移山
changed out of its sight, and the items' own seeded generator (engine/chance.py), whose seed is
not the map's seed, so nothing a player sees (the map, the game's seed) tells where items lie or
what a draw gives. The rules of the eight items are in engine/shachang/item_rules.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

import numpy as np

from engine.api import IllegalAction, SaveError
from engine.chance import Chance, fresh_seed
from engine.messages import Msg
from engine.saves import english
from engine.shachang.actions import Attack, March, Reinforce, say
from engine.shachang.cells import Cell, cell_name, parse_cell
from engine.shachang.item_actions import KINDS, name
from engine.shachang.item_rules import HEIGHT_KINDS, _seers, check_item
from engine.shachang.observation import Observation, UnitView

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

HAND = 3  # S20a: a player holds at most three items


def cell_count(n_cells: int) -> int:
    """How many item cells a map of ``n_cells`` cells hides (one in eight, 4..64; decision D-I1)."""
    return min(64, max(4, n_cells // 8))


@dataclass
class ItemState:
    seed: int
    chance: Chance
    cells: set = field(default_factory=set)  # hidden item cells not yet drawn
    hands: list = field(default_factory=list)  # per player: item kinds in the order drawn
    used: bool = False  # the player to move has used an item this turn (S20a)
    memory: list = field(default_factory=list)  # per player: {cell: remembered height} (S11 with S20b)

    def kinds(self, mode: str) -> tuple[str, ...]:
        """The kinds a draw may give: all eight, without the height items in classic mode (S20a)."""
        return tuple(k for k in KINDS if not (mode == "classic" and k in HEIGHT_KINDS))

    # ------------------------------------------------------------ heights
    def set_heights(self, g: "ShachangGame", h: np.ndarray, changed) -> None:
        """Put new terrain ``h`` in the game: vision from scratch (S10), and players who had explored a
        changed cell but do not see it now keep its old height (S11; ``changed`` None = all cells)."""
        old = put_heights(g, h)
        if not g.fog:
            return
        g._vision.set_heights(g.heights)
        g._vision.reset([[] for _ in range(g.n)])
        g._obs.clear()
        for gh in g.ghosts:
            g._vision.add(gh.owner, (gh.cell[0], gh.cell[1], 0, gh.radius), ignore_terrain=True)
        g._refresh_vision(list(g.units))
        for p in range(g.n):
            g.explored[p] |= g._vision.counts[p] > 0
        self.remember(g, old, changed)

    def remember(self, g, old: np.ndarray, changed) -> None:
        """Players who had explored a cell of ``changed`` (None: none) that changed from ``old`` and do
        not see it now keep its old height (S11; square maps and the star)."""
        if changed is None:
            return
        h = g.heights
        for p in range(g.n):
            vis = g.visible(p)
            for c in changed:
                if g.explored[p][c] and not vis[c] and old[c] != h[c]:
                    self.memory[p].setdefault(c, int(old[c]))

    def flip_memory(self, total: int) -> None:
        """天翻地覆 changes every player's remembered heights the same way (S20c)."""
        for mem in self.memory:
            for c in mem:
                mem[c] = max(0, total - mem[c])

    def forget_seen(self, g: "ShachangGame") -> None:
        """Drop remembered heights of cells a player sees again (they show the true height)."""
        for p, mem in enumerate(self.memory):
            if mem:
                vis = g.visible(p)
                for c in [c for c in mem if vis[c]]:
                    del mem[c]


def put_heights(g, h) -> np.ndarray:
    """Make ``h`` the game's (read-only) heights; the old ones (square maps and the star)."""
    old = g.heights
    h = np.asarray(h, dtype=np.int16)
    h.setflags(write=False)
    g.heights = h
    return old


def create(g: "ShachangGame", seed: int | None, setup: dict | None = None,
           forced: dict | None = None, cells=None) -> ItemState:
    """The items of a new game: ``setup`` ({"cells": [...], "hands": [[...], ...]}) or item cells drawn
    with the items' generator among the empty non-spawn cells (S20a) of the board's ``cells`` (default
    the map's, in order; the star passes its own, D-SI1)."""
    seed = fresh_seed() if seed is None else int(seed)
    st = ItemState(seed, Chance(seed, forced), hands=[[] for _ in range(g.n)],
                   memory=[{} for _ in range(g.n)])
    if setup is not None:
        st.cells = set(setup["cells"])
        st.hands = [list(h) for h in setup["hands"]]
        return st
    cells = sorted(g.grid.cells()) if cells is None else cells
    spawns = {c for sp in g.spawns for c in sp}
    free = [c for c in cells if c not in g.units and c not in spawns]
    for _ in range(min(cell_count(len(cells)), len(free))):
        st.cells.add(free.pop(st.chance.pick(len(free), "item cell", visible_to=())))
    return st


def check_setup(data, g_n: int, size: int, mode: str) -> dict:
    """An item setup checked by meaning (ValueError naming the problem): cells on the board, hands of at
    most three known kinds per player (no height items in classic mode)."""
    if not isinstance(data, dict) or set(data) - {"cells", "hands"}:
        raise ValueError("item setup must be {\"cells\": [...], \"hands\": [[...], ...]}")
    cells = []
    for c in data.get("cells", []):
        cell = parse_cell(c[:20]) if isinstance(c, str) else None
        if cell is None or not (0 <= cell[0] < size and 0 <= cell[1] < size):
            raise ValueError(f"item setup: {str(c)[:40]!r} is not a cell of the board")
        cells.append(cell)
    return {"cells": cells, "hands": checked_hands(data, g_n, mode)}


def checked_hands(data: dict, g_n: int, mode: str) -> list:
    """The hands of an item setup checked (ValueError): ``g_n`` lists of at most three known kinds, no
    height items in classic mode (S20a)."""
    hands = data.get("hands", [[] for _ in range(g_n)])
    if not isinstance(hands, list) or len(hands) != g_n:
        raise ValueError(f"item setup: hands must list {g_n} hands")
    for h in hands:
        if not isinstance(h, list) or len(h) > HAND or any(k not in KINDS for k in h):
            raise ValueError(f"item setup: a hand is a list of at most {HAND} of {', '.join(KINDS)}")
        if mode == "classic" and any(k in HEIGHT_KINDS for k in h):
            raise ValueError("item setup: no height items in classic mode (S20a)")
    return [list(h) for h in hands]


# ---------------------------------------------------------------- hooks the game calls
def check_target(g: "ShachangGame", a, named=cell_name, touching=None) -> None:
    """Checks of marches, attacks and reinforcements that the items add, made before the game's own
    occupancy checks so a refusal never tells the owner or size of a unit hidden by 世外桃源 (S20g):
    a withdrawn unit neither acts, nor is attacked, nor receives anybody; a jailed unit neither sends
    nor receives marches (S20d). The star names its cells with ``named`` and adds ``touching(g, cell,
    p, skip)``: a marked own soldier next to the cell, where nobody may stop or be placed (D-SI3, D-SI6)."""
    p = g.cur
    act = say(a, named)

    def refuse(cell, u):
        if u.hidden:
            return IllegalAction("S20g withdrawn", key="shachang.item.withdrawn_cell", action=act, cell=named(cell))
        return IllegalAction("S20d jailed", key="shachang.item.jailed_cell", action=act, cell=named(cell))

    if isinstance(a, Reinforce):
        d = g.units.get(a.cell)
        if d is not None and d.hidden:
            raise refuse(a.cell, d)
        t = touching(g, a.cell, p) if touching is not None else None
        if t is not None and t[1].hidden:
            raise refuse(*t)
        return
    s = g.units.get(a.src)
    if s is not None and s.owner == p:
        if s.hidden:
            raise refuse(a.src, s)
        if isinstance(a, March) and s.jail:
            raise refuse(a.src, s)
    d = g.units.get(a.dst)
    if d is not None and d.hidden:
        raise refuse(a.dst, d)
    if isinstance(a, March) and touching is None and d is not None and d.owner == p and d.jail:
        raise refuse(a.dst, d)  # square maps: a jailed unit receives no march (the star: D-SI3 below)
    if isinstance(a, March) and d is None and touching is not None:
        t = touching(g, a.dst, p, skip=a.src)
        if t is not None:
            raise refuse(*t)


def reach_filter(g: "ShachangGame", cell: Cell, reach: dict) -> dict:
    """``reach`` without what a jailed or withdrawn unit may not do (S20d, S20g)."""
    u = g.units.get(cell)
    if u is None or u.jail or u.hidden:
        return {}
    return {c: k for c, k in reach.items() if not ((d := g.units.get(c)) is not None and (d.jail or d.hidden))}


def after_action(g: "ShachangGame", a, p: int, named=cell_name, shot=None) -> None:
    """After every action: a march ending on an item cell draws an item (S20a), 寸土不让 keeps its
    unit's attack while it has shots left (S20i; the star passes its own ``shot(g, a)``), remembered
    heights of cells seen again are dropped."""
    st = g.items
    if isinstance(a, March) and a.dst in st.cells and a.dst in g.units and len(st.hands[p]) < HAND:
        _draw(g, st, p, a.dst, named)
    elif isinstance(a, Attack):
        (shot or _shot)(g, a)
    if g.fog:
        st.forget_seen(g)


def _shot(g: "ShachangGame", a) -> None:
    """S20i: a shot of 寸土不让 spent; the unit may attack again while shots are left."""
    u = g.units.get(a.src)
    if u is not None and u.shots:
        u.shots -= 1
        if u.shots:
            u.attacked = False


def _draw(g: "ShachangGame", st: ItemState, p: int, cell: Cell, named=cell_name) -> None:
    """The owner of the march draws a seeded item; only it learns which (S20a); the others who see the
    cell learn that a draw happened."""
    kinds = st.kinds(g.mode)
    kind = kinds[st.chance.pick(len(kinds), "item", visible_to={p})]
    st.cells.discard(cell)
    st.hands[p].append(kind)
    seat = Msg.of("common.seat", n=p + 1)
    g._event(Msg.of("shachang.ev.item.drawn", seat=seat, cell=named(cell), item=name(kind)), frozenset([p]))
    others = _seers(g, [cell])
    others = frozenset(range(g.n)) if others is None else others
    others -= {p}
    if others:
        g._event(Msg.of("shachang.ev.item.found", seat=seat, cell=named(cell)), others)


def end_turn(g: "ShachangGame", p: int) -> None:
    """At the end of ``p``'s turn: 画地为牢 and 世外桃源 on ``p``'s units count down (S20d, S20g),
    寸土不让's shots lapse (S20i), the next player may use an item again (S20a)."""
    for u in g.units.values():
        u.shots = 0
        if u.owner == p:
            if u.jail:
                u.jail -= 1
            if u.hidden:
                u.hidden -= 1
    g.items.used = False


# ---------------------------------------------------------------- what players see
@dataclass(frozen=True)
class ItemsObservation(Observation):
    """An observation of a game with items: the own hand (kinds), every player's hand size (S20a), the
    cells seen only as occupied (others' units withdrawn by 世外桃源, S20g), own units' item marks."""

    hand: tuple[str, ...] = ()
    hand_counts: tuple[int, ...] = ()
    item_used: bool = False  # the own item of this turn is used (own turn only)
    occupied: tuple[Cell, ...] = ()
    jailed: tuple[Cell, ...] = ()  # seen units under 画地为牢 (S20d)
    withdrawn: tuple[Cell, ...] = ()  # own units under 世外桃源 (S20g)
    shots: tuple[tuple[Cell, int], ...] = ()  # own units' extra attacks of 寸土不让 (S20i)

    def key(self) -> tuple:
        return super().key() + (self.hand, self.hand_counts, self.item_used, self.occupied, self.jailed,
                                self.withdrawn, self.shots)


def observe(g: "ShachangGame", obs: Observation, player: int) -> ItemsObservation:
    """``obs`` with the items' facts, others' withdrawn units shown only as occupied cells and the
    remembered heights of cells changed out of sight."""
    st = g.items
    vis = obs.visible
    hidden = {c for c, u in g.units.items() if u.owner != player and u.hidden}
    # others' withdrawn units are not shown; own ones show that they cannot act (S20g)
    units = tuple(UnitView(u.cell, u.owner, u.count, 0, True, u.fresh) if u.owner == player and g.units[u.cell].hidden
                  else u for u in obs.units if u.cell not in hidden)
    base = {f.name: getattr(obs, f.name) for f in fields(Observation)}
    base.update(units=units, heights=remembered_heights(obs, st.memory[player]))
    return ItemsObservation(**base, **item_facts(g, player, hidden, vis))


def remembered_heights(obs, mem: dict) -> np.ndarray:
    """The observation's heights with the remembered ones for explored cells out of sight (S11: a height
    changed by an item where the player cannot see stays as the player last saw it)."""
    heights = obs.heights
    if mem:
        heights = heights.copy()
        for c, h in mem.items():
            if obs.explored[c] and not obs.visible[c]:
                heights[c] = h
    return heights


def item_facts(g, player: int, hidden: set, vis: np.ndarray) -> dict:
    """The items' fields of ``player``'s observation (square maps and the star): own hand, everyone's
    hand size, whether an item was used this turn, cells seen only as occupied (S20g), jailed units
    the player sees (S20d), own withdrawn units, own 寸土不让 shots (S20i)."""
    st = g.items
    return dict(hand=tuple(st.hands[player]), hand_counts=tuple(len(h) for h in st.hands),
                item_used=st.used and player == g.cur and not g.over,
                occupied=tuple(sorted(c for c in hidden if vis[c])),
                jailed=tuple(sorted(c for c, u in g.units.items() if u.jail and c not in hidden
                                    and (u.owner == player or vis[c]))),
                withdrawn=tuple(sorted(c for c, u in g.units.items() if u.owner == player and u.hidden)),
                shots=tuple(sorted((c, u.shots) for c, u in g.units.items() if u.owner == player and u.shots)))


def vary(v: "ShachangGame", player: int, rng, cells=None) -> None:
    """Change in the copy ``v`` what ``player`` cannot know of the items: where the item cells are (among
    ``cells``, default the map's), which items the others hold (not how many), and the items'
    generator's future outcomes."""
    st = v.items
    n = len(st.cells)
    free = [c for c in (sorted(v.grid.cells()) if cells is None else cells) if c not in v.units]
    rng.shuffle(free)
    st.cells = set(free[:n])
    kinds = st.kinds(v.mode)
    for q in range(v.n):
        if q != player:
            st.hands[q] = [kinds[rng.randrange(len(kinds))] for _ in st.hands[q]]
    st.chance = Chance(rng.randrange(2**62))  # other future draws; ``st.seed`` stays: the copy's save replays
    # the history the player saw (G2's undo_floor replays it), not this state


# ---------------------------------------------------------------- saves
def save_options(g: "ShachangGame") -> dict:
    """The save's item options (empty without items, so saves of plain games stay as they were)."""
    if g.items is None:
        return {}
    out = {"items": True, "item_seed": g.items.seed}
    if g.items.chance.forced:
        out["item_forced"] = g.items.chance.to_json()
    if g.item_setup is not None:
        named = getattr(g, "cell_name", cell_name)  # the star names its cells its own way
        out["item_setup"] = {"cells": [named(c) for c in g.item_setup["cells"]],
                             "hands": g.item_setup["hands"]}
    return out


def load_options(opts: dict) -> dict:
    """The game's item keyword arguments from a save's options (SaveError naming a bad value)."""
    items = opts.get("items", False)
    if items is False:
        return {}
    if items is not True:
        raise SaveError(key="shachang.save.items")
    seed = opts.get("item_seed")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise SaveError(key="shachang.save.item_seed")
    try:
        forced = Chance.forced_from_json(opts.get("item_forced"))
    except ValueError as e:
        raise SaveError(key="shachang.save.item_forced", why=english("saves.why.forced_form", e)) from None
    return {"items": True, "item_seed": seed, "item_forced": forced, "item_setup": opts.get("item_setup")}
