"""辛亥革命 set-up, the round's automatic steps, event effects and track rewards.

Seed sections: 卡牌準備 (set-ups), 標記準備, 一局遊戲進行十回合 (1) events, (2) marker draws,
(3) response, (4) round marker; 10. 標記規則; 11. 援軍規則; 12. 勝負判定. Rulings X1, X3, X9, X10.
"""
from __future__ import annotations

from collections import deque

from engine.messages import Msg
from engine.xinhai.board import Unit
from engine.xinhai.hexgrid import label, neighbours_of

SEATS = ("rev", "qing")


# ---------------------------------------------------------------------- set-up
def place(g, side: str, kind: str, h) -> Unit | None:
    """Put a new ``kind`` of ``side`` on ``h``, or if that hex is taken on the nearest free hex it may
    occupy, spreading hex by hex in the order N, NE, SE, S, SW, NW (seed 11(1)B/11(2)C: 放置於相鄰
    格子內，依此類推; ruling XR1). None (and a log entry) when no piece of that kind is left."""
    if g.pool[side].get(kind, 0) <= 0:
        g.note("xinhai.log.no_piece", side=_side(side), kind=_kind(kind))
        return None
    b = g.board
    occ = b.occupancy()
    seen, todo = {h}, deque([h])
    while todo:
        x = todo.popleft()
        if x not in occ and b.can_enter(kind, x):
            g.pool[side][kind] -= 1
            u = b.add(side, kind, x)
            g.note("xinhai.log.placed", side=_side(side), kind=_kind(kind), hex=label(x))
            return u
        for n in neighbours_of(x):
            if n in b.map.terrain and n not in seen:
                seen.add(n)
                todo.append(n)
    return None


def setup(g) -> None:
    """The historical or random set-up (seed 卡牌準備 (1)/(2), X1, X3, X10)."""
    R = g.R
    if g.options["setup"] == "historical":
        hist = R.historical
        for cid in hist["rev_cards"]:
            for kind, h in R.setup[cid].rev_start:
                place(g, "rev", kind, h)
        for kind, h in hist["qing_start"]:
            place(g, "qing", kind, h)
        pile = list(hist["rev_hand_from"])
        idx = len(g.chance.record)
        order = g.chance.shuffle(pile, "rev hand", visible_to=(0,))
        g.hidden_shuffles.append((idx, "hand", "rev", 0))
        g.hands["rev"] = sorted(order[: int(hist["rev_hand_size"])])
        g.hands["qing"] = sorted(hist["qing_hand"])
        g.hand_public["qing"] = True  # all five of 6-10: nothing hidden
        g.note("xinhai.log.shuffle_hand", chance=True, side=_side("rev"))
        g.note("xinhai.log.your_hand", visible_to={0}, cards=" ".join(map(str, g.hands["rev"])))
        g.decks["rev"] = list(hist["rev_events"])
        g.decks["qing"] = list(hist["qing_events"])
    else:
        order = g.chance.shuffle(sorted(R.setup), "set-up cards", visible_to=None)
        n = int(R.random["hand_size"])
        g.hands["rev"], g.hands["qing"] = sorted(order[:n]), sorted(order[n: 2 * n])
        g.hand_public = {"rev": True, "qing": True}  # seed: 抽五張並打開
        g.note("xinhai.log.setup_cards", chance=True, rev=" ".join(map(str, order[:n])),
               qing=" ".join(map(str, order[n: 2 * n])))
        for cid in order[:n]:
            for kind, h in R.setup[cid].rev_start:
                place(g, "rev", kind, h)
        for cid in order[n: 2 * n]:
            for kind, h in R.setup[cid].qing_start:
                place(g, "qing", kind, h)
        for side in SEATS:
            deck = []
            for p, k in enumerate(R.random["period_draws"], start=1):
                pile = sorted(num for (s, num), e in R.events.items() if s == side and e.period == p)
                idx = len(g.chance.record)
                perm = g.chance.shuffle(pile, f"{side} events {p}", visible_to=())
                g.hidden_shuffles.append((idx, "deck", side, p))
                deck += perm[:k]
            g.decks[side] = deck
            g.note("xinhai.log.shuffle_deck", chance=True, side=_side(side))


# ---------------------------------------------------------------------- the round
def start_round(g) -> None:
    """Round set-up: all markers back in the bag, one-round markers gone, the round's steps queued."""
    g.bag = sorted(m.id for m in g.R.markers)
    g.ap_used = {"rev": 0, "qing": 0}
    g.timed = set()
    g.rose = False
    # X13: both sides' event cards are turned over together, then their effects (and choices) follow
    g.queue = [("turn", "qing"), ("turn", "rev"), ("event", "qing"), ("event", "rev"), ("draw",), ("response",),
               ("end_round",)]
    g.note("xinhai.log.round", n=g.round, period=g.R.periods[g.round - 1],
           ap=g.R.action_points[g.round - 1])


def run_task(g, task: tuple) -> None:
    """One automatic step of the round."""
    kind = task[0]
    if kind == "turn":
        turn_event(g, task[1])
    elif kind == "event":
        if len(task) > 2:
            do_event(g, task[1], task[2])
    elif kind == "draw":
        draw_marker(g)
    elif kind == "response":
        response_phase(g)
    elif kind == "end_round":
        end_round(g)


def draw_marker(g) -> None:
    """Seed (2): draw a marker; its colour acts unless that side has used its action points; keep
    drawing until both sides have (X1: 3, 3, 4, 5 points by period). Every draw is logged (X10)."""
    ap = g.R.action_points[g.round - 1]
    colour = {m.id: m.side for m in g.R.markers}
    needy = [s for s in SEATS if g.ap_used[s] < ap and any(colour[m] == s for m in g.bag)]
    if not needy:
        return
    mid = g.chance.draw(g.bag, "marker")
    side = colour[mid]
    g.queue.insert(0, ("draw",))
    if side not in needy:
        g.note("xinhai.log.marker_skip", chance=True, marker=mid, side=_side(side))
        return
    g.ap_used[side] += 1
    g.note("xinhai.log.marker", chance=True, marker=mid, side=_side(side), n=g.ap_used[side], ap=ap)
    g.push("marker", side, marker=mid)


def response_phase(g) -> None:
    """Seed (3): revolutionary units on control points (not under the ruins) give response points."""
    n = sum(1 for u in g.board.side_units("rev") if g.board.terrain(u.hex) == "C")
    rule = g.R.response_counts[min(n, max(g.R.response_counts))]
    if rule in ("0", "1", "6"):
        pts = int(rule)
        dice = ()
    else:
        k = {"min3": 3, "min2": 2, "d1": 1, "max2": 2}[rule]
        dice = g.chance.roll(k, 6, "response")
        pts = max(dice) if rule == "max2" else min(dice)
    key = "xinhai.log.response" if dice else "xinhai.log.response_fixed"  # no roll: not "dice -" (issue 26)
    g.note(key, chance=bool(dice), n=n, dice=" ".join(map(str, dice)) or "-", points=pts)
    ask_track(g, pts, "response")


def ask_track(g, points: int, why: str) -> None:
    """The revolutionaries put ``points`` on one track of their choice (seed (3), 6(7))."""
    if points > 0 and any(v < g.R.track_limit for v in g.tracks.values()):
        g.push("track", "rev", points=points, why=why)


def add_points(g, track: str, points: int) -> None:
    """Move a response marker up (at most 10; the excess is lost: seed (3)), then rewards and victory."""
    old = g.tracks[track]
    new = min(g.R.track_limit, old + points)
    g.tracks[track] = new
    if new > old:
        g.rose = True
    g.note("xinhai.log.track", track=_track(g, track), old=old, new=new)
    if old < g.R.track_limit <= new and track not in g.rewarded:
        g.rewarded.add(track)
        reward(g, track)
    if sum(g.tracks.values()) >= g.R.victory and not g.over:
        g.finish("rev", "xinhai.end.response")  # seed 12(1)


def reward(g, track: str) -> None:
    """Seed 10(1): the four rewards at 10."""
    g.note("xinhai.log.reward", track=_track(g, track))
    if track == "north":
        if any(u.kind == "fleet" for u in g.board.side_units("qing")):
            g.push("fleet", "rev")
    elif track == "army":
        g.army_reward = True
    elif track == "southeast":
        g.munitions = min(int(g.R.supply["munitions"]), g.munitions + 2)
    elif track == "southwest":
        if len(g.board.trenches) < int(g.R.supply["trenches"]):
            g.push("trench", "rev")


def end_round(g) -> None:
    """Seed (4) and 12: the 清軍 reward's rally, the 肆 check (X9), the last round, the next round."""
    if g.army_reward:
        g.army_reward = False
        g.queue.insert(0, ("end_round",))
        g.push("region", "rev", purpose="army")
        return
    if g.R.periods[g.round - 1] == 4 and not g.rose:
        g.finish("qing", "xinhai.end.suppressed")  # seed 12(2), X9
        return
    if g.round >= 10:
        g.finish("qing", "xinhai.end.truce")  # seed 12(3)
        return
    g.round += 1
    start_round(g)


# ---------------------------------------------------------------------- events (seed (1), X3)
def turn_event(g, side: str) -> None:
    """Turn over ``side``'s next event card (X13: both sides' cards before either effect); its queued
    effect step learns the card."""
    i = g.queue.index(("event", side))
    if not g.decks[side]:
        del g.queue[i]
        return
    num = g.decks[side].pop(0)
    g.played[side].append(num)
    g.note("xinhai.log.event", side=_side(side), number=num, name=Msg.of(f"xinhai.event.{side}.{num}"))
    g.queue[i] = ("event", side, num)


def do_event(g, side: str, num: int) -> None:
    """Carry out the effect of ``side``'s event card ``num``, turned over this round."""
    e = g.R.events[(side, num)]
    fx = e.effect
    if fx == "morale":
        shift_morale(g, e.value)
    elif fx == "response":
        add_points(g, e.track, e.value)
    elif fx == "reinforce":
        if g.hands[side]:
            g.push("reinforce", side)
    elif fx in ("speech", "slack", "aid"):
        g.timed.add(fx)
    elif fx == "machine_gun":
        g.machine_guns = min(int(g.R.supply["machine_guns"]), g.machine_guns + 1)
    elif fx == "recoil_gun":
        g.recoil = True
    elif fx == "ruins":
        g.push("ruins", side)
    elif fx == "rally":
        g.push("region", side, purpose="event")
    elif fx == "remove_fleet":
        if any(u.kind == "fleet" for u in g.board.side_units("qing")):
            g.push("fleet", "rev")
    elif fx == "munitions":
        g.munitions = min(int(g.R.supply["munitions"]), g.munitions + e.value)
    elif fx == "trench":
        for _ in range(min(e.value, int(g.R.supply["trenches"]) - len(g.board.trenches))):
            g.push("trench", side)


def shift_morale(g, delta: int) -> None:
    """Move the morale marker, never past 0 or 5 (seed 4(1)B)."""
    lo, hi = int(g.R.supply["morale_min"]), int(g.R.supply["morale_max"])
    new = max(lo, min(hi, g.morale + delta))
    if new != g.morale:
        g.note("xinhai.log.morale", old=g.morale, new=new)
    g.morale = new


def reinforce(g, side: str, cid: int) -> None:
    """Seed 11: play set-up card ``cid``: one revolutionary infantry on its hex, or the Qing group
    less one unit for every cut whose track has reached its value."""
    card = g.R.setup[cid]
    g.hands[side].remove(cid)
    g.note("xinhai.log.reinforce", side=_side(side), card=cid, name=Msg.of(f"xinhai.setup.{cid}"))
    if side == "rev":
        place(g, "rev", "infantry", card.rev_reinforce)
        return
    group = list(card.qing_units)
    for track, value, kind in card.qing_cuts:
        if g.tracks[track] >= value and kind in group:
            group.remove(kind)
            g.note("xinhai.log.cut", track=_track(g, track), value=value, kind=_kind(kind))
    for kind in group:
        place(g, "qing", kind, card.qing_hex)


def _side(side: str):
    return Msg.of(f"xinhai.side.{side}")


def _kind(kind: str):
    return Msg.of(f"xinhai.kind.{kind}")


def _track(g, track: str):
    return Msg.of(f"xinhai.track.{track}")
