"""What every play scene shares (the flat-board scene client/scenes/board_game.py and 沙场秋点兵's 3D scene
client/games/shachang/scene.py): the seats (human or a computer level), the status line, autosave after an
action with its error shown, and leaving to the start screen.

The status line holds one message: a keyed ``Msg`` (or an i18n key's text) rendered in the language shown
when it is drawn, so F2 switches it; a timed message ("saved") expires; a refusal of an action is cleared
once the player selects something else (``selection_key`` changes)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from client import i18n
from client.games.base import text as words
from client.i18n import file_error, tr
from client.savefile import LoadRefusal, write_save
from client.scene import Scene
from client.ui import text
from engine.messages import render, rule_msg


_PENDING = object()  # a refusal just said: the selection it is about is taken at the next tick


@dataclass(frozen=True)
class UiMsg:
    """A client word (client.i18n key) with its fields, rendered in the language shown when drawn."""

    key: str
    fields: dict = field(default_factory=dict)

    def render(self, lang: str) -> str:
        # a field that is an exception (a file that could not be written) is worded in ``lang`` too
        return tr(self.key, lang, **{k: file_error(v, lang) if isinstance(v, BaseException) else
                                     v.render(lang) if isinstance(v, LoadRefusal) else v
                                     for k, v in self.fields.items()})


class PlayScene(Scene):
    """A scene that plays a game: seats, status line, autosave, leave. ``app`` may be None (a board scene
    driven by a test without the App): autosave and leaving then do nothing but what ``on_leave`` says."""

    SAVED_S = 4.0  # how long "saved" and other timed messages stay on the status line

    def __init__(self, app, game, seats: list[str], on_leave=None, autosave: bool = True):
        super().__init__(app)
        self.game = game
        self.seats = list(seats)
        self.on_leave = on_leave
        self.autosave_on = bool(autosave) and app is not None
        self.message = ""  # a Msg, or text already in a language
        self.message_bad = False
        self.message_kind = "info"  # info | ok | error (the colour of the line)
        self.message_until: float | None = None  # perf_counter when a timed message goes
        self._refused_for = None  # the selection a refusal on the status line was about
        self._saved_key = (id(game), len(game.log))
        self.autosave_error = ""
        self.last_autosave = None  # the path of the last autosave written
        self.dirty = True  # something changed that the next frame must draw (App's idle frame skip)
        self._lang_seen = i18n.lang()
        self._rule = None  # (message, rule) of the refusal said with its rule (IllegalAction.rule)
        self.last_refusal_rule = None  # the rule of the last refusal said in this scene (F3 after the line moved on)
        self._status_drawn = None  # (text rect, line, size) of the status line as last drawn (a click on its rule)

    # ------------------------------------------------------------------ seats
    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == "human"]

    # ------------------------------------------------------------------ status line
    def say(self, msg, bad: bool = False, ttl: float | None = None, kind: str | None = None,
            rule: str | None = None) -> None:
        """Put ``msg`` on the status line (red when ``bad``, a refusal: cleared on the next selection);
        ``ttl`` seconds: it goes after that and the scene's own line comes back. ``kind``: info, ok or error.
        ``rule``: the rule a refusal names (``IllegalAction.rule``): the line shows it, F3 or a click on it opens
        the rules reader there."""
        self.message, self.message_bad = msg, bad
        self._rule = (msg, rule) if bad and rule else None
        if bad and rule:
            self.last_refusal_rule = rule
        self.message_kind = kind or ("error" if bad else "info")
        self.message_until = time.perf_counter() + ttl if ttl else None
        self._refused_for = _PENDING if bad else None  # the selection is read once the event is handled
        self.dirty = True

    def status_text(self, lang: str) -> str:
        """The status line's words in ``lang`` (a keyed message rendered now), with the rule of a refusal."""
        m = self.message
        said = m.render(lang) if isinstance(m, UiMsg) else words(m, lang)
        rule = self.refusal_rule()
        named = said.rstrip().endswith(("]", "〕")) or any(f"{a}{rule}{b}" in said for a, b in ("[]", "()", "（）", "〔〕"))
        if rule and self._rule is not None and not named:  # "[...]" at the end: the rule named in the game's words
            said = f"{said} [{render(rule_msg(rule), lang)}]"
        return said

    # ------------------------------------------------------------------ the refusing rule (issue 28: rules reader)
    def forget_refusal(self) -> None:
        """The screen goes to another player (hot seat): F3 no longer opens the rule that refused the last one's
        try (G1: what it tried, e.g. a march onto a cell it did not see, is its own)."""
        self._rule = None
        self.last_refusal_rule = None

    def refusal_rule(self) -> str | None:
        """The rule the refusal on the status line names: the one said with it (``say(..., rule=)``), else the
        "[...]" a refusal said as text ends with; None when the line shows no refusal."""
        if not self.message_bad:
            return None
        if self._rule is not None and self._rule[0] is self.message:
            return self._rule[1]
        m = self.message
        said = m.render("en") if isinstance(m, UiMsg) else words(m, "en")
        if said.endswith("]") and "[" in said:
            inner = said[said.rindex("[") + 1:-1]
            return inner or None  # a rule id, or a seed reference ("seed 5"): the reader opens its book there or at the top
        return None

    def note_status_line(self, rect, line: str, size: int) -> None:
        """The scene drew ``line`` of the status line at ``rect`` (font ``size``): a click on its rule id opens it."""
        self._status_drawn = (rect, line, size)

    def rule_at(self, pos) -> str | None:
        """The refusal's rule when ``pos`` is on its "[...]" in the status line as last drawn."""
        rule = self.refusal_rule()
        if rule is None or self._status_drawn is None:
            return None
        rect, line, size = self._status_drawn
        i = max(line.rfind(f"{a}{rule}{b}") for a, b in ("[]", "()", "（）", "〔〕"))  # as status_text or the message names it
        end = i + len(rule) + 2
        if i < 0 and self._rule is not None and line.rstrip().endswith("]") and "[" in line:
            i, end = line.rindex("["), len(line.rstrip())  # the rule said by its name in the player's language
        if i < 0:
            return None
        x0 = rect.x + text.size_of(line[:i], size)[0]
        x1 = rect.x + text.size_of(line[:end], size)[0]
        return rule if x0 - 4 <= pos[0] <= x1 + 4 and rect.y - 6 <= pos[1] <= rect.bottom + 6 else None

    def selection_key(self):
        """What the player has selected now; a refusal stays while this is unchanged."""
        return None

    def idle_message(self) -> None:
        """Say what the scene says when nothing else is to be said (whose turn, the hint)."""

    def tick_status(self) -> None:
        """Expire a timed message; drop a refusal once the selection changed; after F2 a message that was
        said as plain text (not keyed) gives way to the scene's own line in the new language."""
        lang = i18n.lang()
        if lang != self._lang_seen:
            self._lang_seen = lang
            self.dirty = True
            if isinstance(self.message, str):
                self.message, self.message_bad, self.message_until, self.message_kind = "", False, None, "info"
                self.idle_message()
        if self.message_until is not None and time.perf_counter() >= self.message_until:
            self.message_until = None
            self.idle_message()
            self.dirty = True
        elif self._refused_for is _PENDING:
            self._refused_for = self.selection_key()
        elif self._refused_for is not None and self.message_bad and self.selection_key() != self._refused_for:
            self._refused_for = None
            self.message, self.message_bad, self.message_kind = "", False, "info"
            self.idle_message()
            self.dirty = True

    def take_notice(self) -> None:
        """The app's notice (a screenshot's path, an internal error, the language switch) onto the status line."""
        if self.app is not None and self.app.notice:
            note, self.app.notice = self.app.notice, ""
            self.say(note, bad=note.startswith(("internal error", "screenshot failed")), ttl=self.SAVED_S)

    def status_due(self) -> bool:
        """A timed message is about to go (the frame that removes it must be drawn)."""
        return self.message_until is not None and time.perf_counter() >= self.message_until - 0.05

    # ------------------------------------------------------------------ saves
    def save_viewer(self) -> int:
        """The seat whose view a save reopens."""
        return 0

    def ai_seed(self) -> int | None:
        """The computer seats' base seed (client.ai_driver), which a save keeps so that a resumed game's computers
        play what they would have; None for a scene without computer seats' driver."""
        ai = getattr(self, "ai", None)
        return None if ai is None else ai.base

    def autosave_path(self):
        return self.app.opts.autosave_path(self.game, self.seats)

    def autosave(self) -> bool:
        """Write the autosave now; a failure is said on the status line (never swallowed). True if written."""
        if self.app is None:
            return False
        try:
            self.last_autosave = write_save(self.autosave_path(), self.game, self.seats, self.save_viewer(),
                                            self.ai_seed())
        except OSError as e:
            self.autosave_error = str(e)
            self.say(UiMsg("save_failed", {"err": e}), bad=True)
            return False
        self.autosave_error = ""
        return True

    def autosave_if_acted(self) -> None:
        """Autosave once after every action (a new game or an undo counts as a change too)."""
        key = (id(self.game), len(self.game.log))
        if key != self._saved_key:
            self._saved_key = key
            if self.autosave_on:
                self.autosave()

    def save_to(self, path):
        """Write a save to ``path`` and say so on the status line for a while; None (the error said) on failure."""
        try:
            p = write_save(path, self.game, self.seats, self.save_viewer(), self.ai_seed())
        except OSError as e:
            self.say(UiMsg("save_failed", {"err": e}), bad=True)
            return None
        self.say(UiMsg("saved", {"path": str(p)}), ttl=self.SAVED_S, kind="ok")
        return p

    # ------------------------------------------------------------------ leaving
    def leave(self) -> None:
        """Back to the start screen (or what ``on_leave`` says)."""
        if self.on_leave is not None:
            self.on_leave()
        elif self.app is not None:
            self.app.start_title()
