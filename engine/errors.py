"""The refusals every game raises: an illegal action, action text that names none, a bad save.

They sit below engine.api, engine.saves and engine.registry (which all raise them), so that those
modules import one way: engine.api imports engine.registry and engine.saves, neither imports
engine.api at run time. engine.api re-exports them (games and the client import them from there).
"""
from __future__ import annotations

from engine.messages import Msg, render, rule_msg


class IllegalAction(ValueError):
    """An action that breaks a rule; ``rule`` names the rule, the state is untouched.

    ``msg`` is the keyed message (engine.messages.Msg) the client shows in the player's
    language; ``message`` its English text. Raise it as
    ``IllegalAction("S15 path", key="shachang.march.no_path", cell="b2")`` (the English
    text comes from the catalogue) or, in older code, with a plain English ``message``.
    """

    def __init__(self, rule: str, message: str = "", *, key: str | None = None, **params):
        self.msg = Msg.of(key, **params) if key else Msg.of("common.text", text=message)
        if not message:
            message = self.msg.render("en")
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message

    def text(self, lang: str = "en") -> str:
        """The refusal in ``lang`` with the rule id (in Chinese without English words, see rule_msg)."""
        return f"{self.msg.render(lang)} [{render(rule_msg(self.rule), lang)}]"


SAVE_ERROR_KINDS = ("unreadable", "not_save", "foreign", "version", "invalid")


class SaveError(ValueError):
    """A save file that is corrupt, foreign or inconsistent; nothing was loaded. ``kind`` says
    which (one of :data:`SAVE_ERROR_KINDS`: the file cannot be read, is not a save, is another
    game's, has an unsupported version, or its content is inconsistent). ``msg`` is the detail as a
    keyed message (engine.messages.Msg, catalogue assets/messages/saves.toml, keys ``saves.bad.*``),
    raised like IllegalAction's: ``SaveError(kind="invalid", key="saves.bad.lacks", where=..., key_name=...)``;
    str(e) is its English text (or, in older code, a plain English ``message``)."""

    def __init__(self, message: str = "", kind: str = "invalid", *, key: str | None = None, **params):
        if kind not in SAVE_ERROR_KINDS:
            raise ValueError(f"SaveError kind {kind!r} is not one of {', '.join(SAVE_ERROR_KINDS)}")
        self.msg = params.pop("_msg", None) or (Msg.of(key, **params) if key else Msg.of("common.text", text=message))
        super().__init__(message or self.msg.render("en"))
        self.kind = kind

    def text(self, lang: str = "en") -> str:
        """The detail in ``lang`` (a keyed message in both languages; plain English text as it is)."""
        return self.msg.render(lang)

    @classmethod
    def of(cls, msg: Msg, kind: str = "invalid") -> "SaveError":
        """A SaveError whose detail is ``msg`` (a Msg built elsewhere, e.g. with the file's name in front)."""
        return cls("", kind, _msg=msg)

    def __reduce__(self):  # the kind and the keyed message survive pickling (the AI process)
        return (_save_error, (str(self), self.kind, self.msg))


def _save_error(message: str, kind: str, msg: Msg) -> SaveError:
    e = SaveError(message, kind, _msg=msg)
    return e


class ParseError(IllegalAction):
    """Action text (or an object) that does not name an action of the game: a refusal like any
    other (issue 29: one refusal type), under the rule "syntax"."""

    def __init__(self, message: str = ""):
        super().__init__("syntax", message[:200])
        self.args = (message[:200],)  # str(e) is the message alone (callers quote it in their refusals)
