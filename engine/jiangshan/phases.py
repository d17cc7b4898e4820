"""The phases around a 江山 turn's action (seed: 准备 / 行动 / 结束): weather and fire (天命, J11),
supply, morale and 群龙无首 (补给), the forced reveal (J5), clearing disorder (重整, J9), hiding (隐匿)."""
from __future__ import annotations

from engine.chance import Chance
from engine.jiangshan.board import neighbours4
from engine.jiangshan.state import State


def lose(st: State, p: int, reason: str) -> None:
    """``p`` has lost (its king destroyed, its morale routed: 败退)."""
    if st.stage != "over":
        st.stage = "over"
        st.winner = 1 - p
        st.reason = reason


def destroy(st: State, uid: int, by: int | None, emit, merit: bool = True) -> None:
    """Remove a unit; ``by`` gains 1 merit (功绩) unless it is a scout or ``merit`` is off (fire, J11).
    Losing the king loses the game (seed: 若王被消灭,则立即失败)."""
    u = st.units.pop(uid)
    st.stall = 0
    if uid in st.reveal:
        st.reveal.remove(uid)
    if by is not None and merit and u.type != "scout":
        st.sides[by].merit += 1
    emit("jiangshan.ev.destroyed", unit=u.type, seat=u.owner, cell=u.cell)
    if u.type == "king":
        lose(st, u.owner, "king")


def weather(st: State, ch: Chance, emit) -> None:
    """天命: roll the die for the weather (J2) and change every fire (seed's 多云 / 烈日 / 暴雨). The roll is
    made only while some fire burns (the die 大多数情况下不必使用); it is in every player's log."""
    if not st.fires:
        return
    roll = ch.roll(1, 6, "jiangshan.weather")[0]
    w = st.scen.weather[roll - 1]
    st.weather = w
    emit("jiangshan.ev.weather", chance=True, roll=roll, weather=w)
    if w == "cloudy":
        return
    new: dict = {}
    if w == "rain":
        for c, f in st.fires.items():
            if f == "large":
                new[c] = "small"
        st.fires = new
        emit("jiangshan.ev.fires", n=len(new))
        return
    burnt, spread = [], set()
    for c, f in st.fires.items():
        if f == "small":
            if st.ter(c) == "forest":
                new[c] = "large"
        else:
            burnt.append(c)
            spread |= {n for n in neighbours4(c, st.width, st.height) if st.ter(n) == "forest"}
    for c in burnt:
        st.terrain[c[1]][c[0]] = "plain"
        emit("jiangshan.ev.burnt", cell=c)
        for u in [u for u in st.units.values() if u.cell == c and not u.in_city]:
            destroy(st, u.uid, None, emit, merit=False)
    for c in sorted(spread):
        if c not in burnt and c not in new and st.ter(c) == "forest":
            new[c] = "small"
    st.fires = new
    for c in new:
        disorder_in_fire(st, c)
    emit("jiangshan.ev.fires", n=len(new))


def disorder_in_fire(st: State, c) -> None:
    """Units under a burning forest fall into disorder and cannot be moved (seed: 因着火而发生混乱)."""
    for u in st.units.values():
        if u.cell == c and not u.in_city:
            u.disorder = True


def supply(st: State, p: int, emit) -> None:
    """补给: each own city (not camp) gives 1 supply; every 4 supplies raise morale by 1 up to the
    maximum (J2); a king out of sight (in a city or under a forest) costs 1 morale (群龙无首); morale
    below 0 is a rout and loses (败退)."""
    s = st.sides[p]
    n = sum(1 for c in st.cities.values() if c.owner == p and c.kind == "city")
    s.supply += n
    per = st.scen.supply_per_morale
    while s.supply >= per and s.morale < st.scen.morale_max:
        s.supply -= per
        s.morale += 1
        st.stall = 0
        emit("jiangshan.ev.morale_up", seat=p, morale=s.morale)
    if s.morale >= st.scen.morale_max:
        s.supply = min(s.supply, per - 1)
    k = st.king(p)
    if k is not None and st.hidden(k):
        s.morale -= 1
        st.stall = 0
        emit("jiangshan.ev.leaderless", seat=p, morale=s.morale)
        if s.morale < 0:
            lose(st, p, "rout")


def force_reveal(st: State, mover: int, seen: set, emit) -> None:
    """J5: enemy units in march state inside the mover's vision turn to battle state; infantry wait for
    their owner's facing (``st.reveal``), the others turn at once. Hidden units stay hidden. A scout has
    no battle face: turned over it shows its other march face, so it is shown as a scout (J18) and stays
    in march state."""
    q = 1 - mover
    for u in sorted(st.units.values(), key=lambda u: u.uid):
        if u.owner != q or u.state != "march" or st.hidden(u) or u.cell not in seen:
            continue
        if u.type == "scout":
            if not u.revealed:
                u.revealed = True
                emit("jiangshan.ev.scout_shown", seat=q, cell=u.cell)
            continue
        u.state = "battle"
        emit("jiangshan.ev.revealed", unit=u.type, seat=q, cell=u.cell)
        if u.t.cls == "foot":
            st.reveal.append(u.uid)


def end_phase(st: State, p: int, enemy_seen: set) -> None:
    """结束阶段: 重整 clears disorder from ``p``'s units (not under a burning forest), 隐匿 turns every
    unit out of the enemy's sight back to march state (facing dropped, J4); a scout out of it is again
    unknown to the enemy (J18)."""
    for u in st.units.values():
        if u.owner != p:
            continue
        if u.type == "scout" and (u.cell not in enemy_seen or st.hidden(u)):
            u.revealed = False
        if u.cell not in st.fires or u.in_city:
            u.disorder = False
        if u.state == "battle" and u.cell not in enemy_seen and u.t.cls != "scout":
            u.state, u.facing = "march", None
        if st.hidden(u):
            u.state, u.facing = "march", None


def new_turn(st: State, p: int) -> None:
    """Reset the per-turn marks of ``p``: one action point, nobody moved yet, no 落石 yet."""
    st.player = p
    st.ap = 1
    for u in st.units.values():
        if u.owner == p:
            u.used = u.moved = u.shot = False
    for c in st.cities.values():
        c.rocks_used = False
