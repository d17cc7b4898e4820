"""Chinese and English UI text, with a switch (``set_lang``) and ``t(key, **fields)``: only the lookup.

Every word lives in the message catalogues: the client's own in assets/messages/client.toml (key
``client.<key>``, looked up as ``t("<key>")``), a game's in assets/messages/<game>.toml.

Engine messages (illegal-action reasons, log events, ranking reasons) are keyed
messages (``engine.messages.Msg``) whose zh and en sentences live in the
catalogues under assets/messages/; ``engine_text`` renders one in the current
language.
"""
from __future__ import annotations

import errno

from engine.messages import Msg, catalogue, render, template

LANGS = ("zh", "en")
_lang = "zh"


def _client_words() -> dict[str, tuple[str, str]]:
    """The client's words from assets/messages/client.toml: key (without its "client." prefix) -> (zh, en)."""
    return {k[len("client."):]: (v["zh"], v["en"]) for k, v in catalogue("client").items() if k.startswith("client.")}


# key -> (zh, en): read from the catalogue, never written here (one message system for every word)
STRINGS: dict[str, tuple[str, str]] = _client_words()


_script: dict[int, str] | None = None  # a character table the Chinese words go through (see use_script)


def use_script(table: dict[int, str] | None) -> None:
    """Write the client's Chinese words through ``table`` (a ``str.translate`` table: the game on the screen
    writes traditional characters, 辛亥革命) or as they are (None)."""
    global _script
    _script = table


def script_table() -> dict[int, str] | None:
    """The character table set by ``use_script`` (None: the catalogues' own script)."""
    return _script


def script(s: str, lang: str) -> str:
    """``s`` (Chinese words in ``lang`` "zh") in the script of the game on the screen (see ``use_script``)."""
    return s.translate(_script) if _script is not None and lang == "zh" else s


def set_lang(lang: str) -> None:
    global _lang
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    _lang = lang


def lang() -> str:
    return _lang


def toggle() -> str:
    set_lang("en" if _lang == "zh" else "zh")
    return _lang


_game_words: dict[tuple, str] = {}  # (key, language, script table) -> a game catalogue's text without fields (tr)


def t(key: str, **fields) -> str:
    """The UI string ``key`` in the current language (see ``tr``)."""
    return tr(key, _lang, **fields)


def tr(key: str, lang: str, **fields) -> str:
    """The UI string ``key`` in ``lang``: the client's catalogue (assets/messages/client.toml, as
    ``client.<key>``) first, then the games' catalogues (assets/messages/*.toml, e.g. "baige.stay"); Chinese
    in the script of the game on the screen (``use_script``)."""
    pair = STRINGS.get(key)
    if pair is None:
        if "." in key:
            if fields:
                return script(Msg.of(key, **fields).render(lang), lang)
            memo = (key, lang, id(_script))  # the catalogues load once: a text without fields is looked up once
            s = _game_words.get(memo)
            if s is None:
                s = _game_words[memo] = script(Msg.of(key).render(lang), lang)
            return s
        return key
    s = script(pair[0], "zh") if lang == "zh" else pair[1]
    return s.format(**fields) if fields else s


# what the file errors a player can meet mean, in words (the OS's own text is English, and "[Errno 17] File exists"
# does not say that a file stands where the save folder should be)
_FILE_ERRORS = {errno.EEXIST: "not_a_folder", errno.ENOTDIR: "not_a_folder", errno.EISDIR: "is_a_folder",
                errno.ENOSPC: "disk_full", errno.EDQUOT: "disk_full", errno.EACCES: "no_permission",
                errno.EPERM: "no_permission", errno.EROFS: "read_only", errno.ENOENT: "no_such_file"}


def file_error(e: BaseException, lang: str | None = None, file=None) -> str:
    """A file error for the screen: the file (the error's, else ``file``) and what went wrong in ``lang`` (default
    the current language; the OS's own words for the rare errors without a translation); any other exception as
    its text."""
    if not isinstance(e, OSError):
        return str(e)
    lang = lang or _lang
    key = _FILE_ERRORS.get(e.errno)
    reason = tr(f"file_error_{key}", lang) if key else (e.strerror or str(e))
    file = e.filename or file
    return tr("file_error", lang, file=file, reason=reason) if file else reason


def player_name(p: int) -> str:
    return t("player_colour", p=t("player", n=p + 1), c=t(f"colour_{p % 8}"))


def seat_label(kind: str) -> str:
    return t("human") if kind == "human" else t(f"ai_{kind}")


# ----------------------------------------------------------- engine messages
def engine_text(msg) -> str:
    """An engine message in the current language: a keyed message (engine.messages.Msg: refusals,
    log events, end and ranking reasons, action descriptions) is rendered from the catalogue in
    assets/messages/; plain text passes through unchanged."""
    return script(render(msg, _lang), _lang) if msg is not None else ""


def illegal_text(e) -> str:
    """An IllegalAction's refusal in the current language with the rule id: "<reason> [rule]"."""
    return script(e.text(_lang), _lang)


def option_word(game_id: str, option: str, value=None) -> str:
    """The start-screen word for a game's option (or one of its values): ``<game>.option.<option>[.<value>]``
    in the game's message catalogue, else the plain name."""
    key = f"{game_id}.option.{option}" + (f".{value}" if value is not None else "")
    if template(key, "en") is None:
        return str(option if value is None else value)
    return engine_text(Msg.of(key))
