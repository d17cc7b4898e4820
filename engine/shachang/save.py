"""Load 沙场秋点兵 games from their JSON saves: rules, seed, map and the action log; replay to any point
(the save a game writes is engine/shachang/save_text.py's, below the game; this module is above it).

The save is the one envelope (engine.saves) with the start position in ``start``: ``map`` (the
heights in full and the spawns, so saves outlive generator changes) and ``setup`` (a start position,
see engine.shachang.position, or null); the fun items' forced outcomes are the envelope's ``forced``.
Saves from before the one envelope (``map`` and ``setup`` at the top, ``options.item_forced``) are
read too. Every value is checked by meaning before it is used, and anything wrong raises SaveError
naming the key and the problem in words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from engine.api import SaveError
from engine.messages import Msg
from engine.saves import (described, english, kind_of, need, need_int, no_forced, of_game, read_forced, read_save,
                          read_start, replay_actions, shown)
from engine.shachang.cells import cell_name, parse_cell
from engine.shachang.game import game_class
from engine.shachang.items import load_options
from engine.shachang.maps import GameMap
from engine.shachang.rules import MODES, preset, presets
from engine.shachang.save_text import FORMAT, VERSION
from engine.shachang.star_cells import MASK

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

MAX_HEIGHT = 32767  # heights are stored as int16
MAX_ROUND_LIMIT = 1_000_000
MAX_SEED = 2**63 - 1


def _cell_text(r: int, c: int) -> str:
    return cell_name((r, c))


def check_heights(rows: Any, size: int, where: str = "map.heights") -> np.ndarray:
    """The int16 heights of a size x size grid of integers 0..32767 (checked before the cast)."""
    if not isinstance(rows, list) or len(rows) != size:
        n = len(rows) if isinstance(rows, list) else kind_of(rows)
        raise SaveError(key="shachang.save.rows", where=where, size=size, got=n)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != size:
            got = f"{len(row)} values" if isinstance(row, list) else kind_of(row)
            raise SaveError(key="shachang.save.row", where=where, row=i + 1, size=size,
                            got=Msg.of("shachang.save.values", n=len(row)) if isinstance(row, list) else got)
        if not all(type(v) is int for v in row):
            j = next(j for j, v in enumerate(row) if type(v) is not int)
            raise SaveError(key="shachang.save.height_kind", where=where, cell=_cell_text(i, j), value=described(row[j]))
        lo, hi = min(row), max(row)
        if lo < 0:
            raise SaveError(key="shachang.save.height_negative", where=where, height=lo, cell=_cell_text(i, row.index(lo)))
        if hi > MAX_HEIGHT:
            raise SaveError(key="shachang.save.height_high", where=where, height=shown(hi),
                            cell=_cell_text(i, row.index(hi)), most=MAX_HEIGHT)
    return np.array(rows, dtype=np.int16)


def check_spawns(sp: Any, players: int, per_player: int, size: int, where: str = "map.spawns"):
    """Each player's spawn cells as ((row, col), ...) tuples, checked against the map."""
    if not isinstance(sp, list) or len(sp) < players:
        n = len(sp) if isinstance(sp, list) else kind_of(sp)
        raise SaveError(key="shachang.save.spawns", where=where, players=players, got=n)
    out = []
    for p, cells in enumerate(sp[:players]):
        if not isinstance(cells, list) or not cells:
            raise SaveError(key="shachang.save.spawn_list", where=where, player=p + 1)
        row = []
        for cell in cells:
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
                raise SaveError(key="shachang.save.spawn_kind", where=where, player=p + 1, value=shown(cell))
            r, c = cell
            if not (0 <= r < size and 0 <= c < size):
                raise SaveError(key="shachang.save.spawn_off", where=where, player=p + 1, row=shown(r), col=shown(c),
                                size=size)
            row.append((r, c))
        out.append(tuple(row))
    return tuple(out)


def check_setup(setup: Any, players: int, preset_key: str, round_limit: int) -> dict | None:
    """The start position of a save or scenario checked by meaning (S13, S15, S17): owners,
    cells on the board, counts 1..cap, states, reserves 0..total, current player, round
    1..round_limit, hits, move power 0..the preset's. SaveError naming ``setup.<key>``."""

    if setup is None:
        return None
    if not isinstance(setup, dict):
        raise SaveError(key="shachang.save.setup_kind", got=kind_of(setup))
    p = preset(preset_key)
    unknown = sorted(k for k in setup if k not in ("units", "reserve", "current", "round",
                                                     "explored", "hits"))
    if unknown:
        raise SaveError(key="shachang.save.setup_key", name=shown(unknown[0]))
    units = need(setup, "units", list, "setup", [])
    for i, row in enumerate(units):
        w = f"setup.units[{i}]"
        if not isinstance(row, list) or len(row) not in (3, 4):
            raise SaveError(key="shachang.save.unit_kind", where=w, got=kind_of(row))
        owner, cell, count = row[:3]
        if type(owner) is not int or not 0 <= owner < players:
            raise SaveError(key="shachang.save.owner", where=w, most=players - 1, value=shown(owner))
        if isinstance(cell, str):
            try:
                r, c = parse_cell(cell[:20])
            except ValueError:
                raise SaveError(key="shachang.save.cell_name", where=w, value=shown(cell)) from None
        elif isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell):
            r, c = cell
        else:
            raise SaveError(key="shachang.save.cell_kind", where=w, value=shown(cell))
        if not (0 <= r < p.size and 0 <= c < p.size):
            raise SaveError(key="shachang.save.cell_off", where=w, value=shown(cell), size=p.size)
        if type(count) is not int or not 1 <= count <= p.cap:
            raise SaveError(key="shachang.save.count", where=w, cap=p.cap, value=shown(count))
        state = row[3] if len(row) == 4 else "settled"
        if not isinstance(state, str):
            raise SaveError(key="shachang.save.state_kind", where=w, got=kind_of(state))
        if state.startswith("moves="):
            moves = state[6:]
            if not (moves.isascii() and moves.isdigit() and len(moves) <= 6 and int(moves) <= p.move):
                raise SaveError(key="shachang.save.moves", where=w, value=shown(state), most=p.move)
        elif state not in ("settled", "fresh", "attacked"):
            raise SaveError(key="shachang.save.state", where=w, value=shown(state))
    if "reserve" in setup:
        res = need(setup, "reserve", list, "setup")
        if len(res) != players or not all(type(v) is int and 0 <= v <= p.total for v in res):
            raise SaveError(key="shachang.save.reserve", players=players, total=p.total)
    need_int(setup, "current", 0, players - 1, "setup", 0)
    need_int(setup, "round", 1, round_limit, "setup", 1)
    need_int(setup, "hits", 0, 10**9, "setup", 0)
    if setup.get("explored", "none") not in ("all", "none"):
        raise SaveError(key="shachang.save.explored", value=shown(setup["explored"]))
    return setup


def load_json(text: str, upto: int | None = None) -> "ShachangGame":
    """The game saved in ``text``, replayed to its end or to the first ``upto`` actions; SaveError if bad."""
    data = read_save(text, FORMAT, VERSION, "沙场秋点兵")
    opts = need(data, "options", dict, of_game("沙场秋点兵"))
    start = read_start(data, "沙场秋点兵", ("map", "setup"))  # an older save: map and setup at the top
    mp = need(start, "map", dict, of_game("沙场秋点兵"))
    actions = need(data, "actions", list, of_game("沙场秋点兵"))
    where = of_game("沙场秋点兵", "options")
    preset_key = need(opts, "preset", str, where)
    if preset_key not in presets():
        raise SaveError(key="shachang.save.preset", value=shown(preset_key), known=tuple(presets()))
    p = presets()[preset_key]
    mode = need(opts, "mode", str, where)
    if mode not in MODES:
        raise SaveError(key="shachang.save.mode", value=shown(mode), known=tuple(MODES))
    players = need_int(opts, "players", 2, p.max_players, where)
    seed = need_int(opts, "seed", -MAX_SEED, MAX_SEED, where)
    round_limit = opts.get("round_limit")
    if round_limit is not None:
        round_limit = need_int(opts, "round_limit", 1, MAX_ROUND_LIMIT, where)
    heights = check_heights(need(mp, "heights", list, "map"), p.size)
    spawns = check_spawns(need(mp, "spawns", list, "map"), players, p.spawns, p.size)
    source = need(mp, "source", str, "map", "file")
    star = p.board == "star"  # S19h: the star's setups name star cells (engine.shachang.star_position)
    if star:
        off = np.argwhere((heights != 0) & ~MASK)
        if len(off):  # they were loaded and saved back as 0 (issue 29.7)
            r, c = off[0]
            raise SaveError(key="shachang.save.off_star", row=r + 1, col=c + 1, height=int(heights[r, c]))
    setup = start.get("setup") if star else check_setup(start.get("setup"), players, preset_key,
                                                        round_limit or p.round_limit)
    if upto is not None and (type(upto) is not int or not 0 <= upto <= len(actions)):
        raise SaveError(key="shachang.save.upto", upto=shown(upto), n=len(actions))
    item_opts = load_options(opts)  # the fun items (S20a), if on
    if item_opts and ("forced" in data or "item_forced" not in opts):  # older saves: options.item_forced
        item_opts["item_forced"] = read_forced(data, "沙场秋点兵")
    else:
        no_forced(data, "沙场秋点兵", "a game without the fun items draws nothing")  # (zh: saves.why.draws_nothing)
    try:
        gmap = GameMap(heights=heights, spawns=spawns)
        g = game_class(preset_key)(gmap, preset=preset_key, mode=mode, players=players, seed=seed,
                                   round_limit=round_limit, map_source=source[:200], setup=setup,
                                   **item_opts)  # the fun items (S20a) when on
    except ValueError as e:  # what the game itself refuses (e.g. a spawn twice, a full unit cap)
        raise SaveError(key="shachang.save.refused", why=english("shachang.save.refused_why", e)) from None
    return replay_actions(g, actions, upto, title="沙场秋点兵")
