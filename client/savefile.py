"""The client's save files: the engine save of any game wrapped with who sits where.

A client save (autosave, F5) is::

    {"format": "zhanqi-client-save", "version": 1, "seats": ["human", "hard"], "viewer": 0,
     "ai_seed": 123456789, "engine_save": "<the game's own save text (engine.saves envelope)>"}

``ai_seed`` is the computer seats' base seed (client.ai_driver: fresh for a game whose deal is hidden, G1),
so that a resumed game's computers play what the unbroken game would have (engine.resume); a save without
it (older, or a bare engine save) gives them new seeds. It says nothing the save does not already hold.

A bare engine save is read too. Reading refuses FIFOs, devices and files over the size
limit before reading them, parses the text once (the engine save inside is parsed once
more, by engine.saves, and not again by the game), and raises only SaveError with a
message naming the file and the problem. No pygame here: ``client.shot`` uses it too.

Writing goes through a temporary file renamed over the save; a failed write (a full disk)
removes the temporary file. An autosave slot is claimed with a lock file beside it
(``<save>.lock`` holding the client's process id, see :func:`claim`): a second client on the
same machine sees the first one's live lock and autosaves elsewhere; the lock of a process
that has ended is stale and taken over.
"""
from __future__ import annotations

import atexit
import errno
import json
import os
import time
from pathlib import Path
from typing import Any, NamedTuple

from client import i18n
from engine import registry
from engine.agents import LEVELS
from engine.api import SaveError
from engine.messages import Msg, render
from engine.saves import MAX_SAVE_BYTES, check_file as check, described, kind_of, parse_json, read_file, shown

SAVE_FORMAT = "zhanqi-client-save"
VERSION = 1
SEAT_KINDS = ("human",) + LEVELS  # what a seat can be: a person or a computer player
AI_SEED_LIMIT = 1 << 63  # the computer seats' base seed is in 0 .. AI_SEED_LIMIT - 1 (client.ai_driver)


class Loaded(NamedTuple):
    """A save read: the game, who sits where, the seat whose view is shown, the computers' base seed (or None)."""

    game: Any
    seats: list
    viewer: int
    ai_seed: int | None
MAX_CLIENT_SAVE_BYTES = MAX_SAVE_BYTES + 64 * 1024  # the engine save plus the seats


def save_text(game, seats: list[str], viewer: int, ai_seed: int | None = None) -> str:
    """A client save: the engine's JSON save plus who sits where (and the computers' base seed)."""
    data = {"format": SAVE_FORMAT, "version": VERSION, "seats": list(seats), "viewer": viewer}
    if ai_seed is not None:
        data["ai_seed"] = int(ai_seed)
    data["engine_save"] = game.to_json()
    return json.dumps(data, ensure_ascii=False)


def unwrap(text: str | bytes) -> tuple[str | bytes, list[str] | None, int | None, int | None]:
    """(engine save text, seats, viewer, ai_seed) of a client save; (text, None, None, None) for a bare engine
    save. Seats, viewer and seed are checked for their types here and against the game in :func:`load_text`."""
    data = parse_json(text, limit=MAX_CLIENT_SAVE_BYTES)
    if not (isinstance(data, dict) and data.get("format") == SAVE_FORMAT):
        return text, None, None, None
    v = data.get("version")
    if type(v) is not int or v != VERSION:
        raise SaveError(kind="version", key="saves.client.version", version=shown(v), reads=VERSION)
    inner = data.get("engine_save")
    if not isinstance(inner, str):
        raise SaveError(key="saves.client.engine_save", got=kind_of(inner))
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise SaveError(key="saves.client.seats", got=kind_of(seats))
    for i, s in enumerate(seats):
        if s not in SEAT_KINDS:
            raise SaveError(key="saves.client.seat", n=i + 1, value=shown(s), known=tuple(SEAT_KINDS))
    viewer = data.get("viewer", 0)
    if type(viewer) is not int:
        raise SaveError(key="saves.client.viewer_kind", value=described(viewer))
    ai_seed = data.get("ai_seed")
    if "ai_seed" in data and not (type(ai_seed) is int and 0 <= ai_seed < AI_SEED_LIMIT):
        raise SaveError(key="saves.client.ai_seed", value=described(ai_seed))
    return inner, list(seats), viewer, ai_seed


def load_text(text: str | bytes) -> Loaded:
    """(game, seats, viewer, ai_seed) from a client save or a bare engine save; SaveError with a reason."""
    inner, seats, viewer, ai_seed = unwrap(text)
    game = registry.load_game(inner)
    n = game.num_players
    if seats is None:
        return Loaded(game, ["human"] * n, 0, None)
    if len(seats) != n:
        raise SaveError(key="saves.client.seat_count", seats=len(seats), n=n)
    if not 0 <= viewer < n:
        raise SaveError(key="saves.client.viewer", viewer=viewer, n=n, last=n - 1)
    return Loaded(game, seats, viewer, ai_seed)


def check_file(path) -> None:
    """Refuse at once (SaveError) a save path that is missing, not a regular file or over the size
    limit, without reading it (for command-line flags)."""
    check(path, MAX_CLIENT_SAVE_BYTES, "save")


def read_engine_text(path) -> str | bytes:
    """The engine save inside the client save (or bare engine save) at ``path``, not yet loaded."""
    try:
        return unwrap(read_file(path, MAX_CLIENT_SAVE_BYTES))[0]
    except SaveError as e:
        raise _named(path, e) from None


def read_save(path) -> Loaded:
    """(game, seats, viewer, ai_seed) of the save file at ``path``; SaveError (a ValueError) naming the file."""
    try:
        return load_text(read_file(path, MAX_CLIENT_SAVE_BYTES))
    except SaveError as e:
        raise _named(path, e) from None


def load_error_text(e: Exception, path=None, lang: str | None = None) -> str:
    """Why a save was refused, in the player's language (``lang``, default the current one): the kind of
    refusal (SaveError.kind) in words, then the detail (SaveError.msg, the engine's keyed message) in the same
    language; in English the detail alone, as the engine words it (it names the file)."""
    lang = lang or i18n.lang()
    kind = getattr(e, "kind", "invalid")
    if isinstance(e, SaveError):  # (on the screen the file by its name: the load list shows the folder)
        detail = i18n.script(render(_short(e.msg, path), lang), lang)
    else:  # (a plain ValueError from below: its words are English, the kind's words say what it is)
        detail = str(e)
    return i18n.tr(f"saves.error_{kind}", lang, detail=detail, file=Path(path).name if path is not None else "")


class LoadRefusal:
    """A refused save as a screen shows it: :func:`load_error_text` in the language shown when it is drawn (F2
    after the refusal words it again); str() in the current language."""

    def __init__(self, error: Exception, path=None):
        self.error, self.path = error, path

    def render(self, lang: str | None = None) -> str:
        return load_error_text(self.error, self.path, lang)

    def __str__(self) -> str:
        return self.render()


def _short(msg: Msg, path) -> Msg:
    """``msg`` with the file ``path`` named by its name alone (the message's own ``file`` field)."""
    if path is None or msg.kw.get("file") != str(path):
        return msg
    return Msg.of(msg.key, **dict(msg.kw, file=Path(path).name))


def _named(path, e: SaveError) -> SaveError:
    """The error with the file's name in front (once; a refusal about the file itself names it already)."""
    if str(e).startswith(str(path)):
        return e
    return SaveError.of(Msg.of("saves.where.in_file", file=str(path), detail=e.msg), e.kind)


def write_save(path, game, seats, viewer, ai_seed: int | None = None) -> Path:
    """Write a client save atomically (a temporary file renamed over ``path``); on failure
    (OSError, e.g. a full disk) the temporary file is removed and the old save stays."""
    return write_text(path, save_text(game, seats, viewer, ai_seed))


def write_text(path, text: str) -> Path:
    """Write ``text`` to ``path`` through ``<path>.tmp`` renamed over it; OSError leaves no ``.tmp``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():  # (os.replace would name the .tmp file in its error, not the folder in the save's place)
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except BaseException as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        if isinstance(e, OSError) and e.filename == str(tmp):  # (a read-only folder: the player named the save, not
            raise OSError(e.errno, e.strerror, str(path)) from None  # its temporary file)
        raise
    return path


# ---------------------------------------------------------------------- autosave slot locks
_claimed: set[Path] = set()  # the lock files this process holds (removed at exit)


def lock_path(path) -> Path:
    """The lock file of a save slot."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a lock of an ended process is stale)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it runs, under another user
        return True
    except OSError:
        return False
    return True


def holder(path) -> int | None:
    """The process id of another live client that holds the slot ``path``, or None (free, ours, stale)."""
    try:
        text = lock_path(path).read_text(encoding="ascii", errors="replace")[:40]
    except OSError:
        return None
    head = text.split()[0] if text.split() else ""
    pid = int(head) if head.isdigit() and len(head) < 10 else 0
    if pid == os.getpid() or not _alive(pid):
        return None
    return pid


def claim(path) -> int | None:
    """Claim the save slot ``path`` for this process; None when it is ours now, else the process id
    of the live client that holds it. A stale lock (its process ended, or unreadable) is taken over.
    Without a writable folder the slot is not locked (the save itself will report the error)."""
    lk = lock_path(path)
    if lk in _claimed:
        if lk.exists() and holder(path) is None:
            return None  # still ours
        _claimed.discard(lk)  # taken over meanwhile (or gone): claim it again below
    for _ in range(3):
        try:
            fd = os.open(lk, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            other = holder(path)
            if other is not None:
                return other
            try:  # stale: its client has ended
                lk.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                return None
            continue
        except OSError:
            return None
        try:
            os.write(fd, f"{os.getpid()} {time.strftime('%Y-%m-%dT%H:%M:%S')}\n".encode("ascii"))
        finally:
            os.close(fd)
        if not _claimed:
            atexit.register(release_all)  # deliberate: the locks go when the client ends normally
        _claimed.add(lk)
        return None
    return None


def release(path) -> None:
    """Give up this process's claim on the slot ``path`` (its lock file goes)."""
    lk = lock_path(path)
    if lk in _claimed:
        _claimed.discard(lk)
        if holder(path) is None:  # ours or stale: never remove another client's lock
            try:
                lk.unlink()
            except OSError:
                pass


def release_all() -> None:
    """Give up every slot this process claimed (at exit)."""
    for lk in list(_claimed):
        release(lk.with_name(lk.name[:-len(".lock")]))



def foreign_file(path) -> str | None:
    """Why the file at ``path`` is not one a save may replace (a picture, notes: text that is not a save's JSON), or
    None: no file, an empty one, a save (sound or damaged), or one that cannot be read (writing it will say why)."""
    try:
        if not Path(path).is_file() or Path(path).stat().st_size == 0:
            return None
        data = parse_json(read_file(path, MAX_CLIENT_SAVE_BYTES), limit=MAX_CLIENT_SAVE_BYTES)
    except SaveError as e:
        return str(e) if e.kind == "not_save" else None
    except OSError:
        return None
    if isinstance(data, dict) and (data.get("format") == SAVE_FORMAT or "game" in data):
        return None
    return f"not a save file: {kind_of(data)} in JSON, no game"


def summary(path) -> dict | None:
    """What the load list shows of a save: game id, options (map, mode, players), seats, the number of
    actions and (replayed, for saves up to 4 MB) the round; None when the file is not a save."""
    try:
        text = read_file(path, MAX_CLIENT_SAVE_BYTES)
        inner, seats, _, _ = unwrap(text)
        data = parse_json(inner)
    except (SaveError, OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None
    info = registry.GAMES.get(data["game"])
    if info is None:  # another game's (it would not load): not a save this client lists
        return None
    opts = data.get("options") if isinstance(data.get("options"), dict) else {}
    # a save too large to replay here is not checked: of its choices only the registered values are shown
    opts = {k: v for k, v in opts.items()
            if k not in info.choices or any(type(v) is type(c) and v == c for c in info.choices[k])}
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    out = {"game": data["game"], "options": opts, "seats": seats, "actions": len(actions), "round": None}
    if len(inner) <= 4 * 1024 * 1024:
        try:
            g = load_text(text).game
            out["round"] = getattr(g, "round", None)
            out["over"] = g.is_over
        except (SaveError, ValueError):
            return None
    return out
