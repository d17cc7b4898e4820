"""沙场秋点兵 fun items (S20): does hard play better with them? Side by side in one run, on the same
games: hard using items against hard ignoring them (tabletop and digital), and hard against normal
with both using items. 8x8, 2 players, 0.2 s thinking per turn, seats alternate.

    nice -n 5 python -m bench.items_arena 40
"""
from __future__ import annotations

import collections
import os
import sys
import time

import engine.shachang.ai as ai
from client.cli_args import OneLineParser, whole
from engine.shachang import make_agent, new_game
from engine.shachang.actions import UseItem

_orig = ai.pick_item
NO_ITEMS: set[int] = set()  # seats that ignore items in the game being played


def _pick(agent, obs, legal):
    return None if agent.seat in NO_ITEMS else _orig(agent, obs, legal)


def match(la: str, lb: str, games: int, mode: str, a_items: bool = True, b_items: bool = True) -> dict:
    """A (level ``la``) against B (``lb``) in ``games`` games; wins, void games and item uses."""
    ai.pick_item = _pick
    wins: collections.Counter = collections.Counter()
    uses: collections.Counter = collections.Counter()
    t = time.time()
    for i in range(games):
        g = new_game("standard", mode=mode, players=2, seed=1000 + i, items=True, item_seed=500 + i)
        a_seat = i % 2
        NO_ITEMS.clear()
        agents = []
        for s in range(2):
            lv, it = (la, a_items) if s == a_seat else (lb, b_items)
            agents.append(make_agent(lv, seed=i * 31 + s, seat=s, budget=0.2))
            if not it:
                NO_ITEMS.add(s)
        n = 0
        while not g.is_over and n < 5000:
            p = g.current_player
            a = agents[p].act(g.observe(p), g.legal_actions())
            if isinstance(a, UseItem):
                uses["A" if p == a_seat else "B"] += 1
            g.apply(a)
            n += 1
        r = g.ranking()
        wins["void" if all(x.out for x in r) else ("A" if r[0].player == a_seat else "B")] += 1
    ai.pick_item = _orig
    print(f"{mode}: A={la}{'' if a_items else ' (no items)'} vs B={lb}{'' if b_items else ' (no items)'}: "
          f"{games} games {dict(wins)}, item uses {dict(uses)}, {time.time() - t:.0f}s", flush=True)
    return {"wins": dict(wins), "uses": dict(uses)}


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.items_arena", description=__doc__)
    ap.add_argument("games", nargs="?", type=whole(1), default=10, help="games per match")
    n = ap.parse_args(argv).games
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    match("hard", "hard", n, "tabletop", True, False)
    match("hard", "hard", n, "digital", True, False)
    match("hard", "normal", n, "digital")
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
