"""The client's settings beside the saves (``<save dir>/settings.json``): the language and the start screen's
choices (the game, and per game its map, rules, players, seats and own options) kept between launches.

    {"version": 1, "lang": "en", "game": "sanguo",
     "games": {"sanguo": {"players": 3, "seats": ["human", "hard", "hard"], "options": {"variant": "jieqi"}}}}

Read with the save reader's guards (size, FIFOs, JSON depth; engine.saves) and checked key by key; a
file that is not valid is ignored as a whole with a message naming the problem (never an exception),
and a value a game does not offer (an old preset, an unknown seat kind) is skipped. Written atomically
(client.savefile.write_text). No pygame here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client import i18n
from client.options import Options
from client.savefile import SEAT_KINDS, write_text
from engine import registry
from engine.api import SaveError
from engine.messages import Msg, render
from engine.saves import kind_of, parse_json, read_file, shown

FILE_NAME = "settings.json"
VERSION = 1
MAX_BYTES = 256 * 1024
LANGS = ("zh", "en")
GAME_KEYS = ("preset", "mode", "players", "seats", "options")


@dataclass
class Settings:
    """What persists between launches (None: not chosen yet)."""

    lang: str | None = None
    game: str | None = None
    games: dict[str, dict] = field(default_factory=dict)  # game id -> its start-screen choices

    def to_json(self) -> dict:
        """The file's JSON object."""
        out: dict[str, Any] = {"version": VERSION}
        if self.lang is not None:
            out["lang"] = self.lang
        if self.game is not None:
            out["game"] = self.game
        out["games"] = {g: dict(v) for g, v in sorted(self.games.items())}
        return out


def path(save_dir) -> Path:
    """The settings file of a save folder."""
    return Path(save_dir) / FILE_NAME


def load(save_dir, lang: str = "en") -> tuple[Settings, str | None]:
    """(settings, None), or (empty settings, the reason in ``lang``, naming the file) when the file is not valid; a
    missing file is simply empty settings."""
    p = path(save_dir)
    if not p.exists() and not p.is_symlink():
        return Settings(), None
    try:
        return parse(read_file(p, MAX_BYTES, "settings")), None
    except SaveError as e:
        msg = e.text(lang)
        return Settings(), (msg if msg.startswith(str(p)) else render(Msg.of("saves.where.in_file", file=str(p),
                                                                             detail=e.msg), lang))


def parse(text: str | bytes) -> Settings:
    """The settings in ``text``; SaveError (a ValueError) naming the key that is not valid, a keyed message."""
    data = parse_json(text, MAX_BYTES)
    if not isinstance(data, dict):
        raise SaveError(key="saves.settings.not_object", got=kind_of(data))
    v = data.get("version")
    if type(v) is not int or v != VERSION:
        raise SaveError(key="saves.settings.version", version=shown(v), reads=VERSION)
    unknown = sorted(k for k in data if k not in ("version", "lang", "game", "games"))
    if unknown:
        raise SaveError(key="saves.settings.unknown_key", name=shown(unknown[0]))
    s = Settings()
    lang = data.get("lang")
    if lang is not None:
        if lang not in LANGS:
            raise SaveError(key="saves.settings.lang", value=shown(lang), known=tuple(LANGS))
        s.lang = lang
    game = data.get("game")
    if game is not None:
        if not isinstance(game, str):
            raise SaveError(key="saves.settings.game", got=kind_of(game))
        s.game = game if game in registry.GAMES else None  # a game this client lacks: forgotten
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise SaveError(key="saves.settings.games", got=kind_of(games))
    for gid, entry in games.items():
        checked = _entry(gid, entry)
        if gid in registry.GAMES:
            s.games[gid] = checked
    return s


def _entry(gid: str, entry: Any) -> dict:
    """One game's choices checked by type (values the game does not offer are skipped in ``choices``)."""
    where = f"games.{gid[:30]}"
    if not isinstance(entry, dict):
        raise SaveError(key="saves.settings.entry", where=where, got=kind_of(entry))
    unknown = sorted(k for k in entry if k not in GAME_KEYS)
    if unknown:
        raise SaveError(key="saves.settings.entry_key", where=where, name=shown(unknown[0]))
    for key in ("preset", "mode"):
        if key in entry and not isinstance(entry[key], str):
            raise SaveError(key="saves.settings.text", where=where, name=key, got=kind_of(entry[key]))
    if "players" in entry and (type(entry["players"]) is not int or not 1 <= entry["players"] <= 8):
        raise SaveError(key="saves.settings.players", where=where, value=shown(entry["players"]))
    seats = entry.get("seats", [])
    if not isinstance(seats, list) or len(seats) > 8:
        raise SaveError(key="saves.settings.seats", where=where)
    for i, k in enumerate(seats):
        if k not in SEAT_KINDS:
            raise SaveError(key="saves.settings.seat", where=where, n=i + 1, value=shown(k), known=tuple(SEAT_KINDS))
    opts = entry.get("options", {})
    if not isinstance(opts, dict):
        raise SaveError(key="saves.settings.options", where=where, got=kind_of(opts))
    for k, v in opts.items():
        if not isinstance(v, (str, int, bool)):
            raise SaveError(key="saves.settings.option", where=where, name=k[:30], got=kind_of(v))
    return dict(entry)


def choices(s: Settings, gid: str) -> dict:
    """The remembered choices of ``gid`` that the game still offers: preset, mode, players (each only if
    one of the game's values), seats, options (only the game's registered choices)."""
    info = registry.GAMES.get(gid)
    entry = s.games.get(gid)
    if info is None or not entry:
        return {}
    out: dict[str, Any] = {}
    for key in ("preset", "mode", "players"):
        if key in entry and entry[key] in info.choices.get(key, ()):
            out[key] = entry[key]
    if entry.get("seats"):
        out["seats"] = list(entry["seats"])
    opts = {k: v for k, v in entry.get("options", {}).items()
            if k not in ("preset", "mode", "players") and v in info.choices.get(k, ())}
    if opts:
        out["options"] = opts
    return out


def apply(opts, s: Settings, only_defaults: bool = False) -> None:
    """Put the remembered language, game and that game's choices into client.options.Options ``opts``
    (the start screen and a quick start begin from them); with ``only_defaults`` only where ``opts``
    still holds Options' defaults (the command line's choices win)."""
    base = Options()

    def put(name: str, value) -> None:
        if not only_defaults or (name not in getattr(opts, "cli_given", ())
                                 and getattr(opts, name) == getattr(base, name)):
            setattr(opts, name, value)

    if s.lang is not None:
        put("lang", s.lang)
    if s.game is not None:
        put("game_id", s.game)
    if only_defaults and opts.game_id != (s.game or base.game_id):
        return  # another game than the remembered one was asked for: its own defaults
    c = choices(s, opts.game_id)
    for key in ("preset", "mode", "players"):
        if key in c:
            put(key, c[key])
    if "seats" in c:
        put("seats", list(c["seats"]))
    if "options" in c:
        put("game_options", dict(c["options"]))


def save(save_dir, s: Settings) -> str | None:
    """Write the settings file; the error text instead of raising (the start screen shows it)."""
    try:
        write_text(path(save_dir), json.dumps(s.to_json(), ensure_ascii=False, indent=1))
    except OSError as e:
        return i18n.file_error(e, file=path(save_dir))
    return None


def startup(opts) -> str:
    """At the client's start: put the settings file's language and choices into ``opts`` where the command
    line left Options' defaults (a quick start, a bench or a save to open takes only the language).
    Returns the problem of a file that is not valid, or ""."""
    s, err = load(opts.save_dir, opts.lang)  # (a file not valid gives no language: the client's, --lang's)
    if opts.quick_start or opts.load or opts.bench:
        s = Settings(lang=s.lang)
    apply(opts, s, only_defaults=True)
    return err or ""
