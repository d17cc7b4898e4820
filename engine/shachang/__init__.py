"""沙场秋点兵 (autumn muster on the battlefield): the rules engine (seed 003, rulings S1–S21)."""
from __future__ import annotations

from engine.shachang import terrain
from engine.shachang.actions import Attack, End, March, Reinforce, parse_action
from engine.shachang.game import game_class
from engine.shachang.maps import load_map
from engine.shachang.rules import attack_range, fanshu, preset, preset as get_preset, presets, vision_range
from engine.shachang.save import load_json
from engine.shachang.star_ai import make_agent as _make


def new_game(preset: str = "standard", mode: str = "digital", players: int = 2, seed: int = 0,
             round_limit: int | None = None, game_map=None, map_file: str | None = None,
             items: bool = False, item_seed: int | None = None, item_setup: dict | None = None):
    """A new game with rule mode ``mode`` (S21) on a generated map of ``preset``, on ``game_map``,
    or on a map file (JSON map or .npy heights, see engine.shachang.maps). ``items``: the fun items
    (S20a; "true"/"1" as text too), hidden with ``item_seed`` (default: an unpredictable one)."""
    get_preset(preset)  # clear error for an unknown preset before generating anything
    if isinstance(players, str) and players.isascii() and players.isdigit():  # option strings (command line, test variants)
        players = int(players)
    source = "file"
    if game_map is None and map_file is not None:
        game_map = load_map(map_file, preset_key=preset, players=players, seed=seed)
    if game_map is None:
        if mode == "classic":
            game_map = terrain.flat_map(preset, players, seed)
        else:
            game_map = terrain.generate(preset, players, seed)
        source = "generated"
    if isinstance(items, str):  # option texts ("items=true" on a command line or in a test id)
        items = items.strip().lower() in ("1", "true", "yes", "on")
    if isinstance(item_seed, str):
        item_seed = int(item_seed)
    if items:  # on every preset, the star too (S20a; engine/shachang/star_items.py)
        return game_class(preset)(game_map, preset=preset, mode=mode, players=players, seed=seed,
                                  round_limit=round_limit, map_source=source, items=True,
                                  item_seed=item_seed, item_setup=item_setup)
    return game_class(preset)(game_map, preset=preset, mode=mode, players=players, seed=seed,
                              round_limit=round_limit, map_source=source)


def load_game(text: str, upto: int | None = None):
    """A game from its save text, replayed fully or to the first ``upto`` actions (SaveError if bad)."""
    return load_json(text, upto)


def make_agent(level: str, seed: int = 0, seat: int = 0, budget: float | None = None):
    """A computer player of ``level`` (easy, normal, hard); ``budget``: thinking seconds per turn
    (default by preset)."""
    return _make(level, seed=seed, seat=seat, budget=budget)


__all__ = ["new_game", "load_game", "make_agent", "attack_range", "vision_range", "fanshu",
           "preset", "presets", "Reinforce", "March", "Attack", "End", "parse_action"]
