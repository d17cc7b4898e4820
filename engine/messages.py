"""Keyed messages: engine texts as a key plus parameters, rendered from catalogue files.

The engine never writes a sentence a player reads directly: an illegal action, a log
event, a ranking reason or a move description is a :class:`Msg` (``key`` and
``params``). The sentences live in ``assets/messages/common.toml`` and
``assets/messages/<game_id>.toml``, one table per key with a ``zh`` and an ``en``
string in ``str.format`` syntax::

    [march.enemy_cell]
    zh = "{cell}有{owner}的部队，行军不能进入"
    en = "{cell} is held by {owner}; marches never enter it"

A parameter may itself be a :class:`Msg` (rendered in the same language) or a list
of them (joined with the language's list separator). Keys are namespaced by game:
``anqi.flip`` lives in ``anqi.toml``; keys without a known game prefix live in
``common.toml``.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGS = ("zh", "en")
ASSETS = Path(__file__).resolve().parent.parent / "assets" / "messages"
_SEP = {"zh": "、", "en": ", "}


class CatalogueError(ValueError):
    """A message catalogue file that is missing, malformed or lacks a language."""


@dataclass(frozen=True)
class Msg:
    """A message key with its parameters; ``render(lang)`` gives the sentence."""

    key: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def of(cls, key: str, **params) -> "Msg":
        """``Msg.of("march.enemy_cell", cell="a1", owner=Msg.of("seat", n=2))``."""
        return cls(key, tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    @property
    def kw(self) -> dict[str, Any]:
        return dict(self.params)

    def render(self, lang: str = "en") -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return render(self, "en")

    def to_json(self) -> dict:
        """A JSON-ready form (nested messages as dicts)."""
        return {"key": self.key, "params": {k: _json(v) for k, v in self.params}}


def _freeze(v):
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def _json(v):
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, tuple):
        return [_json(x) for x in v]
    return v


def game_of(key: str) -> str:
    """The catalogue a key lives in: its prefix before the first dot when such a file exists, else common."""
    return _catalogue_for(key.split(".", 1)[0])


@lru_cache(maxsize=None)
def _catalogue_for(head: str) -> str:
    return head if head != "common" and (ASSETS / f"{head}.toml").exists() else "common"


@lru_cache(maxsize=None)
def catalogue(name: str) -> dict[str, dict[str, str]]:
    """The messages of ``assets/messages/<name>.toml``: key -> {lang: template} (validated)."""
    path = ASSETS / f"{name}.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(f"no message catalogue {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise CatalogueError(f"{path.name}: {e}") from None
    out: dict[str, dict[str, str]] = {}

    def walk(prefix: str, table: dict) -> None:
        if any(lang in table for lang in LANGS):  # a message (its sub-tables are messages of their own)
            for lang in LANGS:
                if not isinstance(table.get(lang), str):
                    raise CatalogueError(f"{path.name}: {prefix} has no {lang} text")
            out[prefix] = {lang: table[lang] for lang in LANGS}
        for k, v in table.items():
            if k in LANGS and prefix in out:
                continue
            if not isinstance(v, dict):
                raise CatalogueError(f"{path.name}: {prefix + '.' if prefix else ''}{k} is not a table")
            walk(f"{prefix}.{k}" if prefix else k, v)

    walk("", raw)
    return out


def template(key: str, lang: str) -> str | None:
    """The template of ``key`` in ``lang``, or None when no catalogue has it."""
    for name in (game_of(key), "common"):
        t = catalogue(name).get(key)
        if t is not None:
            return t[lang if lang in LANGS else "en"]
    return None


class _Fields(dict):
    def __missing__(self, k):
        return "{" + k + "}"


def render(msg: "Msg | str", lang: str = "en") -> str:
    """The sentence of ``msg`` in ``lang`` (a plain string passes through; an unknown key shows itself)."""
    if not isinstance(msg, Msg):
        return str(msg)
    t = template(msg.key, lang)
    fields = _Fields({k: _render_value(v, lang) for k, v in msg.params})
    if t is None:
        return msg.key + ("(" + ", ".join(f"{k}={v}" for k, v in fields.items()) + ")" if fields else "")
    return t.format_map(fields)


def _render_value(v, lang: str) -> str:
    if isinstance(v, Msg):
        return render(v, lang)
    if isinstance(v, tuple):
        return _SEP.get(lang, ", ").join(_render_value(x, lang) for x in v)
    return str(v)


def keys_used(msg: Msg) -> set[str]:
    """Every key in ``msg`` and its nested parameters (for catalogue tests)."""
    out = {msg.key}
    for _, v in msg.params:
        for x in (v if isinstance(v, tuple) else (v,)):
            if isinstance(x, Msg):
                out |= keys_used(x)
    return out


def all_text() -> str:
    """Every string of every catalogue (the client's font subset covers these)."""
    parts = []
    for path in sorted(ASSETS.glob("*.toml")):
        for t in catalogue(path.stem).values():
            parts += t.values()
    return "".join(parts)


_RULE_CODE = re.compile(r"([A-Z]\d+[a-z]?)\s+([a-z][a-z '/-]*)")  # "S10 unseen cell": a ruling's id and English words


def rule_msg(rule: str, game_id: str = "common") -> "Msg | str":
    """A refusal's rule id as the player reads it: by its catalogue name where the game's catalogue or the
    common one has it (``<game_id>.rule_id.<rule>``, ``common.rule_id.<rule>``: a word id such as "syntax", a
    seed passage by its name); a ruling with English words ("S10 unseen cell") as the id alone in Chinese; a
    seed passage ("seed 5(1)") as 原文 in Chinese; anything else as itself. The id itself stays the rules
    reader's link."""
    for key in (f"{game_id}.rule_id.{rule}", f"common.rule_id.{rule}"):
        if template(key, "en") is not None:
            return Msg.of(key)
    m = _RULE_CODE.fullmatch(rule)
    if m:
        return Msg.of("common.rule_named", id=m[1], words=m[2])
    if rule.startswith("seed "):  # a game may name its seed's sections its own way (辛亥革命: 原規則)
        own = f"{game_id}.rule_seed"
        return Msg.of(own if template(own, "en") is not None else "common.rule_seed", passage=rule[5:])
    return rule
