"""辛亥革命 decisions: the legal actions of every decision, carrying them out, and why an action is
refused. Command markers (seed 指揮行動), unit actions (seed 5-7: movement, bridges, boats,
shooting, melee), retreats (X5), track choices and the event / reward choices.
"""
from __future__ import annotations

from engine.api import IllegalAction
from engine.messages import Msg
from engine.xinhai import refusals, rounds
from engine.xinhai.actions import Act
from engine.xinhai.board import Unit
from engine.xinhai.combat import melee_result, shot_result
from engine.xinhai.data import REGIONS
from engine.xinhai.hexgrid import distance, label, parse_label

SEATS = ("rev", "qing")
UNIT_VERBS = ("move", "bridge", "cross", "shoot", "melee")


# ---------------------------------------------------------------------- shooting modifiers
def shot_modifiers(g, shooter: Unit, target: Unit) -> list[tuple[str, int]]:
    """Every modifier of a shot as (name, value), seed 6(2)-(4), 9, 10 and X6: support, target's
    terrain, shooter on a hill, worn target, trench, munitions, speech / slack / aid (own side only),
    machine guns (Qing infantry), recoil guns (Qing artillery). Their sum is added to 2d6."""
    b = g.board
    out = []
    sup = len(b.supporters(shooter, target))
    if sup:
        out.append(("support", sup))
    fx = g.R.terrain_fx
    t_ter, s_ter = b.terrain(target.hex), b.terrain(shooter.hex)
    if t_ter in fx and fx[t_ter][0]:
        out.append(("target_" + _TER[t_ter], fx[t_ter][0]))
    if s_ter in fx and fx[s_ter][1]:
        out.append(("shooter_hill", fx[s_ter][1]))
    if not target.ready:
        out.append(("worn", 1))
    if target.hex in b.trenches:
        out.append(("trench", -1))
    if shooter.side == "rev":
        if g.munitions > 0:
            out.append(("munitions", 1))
        if "speech" in g.timed:
            out.append(("speech", 1))
    else:
        if "slack" in g.timed:
            out.append(("slack", -1))
        if "aid" in g.timed:
            out.append(("aid", 1))
        if shooter.kind == "infantry" and g.machine_guns:
            out.append(("machine_gun", g.machine_guns))
        if shooter.kind == "artillery" and g.recoil:
            out.append(("recoil_gun", 2))
    return out


_TER = {"C": "control", "S": "street", "H": "hill"}


# ---------------------------------------------------------------------- legal actions
def legal(g) -> list[Act]:
    """Every legal action of the decision on top of the stack."""
    if g.over or not g.pending:
        return []
    d = g.pending[-1]
    k = d.kind
    b = g.board
    if k == "marker":
        return [Act(v, (str(i),)) for i in (1, 2) for v in ("cmd", "rally")] + [Act("pass")]
    if k == "act":
        return _act_legal(g, d)
    if k == "retreat":
        u = b.units.get(d.data["uid"])
        return [Act("retreat", (label(h),)) for h in b.retreat_steps(u, d.data["away"])] if u else []
    if k == "track":
        return [Act("track", (t,)) for t in g.R.tracks if g.tracks[t] < g.R.track_limit]
    if k == "reinforce":
        return [Act("card", (str(c),)) for c in sorted(g.hands[d.side])] + [Act("card", ("none",))]
    if k == "region":
        return [Act("region", (r,)) for r in REGIONS]
    if k == "ruins":
        m = b.map
        return [Act("ruins", (label(h),)) for h in m.hexes() if "hankou" in m.regions[h] and m.land_open(h)] \
            + [Act("ruins", ("none",))]  # X14: the Qing may decline to place them
    if k == "trench":
        return [Act("trench", (label(u.hex),)) for u in sorted(b.side_units(d.side), key=_order)
                if u.hex not in b.trenches]
    if k == "fleet":
        return [Act("fleet", (label(u.hex),)) for u in sorted(b.side_units("qing"), key=_order) if u.kind == "fleet"]
    return []


def _order(u: Unit):
    return (u.hex[1], u.hex[0])


def actors(g, d) -> list[Unit]:
    """Units that may act now in an activation: own, ready, in the command region, not yet acted."""
    if d.data.get("mode") != "cmd":
        return []
    region = d.data["region"]
    return sorted((u for u in g.board.side_units(d.side)
                   if u.ready and u.uid not in d.data["acted"] and g.board.in_region(u, region)), key=_order)


def unit_actions(g, d, u: Unit) -> list[Act]:
    """Every action of unit ``u`` in the activation ``d``."""
    b = g.board
    out = []
    here = label(u.hex)
    bridge_ok = not d.data["bridged"] and u.kind != "fleet"
    free_pontoons = len(b.pontoons) < int(g.R.supply["pontoons"])
    occ = b.occupancy()
    for h in b.reach(u):
        dest = label(h)
        out.append(Act("move", (here, dest)))
        if u.kind == "fleet":
            continue
        if b.next_to_yangtze(h):
            out.append(Act("move", (here, dest, "boat")))
        if bridge_ok:
            for w in b.han_hexes_next_to(h):
                if w not in b.pontoons and free_pontoons:
                    out.append(Act("move", (here, dest, "+" + label(w))))
                elif w in b.pontoons and (w not in occ or w == u.hex):  # X11: even the one it steps off
                    out.append(Act("move", (here, dest, "-" + label(w))))
    if bridge_ok:
        for w in b.han_hexes_next_to(u.hex):
            if w not in b.pontoons and free_pontoons:
                out.append(Act("bridge", (here, "+" + label(w))))
            elif w in b.pontoons and w not in occ:
                out.append(Act("bridge", (here, "-" + label(w))))
    for h in b.landings(u):
        out.append(Act("cross", (here, label(h))))
    for t in b.targets(u):
        out.append(Act("shoot", (here, label(t.hex))))
    if g.R.units[u.kind]["melee"]:
        for n in b.map.neighbours(u.hex):
            v = occ.get(n)
            if v is not None and v.side != u.side and v.kind != "fleet":
                out.append(Act("melee", (here, label(n))))
    return out


def _act_legal(g, d) -> list[Act]:
    out = []
    for u in actors(g, d):
        out += unit_actions(g, d, u)
    face = d.data["face"]
    if face.extra in ("morale+", "morale-") and not d.data["morale_used"]:
        lo, hi = int(g.R.supply["morale_min"]), int(g.R.supply["morale_max"])
        if (face.extra == "morale+" and g.morale < hi) or (face.extra == "morale-" and g.morale > lo):
            out.append(Act("morale"))
    if face.extra == "rally" and not d.data["rallied"]:
        for u in sorted(g.board.side_units(d.side), key=_order):
            if not u.ready:
                out.append(Act("ready", (label(u.hex),)))
    out.append(Act("end"))
    return out


# ---------------------------------------------------------------------- carrying out
def perform(g, a: Act) -> None:
    """Carry out a legal action of the decision on top of the stack."""
    d = g.pending[-1]
    k = d.kind
    b = g.board
    if k == "marker":
        g.pending.pop()
        if a.verb == "pass":
            g.note("xinhai.log.pass", side=rounds._side(d.side), marker=d.data["marker"])
            return
        marker = next(m for m in g.R.markers if m.id == d.data["marker"])
        face = marker.faces[int(a.args[0]) - 1]
        g.note("xinhai.log.face", side=rounds._side(d.side), marker=marker.id,
               region=Msg.of(f"xinhai.region.{face.region}"), mode=Msg.of(f"xinhai.mode.{a.verb}"))
        if a.verb == "rally":
            n = 0
            for u in b.side_units(d.side):
                if b.in_region(u, face.region) and not u.ready:
                    u.ready = True
                    n += 1
            g.note("xinhai.log.rallied", n=n, region=Msg.of(f"xinhai.region.{face.region}"))
        g.push("act", d.side, marker=marker.id, face=face, region=face.region,
               mode="cmd" if a.verb == "cmd" else "rally", acted=set(), bridged=False,
               morale_used=False, rallied=False)
        return
    if k == "act":
        _perform_act(g, d, a)
        return
    g.pending.pop()
    if k == "retreat":
        u = b.units[d.data["uid"]]
        u.hex = parse_label(a.args[0])
        u.boat = False
        g.note("xinhai.log.retreat", kind=rounds._kind(u.kind), hex=a.args[0])
        left = d.data["steps"] - 1
        if left > 0:
            start_retreat(g, u, d.data["away"], left, d.data["by"], d.data.get("advance"))
        elif d.data.get("advance"):
            _advance_attacker(g, *d.data["advance"])
    elif k == "track":
        rounds.add_points(g, a.args[0], d.data["points"])
    elif k == "reinforce":
        if a.args[0] != "none":
            rounds.reinforce(g, d.side, int(a.args[0]))
    elif k == "region":
        n = 0
        for u in b.side_units(d.side):
            if b.in_region(u, a.args[0]) and not u.ready:
                u.ready = True
                n += 1
        g.note("xinhai.log.rallied", n=n, region=Msg.of(f"xinhai.region.{a.args[0]}"))
    elif k == "ruins" and a.args[0] == "none":
        g.note("xinhai.log.ruins_declined")
    elif k == "ruins":
        c = parse_label(a.args[0])
        b.ruins = frozenset((c,) + b.map.neighbours(c))
        for u in b.side_units("rev"):
            if u.hex in b.ruins:
                u.ready = False
        g.note("xinhai.log.ruins", hex=a.args[0])
    elif k == "trench":
        b.trenches.add(parse_label(a.args[0]))
        g.note("xinhai.log.trench", hex=a.args[0])
    elif k == "fleet":
        u = b.at(parse_label(a.args[0]))
        del b.units[u.uid]
        g.note("xinhai.log.fleet_gone", hex=a.args[0])


def _perform_act(g, d, a: Act) -> None:
    b = g.board
    v = a.verb
    if v == "end":
        g.pending.pop()
        return
    if v == "morale":
        d.data["morale_used"] = True
        rounds.shift_morale(g, 1 if d.data["face"].extra == "morale+" else -1)
        return
    if v == "ready":
        d.data["rallied"] = True
        u = b.at(parse_label(a.args[0]))
        u.ready = True
        g.note("xinhai.log.ready", hex=a.args[0])
        return
    u = b.at(parse_label(a.args[0]))
    d.data["acted"].add(u.uid)
    if v == "move":
        u.hex = parse_label(a.args[1])
        u.boat = False
        u.ready = False
        g.note("xinhai.log.move", kind=rounds._kind(u.kind), src=a.args[0], dst=a.args[1])
        if len(a.args) == 3:
            _extra(g, d, u, a.args[2])
    elif v == "bridge":
        u.ready = False
        _extra(g, d, u, a.args[1])
    elif v == "cross":
        u.hex = parse_label(a.args[1])
        u.boat = False  # X8: the action is used, the unit stays ready
        g.note("xinhai.log.cross", kind=rounds._kind(u.kind), src=a.args[0], dst=a.args[1])
    elif v == "shoot":
        u.ready = False
        shoot(g, u, b.at(parse_label(a.args[1])))
    elif v == "melee":
        u.ready = False
        melee(g, u, b.at(parse_label(a.args[1])))


def _extra(g, d, u: Unit, extra: str) -> None:
    b = g.board
    if extra == "boat":
        u.boat = True
        g.note("xinhai.log.boat", hex=label(u.hex))
        return
    h = parse_label(extra[1:])
    d.data["bridged"] = True
    if extra[0] == "+":
        b.pontoons.add(h)
        g.note("xinhai.log.bridge_up", hex=extra[1:])
    else:
        b.pontoons.discard(h)
        g.note("xinhai.log.bridge_down", hex=extra[1:])


def shoot(g, u: Unit, t: Unit) -> None:
    """Seed 6: 2d6 plus the modifiers, the table, then the result (a trench absorbs any hit)."""
    mods = shot_modifiers(g, u, t)
    if u.side == "rev" and g.munitions > 0:
        g.munitions -= 1  # seed 10(3): every revolutionary shot uses one
    dice = g.chance.roll(2, 6, "shot")
    total = sum(dice) + sum(v for _, v in mods)
    res = shot_result(u.kind, total)
    g.note("xinhai.log.shot", chance=True, kind=rounds._kind(u.kind), src=label(u.hex), dst=label(t.hex),
           dice=f"{dice[0]}+{dice[1]}",
           mods=[Msg.of(f"xinhai.mod.{n}", v=f"{v:+d}") for n, v in mods] or Msg.of("xinhai.mod.none"),
           total=total, result=Msg.of(f"xinhai.result.{res}"))
    if res != "none" and t.hex in g.board.trenches:
        g.board.trenches.discard(t.hex)  # seed 10(2)
        g.note("xinhai.log.trench_lost", hex=label(t.hex))
        return
    if res == "none":
        return
    t.ready = False
    if res == "destroyed":
        destroy(g, t, u.side)
    elif res.startswith("worn_retreat"):
        start_retreat(g, t, u.hex, int(res[-1]), u.side, None)


def start_retreat(g, t: Unit, away, steps: int, by: str, advance) -> None:
    """X5: the owner retreats the unit step by step; no legal hex means it is destroyed."""
    if not g.board.retreat_steps(t, away):
        g.note("xinhai.log.no_retreat", hex=label(t.hex))
        destroy(g, t, by)
        if advance:
            _advance_attacker(g, *advance)
        return
    g.push("retreat", t.side, uid=t.uid, away=away, steps=steps, by=by, advance=advance)


def destroy(g, t: Unit, by: str) -> None:
    """Remove a unit; a Qing unit destroyed by the revolutionaries gives them morale points (seed 6(7))."""
    del g.board.units[t.uid]
    g.note("xinhai.log.destroyed", side=rounds._side(t.side), kind=rounds._kind(t.kind), hex=label(t.hex))
    if t.side == "qing" and by == "rev":
        rounds.ask_track(g, g.morale, "kill")


def melee(g, u: Unit, t: Unit) -> None:
    """Seed 7: 2d6, +1 only if the defender is worn; no support, terrain or markers."""
    dice = g.chance.roll(2, 6, "melee")
    total = sum(dice) + (0 if t.ready else 1)
    res = melee_result(u.kind, total)
    g.note("xinhai.log.melee", chance=True, kind=rounds._kind(u.kind), src=label(u.hex), dst=label(t.hex),
           dice=f"{dice[0]}+{dice[1]}", total=total, result=Msg.of(f"xinhai.result.{res}"))
    if res == "attacker_destroyed":
        destroy(g, u, t.side)  # XR3: a Qing attacker lost in melee counts as destroyed by the defender
    elif res == "defender_destroyed":
        target_hex = t.hex
        destroy(g, t, u.side)
        _advance_attacker(g, u.uid, target_hex)
    elif res == "defender_worn_retreat1":
        t.ready = False
        start_retreat(g, t, None, 1, u.side, (u.uid, t.hex))


def _advance_attacker(g, uid: int, h) -> None:
    u = g.board.units.get(uid)
    if u is not None and g.board.at(h) is None:
        u.hex = h
        u.boat = False


# ---------------------------------------------------------------------- refusals
def why_illegal(g, a: Act) -> IllegalAction:
    """The IllegalAction for an action that is not legal now, naming the rule it breaks."""
    d = g.pending[-1] if g.pending else None
    if d is None:
        return IllegalAction("seed 12", key="common.game_over")  # 勝負判定: 12(1)-(3), X9
    kinds = {"marker": ("cmd", "rally", "pass"), "act": UNIT_VERBS + ("morale", "ready", "end"),
             "retreat": ("retreat",), "track": ("track",), "reinforce": ("card",), "region": ("region",),
             "ruins": ("ruins",), "trench": ("trench",), "fleet": ("fleet",)}
    if a.verb not in kinds[d.kind]:
        return IllegalAction("seed 遊戲進行", key="xinhai.err.stage", stage=Msg.of(f"xinhai.stage.{d.kind}"),
                             text=str(a))
    if d.kind == "act":
        if a.verb in UNIT_VERBS:
            u = g.board.at(parse_label(a.args[0]))
            if u is None:
                return IllegalAction("seed 5", key="xinhai.err.no_unit", hex=a.args[0])
            if u.side != d.side:
                return IllegalAction("seed 指揮行動", key="xinhai.err.not_yours", hex=a.args[0])
            if d.data["mode"] != "cmd":
                return IllegalAction("seed 4(1)A", key="xinhai.err.rally_mode")
            if not g.board.in_region(u, d.data["region"]):
                return IllegalAction("seed 4(1)A", key="xinhai.err.region", hex=a.args[0],
                                     region=Msg.of(f"xinhai.region.{d.data['region']}"))
            if u.uid in d.data["acted"]:
                return IllegalAction("seed 4(1)A", key="xinhai.err.acted", hex=a.args[0])
            if not u.ready:
                return IllegalAction("seed 4(2)", key="xinhai.err.worn", hex=a.args[0])
            if a.verb == "shoot":
                return _shot_refusal(g, u, a)
            if a.verb == "melee":
                return refusals.melee_refusal(g, u, a.args[1]) or \
                    IllegalAction("seed 5(3) 7(4)", key="xinhai.err.melee", hex=a.args[1])
            if a.verb == "cross":
                return refusals.cross_refusal(g, u, a.args[1]) or \
                    IllegalAction("seed 5(5) X8", key="xinhai.err.cross", hex=a.args[1])
            if a.verb == "move" and Act("move", a.args[:2]) not in legal(g):
                return IllegalAction("seed 5(1)(2) X7", key="xinhai.err.reach", src=a.args[0], dst=a.args[1])
            moved = a.verb == "move"
            return refusals.extra_refusal(g, d, u, a.args[-1], a.args[1] if moved else a.args[0], moved) or \
                IllegalAction("seed 5(4)(5)", key="xinhai.err.extra", text=str(a))
        return IllegalAction("seed 4(1)B", key="xinhai.err.extra", text=str(a))
    rule = {"retreat": "X5", "track": "seed 3", "reinforce": "seed 11", "region": "seed 10(1)B",
            "ruins": "seed 10(9)", "trench": "seed 10(1)D", "fleet": "seed 10(1)A"}.get(d.kind, "seed")
    return IllegalAction(rule, key="xinhai.err.choice", text=str(a))


def _shot_refusal(g, u: Unit, a: Act) -> IllegalAction:
    """X12: the first rule a refused shot breaks, in this order: range (seed 6(1)), what may be shot
    (6(4): infantry never shoots a fleet), the cease-fire ring (seed 9), then X6's nearest target."""
    b = g.board
    t = b.at(parse_label(a.args[1])) if len(a.args) > 1 else None
    if t is None or t.side == u.side:
        return IllegalAction("seed 6(1)", key="xinhai.err.no_enemy", hex=a.args[1] if len(a.args) > 1 else "")
    reach = int(g.R.units[u.kind]["range"])
    if distance(u.hex, t.hex) > reach:
        return IllegalAction("seed 6(1)", key="xinhai.err.range", src=a.args[0], hex=a.args[1],
                             n=distance(u.hex, t.hex), range=reach)
    if u.kind == "infantry" and t.kind == "fleet":
        return IllegalAction("seed 6(4)", key="xinhai.err.fleet_target", hex=a.args[1])
    if b.is_ceasefire(u.hex) or b.is_ceasefire(t.hex):
        return IllegalAction("seed 9", key="xinhai.err.ceasefire_shot",
                             hex=a.args[0] if b.is_ceasefire(u.hex) else a.args[1])
    return IllegalAction("X6", key="xinhai.err.not_nearest", hex=a.args[1])


def public_decision(g, d) -> dict:
    """The decision now, as both players may see it."""
    out = {"kind": d.kind, "side": d.side}
    for k in ("marker", "region", "mode", "points", "why", "purpose", "steps"):
        if k in d.data:
            out[k] = d.data[k]
    if "face" in d.data:
        out["extra"] = d.data["face"].extra
    if "uid" in d.data:
        out["unit"] = d.data["uid"]
    if "acted" in d.data:
        out["acted"] = sorted(d.data["acted"])
    return out
