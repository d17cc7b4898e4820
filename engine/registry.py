"""The list of games the client can start (one ``assets/games/<game_id>.toml`` each), and loading any game's save."""
from __future__ import annotations

import importlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from engine.chance import fresh_seed
from engine.errors import SaveError
from engine.messages import Msg
from engine.saves import described, of_game, parse_json

if TYPE_CHECKING:
    from engine.api import Game


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its id, names, module and the options its new_game takes."""

    game_id: str
    name_zh: str
    name_en: str
    module: str  # module exposing new_game(**options) and load_game(text)
    options: dict[str, Any] = field(default_factory=dict)  # option -> default
    choices: dict[str, tuple] = field(default_factory=dict)  # option -> allowed values
    board: str = "square"  # square | cells | hex | heightmap
    order: int = 100  # place in the start screen's list
    hidden_information: bool = False  # some set-up of it hides pieces, hands, decks, fog or items (G1)
    save_options: tuple[str, ...] = ()  # what a save's options may hold besides ``options`` (百格's start FEN)

    def new_game(self, **options) -> Game:
        mod = importlib.import_module(self.module)
        return mod.new_game(**options)

    def load_game(self, text: str) -> Game:
        mod = importlib.import_module(self.module)
        return mod.load_game(text)

    def start(self, seed: int | None = None, **options) -> tuple[Game, bool]:
        """G1: a new game to play and whether it is seeded. A game that may hide anything draws its
        seed from the operating system (63 bits, never shown) unless the player gave one (tests,
        rule pictures: the game then says it is seeded); a game that hides nothing takes ``seed``
        or 0."""
        if seed is None:
            seed = fresh_seed() if self.hidden_information else 0
            seeded = False
        else:
            seeded = self.hidden_information
        opts = {k: v for k, v in self.options.items() if k != "seed"}
        opts.update(options)
        return self.new_game(seed=seed, **opts), seeded


def word(v) -> str:
    """An option value as typed on the command line (true/false for switches)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def option_value(label: str, game_id: str, key: str, text: str, allowed: tuple | None, default=None):
    """The value ``text`` names among a game option's ``allowed`` values (or of its default's type when the
    option has no list); ValueError starting with ``label`` (the flag as typed) and naming the allowed
    values otherwise."""
    t = str(text).strip()
    if allowed is not None:
        for v in allowed:
            if isinstance(v, bool):
                if t.lower() in (TRUE_WORDS if v else FALSE_WORDS):
                    return v
            elif t == str(v) or t.lower() == str(v).lower():
                return v
        raise ValueError(f"{label}: invalid choice {t!r:.40} for {game_id}'s {key}; "
                         f"choose from {', '.join(map(word, allowed))}")
    if isinstance(default, bool):
        if t.lower() in TRUE_WORDS + FALSE_WORDS:
            return t.lower() in TRUE_WORDS
        raise ValueError(f"{label}: {game_id}'s {key} is true or false, not {t!r:.40}")
    if isinstance(default, int):
        try:
            return int(t)
        except ValueError:
            raise ValueError(f"{label}: {game_id}'s {key} is a whole number, not {t!r:.40}") from None
    return t


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game to the registry (the client's start screen lists these)."""
    GAMES[info.game_id] = info


def get(game_id: str) -> GameInfo:
    """The registered game with this id (KeyError with the known ids if none)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


def load_game(text: str) -> Game:
    """Load any registered game's save; raises SaveError for anything else. A save of one game whose ``game``
    names another (edited) is refused as what it is (see :func:`content_game`), not in the named game's terms."""
    data = parse_json(text)
    if not isinstance(data, dict) or "game" not in data:
        raise SaveError(kind="not_save", key="saves.bad.no_game")
    gid = data["game"]
    if not isinstance(gid, str) or gid not in GAMES:
        raise SaveError(kind="foreign", key="saves.bad.unknown_game", game=described(gid), known=tuple(GAMES))
    info = GAMES[gid]
    try:
        check_options(info, data)
        return info.load_game(text)
    except SaveError as e:
        if e.kind != "invalid":
            raise
        found = content_game(data, gid)
        if found is None:
            raise
        raise SaveError(kind="foreign", key="saves.bad.relabelled", title=name_msg(info), game=repr(gid),
                        found=name_msg(GAMES[found])) from None


def name_msg(info: GameInfo) -> Msg:
    """A game's name in the language a message is read in."""
    return Msg.of("saves.game_name", zh=info.name_zh, en=info.name_en)


def check_options(info: GameInfo, data: dict) -> None:
    """SaveError naming an option a save of this game cannot have (it would be ignored: the game would not be
    the one saved, e.g. a misspelt variant loading the standard game)."""
    opts = data.get("options")
    if not isinstance(opts, dict):
        return  # (the game's reader names it)
    known = sorted(set(info.options) | set(info.save_options))
    for k in opts:
        if k not in known:
            raise SaveError(key="saves.bad.unknown_option", where=of_game(info.name_zh, "options"), name=str(k)[:40],
                            known=tuple(known))


def content_game(data: dict, named: str) -> str | None:
    """The registered game other than ``named`` whose save ``data`` is (it loads as that game), or None. Asked
    only once the named game has refused the save, so a save loads no slower."""
    for gid, info in GAMES.items():
        if gid == named:
            continue
        try:
            check_options(info, data)  # (first: it is cheap, and most other games stop here)
            info.load_game(json.dumps(dict(data, game=gid), ensure_ascii=False))
        except (SaveError, ValueError, TypeError):
            continue
        return gid
    return None


GAMES_DIR = Path(__file__).resolve().parent.parent / "assets" / "games"


def info_from_toml(path: Path) -> GameInfo:
    """A registry entry from ``assets/games/<game_id>.toml`` (ValueError naming the file and key if malformed)."""
    try:
        d = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path.name}: {e}") from None
    for key in ("game_id", "name_zh", "name_en", "module"):
        if not isinstance(d.get(key), str) or not d[key]:
            raise ValueError(f"{path.name}: {key} must be a non-empty string")
    if d["game_id"] != path.stem:
        raise ValueError(f"{path.name}: game_id {d['game_id']!r} does not match the file name")
    opts = d.get("options", {})
    choices = d.get("choices", {})
    if not isinstance(opts, dict) or not isinstance(choices, dict):
        raise ValueError(f"{path.name}: options and choices must be tables")
    for k, v in choices.items():
        if not isinstance(v, list) or not v:
            raise ValueError(f"{path.name}: choices.{k} must be a non-empty list")
        if k in opts and opts[k] not in v:
            raise ValueError(f"{path.name}: the default {k}={opts[k]!r} is not among its choices")
    return GameInfo(d["game_id"], d["name_zh"], d["name_en"], d["module"], dict(opts),
                    {k: tuple(v) for k, v in choices.items()}, d.get("board", "square"),
                    int(d.get("order", 100)), _flag(d, "hidden_information", path), _names(d, "save_options", path))


def _names(d: dict, key: str, path: Path) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{path.name}: {key} must be a list of names")
    return tuple(v)


def _flag(d: dict, key: str, path: Path) -> bool:
    v = d.get(key, False)
    if not isinstance(v, bool):
        raise ValueError(f"{path.name}: {key} must be true or false")
    return v


def _discover() -> None:
    for path in sorted(GAMES_DIR.glob("*.toml"), key=lambda p: p.stem):
        info = info_from_toml(path)
        if info.game_id not in GAMES:
            register(info)
    order = sorted(GAMES.values(), key=lambda i: (i.order, i.game_id))
    GAMES.clear()
    GAMES.update((i.game_id, i) for i in order)


_discover()
