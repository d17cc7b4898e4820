"""沙场秋点兵 in the client: its own 3D scene (client/games/shachang/scene.py); this plugin tells the start screen and
the help page about it (options, seed, keys). The board model of the flat-board games is not used."""
from __future__ import annotations

import numpy as np
import pygame

from client import i18n
from client.games.base import GamePlugin
from client.games.shachang.bench import Flight
from client.games.shachang.mapimage import load_any_map
from client.games.shachang.scene import GameScene
from client.i18n import tr
from client.keys import Binding
from client.render.flat import player_rgb, terrain_rgb
from client.render.flat_hex import hex_preview
from client.render.hex_layout import star_layout
from engine.chance import fresh_seed
from engine.shachang import new_game, rules
from engine.shachang.rules import presets


def preset_label(key: str, lang: str | None = None) -> str:
    """A map preset's words: "8x8 standard" / "8x8 标准", the star "Chinese-checkers star (121 cells)" /
    "跳棋星盘（121格）" (``lang``: zh or en, default the client's language)."""
    lang = lang or i18n.lang()
    pr = rules.preset(key)
    name = pr.name_zh if lang == "zh" else pr.name_en
    if pr.board == "star":  # S19a: 121 hex cells, not a square
        return f"{name}（121格）" if lang == "zh" else f"Chinese-checkers {name} (121 cells)"
    return f"{pr.size}x{pr.size} {name}"


class Plugin(GamePlugin):
    game_id = "shachang"
    scene = "shachang"
    show_seed = True  # the seed row: secret by default (G1, fog and items); a seed typed there makes a seeded game
    start_options = ("preset", "mode", "players")
    needs_handover = True  # fog of war: hot seat hides the map between human turns
    key_context = "shachang"
    subtitle = "subtitle"  # 三维兵棋 · 本地热座对战

    # the game's own keys (client/keys.py lists the shared ones): I shows or hides the side panel (issue 26: in first
    # person it is hidden, so it covers none of the view; I brings it back, and leaving first person does)
    key_rows = (Binding("I", "side_panel", "侧面板（资料与记录）显示 / 隐藏；第一人称时默认隐藏，小地图和道具卡随之",
                        "side panel (info and log) on/off; hidden by default in first person, with the minimap "
                        "and the item cards", "shachang",
                        (("K_i", ""),)),)

    has_preview = True  # a thumbnail of the generated map: only of a seeded game (G1, ``GamePlugin.previews``)

    @classmethod
    def open_scene(cls, app, game, seats: list[str], viewer: int | None = None, message: str = "",
                   ai_seed: int | None = None):
        """沙场秋点兵's own 3D scene (client/games/shachang/scene.py)."""
        return GameScene(app, game, seats, viewer=viewer, message=message, ai_seed=ai_seed)

    @classmethod
    def game_from_options(cls, info, o):
        """A new game from the client's options: preset, mode, players, a map file, the items row, and the seed:
        drawn from the operating system unless the player gave one (G1, ``new_seed``; a seeded game with items
        hides its items with the same seed, so that it replays the same)."""
        seed = cls.new_seed(o.seed, getattr(o, "seeded", False))
        seeded = seed is not None
        if seed is None:
            seed = fresh_seed()  # G1: the map and its spawns follow a seed no one is shown
        game_map = None
        if o.map_file:
            game_map = load_any_map(str(o.map_file), o.preset, o.players, seed)
        extra = {k: v for k, v in (o.game_options or {}).items() if v in info.choices.get(k, ())}
        if extra.get("items") and seeded:
            extra["item_seed"] = seed
        return info.new_game(preset=o.preset, mode=o.mode, players=o.players, seed=seed,
                             game_map=game_map, **extra)  # the game's own rows (沙场秋点兵's items)

    @classmethod
    def game_again(cls, game, seed: int | None = None):
        """A new game of ``game``'s set-up (the game-over box's New game): its preset, rule mode, players, round
        limit and fun items; a map file's map again, else a new map from ``seed`` or, where G1 keeps the seed
        secret (always here: fog and items), one drawn from the operating system."""
        seed = cls.new_seed(seed)
        return new_game(preset=game.preset_key, mode=game.mode, players=game.n,
                        seed=fresh_seed() if seed is None else seed, round_limit=game.round_limit,
                        game_map=game.game_map if game.map_source == "file" else None, items=game.items is not None)

    @classmethod
    def option_values(cls, option: str) -> list:
        if option == "preset":
            return list(rules.presets())
        if option == "mode":
            return ["classic", "tabletop", "digital"]
        return []

    @classmethod
    def option_label(cls, option: str, value, lang: str) -> str:
        """The map preset's size and name (other rows: the value)."""
        return preset_label(value, lang) if option == "preset" else str(value)

    @classmethod
    def player_counts(cls, info, opts: dict) -> list[int]:
        """2 up to the chosen map preset's maximum."""
        return list(range(2, rules.preset(opts["preset"]).offered_players + 1))  # spawns keep their gap (D2)

    @classmethod
    def check_options(cls, opts) -> None:
        """Refuse a map preset it does not have or a player count the preset's spawns do not allow
        (ValueError with one line); client.options.check_options calls this."""
        if opts.preset not in presets():
            raise ValueError(f"unknown preset {opts.preset!r:.40}; known: {', '.join(presets())}")
        top = presets()[opts.preset].offered_players  # D2: counts whose spawns keep the gap
        if not 2 <= opts.players <= top:
            most = max(p.offered_players for p in presets().values())
            takes = "exactly 2" if top == 2 else f"2 to {top}"
            raise ValueError(f"the {opts.preset} map takes {takes} players, not {opts.players}"
                             + (f" (larger presets take up to {most})" if opts.players <= most else ""))

    @classmethod
    def bench_flight(cls, opts):
        """The frame bench's scripted camera flight over this game (client/games/shachang/bench.py)."""
        return Flight(opts)

    @classmethod
    def preview_game(cls, opts: dict):
        return new_game(opts["preset"], opts["mode"], opts["players"], opts["seed"])

    @classmethod
    def preview_image(cls, game):
        """The heightmap in terrain colours with each player's spawn cells."""
        if getattr(game, "board", None) == "star":  # the star's hexagons (S19a)
            return hex_preview(game.heights, star_layout(), game.spawns)
        rgb = terrain_rgb(np.asarray(game.heights))
        img = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
        n = game.size
        k = max(1, 256 // n)
        img = pygame.transform.scale(img, (n * k, n * k))
        m = max(3, k)
        for p, cells in enumerate(game.spawns):
            for (r, c) in cells:
                pygame.draw.rect(img, player_rgb(p), pygame.Rect(c * k + k // 2 - m // 2, r * k + k // 2 - m // 2, m, m))
        return img

    def make_geometry(self, game):
        return None  # drawn by the 3D scene, not from the board model

    def seat_name(self, seat: int, lang: str) -> str:
        """玩家1（红） / P1 (red): the seat with its colour."""
        return tr("player_colour", lang, p=tr("player", lang, n=seat + 1), c=tr(f"colour_{seat % 8}", lang))

    @classmethod
    def seat_rgb(cls, seat: int):
        return tuple(v / 255 for v in player_rgb(seat))

    def handover_lines(self, seat: int, lang: str) -> list[str]:
        g = self.game
        return [tr("round", lang, r=g.round, lim=g.round_limit)]


PLUGIN = Plugin
