"""Helpers for 江山 rule tests: a position from a picture of the board (``make``), settling the opening
phases, texts of the legal actions, the unit at a cell."""
from __future__ import annotations


from engine.jiangshan.data import parse_scenario, unit_spec
from engine.jiangshan.game import game_from


EMPTY = ["." * 12] * 8
OFFER = ["formation", "crossing", "fire", "scout", "ruse", "substitute"]


def unit(spec: str) -> dict:
    """"blade@d4" or "blade@d4:battle:E"."""
    return unit_spec(spec)


def make(red=(), white=(), rows=None, cities=(), first=0, reserve=({}, {}), morale=3, seed=0):
    """A game on an empty 12x8 board (or ``rows``, rank 8 first) with no tallies to pick; kings are
    added in the far corners (l1 for 汉, a8 for 楚) unless given."""
    red, white = list(red), list(white)
    if not any(s.startswith("king@") for s in red):
        red.append("king@l1")
    if not any(s.startswith("king@") for s in white):
        white.append("king@a8")
    raw = {"id": "test", "name_zh": "测试", "name_en": "test", "width": 12, "height": 8,
           "terrain": list(rows or EMPTY), "first": first, "tally_picks": 0, "tallies": OFFER,
           "weather": ["cloudy", "cloudy", "sun", "sun", "rain", "rain"], "morale_start": morale,
           "cities": [{"cell": x[0], "kind": x[1], "owner": x[2], "name_zh": "城", "name_en": "town",
                       "garrison": list(x[3]) if len(x) > 3 else []} for x in cities],
           "seats": [{"name_zh": "汉", "name_en": "Han", "forward": "N", "units": [unit(s) for s in red],
                      "reserve": reserve[0]},
                     {"name_zh": "楚", "name_en": "Chu", "forward": "S", "units": [unit(s) for s in white],
                      "reserve": reserve[1]}]}
    return settle(game_from(parse_scenario(raw, "test"), seed))


def settle(g):
    """Answer every forced reveal (J5) with the owner's forward facing."""
    while g.stage == "reveal":
        u = g.st.units[g.st.reveal[0]]
        g.apply(f"face {at_name(u.cell)} {g.st.scen.seats[u.owner].forward}")
    return g


def at_name(c) -> str:
    return f"{chr(97 + c[0])}{c[1] + 1}"


def texts(g) -> set[str]:
    return set(g.legal_action_texts())


def at(g, cell: str):
    """The unit standing on ``cell`` (not in a city), or None."""
    from engine.jiangshan.board import parse_cell

    return g.st.board().get(parse_cell(cell, 12, 8))


def give(g, seat, *tallies, morale=None):
    """Put ``tallies`` in ``seat``'s hand (and set its morale), as a test's position."""
    g.st.sides[seat].tallies = list(tallies)
    if morale is not None:
        g.st.sides[seat].morale = morale
    g._legal = None
