"""What the star's computer players know of a void game (S18, 流局), from their observation only.

S18 ends the game when every living player passed a whole round without acting, and if nobody
ever dealt damage the game is void: every player is out. Under fog a player cannot tell whether
the others passed, so while it has seen no damage (``damage_seen``) a bare pass (no action yet this
turn, ``acted_this_turn``) may be the last one of such a round: ``pass_may_void``. And a game in
which nobody ever shoots is void at the round limit too, so after a while without damage the
player goes and finds the enemy (``void_looming``, as the square maps' hard player does in
``engine.shachang.ai.void_looming``).

Both read the log the observation carries (``messages``: keyed messages the player may read).
With 2 players every hit involves the viewer, so it always knows; with more, under fog, a hit
between two others may stay unseen: the player then acts when it need not, never the reverse.
"""
from __future__ import annotations

from engine.messages import Msg

# a soldier or unit was hit (S19e attacks, the 同归于尽 blast of S20f), as the attacker, the victim
# or a witness reads it
DAMAGE_KEYS = frozenset({
    "shachang.star.ev.hit", "shachang.star.ev.unseen_hit", "shachang.ev.unseen_hit",
    "shachang.ev.item.blast_hit", "shachang.ev.item.blast_wiped", "shachang.ev.item.blast_unseen",
    "shachang.ev.attack_hit", "shachang.ev.attack_wiped",
})
# the acting player's own actions (S13 reinforcement, S19d marches, S19e attacks, S20 item uses)
ACT_KEYS = frozenset({"shachang.ev.reinforce", "shachang.ev.march_step", "shachang.ev.march_steps",
                      "shachang.star.ev.hit"})
ITEM_PREFIX = ".".join(("shachang", "ev", "item", ""))  # every item use (S20) is logged under it
END_KEY = "shachang.ev.end"


def _seat_of(msg: Msg, param: str = "seat"):
    """The seat number (0-based) a message names in ``param`` (its actor by default), or None."""
    seat = dict(msg.params).get(param)
    if isinstance(seat, Msg) and seat.key == "common.seat":
        return int(dict(seat.params)["n"]) - 1
    return None


def _is_damage(msg: Msg) -> bool:
    """A hit that counts for S18: a blast (S20f) counts only where it hit another player's soldier."""
    if msg.key not in DAMAGE_KEYS:
        return False
    if msg.key in ("shachang.ev.item.blast_hit", "shachang.ev.item.blast_wiped"):
        return _seat_of(msg, "victim") != _seat_of(msg)
    return True


def damage_seen(obs) -> bool:
    """True when the observation's log shows a hit on another player's soldier (S18: the game can
    no longer be void)."""
    return any(_is_damage(m) for m in obs.messages)


def acted_this_turn(obs) -> bool:
    """True when the observing player, whose turn it is, already acted this turn (a march, an
    attack, a reinforcement or an item use since the last end of turn in its log)."""
    if obs.moved or obs.spent:
        return True
    msgs = obs.messages
    start = 0
    for i in range(len(msgs) - 1, -1, -1):
        if msgs[i].key == END_KEY:
            start = i + 1
            break
    return any((m.key in ACT_KEYS or m.key.startswith(ITEM_PREFIX)) and _seat_of(m) == obs.player for m in msgs[start:])


def pass_may_void(obs) -> bool:
    """A bare pass now may end the game void (S18): nobody has dealt damage that the player saw and
    it has not acted this turn (the others may all have passed: under fog it cannot know)."""
    return not obs.is_over and not damage_seen(obs) and not acted_this_turn(obs)


def void_looming(obs) -> bool:
    """One other player alive and nobody has dealt damage after a while (round 10, or a sixth of the
    round limit if later): the game is heading for a void, so go and find the enemy. With more
    players the others may have fought out of sight (fog), and a player that rushes in pays for it."""
    alive = [pv for pv in obs.players if not pv.out and pv.player != obs.player]
    return len(alive) == 1 and not damage_seen(obs) and obs.round >= max(10, obs.round_limit // 6)
