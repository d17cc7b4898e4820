"""One save envelope and one replay for every game.

A save of every game is a JSON object with the same six keys (:data:`ENVELOPE_KEYS`)::

    {"game": "<game_id>", "version": N, "options": {...new_game options...},
     "start": {...what options do not give: 沙场秋点兵's map and set-up, 百格's start FEN; or {}},
     "actions": ["<action text>", ...],
     "forced": {"<draw index>": outcome, ...}}      # forced chance outcomes (engine.chance), or {}

``read_save`` checks the envelope (size, JSON, game, version, the action list) and
raises only :class:`engine.errors.SaveError` (engine.api.SaveError); each game checks its own keys by meaning.
Older saves are still read: forced outcomes under ``"chance"`` (辛亥革命, 暗战洛阳城)
through :func:`read_forced`, and each game reads its own older keys. ``replay_actions``
replays the actions under a check of the forced outcomes: one that the draw cannot
have, or one for a draw the game never made, is a SaveError naming the entry.
Replaying a saved game to a prefix of its actions (any registered game) is engine.replay's.
"""
from __future__ import annotations

import contextlib
import contextvars
import json
import math
import os
import stat
import threading
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import numpy as np

from engine.errors import IllegalAction, ParseError, SaveError
from engine.chance import Chance, ChanceError

if TYPE_CHECKING:
    from engine.api import Game

MAX_SAVE_BYTES = 16 * 1024 * 1024  # a 256x256 map with a long game is well under 1 MB
MAX_DEPTH = 32  # nesting of arrays/objects a save may have (a map is 3 deep)
MAX_INT_DIGITS = 30  # no value in a save needs more; refused before int() is asked to convert
MAX_ACTION_CHARS = 1000

_parsed_lock = threading.Lock()
_parsed: tuple[str, Any] | None = None  # (text, value) of the last parse_json, see parse_json


ENVELOPE_KEYS = ("game", "version", "options", "start", "actions", "forced")  # every game's save, in order
OLD_FORCED_KEY = "chance"  # where 辛亥革命 and 暗战洛阳城 kept forced outcomes before the one envelope

# True while engine.replay loads a prefix of a game: its forced outcomes of later draws stay unused
_prefix_replay: contextvars.ContextVar[bool] = contextvars.ContextVar("prefix_replay", default=False)


def envelope(game_id: str, version: int, options: dict, actions: list[str],
             forced: dict | None = None, start: dict | None = None) -> str:
    """The save text of a game: the six keys of :data:`ENVELOPE_KEYS`. ``forced`` is
    ``Chance.to_json()`` of the game's generator (``{}`` when nothing was forced), ``start``
    what the options do not give of the start position (``{}`` when nothing)."""
    data = {"game": game_id, "version": version, "options": dict(options), "start": dict(start or {}),
            "actions": list(actions), "forced": dict(forced or {})}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_forced(data: dict, title: str) -> dict[int, Any]:
    """The forced chance outcomes of a save by draw index: ``"forced"``, or in an older save
    ``"chance"``; SaveError naming the key if malformed."""
    key = "forced" if "forced" in data or OLD_FORCED_KEY not in data else OLD_FORCED_KEY
    try:
        return Chance.forced_from_json(data.get(key))
    except (ValueError, TypeError) as e:
        raise SaveError(f"{title} save: {key}: {str(e)[:120]}") from None


def no_forced(data: dict, title: str, why: str = "the game draws nothing") -> None:
    """SaveError if a save of a game without chance holds forced outcomes (they would never be checked)."""
    forced = read_forced(data, title)
    if forced:
        i = min(forced)
        raise SaveError(f'{title} save: forced["{i}"] = {_as_json(forced[i])}: {why}')


def read_start(data: dict, title: str, old_keys: tuple[str, ...] = ()) -> dict:
    """The save's ``start`` object; an older save kept these keys at the top (``old_keys``)."""
    if "start" in data:
        return need(data, "start", dict, f"{title} save")
    return {k: data[k] for k in old_keys if k in data}


def check_file(path: "str | os.PathLike", limit: int = MAX_SAVE_BYTES, what: str = "save") -> os.stat_result:
    """Refuse at once (SaveError, a ValueError) a path that is missing, not a regular file (a FIFO, a
    device such as /dev/zero, a directory) or over ``limit`` bytes, without opening it."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise SaveError(f"{path}: cannot read the {what}: {e.strerror or e}", "unreadable") from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise SaveError(f"{path}: {kind}, not a {what} file", "unreadable")
    if st.st_size > limit:
        raise SaveError(f"{path}: {st.st_size} bytes is over the {what} size limit of {limit}", "not_save")
    return st


def read_file(path: "str | os.PathLike", limit: int = MAX_SAVE_BYTES, what: str = "save") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; SaveError otherwise (see check_file:
    a FIFO is never opened, so nothing waits on it)."""
    check_file(path, limit, what)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise SaveError(f"{path}: cannot read the {what}: {e.strerror or e}", "unreadable") from None
    if len(data) > limit:
        raise SaveError(f"{path}: the {what} is over the size limit of {limit} bytes", "not_save")
    return data


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ ] and { } in JSON text, brackets inside strings not counted
    (a vectorised scan of the bytes, no parse; linear in the size)."""
    b = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    if not b.size:
        return 0
    quote = b == 0x22
    if "\\" in text:  # a quote after an odd run of backslashes is inside a string
        idx = np.arange(b.size, dtype=np.int32 if b.size < 2**31 else np.int64)
        last_other = np.maximum.accumulate(np.where(b == 0x5C, -1, idx))
        run_before = np.zeros(b.size, dtype=idx.dtype)  # backslashes right before each byte
        run_before[1:] = idx[:-1] - last_other[:-1]
        quote &= run_before % 2 == 0
    outside = np.cumsum(quote, dtype=np.int32) % 2 == 0  # a quote opens or closes a string
    step = np.zeros(256, dtype=np.int8)
    step[[0x5B, 0x7B]] = 1
    step[[0x5D, 0x7D]] = -1
    depth = np.cumsum(np.where(outside, step[b], 0), dtype=np.int32)
    return int(depth.max(initial=0))


def _int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveError(f"not a save file: an integer of {len(s.lstrip('-'))} digits "
                        f"(at most {MAX_INT_DIGITS})", "not_save")
    return int(s)


def _float(s: str) -> float:
    v = float(s)
    if not math.isfinite(v):
        raise SaveError(f"not a save file: the number {s[:30]} is out of range", "not_save")
    return v


def _constant(s: str):
    raise SaveError(f"not a save file: {s} is not a number a save may hold", "not_save")


def parse_json(text: str | bytes, limit: int = MAX_SAVE_BYTES) -> Any:
    """The JSON value of a save text; SaveError naming the problem for anything else.

    Refused before parsing: over ``limit`` bytes, not UTF-8, nested deeper than
    MAX_DEPTH. Refused while parsing: NaN/Infinity, numbers that overflow a float,
    integers longer than MAX_INT_DIGITS. The value of the last text parsed is kept
    until :func:`read_save` takes it, so that registry.load_game and the game's own
    read_save parse a save once (call with the same str object)."""
    global _parsed
    with _parsed_lock:
        if _parsed is not None and _parsed[0] is text:
            return _parsed[1]
    original = text
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise SaveError(f"not a save file: {len(text)} bytes is over the limit of {limit}", "not_save")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"not a save file: not UTF-8 text ({e.reason} at byte {e.start})", "not_save") from None
    if not isinstance(text, str):
        raise SaveError(f"not a save file: expected text, got {type(text).__name__}", "not_save")
    if len(text) > limit:
        raise SaveError(f"not a save file: {len(text)} characters is over the limit of {limit}", "not_save")
    if not text.strip():  # (JSON's own words, "Expecting value at line 1 column 1", do not say it)
        raise SaveError("not a save file: it is empty", "not_save")
    try:
        depth = nesting_depth(text)
    except UnicodeEncodeError:
        raise SaveError("not a save file: the text holds characters that are not Unicode", "not_save") from None
    if depth > MAX_DEPTH:
        raise SaveError(f"not a save file: the JSON is nested {depth} deep (at most {MAX_DEPTH})", "not_save")
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except SaveError:
        raise
    except json.JSONDecodeError as e:  # (two of json's messages end "… at": it read "at at line"; new-player QA)
        raise SaveError(f"not a save file: invalid JSON ({e.msg.removesuffix(' at')} at line {e.lineno} column "
                        f"{e.colno})", "not_save") from None
    except RecursionError:
        raise SaveError("not a save file: the JSON is nested too deeply", "not_save") from None
    except (ValueError, TypeError) as e:
        raise SaveError(f"not a save file: {e}", "not_save") from None
    with _parsed_lock:
        _parsed = (original, value)
    return value


def take_parsed(text: Any) -> Any:
    """parse_json(text), forgetting the kept value afterwards (the last reader of a save calls this)."""
    global _parsed
    value = parse_json(text)
    with _parsed_lock:
        _parsed = None
    return value


def read_save(text: str | bytes, game_id: str, version: int, title: str) -> dict:
    """The JSON object of a save of ``game_id`` at ``version``; SaveError naming what is wrong otherwise.

    Checks the envelope: an object, its game and version, ``actions`` a list of action
    texts, ``options`` (when present) an object. Each game checks its own keys
    by meaning (see :func:`need` and :func:`need_int`)."""
    data = take_parsed(text)
    if not isinstance(data, dict):
        raise SaveError("not a save file: the JSON is not an object", "not_save")
    gid = data.get("game")
    if gid != game_id:
        raise SaveError(f"not a {title} save (game is {shown(gid)}, expected {game_id!r})", "foreign")
    v = data.get("version")
    if type(v) is not int or v != version:
        raise SaveError(f"{title} save version {shown(v)} is not supported (this client reads {version})", "version")
    if "actions" not in data:
        raise SaveError(f"{title} save lacks 'actions' (the list of action texts)")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError(f"{title} save: 'actions' must be a list of action texts, not {kind_of(actions)}")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveError(f"{title} save: action {i + 1} must be a text, not {kind_of(a)}")
        if len(a) > MAX_ACTION_CHARS:
            raise SaveError(f"{title} save: action {i + 1} is {len(a)} characters long "
                            f"(at most {MAX_ACTION_CHARS})")
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise SaveError(f"{title} save: 'options' must be an object, not {kind_of(opts)}")
    return data


def kind_of(v: Any) -> str:
    """A value's JSON kind in words, for messages ("a list", "a number", "text")."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "text"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def shown(v: Any) -> str:
    """A value for a message: short texts and numbers as they are, anything else by kind."""
    if isinstance(v, str) and len(v) <= 40:
        return repr(v)
    if isinstance(v, (int, float)) and not isinstance(v, bool) and len(str(v)) <= 20:
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):  # "seed is a 26-digit number", not "seed is a number"
        return f"a {len(str(abs(v)))}-digit {'negative ' if v < 0 else ''}number"
    return kind_of(v)


def described(v: Any) -> str:
    """A value with its kind for a message: "text 'x'", "the number 1.5", "a list", "null"."""
    if isinstance(v, str):
        return f"text {shown(v)}" if len(v) <= 40 else f"a text of {len(v)} characters"
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return f"the number {shown(v)}"
    return shown(v)


def need(d: dict, key: str, kinds: type | tuple, where: str, default: Any = ...) -> Any:
    """``d[key]`` if it has one of ``kinds`` (bool is never an int); SaveError naming ``where.key`` otherwise."""
    if key not in d:
        if default is not ...:
            return default
        raise SaveError(f"{where} lacks {key!r}")
    v = d[key]
    ks = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(v, ks) or (isinstance(v, bool) and bool not in ks):
        names = " or ".join({int: "an integer", str: "text", list: "a list", dict: "an object",
                             float: "a number", bool: "true/false"}.get(k, k.__name__) for k in ks)
        raise SaveError(f"{where}: {key} must be {names}, not {described(v)}")
    return v


def need_int(d: dict, key: str, lo: int | None, hi: int | None, where: str, default: Any = ...) -> int:
    """``d[key]`` as an integer within ``lo..hi`` (either bound may be None); SaveError otherwise."""
    v = need(d, key, int, where, default)
    if v is default and key not in d:
        return v
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = (f"{lo}..{hi}" if lo is not None and hi is not None else
               f"at least {lo}" if lo is not None else f"at most {hi}")
        raise SaveError(f"{where}: {key} is {shown(v)}, it must be {rng}")
    return v


def game_chances(game: "Game") -> list[Chance]:
    """The chance generators of ``game`` whose forced outcomes a save keeps (``game.chance``, or
    沙场秋点兵's item generator)."""
    out = []
    for holder in (game, getattr(game, "items", None)):
        ch = getattr(holder, "chance", None)
        if isinstance(ch, Chance):
            out.append(ch)
    return out


def _forced_entry(chances: Iterable[Chance]) -> str:
    """The forced entry the failing draw used: ``forced["i"] = value``."""
    for ch in chances:
        i = len(ch.record)
        if i in ch.forced:
            return f'forced["{i}"] = {_as_json(ch.forced[i])}'
    return "a forced outcome"


def _as_json(v: Any) -> str:
    """A forced outcome as short JSON text for a message."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        text = kind_of(v)
    return text if len(text) <= 40 else text[:37] + "..."


def chance_refused(title: str, e: Exception, chances: Iterable[Chance], where: str = "") -> SaveError:
    """The SaveError for a forced outcome the draw cannot have (engine.chance.ChanceError)."""
    return SaveError(f"{title} save: {_forced_entry(chances)} does not fit{where}: {str(e)[:100]}")


@contextlib.contextmanager
def loading_prefix() -> Iterator[None]:
    """While a prefix of a game is loaded (engine.replay.replay): the forced outcomes of the later
    actions' draws stay unused, so :func:`check_forced_drawn` does not refuse them."""
    token = _prefix_replay.set(True)
    try:
        yield
    finally:
        _prefix_replay.reset(token)


def check_forced_drawn(chances: Iterable[Chance], title: str) -> None:
    """SaveError if a forced outcome is for a draw the replayed game has not made (it would be
    used, and could fail, in the middle of a later move)."""
    if _prefix_replay.get():
        return
    for ch in chances:
        late = sorted(i for i in ch.forced if i >= len(ch.record))
        if late:
            i = late[0]
            raise SaveError(f'{title} save: forced["{i}"] = {_as_json(ch.forced[i])} is for draw {i}, '
                            f"but the game has made only {len(ch.record)} draws")


def replay_actions(game: "Game", actions: list[str], upto: int | None = None, title: str = "the") -> "Game":
    """Apply the saved action texts (the first ``upto`` of them) to ``game`` in order, under a
    check of the forced chance outcomes; SaveError naming the first action or forced entry
    that fails (never a ChanceError, never a game that breaks on a later move)."""
    chances = game_chances(game)
    for n, a in enumerate(actions if upto is None else actions[:upto]):
        try:
            game.apply(game.parse_action(a))
        except (ParseError, IllegalAction) as e:
            raise SaveError(f"action {n + 1} ({a[:60]!r}) cannot be replayed: {e}") from None
        except ChanceError as e:
            raise chance_refused(title, e, chances, f" (action {n + 1}, {a[:60]!r})") from None
    if upto is None:
        check_forced_drawn(chances, title)
    return game
