"""The log of a 沙场秋点兵 game: seat names and who may read an entry (S7: fog hides what a player
did not see)."""
from __future__ import annotations

from engine.api import Event
from engine.messages import Msg
from engine.shachang.ranking import is_void


def seat(p: int) -> Msg:
    """A seat's name as a keyed message ("P1" / "玩家1")."""
    return Msg.of("common.seat", n=p + 1)


def counted(n: int, noun: str) -> Msg:
    """A count with its noun, singular or plural in English ("1 soldier", "3 soldiers"; "3人" in Chinese):
    ``noun`` is "soldier", "step", "extra_step", "unit" or "cell" (keys shachang.w.<noun> and shachang.w.<noun>s)."""
    return Msg.of(f"shachang.w.{noun}" + ("" if n == 1 else "s"), n=n)


_NOTED = frozenset({"shachang.ev.reinforce", "shachang.ev.march_step", "shachang.ev.march_steps", "shachang.ev.end",
                    "shachang.ev.attack_wiped", "shachang.ev.attack_hit", "shachang.star.ev.hit"})


def notation(msg: Msg) -> str:
    """A log entry's English line in the observation (``Observation.events``): an action's entry in the
    action notation ("P1: attack a1 a3 — ..."), which the computer players read (ai_model.py), while the
    client shows the entry's words (``shachang.ev.*``, issue 26); any other entry as it reads."""
    if msg.key in _NOTED:
        return Msg("shachang.note." + msg.key[len("shachang."):], msg.params).render("en")
    return msg.render("en")


class Log:
    """The game's log (``ShachangGame``'s part): keyed entries, each with the players who may read it."""

    def events(self, player: int) -> list[Event]:
        """The log entries ``player`` may read (S7: fog hides what the player did not see)."""
        return [ev for ev, _ in self._events if ev.seen_by(player)]

    def end_reason(self):
        """Why the game ended as a keyed message ("" while it goes on); a void game (流局, S18) says so,
        as its ranking does (S20l: a self-blast that wiped out everybody dealt no damage)."""
        if not self.over or self._end_msg is None:
            return ""
        if is_void(self):
            why = self._end_msg
            if why.key == "shachang.end.wipeout":  # nobody wiped anybody out: the others fell by themselves
                why = Msg.of("shachang.end.last_standing", seat=why.kw["seat"])
            return Msg.of("shachang.end.void", why=why)
        return self._end_msg

    def _event(self, msg: Msg, who: frozenset | None) -> None:
        self._events.append((Event(msg, who), notation(msg)))

    def _private(self, p: int) -> frozenset | None:
        """Who may read a fact about ``p``'s own soldiers: everybody without fog, else ``p`` alone."""
        return frozenset([p]) if self.fog else None
