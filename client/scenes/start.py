"""The start screen: game, then the rows its plugin asks for (map preset, rule mode, players), who sits in
each seat, and the seed row where the game has one. G1: for a game that may hide anything the row says the
seed is secret (drawn from the operating system when the game starts, never shown) until the player types
a seed, which makes a seeded game; only a seeded game's map is previewed.

When the chosen game has an unfinished autosave, a Continue (继续) bar names it (game, set-up, round or
move, date) and resumes it with its seats; 开始 on a set-up whose autosave slot holds an unfinished game
asks before replacing it. The choices and the language are kept in the settings file (client/settings.py)
whenever the player changes them."""
from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pygame

from client import i18n, keys, savefile, settings
from client.boards.model import rgb255
from client.display import Display
from client.games import plugin_class
from client.i18n import option_word, t
from client.options import autosave_slot, autosaves
from client.render.flat import player_rgb
from client.scene import Scene
from client.scenes.help import HelpScene
from client.scenes.menu import LoadScene
from client.scenes.modals import ConfirmModal
from client.scenes.slot_note import note_slot
from client.ui import text, widgets
from engine import registry



class StartScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        o = app.opts
        self.games = list(registry.GAMES)
        self.seed = int(o.seed)
        self.seed_given = bool(o.seeded)  # G1: the player chose the seed (typed here or --seed): a seeded game
        self.seed_typed = ""
        self.error = ""
        self.rows: list[widgets.Chooser] = []
        self.settings, _ = settings.load(o.save_dir)  # per game choices (the App put the last game's in o)
        self.game = widgets.Chooser(lambda: t("game"), lambda: self.games, self._game_name, o.game_id,
                                    self._game_changed)
        self.preset = widgets.Chooser(lambda: t("preset"), lambda: self._values("preset", o.preset),
                                      self._preset_label, o.preset, self._changed)
        self.mode = widgets.Chooser(lambda: t("mode"), lambda: self._values("mode", o.mode),
                                    lambda m: f"{t('mode_' + m)} — {t('mode_help_' + m)}", o.mode)
        self.players = widgets.Chooser(lambda: t("players"), self._player_counts, str, o.players, self._changed)
        self.lang = widgets.Chooser(lambda: t("language"), lambda: ["zh", "en"],
                                    lambda v: "中文" if v == "zh" else "English", i18n.lang(), i18n.set_lang)
        self.renderer = widgets.Chooser(lambda: t("renderer"), lambda: ["gl", "flat"],
                                        lambda v: t("renderer_" + v), app.display.kind)
        seats = (list(o.seats) + ["normal"] * 8)[:8]
        self.seats = [widgets.Chooser(lambda i=i: self.seat_name(i), lambda: savefile.SEAT_KINDS, i18n.seat_label, seats[i],
                                      size=18) for i in range(8)]
        self.all_main_rows = [self.game, self.preset, self.mode, self.players, self.lang, self.renderer]
        self._extra: dict = {}  # (game, option) -> its chooser
        self.focus = 0
        self.buttons = [
            widgets.Button(lambda: t("start"), self.start, 22),
            widgets.Button(lambda: t("load"), self.load, 20),
            widgets.Button(lambda: t("help"), self.help, 20),
            widgets.Button(lambda: t("quit"), self.quit, 20),
        ]
        self.seed_minus = widgets.Button("-", lambda: self._set_seed(self.seed - 1), 18)
        self.seed_plus = widgets.Button("+", lambda: self._set_seed(self.seed + 1), 18)
        self.seed_dice = widgets.Button(lambda: t("seed_secret_button" if self.secret_game() else "random_seed"),
                                        self._dice, 16, enabled=lambda: not self.seed_secret())  # greyed if secret
        self.seed_rect = pygame.Rect(0, 0, 0, 0)
        self.continue_button = widgets.Button(self.continue_label, self.continue_game, 20)
        self._autosave_info: dict = {}  # (path, mtime, size) -> its summary (read once per file version)
        self._touched = False  # the player changed something: the settings file is written
        self._written = None  # the settings last written (or read)
        self._preview_key = None
        self._preview_img: pygame.Surface | None = None
        self._preview_game = None  # the game the preview shows (started as is when the key still matches)
        self._worker = None
        self._scale = 1.0  # the frame's size in the window (frame_scale), and the frame drawn where it is not 1
        self._frame: pygame.Surface | None = None
        self._changed(None)
        self._written = self.settings_now().to_json()

    @property
    def main_rows(self) -> list:
        """The rows the chosen game has: the game, its own options (三国演弈's variant and mode, 辛亥革命's
        set-up, ...), the shared rows it uses (no map row for a board game, no players row where the count
        is fixed), then language and renderer."""
        rows = [r for r in self.all_main_rows if r.enabled or r in (self.game, self.lang, self.renderer)]
        return rows[:1] + self.option_rows() + rows[1:]

    def extra_options(self) -> list[str]:
        """The chosen game's own start options: its registered choices besides the shared rows."""
        pl = self.plugin()
        if pl is None:
            return []
        info = registry.get(self.game.value)
        skip = set(pl.start_options) | {"players", "seed", "preset"}
        return [k for k, v in info.choices.items() if k not in skip and len(v) > 1]

    def option_rows(self) -> list:
        """A chooser per extra option of the chosen game (kept per game, so a choice survives switching)."""
        gid = self.game.value
        info = registry.get(gid)
        out = []
        for opt in self.extra_options():
            row = self._extra.get((gid, opt))
            if row is None:
                row = self._extra[(gid, opt)] = widgets.Chooser(
                    lambda gid=gid, opt=opt: option_word(gid, opt), lambda info=info, opt=opt: list(info.choices[opt]),
                    lambda v, gid=gid, opt=opt: option_word(gid, opt, v), self._default(info, opt))
            out.append(row)
        return out

    def _default(self, info, opt: str):
        """A game option row's first value: the one asked for (``--items``), else the one remembered in the
        settings file, else the game's default."""
        asked = (self.app.opts.game_options or {}).get(opt)
        if asked is not None and asked in info.choices[opt]:
            return asked
        kept = settings.choices(self.settings, info.game_id).get("options", {}).get(opt)
        if kept is not None:
            return kept
        return info.options.get(opt, info.choices[opt][0])

    # ---------------------------------------------------------------- settings
    def _game_changed(self, gid) -> None:
        """Another game: its remembered choices come back, and a note of the last screen (the language
        switch, a load error) goes."""
        self.app.notice = ""
        self.error = ""
        c = settings.choices(self.settings, gid)
        for key, row in (("preset", self.preset), ("mode", self.mode)):
            if key in c:
                row.value = c[key]
        if "players" in c:
            self.players.value = c["players"]
        for i, k in enumerate(c.get("seats", [])[:8]):
            self.seats[i].value = k
        self._changed(gid)

    def settings_now(self) -> settings.Settings:
        """The settings file's content for the screen as it is: the language, the game, its choices
        (the other games' choices as they were remembered)."""
        gid = self.game.value
        s = settings.Settings(lang=i18n.lang(), game=gid, games=dict(self.settings.games))
        entry: dict = {"players": int(self.players.value),
                       "seats": [r.value for r in self.seats[:int(self.players.value)]]}
        if self.preset.enabled:
            entry["preset"] = self.preset.value
        if self.mode.enabled:
            entry["mode"] = self.mode.value
        opts = {opt: self._extra[(gid, opt)].value for opt in self.extra_options() if (gid, opt) in self._extra}
        if opts:
            entry["options"] = opts
        s.games[gid] = entry
        return s

    def save_settings(self, force: bool = False) -> None:
        """Write the settings file when the player changed something (an error shows on the screen)."""
        if not (self._touched or force):
            return
        s = self.settings_now()
        data = s.to_json()
        if data == self._written:
            return
        self._written = data
        self.settings = s
        err = settings.save(self.app.opts.save_dir, s)
        if err:
            self.error = err

    # ---------------------------------------------------------------- autosaves
    def chosen_setup(self) -> tuple[dict, str | None]:
        """(the save options that name the autosave slot, the map preset or None) of the game the screen
        would start: its own rows, and the shared rows the game uses."""
        gid = self.game.value
        opts: dict = {opt: self._extra[(gid, opt)].value for opt in self.extra_options() if (gid, opt) in self._extra}
        if self.mode.enabled:
            opts["mode"] = self.mode.value
        opts["players"] = int(self.players.value)
        return opts, (self.preset.value if self.preset.enabled else None)

    def slot_path(self) -> Path:
        """The autosave slot a new game of the chosen set-up and seats writes (client.options.autosave_slot)."""
        o = self.app.opts
        if o.autosave:
            return Path(o.autosave)
        opts, preset = self.chosen_setup()
        return autosave_slot(Path(o.save_dir), self.game.value, opts, preset,
                             [r.value for r in self.seats[:int(self.players.value)]])

    def autosave_summary(self, path: Path) -> dict | None:
        """The load-list summary of an autosave (client.savefile.summary) plus its date, read once per
        version of the file; None when it is not a save."""
        try:
            st = path.stat()
        except OSError:
            return None
        key = (str(path), st.st_mtime_ns, st.st_size)
        if key not in self._autosave_info:
            sm = savefile.summary(path)
            if sm is not None:
                sm = dict(sm, path=path, mtime=st.st_mtime)
            self._autosave_info[key] = sm
        return self._autosave_info[key]

    def unreadable_slot(self) -> Path | None:
        """The autosave slot a new game would write, where it holds a file that is not a readable save (a damaged
        autosave: Continue cannot offer it, and a new game replaces it without asking), else None."""
        p = self.slot_path()
        return p if p.is_file() and self.autosave_summary(p) is None else None

    def continue_info(self) -> dict | None:
        """The newest unfinished autosave of the chosen game (any set-up, any slot), or None."""
        o = self.app.opts
        paths = [Path(o.autosave)] if o.autosave else autosaves(Path(o.save_dir), self.game.value)
        for p in paths[:8]:
            sm = self.autosave_summary(p)
            if sm is not None and sm["game"] == self.game.value and not sm.get("over"):
                return sm
        return None

    def describe_save(self, sm: dict) -> tuple[str, str]:
        """(what: the game's name, its set-up, hot seat or vs computer, and round or move; when: the date) of an
        autosave summary."""
        info = registry.get(sm["game"])
        name = info.name_zh if i18n.lang() == "zh" else info.name_en.split(":")[0]
        bits = [name]
        o = sm.get("options") or {}
        for opt in info.choices:
            v = o.get(opt)
            if opt in ("players", "seed") or v is None or v == info.options.get(opt):
                continue
            if opt == "preset":  # the saved game's words for its map (i18n has no preset_label: every frame raised)
                bits.append(plugin_class(sm["game"]).option_label("preset", v, i18n.lang()))
            elif opt == "mode" and f"mode_{v}" in i18n.STRINGS:
                bits.append(t(f"mode_{v}"))
            else:
                bits.append(option_word(sm["game"], opt, v))
        seats = sm.get("seats")
        if seats:  # the table it was played at: a hot-seat and a vs-computer game of one set-up have two slots
            bits.append(t("saves.hotseat") if all(k == "human" for k in seats) else t("saves.vs_computer"))
        r = sm.get("round")
        bits.append(t("saves.round", n=r) if isinstance(r, int) and r > 0 else t("saves.moves", n=sm["actions"]))
        return " · ".join(str(b) for b in bits), time.strftime("%Y-%m-%d %H:%M", time.localtime(sm["mtime"]))

    def continue_label(self) -> str:
        sm = self.continue_info()
        if sm is None:
            return t("saves.continue")
        what, when = self.describe_save(sm)
        return t("saves.continue_line", what=what, when=when)

    def continue_game(self) -> None:
        """Resume the newest unfinished autosave of the chosen game (its seats and viewer as saved)."""
        sm = self.continue_info()
        if sm is None:
            return
        self.save_settings(force=True)
        err = self.app.load_path(sm["path"])
        if err:
            self.error = lambda: t("load_failed", err=err)  # (worded when drawn: F2 words it again)
            return
        note_slot(self.app)

    # ---------------------------------------------------------------- data
    def _game_name(self, gid) -> str:
        """The game's name in the chooser (an English name is cut at its colon to fit)."""
        info = registry.get(gid)
        return info.name_zh if i18n.lang() == "zh" else info.name_en.split(":")[0]

    def _values(self, option: str, default) -> list:
        """A row's values from the chosen game's plugin (its default alone when the game has no such row)."""
        pl = self.plugin()
        return (pl.option_values(option) if pl is not None else []) or [default]

    def _preset_label(self, key) -> str:
        """The chosen game's words for a map preset."""
        pl = self.plugin()
        return pl.option_label("preset", key, i18n.lang()) if pl is not None else str(key)

    def seat_name(self, i: int) -> str:
        """A seat row's name: the side it plays (白方, 吴, Wu) when the game's plugin names its sides before a game
        (``side_name``), else 座位n / Seat n (issue 26: a new player sees which side is theirs)."""
        pl = self.plugin()
        side = getattr(pl, "side_name", None) if pl is not None else None
        return side(i, i18n.lang()) if side is not None else t("seat", n=i + 1)

    def script_plugin(self):
        """The plugin whose script the screen speaks in (App.use_script): the chosen game's, in what its events say
        (a failed Continue) as in what it draws (issue 26)."""
        return self.plugin()

    def plugin(self):
        """The chosen game's plugin class (None when the game has no client yet)."""
        try:
            return plugin_class(self.game.value)
        except KeyError:
            return None

    def _player_counts(self) -> list[int]:
        info = registry.get(self.game.value)
        pl = self.plugin()
        if pl is None:
            return list(info.choices.get("players", (info.options.get("players", 2),)))
        return pl.player_counts(info, {"preset": self.preset.value, "mode": self.mode.value})

    def _playable(self) -> bool:
        return self.plugin() is not None

    def shows_seed(self) -> bool:
        """The chosen game has a seed row (every board game: secret by G1 where it deals or hides something,
        with a line saying what it changes where the game has no chance, ``seed_hint``)."""
        pl = self.plugin()
        return pl is not None and pl.show_seed

    def seed_hint(self) -> str:
        """The line under the seed row: what the seed changes in a game without chance ("" elsewhere)."""
        pl = self.plugin()
        if pl is None or not self.shows_seed():
            return ""
        opts = {opt: self._extra[(self.game.value, opt)].value for opt in self.extra_options()
                if (self.game.value, opt) in self._extra}
        key = pl.seed_hint(opts, [s.value for s in self.seats[:int(self.players.value)]])
        if key and self.seed_secret():  # a game without chance whose seed G1 keeps secret (standard 三国演弈, one
            key += "_secret"  # registration with 揭棋): the line says what the secret seed does
        return t(key) if key else ""

    def secret_game(self) -> bool:
        """G1: the chosen game draws its seed from the operating system unless the player types one."""
        pl = self.plugin()
        return pl is not None and pl.fresh_seed()

    def seed_secret(self) -> bool:
        """The game that would start has a secret seed (G1): nothing shows it, no preview."""
        return self.secret_game() and not self.seed_given

    def seed_words(self) -> str:
        """What the seed row shows: the seed, or that it is secret."""
        return t("seed_secret") if self.seed_secret() else str(self.seed)

    def key_contexts(self) -> tuple[str, ...]:
        return ("start", "global")

    def _changed(self, _) -> None:
        counts = self._player_counts()
        if self.players.value not in counts:
            self.players.value = counts[-1]
        pl = self.plugin()
        opts = pl.start_options if pl is not None else ()
        self.preset.enabled = "preset" in opts
        self.mode.enabled = "mode" in opts
        self.players.enabled = len(counts) > 1
        self.error = "" if self._playable() else t("game_unavailable")

    def _set_seed(self, s: int) -> None:
        """The player chooses the seed (- / + / the wheel / arrows): a seeded game (G1)."""
        self.seed = max(0, int(s))
        self.seed_given = True
        self.seed_typed = ""

    def _dice(self) -> None:
        """The row's third button: a random seed to see, or, where G1 keeps seeds secret, the secret one back."""
        if self.secret_game():
            self.seed_given, self.seed_typed = False, ""
        else:
            self._set_seed(random.randrange(100000))

    # --------------------------------------------------------------- preview
    def animating(self) -> bool:
        return self._worker is not None or self.preview_key() != self._preview_key

    def preview_key(self):
        pl = self.plugin()
        if pl is None or not pl.previews(self.seed_given):  # G1: never the map of a secret seed
            return None
        return (self.game.value, self.preset.value, self.mode.value, int(self.players.value), self.seed)

    def update(self, dt: float) -> None:
        """Keep the settings file up to date; generate the chosen map in a background thread and show it
        as a thumbnail."""
        self.save_settings()
        key = self.preview_key()
        w = self._worker
        if w is not None and w["done"]:
            self._worker = None
            if w["game"] is not None and w["key"] == key:
                self._set_preview(key, w["game"])
            w = None
        if key is None or key == self._preview_key or w is not None:
            return
        job = {"key": key, "game": None, "done": False}
        pl = self.plugin()
        opts = {"preset": key[1], "mode": key[2], "players": key[3], "seed": key[4]}

        def run():
            try:
                job["game"] = pl.preview_game(opts)
            except Exception:
                job["game"] = None
            job["done"] = True

        self._worker = job
        threading.Thread(target=run, daemon=True).start()

    def _set_preview(self, key, game) -> None:
        self._preview_key, self._preview_img, self._preview_game = key, self.plugin().preview_image(game), game

    # --------------------------------------------------------------- actions
    def replaced_autosave(self) -> dict | None:
        """The unfinished game in the autosave slot a new game of the chosen set-up would write, or None."""
        p = self.slot_path()
        sm = self.autosave_summary(p) if p.exists() else None
        return sm if sm is not None and not sm.get("over") else None

    def start(self, replace: bool = False) -> None:
        """Start a new game of the chosen set-up; when its autosave slot holds an unfinished game, ask first
        (yes: start, and the new game's autosave replaces it)."""
        if not self._playable():
            self.error = t("game_unavailable")
            return
        old = None if replace else self.replaced_autosave()
        if old is not None:
            what, when = self.describe_save(old)
            self.app.push(ConfirmModal(self.app, lambda: t("saves.replaces", what=what, when=when),
                                       lambda: self.start(replace=True)))
            return
        self.save_settings(force=True)
        o = self.app.opts
        o.game_id, o.preset, o.mode = self.game.value, self.preset.value, self.mode.value
        o.players, o.seed = int(self.players.value), self.seed
        o.seeded = self.seed_given  # G1: else a game that may hide anything draws its own seed
        o.game_options = {opt: self._extra[(o.game_id, opt)].value for opt in self.extra_options()
                          if (o.game_id, opt) in self._extra}
        o.seats = [s.value for s in self.seats[:o.players]]
        o.lang = i18n.lang()
        if self.renderer.value != self.app.display.kind:
            o.renderer = self.renderer.value
            self.app.display = Display(self.app.display.size, o.renderer, self.app.display.fullscreen)
            if self.app.display.kind != o.renderer:
                self.app.notice = t("renderer_fallback", err=self.app.display.fallback_reason)
        try:
            key = self.preview_key()
            plain = all(registry.get(o.game_id).options.get(k) == v for k, v in o.game_options.items())
            if key is not None and key == self._preview_key and self._preview_game is not None \
                    and not self._preview_game.log and plain:  # the preview has the default game options
                game, self._preview_game, self._preview_key = self._preview_game, None, None
                self.app.start_game(game, [s.value for s in self.seats[:o.players]])
            else:
                self.app.new_game_from_opts()
        except Exception as e:  # a preset/player mismatch etc.: say it
            self.error = f"{type(e).__name__}: {e}"
            return
        note_slot(self.app)

    def quit(self) -> None:
        """Leave the client (the settings file keeps the choices)."""
        self.save_settings()
        self.app.quit()

    def load(self) -> None:
        self.app.push(LoadScene(self.app))

    def help(self) -> None:
        self.app.push(HelpScene(self.app))

    def help_subject(self) -> tuple[str, dict]:
        """The game Help (and F1) explains from here: the chosen game with its chosen rows (players, variant, …)."""
        opts = {opt: self._extra[(self.game.value, opt)].value for opt in self.extra_options()
                if (self.game.value, opt) in self._extra}
        return self.game.value, {**opts, "players": int(self.players.value)}

    def help_key_contexts(self) -> tuple[str, ...]:
        """The key contexts (client/keys.py) of the scene the chosen game opens, for Help's Keys tab: its plugin's
        scene (its own, or "board" and, with the GL renderer chosen, "board_gl") and the game's own rows."""
        cls = plugin_class(self.game.value)
        gl = ("board_gl",) if cls.key_context == "board" and self.renderer.value == "gl" else ()
        return (cls.key_context,) + gl + (self.game.value,)

    # ----------------------------------------------------------------- input
    def all_rows(self):
        return self.main_rows + self.seats[:int(self.players.value)]

    def focus_ring(self) -> list[int]:
        """The rows Down / Tab go through, in the order they stand: the set-up rows, the seed (-1, where the
        game shows it: Left / Right change it), the seats."""
        m = len(self.main_rows)
        return list(range(m)) + ([-1] if self.shows_seed() else []) + list(range(m, len(self.all_rows())))

    def handle(self, ev) -> None:
        ev = self._frame_event(ev)
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self._touched = True  # the settings file follows the player's changes (written in update)
        if self.continue_info() is not None and self.continue_button.handle(ev):
            return
        seed_buttons = [self.seed_minus, self.seed_plus, self.seed_dice] if self.shows_seed() else []
        for b in self.buttons + seed_buttons:
            if b.handle(ev):
                return
        for i, r in enumerate(self.all_rows()):
            if r.handle(ev):
                self.focus = i
                return
        if not self.shows_seed():
            self.seed_rect = pygame.Rect(0, 0, 0, 0)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.seed_rect.collidepoint(ev.pos):
            self.focus = -1
            return
        if ev.type == pygame.MOUSEWHEEL and self.seed_rect.collidepoint(
                self._frame_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos())).pos):
            self._set_seed(self.seed + ev.y)
            return
        if ev.type != pygame.KEYDOWN:
            return
        rows = self.all_rows()
        k = ev.key
        if k == pygame.K_ESCAPE:
            self.quit()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif k in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            back = k == pygame.K_UP or (k == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT)
            ring = self.focus_ring()
            at = ring.index(self.focus) if self.focus in ring else (0 if back else -1)
            self.focus = ring[(at + (-1 if back else 1)) % len(ring)]
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if k == pygame.K_RIGHT else -1
            if self.focus == -1:
                self._set_seed(self.seed + d)
            elif 0 <= self.focus < len(rows):
                rows[self.focus].step(d)
        elif keys.digit(k) is not None and self.shows_seed():
            d = keys.digit(k)
            self.seed_typed = (self.seed_typed + str(d))[-9:]
            self.seed = int(self.seed_typed)
            self.seed_given = True
        elif k == pygame.K_BACKSPACE and self.shows_seed():
            self.seed_typed = str(self.seed)[:-1] if not self.seed_secret() else ""
            self.seed = int(self.seed_typed or 0)
            if not self.seed_typed and self.secret_game():
                self.seed_given = False  # all digits gone: the secret seed again (G1)

    # ------------------------------------------------------------------ draw
    def frame_size(self) -> tuple[int, int]:
        """The smallest window the screen's layout fits as it stands (the chosen game's rows and seats, its title, a
        Continue bar): the set-up rows with their narrowest values beside the seats, the rows 36 apart above the
        window's foot."""
        row = self.main_rows[0]
        w = max(20 + row.width(110, 160) + 60 + self.seats[0].width(*self.seat_widths()) + 4, 620)  # (buttons: 580)
        cont, bad = self.foot()
        foot = 158 + (60 if cont is not None else 30 if bad is not None else 0)
        rows = max(len(self.main_rows) + (1 if self.shows_seed() else 0), int(self.players.value))
        return w, 124 + 36 * (rows - 1) + self.ROW_H + foot

    def frame_scale(self, size: tuple[int, int]) -> float:
        """1, or how much smaller than the frame it is drawn at a window ``size`` smaller than ``frame_size`` is
        shown: there the screen is laid out at least that large (the window's shape kept) and scaled down (at 640x400
        the seats column ran off the right edge and the buttons lay over the seed row; found in QA, session 19)."""
        need = self.frame_size()
        return min(1.0, size[0] / need[0], size[1] / need[1])

    def _frame_event(self, ev):
        """``ev`` with its mouse position in the frame's pixels (the same event where the frame is the window)."""
        k = self._scale
        if k == 1.0 or "pos" not in ev.dict:
            return ev
        return pygame.event.Event(ev.type, {**ev.dict, "pos": (int(ev.pos[0] / k), int(ev.pos[1] / k))})

    def draw(self, display) -> None:
        window = display.ui
        display.mark_full()
        size = window.get_size()
        self._scale = k = self.frame_scale(size)
        if k == 1.0:
            self.draw_frame(window)
            return
        frame_size = (round(size[0] / k), round(size[1] / k))
        if self._frame is None or self._frame.get_size() != frame_size:
            self._frame = pygame.Surface(frame_size, 0, window)
        self.draw_frame(self._frame)
        pygame.transform.smoothscale(self._frame, size, window)

    def draw_frame(self, surf: pygame.Surface) -> None:
        """The screen at the size of ``surf``."""
        # the chosen game's script for the client's words too (辛亥革命 traditional; App.step resets it), issue 26
        i18n.use_script(getattr(self.plugin(), "zh_script", None))
        surf.fill(widgets.BG)
        w, h = surf.get_size()
        # a band of player colours
        for i in range(8):
            pygame.draw.rect(surf, player_rgb(i), pygame.Rect(i * w // 8, 0, w // 8 + 1, 6))
        # the chosen game's title (沙场秋点兵 with the client's subtitle)
        info = registry.get(self.game.value)
        pl = self.plugin()
        # one language at a time (issue 26): the title in the language shown, no English line under a Chinese one
        title, _, sub = (info.name_zh, "", "") if i18n.lang() == "zh" else info.name_en.partition(":")
        if pl is not None and pl.subtitle:
            sub = t(pl.subtitle)
        size = 52  # a long title in a narrow window in a smaller size ("he 1911 Revolution of Chin" at 640)
        while size > 26 and text.size_of(title, size)[0] > w - 20:
            size -= 2
        text.draw(surf, title, (w // 2, 22 + (52 - size) // 2), size, widgets.ACCENT, anchor="midtop")
        text.draw(surf, sub.strip(), (w // 2, 94), 18, widgets.DIM, anchor="midtop")
        self.lang.value = i18n.lang()  # F2 switches the language anywhere: the row says the one in use
        left_x, value_w, sx = self.columns(w)
        foot = self.foot()
        top, step, seat_step = self.rows_y(h, foot)
        y = top
        for i, r in enumerate(self.main_rows):
            r.layout(left_x, y, 110, value_w)
            r.draw(surf, focused=i == self.focus)
            y += step
        if self.shows_seed():
            self._draw_seed(surf, left_x, y, sx, top + seat_step * int(self.players.value))
        self._draw_seats(surf, sx, w, h, top, seat_step, foot)

    ROW_H = 34  # a row's height (its buttons and value box)

    def foot(self) -> tuple[dict | None, Path | None]:
        """What the window's foot shows besides the buttons: the Continue save (``continue_info``) and a damaged
        autosave of the chosen set-up (``unreadable_slot``)."""
        return self.continue_info(), self.unreadable_slot()

    def rows_y(self, h: int, foot: tuple | None = None) -> tuple[int, int, int]:
        """(y of the first row, the set-up rows' step, the seats' step) in a window ``h`` pixels high: 140, 46
        and 42 where every row fits above what the window's foot holds (the Continue bar, a notice, the buttons);
        in a lower window the rows begin higher and stand closer, down to 36 apart (at 800x600 沙场秋点兵's seed
        row lay under the buttons)."""
        cont, bad = foot if foot is not None else self.foot()
        bottom = h - 158 - (60 if cont is not None else 30 if bad is not None else 0)
        rows = len(self.main_rows) + (1 if self.shows_seed() else 0)
        seats = int(self.players.value)
        if 140 + 46 * (rows - 1) + self.ROW_H <= bottom and 140 + 42 * (seats - 1) + self.ROW_H <= bottom:
            return 140, 46, 42
        top = 124
        room = bottom - top - self.ROW_H
        return (top, max(36, min(46, room // max(1, rows - 1))), max(36, min(42, room // max(1, seats - 1))))

    MAIN_VALUE_W = 330  # the set-up rows' value width in a window wide enough for both columns

    def columns(self, w: int) -> tuple[int, int, int]:
        """(x of the set-up rows, their value width, x of the seats column) in a window ``w`` pixels wide: the
        seats column 620 pixels right of the rows where the window is wide enough for both; in a narrower one the
        rows' values narrow (their words fitted) and the seats column moves left, so both stay in the window."""
        left_x = max(20, w // 2 - 560)
        seats_w = self.seats[0].width(*self.seat_widths())
        if left_x + 620 + seats_w + 20 <= w:
            return left_x, self.MAIN_VALUE_W, left_x + 620
        row = self.main_rows[0]
        arrows = row.width(0, 0)  # a set-up row without its label and value
        value_w = max(160, min(self.MAIN_VALUE_W, w - 20 - seats_w - 60 - 110 - arrows - left_x))
        return left_x, value_w, left_x + row.width(110, value_w) + 60

    def seat_widths(self) -> tuple[int, int]:
        """(label width, value width) of the seat rows: a side's name wider than the usual label column
        ("Revolutionaries") widens it and narrows the value."""
        n = int(self.players.value)
        label_w = max([90] + [text.size_of(r.label(), r.size)[0] + 12 for r in self.seats[:n]])
        return label_w, max(150, 180 - (label_w - 90))

    def _draw_seed(self, surf, left_x: int, y: int, seats_x: int, seats_bottom: int) -> None:
        """The seed row: the seed, or "secret" where G1 draws it (the player may type one: a seeded game);
        ``seats_bottom``: the y below the seat rows."""
        text.draw(surf, t("seed"), (left_x, y + 17), 20, widgets.ACCENT if self.focus == -1 else widgets.TEXT,
                  anchor="midleft")
        self.seed_minus.layout(left_x + 110, y, w=34, h=34)
        self.seed_minus.draw(surf)
        self.seed_rect = pygame.Rect(left_x + 152, y, 150, 34)
        pygame.draw.rect(surf, (34, 38, 48), self.seed_rect, border_radius=4)
        text.draw(surf, self.seed_words(), self.seed_rect.center, 20 if not self.seed_secret() else 16,
                  widgets.DIM if self.seed_secret() else widgets.TEXT, anchor="center")
        self.seed_plus.layout(self.seed_rect.right + 8, y, w=34, h=34)
        self.seed_plus.draw(surf)
        self.seed_dice.layout(self.seed_plus.rect.right + 10, y, h=34)
        self.seed_dice.draw(surf)
        hint = self.seed_hint()
        if hint:  # a game without chance: what the seed changes (issue 26)
            # beside the seats column where it reaches this low (its rows, or a map preview under them)
            beside = self.preview_key() is not None or seats_bottom > y + 42
            room = (seats_x - 40 if beside else surf.get_width() - 20) - left_x - 110
            for i, ln in enumerate(text.wrap(hint, 15, min(480, room))):
                text.draw(surf, ln, (left_x + 110, y + 42 + 19 * i), 15, widgets.DIM)

    def _draw_seats(self, surf, sx: int, w: int, h: int, top: int, step: int, foot: tuple) -> None:
        sy = top
        n = int(self.players.value)
        pl = self.plugin()
        label_w, value_w = self.seat_widths()
        for i, r in enumerate(self.seats[:n]):
            col = rgb255(pl.seat_rgb(i)) if pl is not None else player_rgb(i)  # the game's seat colours
            pygame.draw.rect(surf, col, pygame.Rect(sx - 22, sy + 9, 14, 14), border_radius=3)
            r.layout(sx, sy, label_w, value_w)
            r.draw(surf, focused=len(self.main_rows) + i == self.focus)
            sy += step
        # map preview under the seats (above the Continue bar when there is one)
        cont, bad = foot
        top = sy + 8
        size = min(260, h - (170 if cont is not None else 110) - top)
        if self.preview_key() is not None and size >= 80:
            box = pygame.Rect(sx - 22, top, size, size)
            if self._preview_img is not None and self._preview_key == self.preview_key():
                surf.blit(pygame.transform.smoothscale(self._preview_img, box.size), box.topleft)
            else:
                pygame.draw.rect(surf, (34, 38, 48), box)
                text.draw(surf, "…", box.center, 28, widgets.DIM, anchor="center")
            pygame.draw.rect(surf, widgets.BORDER, box, 1)
        lift = 0
        if cont is not None:  # Continue: the game, its set-up, round or move, date
            r = self.continue_button.layout(w // 2, h - 150, w=min(w - 40, 720), h=40, anchor="midtop")
            self.continue_button.draw(surf)
            if self.slot_path() == cont["path"]:  # 开始 would replace it (and asks)
                text.draw(surf, t("saves.replaces_hint"), (w // 2, r.bottom + 4), 14, widgets.DIM, anchor="midtop")
            elif bad is not None:
                text.draw(surf, t("saves.unreadable_slot", name=bad.name), (w // 2, r.bottom + 4), 14, widgets.BAD,
                          anchor="midtop")
            lift = 60
        elif bad is not None:  # where Continue would be: the set-up's autosave is damaged (a new game replaces it)
            text.draw(surf, t("saves.unreadable_slot", name=bad.name), (w // 2, h - 140), 16, widgets.BAD,
                      anchor="midtop")
            lift = 30
        if self.error:  # (a refused save's reason can be long: it wraps, upwards from where one line goes)
            lines = text.wrap(self.error() if callable(self.error) else self.error, 18, w - 80)[:3]
            for i, ln in enumerate(lines):
                text.draw(surf, ln, (w // 2, h - 120 - lift - 24 * (len(lines) - 1 - i)), 18, widgets.BAD,
                          anchor="midtop")
        if self.app.notice:
            text.draw(surf, self.app.notice, (w // 2, h - 150 - lift), 16, widgets.BAD, anchor="midtop")
        bx = w // 2 - 290
        for b in self.buttons:
            r = b.layout(bx, h - 80, w=130, h=44)
            bx = r.right + 20
            b.draw(surf)
