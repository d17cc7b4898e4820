"""Game over: the S18 ranking with the reason for each place."""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from client import i18n
from client.scene import Scene
from client.games.shachang.replay import ReplayScene
from client.i18n import t
from client.render.flat import player_rgb
from client.scenes.stats import Row, StatsModal, stat_table
from client.ui import text, widgets
from engine.messages import Msg
from engine.shachang.stats import game_stats


class GameOverScene(Scene):
    opaque = False  # the final board stays visible behind the panel

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game_scene = game_scene
        self.ranking = game_scene.game.ranking()
        self.stats = game_stats(game_scene.game)
        # the statistics every game has (engine.stats), then this game's own columns as rows
        self.table = stat_table(game_scene.game, extra=[
            Row(lambda k=key: t(k), tuple(getattr(st, attr) for st in self.stats)) for key, attr in self.STAT_COLS])
        game_scene.ctl.reveal = True  # the game is over: the whole map is shown
        game_scene.ctl.selected = None
        self.buttons = [
            widgets.Button(lambda: t("replay"), self.replay, 18),
            widgets.Button(lambda: i18n.engine_text(Msg.of("stats.button")), self.show_stats, 18),
            widgets.Button(lambda: t("new_game"), self.app.start_title, 18),
            widgets.Button(lambda: t("save"), self._save, 18),
            widgets.Button(lambda: t("quit"), self.app.quit, 18),
        ]

    def replay(self) -> None:
        self.app.push(ReplayScene(self.app, self.game_scene))

    def show_stats(self) -> None:
        """The statistics table (every game's rows and this game's) in a box over this screen."""
        n = self.game_scene.game.num_players
        self.app.push(StatsModal(self.app, self.table, lambda: [i18n.player_name(p) for p in range(n)], player_rgb))

    def _save(self) -> None:
        p = Path(self.app.opts.save_dir) / time.strftime("save-%Y%m%d-%H%M%S.json")
        self.game_scene.save_to(p)

    def handle(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.app.start_title()
            elif ev.key == pygame.K_RETURN:
                self.app.start_title()

    def animating(self) -> bool:
        return False

    def headline(self) -> list[str]:
        """The lines under the title, in the current language: the end reason, and for a void game
        (流局, S18: every player out, all share the last place) that nobody wins."""
        g = self.game_scene.game
        lines = []
        reason = g.end_reason() if callable(getattr(g, "end_reason", None)) else getattr(g, "end_reason", "")
        if getattr(reason, "key", "") == "shachang.end.void":  # the void line below says the rest (S20l)
            reason = reason.kw["why"]
        if reason:
            lines.append(i18n.engine_text(Msg.of("shachang.ev.game_over", reason=reason)))
        if self.ranking and all(pl.out for pl in self.ranking) and len({pl.place for pl in self.ranking}) == 1:
            lines.append(i18n.engine_text(Msg.of("shachang.rank.void_title")))
        if getattr(self.game_scene, "player_seed", None) is not None:  # G1: a seeded game says so
            lines.append(t("seeded_game", n=self.game_scene.player_seed))
        return lines

    def box_rect(self, w: int, h: int) -> pygame.Rect:
        """Where the box goes: in the part of the window the game scene's panels leave free (its
        ``usable_rect``: left of the side panel, between the top bar and the status line), as wide
        as fits there up to 860 px; centred in that part (issue 26: it overlapped the right panel)."""
        x0, y0, x1, y1 = self.game_scene.usable_rect()
        free = pygame.Rect(int(x0 * w), int(y0 * h), int((x1 - x0) * w), int((y1 - y0) * h))
        want = 120 + 56 * len(self.ranking) + 70 + 30 + 22 * (len(self.stats) + 1)
        box = pygame.Rect(0, 0, min(free.w, 860), min(free.h, want))
        box.center = free.center
        return box

    def draw(self, display) -> None:
        surf = display.ui
        w, h = surf.get_size()
        box = self.box = self.box_rect(w, h)
        widgets.panel(surf, box, alpha=252)  # nearly opaque: the board's labels showed through its words
        text.draw(surf, t("gameover_title"), (box.centerx, box.y + 16), 30, widgets.ACCENT, anchor="midtop")
        for i, line in enumerate(self.headline()):
            text.draw(surf, line, (box.centerx, box.y + 58 + 17 * i), 15, widgets.DIM, anchor="midtop")
        y = box.y + 92
        for pl in self.ranking:
            col = player_rgb(pl.player)
            pygame.draw.rect(surf, col, pygame.Rect(box.x + 24, y + 4, 18, 18), border_radius=3)
            kind = i18n.seat_label(self.game_scene.seats[pl.player])
            head = t("shachang.ui.rank_head", place=t("place", n=pl.place), name=i18n.player_name(pl.player),
                     kind=kind, out=t("shachang.ui.rank_out") if pl.out else "")  # zh: no [ ] ( ) among （）
            text.draw(surf, head, (box.x + 50, y), 20, widgets.DIM if pl.out else widgets.TEXT)
            text.draw(surf, i18n.engine_text(pl.msg if pl.msg is not None else pl.reason), (box.x + 50, y + 26),
                      15, widgets.DIM)
            y += 56
        y = self._stats_table(surf, box, y + 6)
        # the button row: as wide as the box allows (narrower buttons in a small window)
        n, gap = len(self.buttons), 12
        bw = max(60, min(120, (box.w - 32 - gap * (n - 1)) // n))
        x = box.centerx - (n * bw + gap * (n - 1)) // 2
        for b in self.buttons:
            r = b.layout(x, box.bottom - 50, w=bw, h=36)
            x = r.right + gap
            b.draw(surf)

    STAT_COLS = (("stat_marches", "marches"), ("stat_shots", "shots"), ("stat_killed", "killed"),
                 ("stat_lost", "lost"), ("stat_reinforced", "soldiers_reinforced"), ("stat_turns", "turns"),
                 ("stat_explored", "explored"))

    def _stats_table(self, surf, box: pygame.Rect, y: int) -> int:
        """Per player: marches, shots, soldiers killed and lost, reinforced, turns, cells explored."""
        name_w = 44 + max(text.size_of(i18n.player_name(st.player), 15)[0] for st in self.stats) + 12
        x0 = box.x + min(170, name_w)
        col_w = (box.right - 16 - x0) // len(self.STAT_COLS)
        size = 14 if all(text.size_of(t(k), 14)[0] <= col_w - 4 for k, _ in self.STAT_COLS) else 12
        for i, (key, _) in enumerate(self.STAT_COLS):
            text.draw(surf, t(key), (x0 + i * col_w + col_w // 2, y), size, widgets.DIM, anchor="midtop")
        y += 22
        for st in self.stats:
            pygame.draw.rect(surf, player_rgb(st.player), pygame.Rect(box.x + 24, y + 3, 12, 12), border_radius=2)
            text.draw(surf, i18n.player_name(st.player), (box.x + 44, y), 15, widgets.TEXT)
            for i, (_, attr) in enumerate(self.STAT_COLS):
                text.draw(surf, str(getattr(st, attr)), (x0 + i * col_w + col_w // 2, y), 15, widgets.TEXT,
                          anchor="midtop")
            y += 22
        return y
