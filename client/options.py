"""What a game is started with: the options the start screen and the command line choose, checked."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from client import cli_args
from client.games import plugin_class
from engine import registry


def default_save_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "shachang"


@dataclass
class Options:
    """What the start screen and the command-line flags choose."""

    game_id: str = "shachang"
    game_options: dict = field(default_factory=dict)  # a game's own start options (三国演弈's variant, ...)
    preset: str = "standard"
    mode: str = "digital"
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "normal"])  # "normal": the default computer level
    seed: int = 0
    renderer: str = "auto"  # auto | gl | flat
    lang: str = "zh"
    fullscreen: bool = False
    size: tuple[int, int] = (1280, 720)
    save_dir: Path = field(default_factory=default_save_dir)
    autosave: Path | None = None  # default: save_dir / autosave.json
    ai_delay: float = 0.45  # seconds between animated computer actions at speed x1
    edge_pan: bool = True
    quick_start: bool = False  # skip the start screen
    load: Path | None = None  # a save to open at once
    map_file: Path | None = None  # 沙场秋点兵 map: .png heightmap, JSON map or .npy heights
    bench: int = 0
    handover_delay: float = 0.4  # seconds the hand-over screen ignores input (no accidental double presses)
    strict: bool = False  # re-raise errors of scenes (tests); else report them and play on

    def autosave_path(self, game=None, seats=None) -> Path:
        """The autosave file: ``--autosave`` if given, else one per game kind, map and table (a hot-seat
        game does not overwrite a game against the computer): autosave-<game>[-<map>]-<hotseat|vs>.json."""
        if self.autosave:
            return Path(self.autosave)
        if game is None:
            return Path(self.save_dir) / "autosave.json"
        parts = [game.game_id]
        preset = getattr(game, "preset_key", None)
        if preset:
            parts.append(str(preset))
        if seats is not None:
            parts.append("hotseat" if all(s == "human" for s in seats) else "vs")
        return Path(self.save_dir) / ("autosave-" + "-".join(parts) + ".json")


def info_takes_players(o: Options) -> bool:
    """Whether ``o.players`` means something for ``o.game_id`` (a game with a players choice or option)."""
    info = registry.GAMES.get(o.game_id)
    return info is None or "players" in info.choices or "players" in info.options


def player_counts(o: Options) -> tuple[int, ...]:
    """The player counts ``o.game_id`` can start with, given the other options (the plugin's start-screen
    counts where the game offers a choice, else the count of a new game with the registered defaults)."""
    info = registry.GAMES[o.game_id]
    if "players" in info.choices:
        chosen = {**info.options, **(o.game_options or {}), "preset": o.preset, "mode": o.mode}
        return tuple(plugin_class(o.game_id).player_counts(info, chosen))
    return (info.new_game(**info.options).num_players,)


def check_options(o: Options, players_given: bool = True) -> Options:
    """Refuse options no game can start with (ValueError with one line naming the option):
    an unknown game, an option or value the game does not register, what the game's plugin
    refuses (its ``check_options`` hook: 沙场秋点兵's maps), a player count the game does not allow,
    more seats than players, unknown seat kinds, a negative seed, a window too small or too large."""
    if o.game_id not in registry.GAMES:
        raise ValueError(f"unknown game {o.game_id!r:.40}; known: {', '.join(registry.GAMES)}")
    info = registry.GAMES[o.game_id]
    try:
        plugin = plugin_class(o.game_id)
    except KeyError:
        raise ValueError(f"{o.game_id} has no client yet (client/games/{o.game_id}.py)") from None
    cli_args.seed(o.seed)
    for i, s in enumerate(o.seats):
        if s not in cli_args.SEAT_KINDS:
            raise ValueError(f"seat {i + 1} is {s!r:.30}; each seat is one of {', '.join(cli_args.SEAT_KINDS)}")
    if type(o.players) is not int:
        raise ValueError(f"players must be a whole number, got {o.players!r:.30}")
    for key, value in (o.game_options or {}).items():
        if key not in info.options and key not in info.choices:
            raise ValueError(f"{key}: {o.game_id} has no such option; its options: {', '.join(option_keys(info))}")
        if key in info.choices and value not in info.choices[key]:
            raise ValueError(f"{key}={value!r:.40}: not a value of {o.game_id}'s {key}; "
                             f"allowed: {', '.join(map(cli_args.word, info.choices[key]))}")
    hook = getattr(plugin, "check_options", None)  # optional plugin hook: the game's own checks (its maps)
    if hook is not None:
        hook(o)
    counts = player_counts(o)
    if players_given and o.players not in counts:
        raise ValueError(f"{info.name_en} is for {' or '.join(map(str, counts))} players, not {o.players}")
    allowed = o.players if players_given else max(counts)
    if len(o.seats) > allowed:
        raise ValueError(f"{len(o.seats)} seats for a game of {allowed} players")
    cli_args.size(f"{o.size[0]}x{o.size[1]}")
    cli_args.seconds(o.ai_delay, "--ai-delay")
    if o.bench < 0:
        raise ValueError(f"--bench {o.bench}: the number of frames must be 0 (off) or more")
    return o


def option_keys(info) -> list[str]:
    """The option names a registered game takes (its options and choices, in order)."""
    return list(dict.fromkeys([*info.options, *info.choices]))
