"""Computer players use the fun items (S20a–S20i) from their observation and legal actions only.

``pick(agent, obs, legal)`` is called by the agent (engine/shachang/ai.py) before it plans its next
action; it returns an item use (a ``UseItem`` among the legal actions) or None. Items are free
actions, so an agent considers them once the reinforcement phase is over (a use would end it), at
most one per turn (S20a). After a use the agent's plan is dropped (the position changed).

- easy: now and then any legal item, at random.
- normal: the plain cases: 同归于尽 when the blast takes more enemy soldiers than it costs, 寸土不让
  when three shots find targets, 画地为牢 on the biggest enemy in sight, 溜之大吉 / 世外桃源 for a
  unit that would be wiped out where it stands.
- hard: the same with the blocking lines (S8 heights) counted, wipe-outs valued, 溜之大吉 only for a
  fight it loses, 世外桃源 for a big unit under fire, 亡命天涯 (S20h) only when the extra steps help
  (``wangming_uses``: soldiers reach an own unit that then has a shot it had not, or the unit gets out
  of a fight it loses, with as few discarded soldiers as needed), 天翻地覆 when its
  units stand lower than the enemies it sees, 愚公移山 to clear the line (S8) of a unit that has no
  shot now at a seen enemy in its range (the cheapest height move that opens one; S20b).
"""
from __future__ import annotations

import numpy as np

from engine.shachang import rules
from engine.shachang.actions import March, Reinforce, UseItem
from engine.shachang.cells import board_grid
from engine.shachang.sight import blocking_cell


def _steps(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _heights(obs) -> np.ndarray:
    """The heights the agent knows (unexplored counted as flat ground)."""
    return np.maximum(np.asarray(obs.heights), 0)


def _threat(obs, cell, count: int) -> int:
    """Shots the visible enemies could fire at a unit of ``count`` on ``cell`` next turn (each unit one
    shot, its move power added to its range, lines ignored)."""
    return sum(1 for e in obs.enemy_units()
               if _steps(e.cell, cell) <= rules.attack_range(e.count) + obs.move_power)


def blast_value(obs, u, heights: np.ndarray | None) -> float:
    """What 同归于尽 on own unit ``u`` is worth: enemy soldiers it takes (a wipe-out counts 1.5) minus
    own soldiers (the unit and own units hit). ``heights`` None: lines ignored."""
    rng = rules.attack_range(u.count)
    z = (int(heights[u.cell]) if heights is not None else 0) + u.count
    v = -float(u.count)
    for t in obs.units:
        if t.cell == u.cell or _steps(t.cell, u.cell) > rng or t.cell in getattr(obs, "occupied", ()):
            continue
        if heights is not None and obs.mode != "classic":
            x = int(heights[t.cell]) + t.count
            if blocking_cell(heights, u.cell, t.cell, z, x) is not None:
                continue
        if t.owner == obs.player:
            v -= 1
        else:
            v += 1.5 if t.count == 1 else 1.0
    return v


def _targets(obs, u) -> list:
    return [e for e in obs.enemy_units() if _steps(e.cell, u.cell) <= rules.attack_range(u.count)]


def pick(agent, obs, legal) -> UseItem | None:
    """The item the agent uses now, or None (see module doc); drops the agent's plan after a use. Right
    after a 亡命天涯 it returns the march the extra steps were for (then the planner goes on)."""
    nxt = getattr(agent, "item_next", None)
    if nxt is not None:
        agent.item_next = None
        if nxt in legal:
            agent.plan, agent.snaps, agent.expect = [], [], None
            return nxt
    if not getattr(obs, "hand", ()) or getattr(obs, "item_used", True):
        return None
    items = sorted((a for a in legal if isinstance(a, UseItem)), key=str)
    if not items or any(isinstance(a, Reinforce) for a in legal):
        return None
    level = getattr(agent, "level", "normal")
    follow: dict = {}
    if level == "easy":
        choice = agent.rng.choice(items) if agent.rng.random() < 0.25 else None
    else:
        choice = _choose(obs, items, hard=level == "hard", follow=follow)
    if choice is not None:
        agent.plan, agent.snaps, agent.expect = [], [], None
        agent.item_next = follow.get(choice)  # 亡命天涯: the march its extra steps pay for, played next
    return choice


def _choose(obs, items: list, hard: bool, follow: dict | None = None) -> UseItem | None:
    """The item worth using now, or None; ``follow`` gets the march that makes a 亡命天涯 pay."""
    follow = {} if follow is None else follow
    by = {}
    for a in items:
        by.setdefault(a.kind, []).append(a)
    heights = _heights(obs) if hard else None
    own = {u.cell: u for u in obs.own_units()}
    best: list[tuple[float, str, UseItem]] = []

    for a in by.get("tonggui", ()):
        v = blast_value(obs, own[a.cells[0]], heights)
        if v >= (1.0 if hard else 1.5):
            best.append((v + 1.0, str(a), a))
    for a in by.get("cuntu", ()):
        u = own[a.cells[0]]
        soldiers = sum(e.count for e in _targets(obs, u))
        if min(3, soldiers) >= (2 if hard else 3):
            best.append((min(3, soldiers) - 0.5, str(a), a))
    for a in by.get("liu", []) + by.get("taoyuan", []):
        u = own[a.cells[0]]
        th = _threat(obs, u.cell, u.count)
        if th < u.count:
            continue
        if a.kind == "liu":
            if hard and (th < u.count + 1 or _targets(obs, u) or 2 * u.count < obs.field):
                continue  # hard slips away only from a fight it loses: wiped with a shot to spare, no
                # target, and at least half its field at stake (a random landing is a frozen new camp)
            best.append((u.count * 0.6, str(a), a))
        elif not hard or u.count >= 3:
            best.append((u.count * 0.5, str(a), a))
    if by.get("dilao"):
        a = max(by["dilao"], key=lambda a: (_enemy(obs, a.cells[0]).count, str(a)))
        e = _enemy(obs, a.cells[0])
        near = any(_steps(e.cell, u.cell) <= rules.attack_range(e.count) + obs.move_power for u in own.values())
        if e.count >= 3 or (near and not hard) or (hard and near and e.count >= 2):
            best.append((e.count * 0.3, str(a), a))
    if hard:
        for w, key, a, march in wangming_uses(obs, by.get("wangming", ()), own, heights):
            best.append((w, key, a))
            follow[a] = march
        for a in by.get("fanfu", ()):
            mine = [int(heights[c]) for c in own]
            theirs = [int(heights[e.cell]) for e in obs.enemy_units()]
            if mine and theirs and np.mean(mine) + 2 <= np.mean(theirs):
                best.append((1.0, str(a), a))
        for a in by.get("yugong", ()):
            v = yugong_value(obs, own[a.cells[0]], a, heights)
            if v > 0:
                best.append((v, str(a), a))
    if not best:
        return None
    best.sort(key=lambda t: (-t[0], t[1]))
    return best[0][2]


def _clear_shot(obs, u, heights: np.ndarray) -> float:
    """0 when own unit ``u`` has no clear shot (S8) at a seen enemy in its range on ``heights``, else the
    best one's worth (a wipe-out 1.5, else 1.0)."""
    z = int(heights[u.cell]) + u.count
    best = 0.0
    for t in _targets(obs, u):
        if t.cell in getattr(obs, "occupied", ()):
            continue
        if blocking_cell(heights, u.cell, t.cell, z, int(heights[t.cell]) + t.count) is None:
            best = max(best, 1.5 if t.count == 1 else 1.0)
    return best


def yugong_value(obs, u, a: UseItem, heights: np.ndarray) -> float:
    """What 愚公移山 ``a`` (S20b) on own unit ``u`` is worth: the shot it opens for a unit that has none
    now (0.5 plus 0.5 for a wipe-out, less 0.01 a step paid), else 0."""
    if u.attacked or not u.moves or _clear_shot(obs, u, heights):
        return 0.0
    _, src, dst = a.cells
    h = heights.copy()
    h[src] -= a.count
    h[dst] += a.count
    v = _clear_shot(obs, u, h)
    return v - 0.5 - 0.01 * a.count if v else 0.0


def _enemy(obs, cell):
    return obs.unit_at(cell)


def _reach(obs, src, limit: int) -> dict:
    """Cells a march from ``src`` reaches within ``limit`` steps (S15, S10: seen cells, every cell passed
    empty; own units only as ends), with their step counts."""
    taken = {u.cell for u in obs.units}
    own = {u.cell for u in obs.own_units()}
    seen = np.asarray(obs.seen)
    adj = board_grid(obs.size).adjacency
    dist, out, q = {src: 0}, {}, [src]
    while q:
        c = q.pop(0)
        if dist[c] >= limit:
            continue
        for n in adj[c]:
            if n in dist or not seen[n] or (n in taken and n not in own):
                continue
            dist[n] = out[n] = dist[c] + 1
            if n not in taken:
                q.append(n)
    return out


def _shots(obs, cell, count: int, heights: np.ndarray) -> dict:
    """Seen enemies a settled unit of ``count`` on ``cell`` could shoot (S8: range, own line), cell -> worth
    (a wipe-out 1.5, else 1.0)."""
    z = int(heights[cell]) + count
    out = {}
    for e in obs.enemy_units():
        if _steps(e.cell, cell) > rules.attack_range(count) or e.cell in getattr(obs, "occupied", ()):
            continue
        if obs.mode == "classic" or blocking_cell(heights, cell, e.cell, z, int(heights[e.cell]) + e.count) is None:
            out[e.cell] = 1.5 if e.count == 1 else 1.0
    return out


def _loses(obs, cell, count: int) -> bool:
    """A unit of ``count`` on ``cell`` is in a fight it loses: the enemies could fire as many shots at it
    next turn as it has soldiers, and one of them out-guns it (more soldiers)."""
    near = [e for e in obs.enemy_units() if _steps(e.cell, cell) <= rules.attack_range(e.count) + obs.move_power]
    return len(near) >= count and any(e.count > count for e in near)


def _safe(obs, cell, count: int) -> bool:
    """No enemy that out-guns a unit of ``count`` can shoot at ``cell`` next turn, and the others cannot
    wipe it out."""
    near = [e for e in obs.enemy_units() if _steps(e.cell, cell) <= rules.attack_range(e.count) + obs.move_power]
    return len(near) < count and not any(e.count >= count for e in near)


def wangming_uses(obs, uses, own: dict, heights: np.ndarray) -> list:
    """Hard's 亡命天涯 (S20h) candidates as (worth, key, use, march to play next): for each own unit, the use discarding the
    fewest soldiers whose extra steps (a) let soldiers join a settled own unit (S15: a new camp cannot
    shoot) that then has a shot at an enemy no own unit can shoot now (worth 1.5 for a wipe-out, 1.0
    else, less 0.5 a discarded soldier; kept when above 0), or (b) take the unit out of a fight it loses
    to a cell no enemy that out-guns it can reach (worth 0.5 plus 0.1 a soldier kept), when no march
    without the item does. Uses that only repeat a march possible without the item are never taken."""
    shootable = set()
    for v in own.values():
        if not v.attacked and not v.fresh:
            shootable |= set(_shots(obs, v.cell, v.count, heights))
    by_unit: dict = {}
    for a in uses:
        by_unit.setdefault(a.cells[0], []).append(a)
    out = []
    for cell, acts in sorted(by_unit.items()):
        u = own[cell]
        if u.attacked or u.fresh:
            continue
        moves = u.moves or 0
        base = _reach(obs, cell, moves)
        flee = _loses(obs, cell, u.count) and not any(
            c not in own and _safe(obs, c, u.count) for c in base)
        for a in sorted(acts, key=lambda a: a.count):
            n, k = a.count, u.count - a.count
            reach = _reach(obs, cell, moves + n)
            safe = [c for c, d in reach.items() if c not in own and d > moves and _safe(obs, c, k)]
            if flee and safe:  # the safe cell farthest from the enemies, then the nearest
                dst = max(safe, key=lambda c: (min(_steps(c, e.cell) for e in obs.enemy_units()), -reach[c], c))
                out.append((0.5 + 0.1 * k, str(a), a, March(cell, dst, k)))
                break
            gain, dst = 0.0, None
            for c, d in sorted(reach.items()):
                v = own.get(c)
                if v is None or d <= moves or v.attacked or v.fresh:
                    continue
                new = [w for t, w in _shots(obs, c, v.count + k, heights).items() if t not in shootable]
                if new and max(new) > gain:
                    gain, dst = max(new), c
            if gain - 0.5 * n > 0:
                out.append((gain - 0.5 * n, str(a), a, March(cell, dst, k)))
                break
    return out
