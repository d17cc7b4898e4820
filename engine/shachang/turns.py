"""The turn and round bookkeeping of 沙场秋点兵 (S12 phases, S13 forced reinforcement and elimination,
S17 round limit, S18 end of the game), shared by every board: a part of ``ShachangGame``
(engine/shachang/game.py)."""
from __future__ import annotations

import dataclasses

from engine.messages import Msg
from engine.shachang.items import end_turn
from engine.shachang.log import seat as _seat


class Turns:
    """Whose turn, which phase, which round; who is out and when the game ends (``ShachangGame``'s part)."""

    def _drop_ghosts(self, owner: int) -> None:
        """End ``owner``'s ghost visions at the end of its turn; one made in this very turn (its own
        sacrifice, S20l) lasts until the end of its next turn, as one made in an enemy's turn does."""
        keep = []
        for g in self.ghosts:
            if g.owner == owner and g.own_turn:
                keep.append(dataclasses.replace(g, own_turn=False))
            elif g.owner == owner:
                self._vision.remove(g.owner, (g.cell[0], g.cell[1], 0, g.radius), ignore_terrain=True)
            else:
                keep.append(g)
        self.ghosts = keep

    def reinforce_room(self, player: int | None = None) -> int:
        """How many soldiers the player may still place this phase (0 if none)."""
        p = self.cur if player is None else player
        if self.over or p != self.cur or self.phase != "reinforce":
            return 0
        return max(0, min(self.reserve[p], self.P.cap - self.field(p)))

    def _must_reinforce(self) -> bool:
        return self.phase == "reinforce" and not self.acted and self.field(self.cur) == 0

    def _next_player(self) -> tuple[int, bool]:
        """The next living player after ``cur`` and whether the turn order wrapped (a new round)."""
        nxt = self.cur
        for _ in range(self.n):
            nxt = (nxt + 1) % self.n
            if not self.out[nxt]:
                break
        return nxt, nxt <= self.cur

    def _pass_to_next(self) -> None:
        """Hand the turn to the next living player, ending the game at the round limit (S17, S18)."""
        nxt, wrapped = self._next_player()
        self.cur = nxt
        if wrapped:
            self.round += 1
            if self.round > self.round_limit:
                self.round = self.round_limit
                self._finish(Msg.of("shachang.end.round_limit", n=self.round_limit))

    def _eliminate(self, p: int, reason: Msg, knowers: frozenset | None = None) -> None:
        """Put ``p`` out. Everybody learns that ``p`` is out; the ``reason`` (which may name a
        killer or hint at hidden soldiers) only ``knowers`` (None = everybody)."""
        if self.out[p]:
            return
        self.out[p] = True
        self.voided[p] += self.reserve[p]
        self.reserve[p] = 0
        self.out_order.append(p)
        self._event(reason, knowers)
        if knowers is not None:
            others = frozenset(range(self.n)) - knowers
            if others:
                self._event(Msg.of("shachang.ev.out", seat=_seat(p)), others)

    def _living(self) -> list[int]:
        return [p for p in range(self.n) if not self.out[p]]

    def _check_end(self) -> bool:
        """End the game when only one player has soldiers (S18)."""
        living = [p for p in range(self.n) if not self.out[p] and self.has_soldiers(p)]
        for p in range(self.n):
            if not self.out[p] and not self.has_soldiers(p):
                self._eliminate(p, Msg.of("shachang.ev.out_no_soldiers", seat=_seat(p)), self._private(p))
        if len(living) <= 1:
            self.over = True
            if living:
                self.winner_by_wipeout = living[0]
                self._end_msg = Msg.of("shachang.end.wipeout", seat=_seat(living[0]))
            else:
                self._end_msg = Msg.of("shachang.end.nobody")
            self.phase = "over"
            self._event(Msg.of("shachang.ev.game_over", reason=self._end_msg), None)
            return True
        return False

    def _end_turn(self) -> None:
        """End the current player's turn: the items count down, ghosts of its own fade (S9), a round
        of passes ends the game (S18), else the next living player's turn opens."""
        self.geometry.turn_ending(self)
        p = self.cur
        if self.items is not None:
            end_turn(self, p)  # S20d, S20g, S20i count down
        for u in self.units.values():
            if u.owner == p:
                u.last_count = u.count
        self._drop_ghosts(p)  # S9: ghost vision lasts until the end of the owner's next turn
        self.idle_streak = 0 if self.acted else self.idle_streak + 1
        if self.idle_streak >= len(self._living()):
            self._finish(Msg.of("shachang.end.idle"))
            return
        self._pass_to_next()
        self._start_turn()

    def _start_turn(self) -> None:
        """Open the current player's turn (扎营, fresh move power); eliminate a player that cannot reinforce (S13, S14)."""
        self._open_turn()
        self.geometry.turn_opened(self)

    def _open_turn(self) -> None:
        """扎营 and fresh move power for the current player; pass over players that are out (S13, S14)."""
        while not self.over:
            p = self.cur
            for u in self.units.values():
                if u.owner == p:
                    u.fresh = False  # 扎营
                    u.attacked = False
                    u.moves = 0 if (u.jail or u.hidden) else self.P.move  # S20d, S20g: no marches
            self.phase = "reinforce"
            self.acted = False
            self.seen = self.visible(p).copy()
            if self.field(p) == 0 and (self.reserve[p] == 0 or not self._reinforce_cells(p)):
                key = "shachang.ev.out_no_cell" if self.reserve[p] else "shachang.ev.out_no_soldiers_turn"
                self._eliminate(p, Msg.of(key, seat=_seat(p)), self._private(p))
                if self._check_end():
                    return
                self._pass_to_next()
                continue
            return

    def _finish(self, reason: Msg) -> None:
        self.over = True
        self.phase = "over"
        self._end_msg = reason
        self._event(Msg.of("shachang.ev.game_over", reason=reason), None)
