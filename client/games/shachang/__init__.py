"""沙场秋点兵 in the client: its own 3D scene (client/games/shachang/scene.py); this plugin tells the start screen and
the help page about it (options, seed, keys). The board model of the flat-board games is not used."""
from __future__ import annotations

from client.games.base import GamePlugin


class Plugin(GamePlugin):
    game_id = "shachang"
    scene = "shachang"
    show_seed = True  # the map seed: the same seed gives the same map (shown on the start screen)
    start_options = ("preset", "mode", "players")
    needs_handover = True  # fog of war: hot seat hides the map between human turns
    key_context = "shachang"
    subtitle = "subtitle"  # 三维兵棋 · 本地热座对战

    has_preview = True  # a thumbnail of the generated map

    @classmethod
    def open_scene(cls, app, game, seats: list[str], viewer: int | None = None, message: str = ""):
        """沙场秋点兵's own 3D scene (client/games/shachang/scene.py)."""
        from client.games.shachang.scene import GameScene  # lazy, deliberate: the 3D scene loads GL and the HUD

        return GameScene(app, game, seats, viewer=viewer, message=message)

    @classmethod
    def game_from_options(cls, info, o):
        """A new game from the client's options: preset, mode, players, seed, a map file, the items row."""
        game_map = None
        if o.map_file:
            from client.games.shachang.mapimage import load_any_map  # lazy: only with --map

            game_map = load_any_map(str(o.map_file), o.preset, o.players, o.seed)
        extra = {k: v for k, v in (o.game_options or {}).items() if v in info.choices.get(k, ())}
        return info.new_game(preset=o.preset, mode=o.mode, players=o.players, seed=o.seed,
                             game_map=game_map, **extra)  # the game's own rows (沙场秋点兵's items)

    @classmethod
    def option_values(cls, option: str) -> list:
        from engine.shachang import rules

        if option == "preset":
            return list(rules.presets())
        if option == "mode":
            return ["classic", "tabletop", "digital"]
        return []

    @classmethod
    def player_counts(cls, info, opts: dict) -> list[int]:
        """2 up to the chosen map preset's maximum."""
        from engine.shachang.rules import preset

        return list(range(2, preset(opts["preset"]).offered_players + 1))  # spawns keep their gap (D2)

    @classmethod
    def preview_game(cls, opts: dict):
        from engine.shachang import new_game

        return new_game(opts["preset"], opts["mode"], opts["players"], opts["seed"])

    @classmethod
    def preview_image(cls, game):
        """The heightmap in terrain colours with each player's spawn cells."""
        import numpy as np
        import pygame

        from client.render.flat import player_rgb, terrain_rgb

        if getattr(game, "board", None) == "star":  # the star's hexagons (S19a)
            from client.render.flat_hex import hex_preview
            from client.render.hex_layout import star_layout

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
        """玩家1(红) / P1(red): the seat with its colour."""
        from client.i18n import tr

        return f"{tr('player', lang, n=seat + 1)}({tr(f'colour_{seat % 8}', lang)})"

    @classmethod
    def seat_rgb(cls, seat: int):
        from client.render.flat import player_rgb

        return tuple(v / 255 for v in player_rgb(seat))

    def handover_lines(self, seat: int, lang: str) -> list[str]:
        from client.i18n import tr

        g = self.game
        return [tr("round", lang, r=g.round, lim=g.round_limit)]


PLUGIN = Plugin
