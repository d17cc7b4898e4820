"""The check of an action of 沙场秋点兵 and the steps of it both boards share (S8, S10, S13, S15,
the items' S20d/S20g; the board's own rules are its ``check_*`` methods): a part of
``ShachangGame`` (engine/shachang/game.py).

The action's form (types, counts, cells on the board) is checked first; with fog, the rules about
what the player knows (S10 seen cells, S14 vision, S8 sight) come before any rule that looks at a
cell's occupant, so a refusal never reveals a hidden enemy.
"""
from __future__ import annotations

from engine.api import IllegalAction
from engine.messages import Msg
from engine.shachang.actions import Action, Attack, March, Reinforce, UseItem, say
from engine.shachang.cells import Cell
from engine.shachang.log import seat as _seat
from engine.shachang.state import Unit


class Checks:
    """``check`` and the shared steps of the board's checks (``ShachangGame``'s part)."""

    def check(self, action) -> Action:
        """Raise IllegalAction if ``action`` (or its text) is illegal now; return the parsed action.

        The action's form (types, counts, cells on the board) is checked first; with fog, the rules
        about what the player knows (S10 seen cells, S14 vision, S8 sight) come before any rule that
        looks at a cell's occupant, so a refusal never reveals a hidden enemy."""
        a = self._validated(action)
        if self.over:
            raise IllegalAction("game over", key="shachang.game_over", action=self.geometry.say(a),
                                reason=self._end_msg or "")
        if isinstance(a, Reinforce):
            self._check_reinforce(a)
        elif isinstance(a, March):
            self._check_march(a)
        elif isinstance(a, Attack):
            self._check_attack(a)
        elif isinstance(a, UseItem):
            self._check_item(a)
        elif self._must_reinforce():  # End
            raise IllegalAction("S13 forced reinforcement", key="shachang.must_reinforce",
                                action=self.geometry.say(a), seat=_seat(self.cur))
        return a

    def _check_reserve(self, act: Msg, cap_rule: str) -> int:
        """S13: a reserve soldier to place and room under the field cap (``cap_rule`` names the board's
        ruling), or raise; the soldiers on the field."""
        p = self.cur
        if self.reserve[p] == 0:
            raise IllegalAction("S13 reserve", key="shachang.reinforce.no_reserve", action=act, seat=_seat(p))
        f = self.field(p)
        if f >= self.P.cap:
            raise IllegalAction(cap_rule, key="shachang.reinforce.cap_reached", action=act, field=f, cap=self.P.cap)
        return f

    def _enemy_held(self, act: Msg, cell: Cell, rule: str, key: str) -> Unit | None:
        """The unit on ``cell``, or raise ``rule`` when an enemy holds it (reinforcement S13, march S15)."""
        u = self.units.get(cell)
        if u is not None and u.owner != self.cur:
            raise IllegalAction(rule, key=key, action=act, cell=self.cell_name(cell), owner=_seat(u.owner))
        return u

    def _own_unit(self, a, rule: str, what: str = "unit") -> Unit:
        """The current player's unit (the star: soldier) on a.src, or raise (S13 forced reinforcement
        first, then ``rule`` own unit)."""
        p = self.cur
        act = say(a, self.cell_name)
        if self._must_reinforce():
            raise IllegalAction("S13 forced reinforcement", key="shachang.must_reinforce", action=act,
                                seat=_seat(p))
        u = self.units.get(a.src)
        if u is None or u.owner != p:
            raise IllegalAction(f"{rule} own {what}", key="shachang.unit.none", action=act, seat=_seat(p),
                                cell=self.cell_name(a.src))
        return u

    def _march_target(self, act: Msg, a: March) -> Unit | None:
        """The march's destination checks every board shares (S15 same cell, S10 unseen before
        occupancy, the items' S20d/S20g, S15 enemy-held); the own unit there or None."""
        if a.src == a.dst:
            raise IllegalAction("S15 march", key="shachang.march.same_cell", action=act)
        # S10 before occupancy: an unseen cell is refused the same way whoever stands on it
        if self.fog and not self.seen[a.dst]:
            raise IllegalAction("S10 unseen cell", key="shachang.march.unseen", action=act,
                                cell=self.cell_name(a.dst))
        self._item_checks(a)  # S20d, S20g before the occupant is named
        return self._enemy_held(act, a.dst, "S15 enemy-held cell", "shachang.march.enemy_cell")

    def _attack_target(self, act: Msg, a: Attack) -> Unit:
        """The attacked enemy unit (S8 in sight before the target is named, the items' S20g, an enemy
        target), or raise."""
        p = self.cur
        if self.fog and not self.visible(p)[a.dst]:
            raise IllegalAction("S8 target in sight", key="shachang.attack.not_in_sight", action=act,
                                cell=self.cell_name(a.dst), seat=_seat(p))
        self._item_checks(a)  # S20g before the target is named
        t = self.units.get(a.dst)
        if t is None or t.owner == p:
            raise IllegalAction("S8 enemy target", key="shachang.attack.no_enemy", action=act,
                                cell=self.cell_name(a.dst))
        return t

    def _blocked(self, act: Msg, a: Attack, u: Unit, t: Unit, blk) -> IllegalAction:
        """The refusal of an attack whose line the cell of ``blk`` blocks (S8: the inequality with the
        shooter's and target's heights; never-seen ground names no cell and no height, S11, D17)."""
        (cell, aa, bb, y) = blk
        if self.fog and not self.explored[self.cur][cell]:
            return IllegalAction("S8 attack blocked", key="shachang.attack.blocked_unexplored", action=act)
        z = int(self.heights[a.src]) + u.count
        x = int(self.heights[a.dst]) + t.count
        return IllegalAction("S8 attack blocked", key="shachang.attack.blocked", action=act,
                             cell=self.cell_name(cell), lhs=(aa + bb) * y, rhs=aa * z + bb * x,
                             a=aa, b=bb, y=y, z=z, x=x)
