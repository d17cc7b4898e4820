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
        # the buttons and words of the flat-board games' box (client/scenes/stats.py board_game_over): New game is
        # the same set-up, View board closes the box (Esc or Menu on the map brings it back), Menu leaves for the
        # start screen. Before, New game opened the start screen and Quit closed the program unasked (QA, session 19).
        self.buttons = [
            widgets.Button(lambda: t("replay"), self.replay, 18),
            widgets.Button(lambda: i18n.engine_text(Msg.of("stats.button")), self.show_stats, 18),
            widgets.Button(lambda: t("board_new_game"), lambda: self.game_scene.new_game(), 18),
            widgets.Button(lambda: t("save"), self._save, 18),
            widgets.Button(lambda: t("board_close"), self.view_board, 18),
            widgets.Button(lambda: t("menu"), self.app.start_title, 18),
        ]

    def view_board(self) -> None:
        """Close the box: the whole map stays shown; Esc or Menu there bring the box back (GameScene.open_menu)."""
        self.app.pop(self)
        self.game_scene.say_game_over()

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
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:  # as the board games' box: Esc views the board
            self.view_board()  # (Enter does nothing: the Enter that ended the last turn left for the start screen)

    def animating(self) -> bool:
        return False

    def reason(self) -> str:
        """Why the game ended ("game over: ..."), in the current language."""
        lines = self.headline()
        return lines[0] if lines else t("phase_over")

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
        bw = min(free.w, 860)
        want = 120 + 56 * len(self.ranking) + 70 + 30 + 22 * (len(self.stats) + 1) + self.BUTTON_ROW * \
            (len(self.button_rows(bw)) - 1)
        box = pygame.Rect(0, 0, bw, min(free.h, want))
        box.center = free.center
        return box

    GAP, BUTTON_MIN, BUTTON_ROW = 12, 64, 44

    def button_rows(self, box_w: int) -> list[list[widgets.Button]]:
        """The buttons in one row, or in two when one row of the narrowest buttons is wider than the box (a small
        window: six buttons ran out of the box at 640x400, QA session 19)."""
        n = len(self.buttons)
        if n * self.BUTTON_MIN + self.GAP * (n - 1) <= box_w - 32:
            return [self.buttons]
        half = (n + 1) // 2
        return [self.buttons[:half], self.buttons[half:]]

    def draw(self, display) -> None:
        surf = display.ui
        w, h = surf.get_size()
        box = self.box = self.box_rect(w, h)
        widgets.panel(surf, box, alpha=252)  # nearly opaque: the board's labels showed through its words
        clip = surf.get_clip()
        surf.set_clip(box)  # nothing of the box runs over the side panel (a small window, 4 players: QA session 19)
        try:
            self._draw_box(surf, box)
        finally:
            surf.set_clip(clip)

    RANK_ROW, RANK_ROW_SHORT = 56, 26

    def _draw_box(self, surf, box: pygame.Rect) -> None:
        """The title, why the game ended, the ranking, the table where it fits and the buttons, inside ``box``:
        lines too long for it end with "…" (the status line says the reason whole), and where the ranking's rows
        with their reasons do not fit above the buttons, each place is one shorter row (the reasons show in the
        log and under Statistics); places that still do not fit are left to Statistics, after a "…"."""
        inner = box.w - 32
        text.draw(surf, text.fit(t("gameover_title"), 30, inner), (box.centerx, box.y + 16), 30, widgets.ACCENT,
                  anchor="midtop")
        for i, line in enumerate(self.headline()):
            text.draw(surf, text.fit(line, 15, inner), (box.centerx, box.y + 58 + 17 * i), 15, widgets.DIM,
                      anchor="midtop")
        y = box.y + 92
        rows = self.button_rows(box.w)
        top = box.bottom - 50 - self.BUTTON_ROW * (len(rows) - 1)  # the first button row
        short = y + self.RANK_ROW * len(self.ranking) > top - 4
        room = box.right - 16 - (box.x + 50)
        step = self.RANK_ROW_SHORT if short else self.RANK_ROW
        for k, pl in enumerate(self.ranking):
            if k and y + step > top - 4:
                text.draw(surf, "…", (box.x + 50, y - 6), 17, widgets.DIM)
                break
            col = player_rgb(pl.player)
            kind = i18n.seat_label(self.game_scene.seats[pl.player])
            head = t("shachang.ui.rank_head", place=t("place", n=pl.place), name=i18n.player_name(pl.player),
                     kind=kind, out=t("shachang.ui.rank_out") if pl.out else "")  # zh: no [ ] ( ) among （）
            size, sq = (17, 14) if short else (20, 18)  # the row's font and colour square
            pygame.draw.rect(surf, col, pygame.Rect(box.x + 24, y + (3 if short else 4), sq, sq), border_radius=3)
            text.draw(surf, text.fit(head, size, room), (box.x + 50, y), size, widgets.DIM if pl.out else widgets.TEXT)
            if not short:
                text.draw(surf, text.fit(i18n.engine_text(pl.msg if pl.msg is not None else pl.reason), 15, room),
                          (box.x + 50, y + 26), 15, widgets.DIM)
            y += step
        if y + 6 + 22 * (len(self.stats) + 1) <= top - 4:  # a window too low for the table: Statistics shows it
            self._stats_table(surf, box, y + 6)
        # the button rows: as wide as the box allows (narrower buttons in a small window)
        gap = self.GAP
        n = max(len(r) for r in rows)
        bw = max(self.BUTTON_MIN, min(120, (box.w - 32 - gap * (n - 1)) // n))
        for i, row in enumerate(rows):
            x = box.centerx - (len(row) * bw + gap * (len(row) - 1)) // 2
            for b in row:
                r = b.layout(x, top + self.BUTTON_ROW * i, w=bw, h=36)
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
