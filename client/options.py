"""What a game is started with: the options the start screen and the command line choose, checked."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from client import cli_args, savefile
from client.games import plugin_class
from client.i18n import t
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
    seeded: bool = False  # the seed was given by the player (--seed): used even where G1 draws a fresh one
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
    loaded: tuple | None = field(default=None, repr=False, compare=False)  # (game, seats, viewer) read from it
    map_file: Path | None = None  # 沙场秋点兵 map: .png heightmap, JSON map or .npy heights
    bench: int = 0
    handover_delay: float = 0.4  # seconds the hand-over screen ignores input (no accidental double presses)
    strict: bool = False  # re-raise errors of scenes (tests); else report them and play on

    autosave_note: str = ""  # set when another client holds this game's autosave slot (see autosave_path)
    _autosave_slots: dict = field(default_factory=dict, repr=False, compare=False)  # own slot -> the slot used
    _slot_of: tuple | None = field(default=None, repr=False, compare=False)  # (game, key, its own slot): cached

    def autosave_path(self, game=None, seats=None) -> Path:
        """The autosave file: ``--autosave`` if given, else one slot per game kind, set-up and table
        (:func:`autosave_slot`): a game of another kind or set-up, or a hot-seat game against a game
        with computer seats, never overwrites it. The slot is claimed for this client (a lock file,
        client.savefile.claim): when another live client on this machine holds it, this game
        autosaves to the next free slot (``...-2.json``) and ``autosave_note`` says so."""
        if self.autosave:
            base = Path(self.autosave)
        elif game is None:
            return Path(self.save_dir) / "autosave.json"
        else:
            key = (None if seats is None else tuple(seats), str(self.save_dir))
            cached = self._slot_of
            if cached is not None and cached[0] is game and cached[1] == key:
                base = cached[2]  # a game's set-up does not change: its save text is not made twice
            else:
                base = autosave_slot(Path(self.save_dir), game.game_id, save_options(game),
                                     getattr(game, "preset_key", None), seats)
                self._slot_of = (game, key, base)
        if game is None:
            return base
        used = self._autosave_slots.get(base)
        if used is not None and savefile.claim(used) is None:
            return used
        pid = savefile.claim(base)
        if pid is None:
            self._autosave_slots[base] = base
            return base
        n = 2
        while True:  # the next slot no live client holds (a pid-named one at worst: never shared)
            other = base.with_name(f"{base.stem}-{n}{base.suffix}") if n < 10 else \
                base.with_name(f"{base.stem}-{os.getpid()}{base.suffix}")
            if savefile.claim(other) is None or n >= 10:
                break
            n += 1
        self._autosave_slots[base] = other
        self.autosave_note = t("saves.slot_taken", pid=pid, name=base.name, other=other.name)
        print(self.autosave_note, file=sys.stderr)
        return other

    def release_autosave(self) -> None:
        """Give up the autosave slots this client claimed (another client may take them)."""
        for used in self._autosave_slots.values():
            savefile.release(used)
        self._autosave_slots.clear()


def save_options(game) -> dict:
    """The ``options`` of ``game``'s save (engine.saves envelope)."""
    try:
        data = json.loads(game.to_json())
    except (ValueError, TypeError, AttributeError):
        return {}
    opts = data.get("options") if isinstance(data, dict) else None
    return opts if isinstance(opts, dict) else {}


def setup_words(game_id: str, options: dict, preset: str | None = None) -> list[str]:
    """The parts of a game's set-up that name its autosave slot: the map preset, then each registered
    choice (other than the map) whose value differs from the game's default (三国演弈's 揭棋, 辛亥革命's
    random set-up, 沙场秋点兵's rule mode or player count, the fun items)."""
    info = registry.GAMES.get(game_id)
    words = [str(preset)] if preset else []
    if info is None:
        return words
    for key, values in info.choices.items():
        if key == "preset" or len(values) < 2 or key not in options:
            continue
        v = options[key]
        if v == info.options.get(key, values[0]):
            continue
        if isinstance(v, bool):
            words.append(key if v else "no" + key)
        elif key == "players":
            words.append(f"{v}p")
        else:
            words.append(str(v))
    return ["".join(ch if ch.isalnum() or ch == "_" else "_" for ch in w)[:24] for w in words]


def autosave_slot(save_dir: Path, game_id: str, options: dict, preset: str | None, seats=None) -> Path:
    """The autosave slot of a game kind, set-up and table:
    ``autosave-<game>[-<map>][-<set-up>...]-<hotseat|vs>.json`` in ``save_dir``."""
    parts = [game_id] + setup_words(game_id, options, preset)
    if seats is not None:
        parts.append("hotseat" if all(s == "human" for s in seats) else "vs")
    return Path(save_dir) / ("autosave-" + "-".join(parts) + ".json")


def autosaves(save_dir: Path, game_id: str | None = None) -> list[Path]:
    """The autosave files in ``save_dir`` (of ``game_id``'s kind if given), newest first."""
    try:
        files = [p for p in Path(save_dir).glob("autosave*.json") if p.is_file()]
    except OSError:
        return []
    if game_id is not None:
        files = [p for p in files if p.name == f"autosave-{game_id}.json"
                 or p.name.startswith(f"autosave-{game_id}-")]
    out = []
    for p in files:
        try:
            out.append((p.stat().st_mtime, p))
        except OSError:
            continue
    return [p for _, p in sorted(out, key=lambda x: (-x[0], x[1].name))]


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
