"""沙场秋点兵 in the client: its own 3D scene (client/scenes/game.py); this plugin tells the start screen and
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
