"""The in-game menu (Esc) and the load screen (a list of saves, the autosaves and the quicksave marked as
such; a corrupt one shows its error)."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from client import i18n, settings
from client.games import plugin_class
from client.i18n import option_word, t
from client.savefile import summary
from client.scene import Scene
from client.scenes.help import HelpScene
from client.scenes.modals import Modal
from client.scenes.slot_note import note_slot
from client.ui import text, widgets
from engine import registry


class MenuScene(Modal):
    """The in-game menu: a modal box (buttons, Esc closes) over the game, or over a black screen (hand-over)."""

    kind = "menu"

    def __init__(self, app, game_scene=None, hide_board: bool = False, on_saved=None):
        super().__init__(app)
        self.game_scene = game_scene
        self.on_saved = on_saved  # called with (path or None, the words said) after Save: the hand-over shows them
        self.opaque = hide_board
        gs = game_scene
        self.buttons = [widgets.Button(lambda: t("resume"), self.close, 20)]
        if gs is not None:
            self.buttons.append(widgets.Button(lambda: t("save"), self.save, 20))
        self.buttons += [
            widgets.Button(lambda: t("load"), lambda: self.app.push(LoadScene(self.app)), 20),
            widgets.Button(lambda: f"{t('language')}: {'中文' if i18n.lang() == 'zh' else 'English'}",
                           i18n.toggle, 20),
            widgets.Button(lambda: t("fullscreen"), self.fullscreen, 20),
            widgets.Button(lambda: t("help"), self.help, 20),
            widgets.Button(lambda: t("to_title"), self.app.start_title, 20),
            widgets.Button(lambda: t("quit"), self.app.quit, 20),
        ]
        self.message = ""

    def key_contexts(self) -> tuple[str, ...]:
        """The keys of the game under the menu (its F1 page)."""
        return self.game_scene.key_contexts() if self.game_scene is not None else ("global",)

    def save(self) -> None:
        p = Path(self.app.opts.save_dir) / time.strftime("save-%Y%m%d-%H%M%S.json")
        saved = self.game_scene.save_to(p)  # the scene says it on its status line
        ctl = getattr(self.game_scene, "ctl", None)  # 沙场秋点兵's controller; the board games have none
        self.message = ctl.status if ctl is not None else self.game_scene.status_text(i18n.lang())
        self.app.pop(self)
        if self.on_saved is not None:
            self.on_saved(saved, self.message)

    def fullscreen(self) -> None:
        self.app.display.toggle_fullscreen()
        for s in self.app.scenes:
            s.on_resize(*self.app.display.size)

    def help(self) -> None:
        self.app.push(HelpScene(self.app))

    def draw(self, display) -> None:
        surf = display.ui
        if self.opaque:
            surf.fill((10, 10, 14))
            display.mark_full()
        w, h = surf.get_size()
        bh = 44
        box = pygame.Rect(0, 0, 320, 70 + len(self.buttons) * (bh + 8))
        box.center = (w // 2, h // 2)
        widgets.panel(surf, box, alpha=240)
        text.draw(surf, t("menu"), (box.centerx, box.y + 14), 24, widgets.ACCENT, anchor="midtop")
        y = box.y + 60
        for b in self.buttons:
            b.layout(box.centerx, y, w=260, h=bh, anchor="midtop")
            b.draw(surf)
            y += bh + 8


def list_saves(folder: Path) -> list[Path]:
    """The save files in ``folder``, newest first (not the settings file); the load screen scrolls through them."""
    try:
        found = [(p.stat().st_mtime, p) for p in Path(folder).glob("*.json")
                 if p.is_file() and p.name != settings.FILE_NAME]
    except OSError:
        return []
    found.sort(key=lambda mp: mp[0], reverse=True)
    return [p for _, p in found]


_DATED = re.compile(r"save-\d{8}-\d{6}")  # the Esc menu's Save names its file by the date (MenuScene.save)


def save_kind(path: Path) -> str | None:
    """"autosave" (a slot the game writes after each action, client.options.autosave_slot), "quicksave"
    (F5) or None (a save the player named or made with Ctrl+S)."""
    name = Path(path).name
    if name.startswith("autosave") and name.endswith(".json"):
        return "autosave"
    if name == "quicksave.json":
        return "quicksave"
    return None


class LoadScene(Scene):
    """Every save in the save folder, newest first, a line each; as many as the window holds, the others reached
    with the wheel or the arrow and page keys (a line says which part of how many shows)."""

    opaque = True
    ROW = 40  # pixels a line takes

    def __init__(self, app):
        super().__init__(app)
        self.files = list_saves(Path(app.opts.save_dir))
        self.buttons = []
        self._summaries: dict = {}  # path -> summary, read when its line is first shown (a summary replays the game)
        for p in self.files:
            try:
                stamp = time.strftime("%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            except OSError:  # gone since the folder was listed: its line says it is not a save
                stamp = ""
            self.buttons.append(widgets.Button(lambda p=p, stamp=stamp: f"{self.describe(p)}   {stamp}",
                                               lambda p=p: self.load(p), 16))
        self.back = widgets.Button(lambda: t("back"), lambda: self.app.pop(self), 18)
        self.error = ""
        self.top = 0  # the first line shown
        self.rows = len(self.files)  # how many lines the window holds (worked out when drawn)

    def summary(self, path):
        """The load-list summary of ``path`` (client.savefile.summary), read once."""
        if path not in self._summaries:
            self._summaries[path] = summary(path)
        return self._summaries[path]

    def describe(self, path) -> str:
        """One line per save in the current language: [autosave] or [quicksave], else the file's name where the
        player chose it, then the game."""
        sm = self.summary(path)
        kind = save_kind(path)
        if sm is None:
            return t("saves.not_a_save_line", name=path.name)
        if kind is not None:
            return t("saves.tagged", tag=t("saves." + kind), what=self.describe_game(sm))
        if not _DATED.fullmatch(path.stem):
            return t("saves.named", name=path.stem, what=self.describe_game(sm))
        return self.describe_game(sm)

    def scroll(self, lines: int) -> None:
        """Move the shown part of the list by ``lines`` (kept within it)."""
        self.top = max(0, min(self.top + lines, len(self.files) - self.rows))

    def describe_game(self, sm: dict) -> str:
        """The game of a save summary in words (game, map, mode, players, round or moves)."""
        info = registry.GAMES.get(sm["game"])
        name = (info.name_zh if i18n.lang() == "zh" else info.name_en) if info else sm["game"]
        o = sm["options"]
        bits = [name]
        if o.get("preset"):
            try:
                bits.append(plugin_class(sm["game"]).option_label("preset", o["preset"], i18n.lang()))
            except (KeyError, ValueError):
                bits.append(str(o["preset"]))
        if o.get("mode"):
            m = o["mode"]
            bits.append(t(f"mode_{m}") if f"mode_{m}" in i18n.STRINGS else option_word(sm["game"], "mode", m))
        if info is not None:  # the game's other set-up choices that are not its default (揭棋, a random set-up)
            bits += [option_word(sm["game"], k, o[k]) for k in info.choices
                     if k not in ("preset", "mode", "players", "seed") and k in o and o[k] != info.options.get(k)]
        seats = sm.get("seats")
        if seats:
            humans = sum(1 for s in seats if s == "human")
            bits.append(t("save_players", n=len(seats), h=humans))
        if sm.get("over"):
            bits.append(t("phase_over"))
        elif sm.get("round"):
            bits.append(t("save_round", r=sm["round"]))
        else:
            bits.append(t("save_moves", n=sm["actions"]))
        return " · ".join(bits)

    def error_text(self) -> str:
        """The refusal of the last save chosen, in the current language ("" if none)."""
        return self.error() if callable(self.error) else self.error

    def load(self, path) -> None:
        err = self.app.load_path(path)
        if err:
            self.error = lambda: t("load_failed", err=err)  # (worded when drawn: F2 words it again)
            return
        note_slot(self.app)

    def handle(self, ev) -> None:
        if self.back.handle(ev):
            return
        for b in self.shown():
            if b.handle(ev):
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * ev.y)
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.app.pop(self)
            elif ev.key in (pygame.K_UP, pygame.K_DOWN):
                self.scroll(-1 if ev.key == pygame.K_UP else 1)
            elif ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # a page, the last line seen kept in sight
                page = max(1, self.rows - 1)
                self.scroll(-page if ev.key == pygame.K_PAGEUP else page)
            elif ev.key in (pygame.K_HOME, pygame.K_END):
                self.scroll(-len(self.files) if ev.key == pygame.K_HOME else len(self.files))

    def part_line(self) -> str | None:
        """Which lines of how many show, and how to see the others; None when they all show."""
        if len(self.files) <= self.rows:
            return None
        return t("saves.list_part", a=self.top + 1, b=self.top + len(self.shown()), n=len(self.files))

    def shown(self) -> list:
        """The buttons of the lines on the screen."""
        return self.buttons[self.top:self.top + self.rows]

    def animating(self) -> bool:
        return False

    def draw(self, display) -> None:
        surf = display.ui
        surf.fill(widgets.BG)
        display.mark_full()
        w, h = surf.get_size()
        text.draw(surf, t("choose_save"), (w // 2, 30), 28, widgets.ACCENT, anchor="midtop")
        text.draw(surf, str(self.app.opts.save_dir), (w // 2, 70), 14, widgets.DIM, anchor="midtop")
        y = 100
        if not self.buttons:
            text.draw(surf, t("no_saves"), (w // 2, y + 20), 18, widgets.DIM, anchor="midtop")
        # the lines between the title and the back button (with room for an error and the line saying which part
        # of the list shows); the others keep no place on the screen, so no click reaches them
        self.rows = max(1, (h - 60 - 80 - y) // self.ROW)
        self.scroll(0)
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, 0, 0)
        for b in self.shown():
            b.layout(w // 2, y, w=min(w - 80, 900), h=34, anchor="midtop")  # a line with its set-up and date
            b.draw(surf)
            y += self.ROW
        part = self.part_line()
        if part is not None:
            text.draw(surf, part, (w // 2, y + 2), 14, widgets.DIM, anchor="midtop")
        if self.error:
            yy = h - 120
            for ln in text.wrap(self.error_text(), 16, w - 80)[:3]:
                text.draw(surf, ln, (w // 2, yy), 16, widgets.BAD, anchor="midtop")
                yy += 22
        self.back.layout(w // 2, h - 50, w=160, h=36, anchor="midtop")
        self.back.draw(surf)
