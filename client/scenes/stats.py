"""Game-over statistics for every game (issue 23): a table with one column per seat.

The rows are the engine's (``engine.stats.game_stats``: actions played per seat and the game's
own ``Game.stat_rows``), then the plugin's (``GamePlugin.stat_rows``: pieces taken and lost by
default), then any rows a scene adds (沙场秋点兵's marches, shots, ...). Words come from the
catalogues (assets/messages/stats.toml and the games' own).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

import time
from pathlib import Path

from client import i18n
from client.boards.model import rgb255
from client.savefile import write_save
from client.scenes.modals import GameOverModal, Modal
from client.scenes.replay import BoardReplayScene
from client.ui import text, widgets
from client.ui.stats_table import draw_table
from engine.messages import Msg
from engine.stats import game_stats


@dataclass(frozen=True)
class Row:
    """One row of the table: its label (a keyed message, or a function giving the words) and a number per seat."""

    label: Any
    values: tuple[int, ...]

    def words(self) -> str:
        return self.label() if callable(self.label) else i18n.engine_text(self.label)


def stat_table(game, plugin=None, extra: list[Row] | tuple = ()) -> list[Row]:
    """The rows of the finished ``game``: the engine's, ``plugin``'s, then ``extra``."""
    rows = [Row(r.msg, r.values) for r in game_stats(game)]
    if plugin is not None:
        rows += [Row(msg, tuple(values)) for msg, values in plugin.stat_rows(game)]
    return rows + list(extra)


class StatsModal(Modal):
    """The statistics of a finished game in a box of their own; Esc or Back closes it."""

    kind = "stats"

    def __init__(self, host, rows: list[Row], seat_names: Callable[[], list[str]], seat_rgb, area=None):
        super().__init__(host, area)
        self.rows = rows
        self.seat_names = seat_names
        self.seat_rgb = seat_rgb
        self.buttons = [widgets.Button(lambda: i18n.engine_text(Msg.of("stats.close")), self.cancel, 16)]

    def box_below(self) -> pygame.Rect | None:
        """The drawn box of the modal just below this one (the game-over box), if any."""
        scenes = getattr(self.app, "scenes", [])
        below = scenes[:scenes.index(self)] if self in scenes else []
        rect = getattr(below[-1], "rect", None) if below and isinstance(below[-1], Modal) else None
        return rect if isinstance(rect, pygame.Rect) and rect.w else None

    def draw_on(self, surf) -> None:
        names = self.seat_names()
        w, h = min(surf.get_width() - 40, 260 + 130 * len(names)), 130 + 25 * (len(self.rows) + 1)
        under = self.box_below()
        if under is not None:  # the game-over box it opens from is covered whole: its table and buttons no longer
            w, h = max(w, under.w), max(h, under.h)  # peek out round the edges, nor show through (issue 26)
        box = self.box(surf, w, h, alpha=255)
        text.draw(surf, i18n.engine_text(Msg.of("stats.title")), (box.centerx, box.y + 14), 22, widgets.ACCENT,
                  anchor="midtop")
        draw_table(surf, self.rows, names, self.seat_rgb, pygame.Rect(box.x + 20, box.y + 54, box.w - 40, box.h))
        self.button_row(surf, box, box.bottom - 46, 118)



def board_game_over(scene) -> Modal:
    """The game-over box of a flat-board game (client/scenes/board_game.py's scene): the reason, the
    statistics, and Replay / Statistics / New game / Save / Close / Menu."""
    host, game, plugin = scene.host, scene.game, scene.plugin
    rows = stat_table(game, plugin)

    def names() -> list[str]:
        return [plugin.seat_name(s, scene.lang) for s in range(game.num_players)]

    def replay() -> None:
        kind = "gl" if scene.using_gl else "flat"
        host.push(BoardReplayScene(host, scene.game, plugin, kind, scene.yaw))

    def stats() -> None:
        host.push(StatsModal(host, rows, names, lambda s: _rgb(plugin, s), area=scene_area))

    def save() -> None:
        try:
            p = write_save(Path(host.opts.save_dir) / time.strftime("save-%Y%m%d-%H%M%S.json"), scene.game,
                           scene.seats, 0, scene.ai_seed())
            scene.say(str(p))
        except OSError as e:
            scene.say(i18n.t("board_save_failed", err=i18n.file_error(e)), bad=True)

    def scene_area() -> pygame.Rect:
        return scene.board_rect

    buttons = [(lambda: i18n.t("replay"), replay, False),
               (lambda: i18n.engine_text(Msg.of("stats.button")), stats, False),
               (lambda: i18n.t("board_new_game"), scene.new_game)]
    if getattr(host, "opts", None) is not None:
        buttons.append((lambda: i18n.t("save"), save))
    buttons += [(lambda: i18n.t("board_close"), lambda: None), (lambda: i18n.t("menu"), scene._leave)]

    def reason() -> str:  # the end, and G1's note of a seed the player gave
        note = plugin.seeded_note(scene.game, getattr(host, "opts", None), scene.lang)
        return f"{plugin.end_reason(scene.lang)}  · {note}" if note else plugin.end_reason(scene.lang)

    return GameOverModal(host, reason, buttons, table=rows, seat_names=names,
                         seat_rgb=lambda s: _rgb(plugin, s))


def _rgb(plugin, seat: int) -> tuple[int, int, int]:
    return rgb255(plugin.seat_rgb(seat))
