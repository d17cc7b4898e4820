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
import errno
import json
import math
import os
import stat
import threading
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import numpy as np

from engine.errors import IllegalAction, ParseError, SaveError
from engine.chance import Chance, ChanceError
from engine.messages import Msg, rule_msg

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
        raise SaveError(key="saves.bad.forced_form", where=of_game(title), key_name=key,
                        why=english("saves.why.forced_form", str(e)[:120])) from None


def no_forced(data: dict, title: str, why: str = "the game draws nothing") -> None:
    """SaveError if a save of a game without chance holds forced outcomes (they would never be checked)."""
    forced = read_forced(data, title)
    if forced:
        i = min(forced)
        raise SaveError(key="saves.bad.forced_unused", where=of_game(title), entry=forced_entry(i, forced[i]),
                        why=english("saves.why.draws_nothing", why))


def read_start(data: dict, title: str, old_keys: tuple[str, ...] = ()) -> dict:
    """The save's ``start`` object; an older save kept these keys at the top (``old_keys``)."""
    if "start" in data:
        return need(data, "start", dict, of_game(title))
    return {k: data[k] for k in old_keys if k in data}


def check_file(path: "str | os.PathLike", limit: int = MAX_SAVE_BYTES, what: str = "save") -> os.stat_result:
    """Refuse at once (SaveError, a ValueError) a path that is missing, not a regular file (a FIFO, a
    device such as /dev/zero, a directory) or over ``limit`` bytes, without opening it."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise SaveError(kind="unreadable", key="saves.bad.cannot_read", file=str(path), what=what_msg(what),
                        reason=os_reason(e)) from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(kind="unreadable", key="saves.bad.a_folder" if stat.S_ISDIR(st.st_mode) else "saves.bad.not_regular",
                        file=str(path), what=what_msg(what))
    if st.st_size > limit:
        raise SaveError(kind="not_save", key="saves.bad.file_too_big", file=str(path), what=what_msg(what),
                        size=st.st_size, limit=limit)
    return st


def read_file(path: "str | os.PathLike", limit: int = MAX_SAVE_BYTES, what: str = "save") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; SaveError otherwise (see check_file:
    a FIFO is never opened, so nothing waits on it)."""
    check_file(path, limit, what)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise SaveError(kind="unreadable", key="saves.bad.cannot_read", file=str(path), what=what_msg(what),
                        reason=os_reason(e)) from None
    if len(data) > limit:
        raise SaveError(kind="not_save", key="saves.bad.grew_too_big", file=str(path), what=what_msg(what), limit=limit)
    return data


_WHAT = {"save": "saves.what.save", "heightmap image": "saves.what.heightmap_image", "settings": "saves.what.settings"}


def what_msg(what: str) -> "Msg | str":
    """What kind of file was asked for ("save", "heightmap image") as a keyed message."""
    return Msg.of(_WHAT[what]) if what in _WHAT else what


# what the file errors a player can meet mean, in words (the OS's own text is English)
_OS_REASONS = {errno.ENOENT: "no_such_file", errno.EACCES: "no_permission", errno.EPERM: "no_permission",
               errno.EISDIR: "is_a_folder", errno.ENOTDIR: "not_a_folder", errno.ELOOP: "link_loop",
               errno.ENAMETOOLONG: "name_too_long", errno.EIO: "io_error"}


def os_reason(e: OSError) -> Msg:
    """Why a file could not be read, as a keyed message (its English text is the OS's own)."""
    name = _OS_REASONS.get(e.errno, "other")
    return english(f"saves.os.{name}", e.strerror or str(e))


def english(key: str, text: Any) -> Msg:
    """A detail whose English text is given (an OS or library message, a game's own words): ``key``'s English
    template shows ``text`` as it is, its Chinese one says the same in words without it."""
    return Msg.of(key, text=str(text))


def of_game(title: str, field: str | None = None) -> Msg:
    """Where in a save a problem is: "<title> save" or "<title> save: <field>" as a keyed message."""
    return Msg.of("saves.where.game", title=title) if field is None else \
        Msg.of("saves.where.game_field", title=title, field=field)


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
        raise SaveError(kind="not_save", key="saves.bad.long_integer", n=len(s.lstrip("-")), most=MAX_INT_DIGITS)
    return int(s)


def _float(s: str) -> float:
    v = float(s)
    if not math.isfinite(v):
        raise SaveError(kind="not_save", key="saves.bad.number_range", number=s[:30])
    return v


def _constant(s: str):
    raise SaveError(kind="not_save", key="saves.bad.number_constant", word=s)


def _pairs(pairs: list) -> dict:
    """A JSON object; a key given twice is refused (which of its values counts would be a guess)."""
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        k = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise SaveError(kind="not_save", key="saves.bad.duplicate_key", name=k[:40])
    return d


# json's messages (JSONDecodeError.msg), each by its key (a message json adds later is said without its words in Chinese)
_JSON_MSGS = {"Expecting value": "value", "Expecting property name enclosed in double quotes": "property_name",
              "Expecting ':' delimiter": "colon", "Expecting ',' delimiter": "comma",
              "Invalid control character at": "control", "Unterminated string starting at": "unterminated",
              "Invalid \\escape": "escape", "Invalid \\uXXXX escape": "escape", "Extra data": "extra",
              "Illegal trailing comma before end of object": "trailing_comma",
              "Illegal trailing comma before end of array": "trailing_comma"}


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
            raise SaveError(kind="not_save", key="saves.bad.bytes_over", n=len(text), limit=limit)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(kind="not_save", key="saves.bad.not_utf8", reason=english("saves.why.utf8", e.reason),
                            at=e.start) from None
    if not isinstance(text, str):
        raise SaveError(kind="not_save", key="saves.bad.not_text", got=type(text).__name__)
    if len(text) > limit:
        raise SaveError(kind="not_save", key="saves.bad.chars_over", n=len(text), limit=limit)
    if not text.strip():  # (JSON's own words, "Expecting value at line 1 column 1", do not say it)
        raise SaveError(kind="not_save", key="saves.bad.empty")
    try:
        depth = nesting_depth(text)
    except UnicodeEncodeError:
        raise SaveError(kind="not_save", key="saves.bad.not_unicode") from None
    if depth > MAX_DEPTH:
        raise SaveError(kind="not_save", key="saves.bad.too_deep", depth=depth, most=MAX_DEPTH)
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                           object_pairs_hook=_pairs)
    except SaveError:
        raise
    except json.JSONDecodeError as e:  # (two of json's messages end "… at": it read "at at line"; new-player QA)
        what = english(f"saves.json.{_JSON_MSGS.get(e.msg, 'other')}", e.msg.removesuffix(" at"))
        raise SaveError(kind="not_save", key="saves.bad.json", what=what, line=e.lineno, column=e.colno) from None
    except RecursionError:
        raise SaveError(kind="not_save", key="saves.bad.too_deep_json") from None
    except (ValueError, TypeError) as e:
        raise SaveError(kind="not_save", key="saves.bad.json_value", why=english("saves.why.json_value", e)) from None
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
        raise SaveError(kind="not_save", key="saves.bad.not_object")
    gid = data.get("game")
    if gid != game_id:
        raise SaveError(kind="foreign", key="saves.bad.not_this_game", title=title, game=shown(gid), expected=repr(game_id))
    v = data.get("version")
    if "version" not in data:
        raise SaveError(kind="version", key="saves.bad.no_version", title=title, reads=version)
    if type(v) is not int or v != version:
        raise SaveError(kind="version", key="saves.bad.version", title=title, version=shown(v), reads=version)
    where = of_game(title)
    if "actions" not in data:
        raise SaveError(key="saves.bad.no_actions", where=where)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError(key="saves.bad.actions_kind", where=where, got=kind_of(actions))
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveError(key="saves.bad.action_kind", where=where, n=i + 1, got=kind_of(a))
        if len(a) > MAX_ACTION_CHARS:
            raise SaveError(key="saves.bad.action_long", where=where, n=i + 1, length=len(a), most=MAX_ACTION_CHARS)
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise SaveError(key="saves.bad.options_kind", where=where, got=kind_of(opts))
    return data


def kind_of(v: Any) -> "Msg | str":
    """A value's JSON kind in words, for messages ("a list", "a number", "text"; a keyed message)."""
    if v is None:
        k = "null"
    elif isinstance(v, bool):
        k = "bool"
    elif isinstance(v, (int, float)):
        k = "number"
    elif isinstance(v, str):
        k = "text"
    elif isinstance(v, list):
        k = "list"
    elif isinstance(v, dict):
        k = "object"
    else:
        return type(v).__name__
    return Msg.of(f"saves.kind.{k}")


def shown(v: Any) -> "Msg | str":
    """A value for a message: short texts and numbers as they are, anything else by kind."""
    if isinstance(v, str) and len(v) <= 40:
        return repr(v)
    if isinstance(v, (int, float)) and not isinstance(v, bool) and len(str(v)) <= 20:
        return str(v)
    if isinstance(v, bool):
        return Msg.of("saves.kind.true" if v else "saves.kind.false")
    if isinstance(v, int):  # "seed is a 26-digit number", not "seed is a number"
        return Msg.of("saves.kind.digits_negative" if v < 0 else "saves.kind.digits", n=len(str(abs(v))))
    return kind_of(v)


def described(v: Any) -> "Msg | str":
    """A value with its kind for a message: "text 'x'", "the number 1.5", "a list", "null"."""
    if isinstance(v, str):
        return Msg.of("saves.kind.text_is", text=shown(v)) if len(v) <= 40 else Msg.of("saves.kind.long_text", n=len(v))
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return Msg.of("saves.kind.number_is", number=shown(v))
    return shown(v)


_KIND_WORDS = {int: "integer", str: "text", list: "list", dict: "object", float: "number", bool: "bool"}


def kinds_msg(kinds: tuple) -> "Msg | str":
    """The kinds a value must have, in words ("an integer or text")."""
    words = [Msg.of(f"saves.need_kind.{_KIND_WORDS[k]}") if k in _KIND_WORDS else k.__name__ for k in kinds]
    out = words[-1]
    for w in reversed(words[:-1]):
        out = Msg.of("saves.need_kind.either", a=w, b=out)
    return out


def need(d: dict, key: str, kinds: type | tuple, where: "Msg | str", default: Any = ...) -> Any:
    """``d[key]`` if it has one of ``kinds`` (bool is never an int); SaveError naming ``where.key`` otherwise.
    ``where`` is a field of the save ("options", "setup") or a keyed message (:func:`of_game`)."""
    where = Msg.of("saves.where.field", field=where) if isinstance(where, str) else where
    if key not in d:
        if default is not ...:
            return default
        raise SaveError(key="saves.bad.lacks", where=where, name=key)
    v = d[key]
    ks = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(v, ks) or (isinstance(v, bool) and bool not in ks):
        raise SaveError(key="saves.bad.must_be", where=where, name=key, kinds=kinds_msg(ks), value=described(v))
    return v


def need_int(d: dict, key: str, lo: int | None, hi: int | None, where: "Msg | str", default: Any = ...) -> int:
    """``d[key]`` as an integer within ``lo..hi`` (either bound may be None); SaveError otherwise."""
    v = need(d, key, int, where, default)
    if v is default and key not in d:
        return v
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = (Msg.of("saves.range.between", lo=lo, hi=hi) if lo is not None and hi is not None else
               Msg.of("saves.range.at_least", lo=lo) if lo is not None else Msg.of("saves.range.at_most", hi=hi))
        where = Msg.of("saves.where.field", field=where) if isinstance(where, str) else where
        raise SaveError(key="saves.bad.out_of_range", where=where, name=key, value=shown(v), range=rng)
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
            return forced_entry(i, ch.forced[i])
    return Msg.of("saves.kind.a_forced_outcome")


def forced_entry(i: int, v: Any) -> Msg:
    """A forced outcome of a save for a message: ``forced["i"] = value``."""
    return Msg.of("saves.kind.forced_entry", i=i, value=_as_json(v))


def _as_json(v: Any) -> "str | Msg":
    """A forced outcome as short JSON text for a message."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        return kind_of(v)
    return text if len(text) <= 40 else text[:37] + "..."


def chance_refused(title: str, e: Exception, chances: Iterable[Chance], where: str = "") -> SaveError:
    """The SaveError for a forced outcome the draw cannot have (engine.chance.ChanceError); ``where`` says at
    which action (:func:`at_action`)."""
    return SaveError(key="saves.bad.forced_misfit", where=of_game(title), entry=_forced_entry(chances),
                     at=where or "", why=english("saves.why.chance", str(e)[:100]))


def at_action(n: int, text: str) -> Msg:
    """" (action n, 'text')" for a refusal met while replaying action ``n``."""
    return Msg.of("saves.bad.at_action", n=n, action=repr(text[:60]))


def replay_refused(n: int, text: str, e: IllegalAction, game_id: str = "common") -> SaveError:
    """The SaveError for saved action ``n`` that the game refuses: the game's own refusal (its keyed message and
    rule; action text that names no action is said so in Chinese, the parser's words are English)."""
    if isinstance(e, ParseError):  # (its str() is the parser's words alone, without the rule)
        return SaveError(key="saves.bad.replay_text", n=n, action=repr(text[:60]),
                         why=english("saves.why.action_text", e))
    why = english("saves.why.refused", e.message) if e.msg.key == "common.text" else e.msg
    return SaveError(key="saves.bad.replay", n=n, action=repr(text[:60]), why=why, rule=rule_msg(e.rule, game_id))


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
            raise SaveError(key="saves.bad.forced_late", where=of_game(title), entry=forced_entry(i, ch.forced[i]), i=i,
                            made=len(ch.record))


def replay_actions(game: "Game", actions: list[str], upto: int | None = None, title: str = "the") -> "Game":
    """Apply the saved action texts (the first ``upto`` of them) to ``game`` in order, under a
    check of the forced chance outcomes; SaveError naming the first action or forced entry
    that fails (never a ChanceError, never a game that breaks on a later move)."""
    chances = game_chances(game)
    for n, a in enumerate(actions if upto is None else actions[:upto]):
        try:
            game.apply(game.parse_action(a))
        except (ParseError, IllegalAction) as e:
            raise replay_refused(n + 1, a, e, getattr(game, "game_id", "") or "common") from None
        except ChanceError as e:
            raise chance_refused(title, e, chances, at_action(n + 1, a)) from None
    if upto is None:
        check_forced_drawn(chances, title)
    return game
