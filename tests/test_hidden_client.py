"""Hidden information stays hidden in everything a player is shown (ruling G1, G3; issue 24): one generic test
for every registered game and variant that hides something.

For random positions of each game, ``hidden_variant(player, rng)`` gives games the player to move cannot tell
from the real one (enemies moved under the fog, face-down pieces and hands reshuffled). For that player they
must give the same

* log: every event text, zh and en, and the sounds those events make (client.audio);
* refusals: the texts, zh and en, of a sample of illegal actions (G3: only what the player may know);
* take-back: ``undo_floor`` (G2);
* client output: whatever the game's plugin hooks (client/games/base.py) produce for the player's view — the
  board model, tooltips of every cell, panels, status, buttons, move list, cards, hand-over words, what a
  click on each cell means (and why not) — and for 沙场秋点兵's own scene its HUD facts (tooltips, the
  selected unit's panel, sight lines, overlays); then the whole frame the app draws, pixel for pixel.

Games that hide nothing (百格西洋棋) have nothing to vary; tests/test_seeds_g1.py checks their registration.
"""
from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import numpy as np
import pytest

from client import audio, i18n
from client.games import make_plugin
from client.games.base import text as words
from engine import registry
from engine.api import IllegalAction
from engine.messages import render
from tests.golden import obs_text, options_for
from tests.client_util import flat_app

LANGS = ("zh", "en")

# every registered game with each of its set-ups (both 三国演弈 variants and modes, 江山's and 辛亥革命's random
# set-ups, 沙场秋点兵 square and star, fog and items); (game, options, random actions walked, positions every k)
CASES = {
    "anqi": ("anqi", {}, 36, 12),
    "sanguo": ("sanguo", {}, 20, 10),
    "sanguo:quick": ("sanguo", {"mode": "quick"}, 10, 10),
    "sanguo:jieqi": ("sanguo", {"variant": "jieqi"}, 36, 12),
    "sanguo:jieqi,quick": ("sanguo", {"variant": "jieqi", "mode": "quick"}, 24, 12),
    "jiangshan": ("jiangshan", {}, 36, 12),
    "jiangshan:random": ("jiangshan", {"scenario": "random"}, 24, 24),
    "xinhai": ("xinhai", {}, 36, 12),
    "xinhai:random": ("xinhai", {"setup": "random"}, 24, 24),
    "shachang": ("shachang", {"preset": "standard"}, 30, 10),
    "shachang:star": ("shachang", {"preset": "star"}, 30, 10),
    "shachang:items": ("shachang", {"preset": "standard", "items": True, "item_seed": 5}, 30, 10),
    "shachang:tabletop,items": ("shachang", {"preset": "standard", "mode": "tabletop", "items": True,
                                             "item_seed": 6}, 20, 10),
    "shachang:star,items": ("shachang", {"preset": "star", "items": True, "item_seed": 7}, 30, 10),
}


def test_every_game_that_hides_something_is_a_case():
    """Every registered game whose registration says it may hide something (G1) is probed here."""
    hiding = {gid for gid, info in registry.GAMES.items() if info.hidden_information}
    assert hiding == {gid for gid, *_ in CASES.values()}
    assert not registry.get("baige").hidden_information


def positions(case: str, seed: int) -> list:
    """Copies of a random game of ``case`` every few actions (not over)."""
    gid, extra, steps, every = CASES[case]
    g = registry.get(gid).new_game(**{**options_for(gid, seed), **extra})
    rng = random.Random(seed)
    out = []
    for i in range(steps):
        if g.is_over:
            break
        if i % every == every - 1:
            out.append(g.clone())
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    if not g.is_over:
        out.append(g.clone())
    return out


def truth(g, player: int) -> tuple:
    """What ``player`` may not know: the save (the deal, the draws), every other seat's observation and, where
    items lie hidden from everybody (沙场秋点兵, S20a), their cells."""
    items = getattr(g, "items", None)
    return (g.to_json(), [obs_text(g, q) for q in range(g.num_players) if q != player],
            sorted(items.cells) if items is not None else None)


# ---------------------------------------------------------------------------------------------- what is shown
def plain(v):
    """A value made comparable: dataclasses field by field (a board geometry object left out), arrays as
    lists, keyed messages in both languages."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__,) + tuple((f.name, plain(getattr(v, f.name))) for f in dataclasses.fields(v)
                                           if f.name != "geometry")
    if isinstance(v, np.ndarray):
        return ("array", v.shape, v.tolist())
    if isinstance(v, dict):
        return tuple((plain(k), plain(x)) for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return tuple(plain(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return ("set", tuple(sorted(map(repr, v))))
    if type(v).__name__ == "Msg":
        return tuple(render(v, lang) for lang in LANGS)
    if callable(v):
        return "callable"
    return v


def refusals(g, texts: list[str]) -> list[tuple]:
    """What the game answers to each action text, the refusal in both languages (the state unchanged)."""
    out = []
    for t in texts:
        c = g.clone()
        try:
            c.apply(c.parse_action(t))
            out.append((t, "ok"))
        except IllegalAction as e:
            out.append((t, e.rule) + tuple(e.text(lang) for lang in LANGS))
    return out


def engine_facts(g, player: int, probes: list[str]) -> dict:
    """The log (texts, chance marks, sounds), refusals and take-back floor ``player`` gets."""
    evs = g.events(player)
    return {"events": [(tuple(render(e.msg, lang) for lang in LANGS), e.chance) for e in evs],
            "sounds": [audio.sounds_for(getattr(e.msg, "key", "")) for e in evs],
            "refusals": refusals(g, probes),
            "undo_floor": g.undo_floor(player),
            "legal": [(str(a), plain(g.describe(a))) for a in g.legal_actions()]}


def board_plugin_facts(g, player: int) -> dict:
    """Every hook of a flat-board game's plugin, for ``player`` (the seat to move), in both languages."""
    pl = make_plugin(g)
    cells = list(pl.geometry.cells)
    out: dict = {}
    for lang in LANGS:
        i18n.set_lang(lang)
        out[lang] = {
            "view": plain(pl.view(player)),
            "move_list": pl.move_list(lang), "panel": plain(pl.panel_lines(lang)), "status": pl.status(lang),
            "buttons": [(plain(s), words(pl.button_label(s), lang)) for s in pl.buttons()],
            "cards": plain(pl.card_rows(player, lang)), "handover": pl.handover_lines(player, lang),
            "note": words(pl.private_note(player), lang), "help": plain(pl.help_lines(lang)),
            "seats": [pl.seat_name(s, lang) for s in range(g.num_players)],
            "tooltips": [pl.cell_info(c, lang) for c in cells],
        }
    clicks = []
    selected = []
    for c in cells:  # what a click on each cell means; after a selection, on each other cell (and why not)
        o = pl.click(c)
        clicks.append(plain(o))
        if o.kind == "select":
            selected.append(o.prefix)
    for prefix in selected[-1:]:  # after selecting the last piece that may act: a click on every fifth cell
        clicks.append(plain(pl.view(player, prefix)))
        for d in cells[len(g.log) % 5::5]:
            o2 = pl.click(d, prefix)
            clicks.append((plain(o2), plain(pl.explain(prefix, d)) if o2.kind == "clear" else None))
    out["clicks"] = clicks
    return out


def shachang_facts(g, player: int) -> dict:
    """沙场秋点兵's scene facts for ``player``: the plugin's words, each cell's tooltip, each own unit's panel,
    sight lines from it to every cell and the overlays, the items in hand, in both languages."""
    from client.games.shachang import hud
    from client.games.shachang.controller import Controller

    pl = make_plugin(g)
    ctl = Controller(g, [True] * g.num_players)
    ctl.viewer = player
    obs = ctl.obs
    cells = [tuple(map(int, c)) for c in np.argwhere(np.ones(obs.heights.shape, bool))]
    if getattr(obs, "mask", None) is not None:
        cells = [c for c in cells if obs.mask[c]]
    own = [u.cell for u in obs.units if u.owner == player]
    out: dict = {}
    for lang in LANGS:
        i18n.set_lang(lang)
        scene = SimpleNamespace(ctl=ctl, game=g)
        f = {"handover": pl.handover_lines(player, lang),
             "seats": [pl.seat_name(s, lang) for s in range(g.num_players)],
             "tooltips": [plain(hud.tooltip_lines(scene, c)) for c in cells], "units": []}
        for c in own[:3]:
            ctl.select(c)
            f["units"].append((plain(ctl.unit_info()), ctl.status))
            for h in cells[::3]:
                ctl.hover = h
                f["units"].append(plain(ctl.sight()))
            f["units"].append(plain(ctl.overlays()))
            ctl.hover = None
        out[lang] = f
    return out


def client_facts(g, player: int) -> dict:
    return shachang_facts(g, player) if g.game_id == "shachang" else board_plugin_facts(g, player)


# ---------------------------------------------------------------------------------------------- the frame
@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with flat_app(tmp_path_factory.mktemp("saves"), size=(1100, 700)) as a:
        yield a


def frame(app, g, player: int, lang: str) -> np.ndarray:
    """The whole window the app draws for ``player`` (its seat human, the others computers: no hand-over) with
    the mouse away from the board."""
    i18n.set_lang(lang)
    seats = ["random"] * g.num_players
    seats[player] = "human"
    app.opts.seeded = False
    app.start_game(g.clone(), seats)
    for _ in range(2):
        app.step(1 / 60)
    return app.display.screenshot()


# ---------------------------------------------------------------------------------------------- the test
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_player_is_shown_the_same_whatever_it_cannot_see(case, app):
    rng = random.Random(11)
    walks = [positions(case, s) for s in (1, 2)]
    pool = sorted({t for ps in walks for p in ps for t in p.legal_action_texts()})
    probes = rng.sample(pool, min(24, len(pool)))  # actions legal somewhere: most are refused here
    compared = differs = 0
    for w, ps in enumerate(walks):
        for k, p in enumerate(ps):
            player = p.current_player
            mine = engine_facts(p, player, probes)
            shown = client_facts(p, player)
            v = p.hidden_variant(player, rng)
            differs += truth(v, player) != truth(p, player)
            assert engine_facts(v, player, probes) == mine
            assert client_facts(v, player) == shown
            compared += 1
            if w == 0 and k == len(ps) - 1:  # the first walk's last position: the whole frame, both languages
                v = p.hidden_variant(player, rng)
                for lang in LANGS:
                    assert np.array_equal(frame(app, p, player, lang), frame(app, v, player, lang)), \
                        f"{case}: the frame differs ({lang})"
    assert compared >= 4
    # the variants did differ in what the player cannot see (standard 三国演弈 hides nothing: exact copies)
    assert differs == 0 if case in ("sanguo", "sanguo:quick") else differs >= compared // 2


@pytest.mark.parametrize("preset", ["standard", "star"])
def test_ground_a_player_has_not_explored_changes_nothing_it_is_shown(app, preset):
    """G1 under fog: the terrain is hidden until explored (S7), and hidden_variant keeps the map — so here a map
    that differs only on ground the player to move never saw (heights changed cell by cell wherever its
    observations stay the same: a changed peak it could see is not hidden) must give it the same log,
    refusals, take-back, scene facts and frame, at the start and after each of its first turn's actions."""
    from engine.shachang import new_game
    from engine.shachang.game import ShachangGame
    from engine.shachang.maps import GameMap

    g = new_game(preset, "digital", 2, seed=4)
    player = g.current_player
    pick = random.Random(2)
    moves, probe = [], g.clone()
    for _ in range(3):  # the player's first actions (no end of turn)
        acts = [a for a in probe.legal_actions() if str(a) != "end"]
        if not acts:
            break
        moves.append(str(pick.choice(acts)))
        probe.apply(probe.parse_action(moves[-1]))

    def game_on(heights):
        return ShachangGame(GameMap(heights.copy(), g.game_map.spawns), preset=preset, mode="digital", players=2,
                            seed=4)

    def seen(heights) -> list[str]:
        h = game_on(heights)
        out = [obs_text(h, player)]
        for m in moves:
            h.apply(h.parse_action(m))
            out.append(obs_text(h, player))
        return out

    heights = np.array(g.heights, dtype=np.int16)
    want = seen(heights)
    rng = np.random.default_rng(1)
    hidden = [tuple(map(int, c)) for c in np.argwhere(np.asarray(probe.observe(player).heights) < 0)]
    mask = getattr(probe.observe(player), "mask", None)
    hidden = [c for c in hidden if mask is None or mask[c]]
    changed = 0
    for c in hidden:
        old = heights[c]
        heights[c] = (old + int(rng.integers(1, 4))) % (int(g.heights.max()) + 2)
        if seen(heights) == want:
            changed += 1
        else:
            heights[c] = old
    assert changed >= len(hidden) // 3 and changed > 5
    other = game_on(heights)
    probes = pick.sample(g.legal_action_texts(), min(12, len(g.legal_action_texts())))
    for step in range(len(moves) + 1):
        assert engine_facts(other, player, probes) == engine_facts(g, player, probes)
        assert client_facts(other, player) == client_facts(g, player)
        if step in (0, len(moves)):
            for lang in LANGS:
                assert np.array_equal(frame(app, g, player, lang), frame(app, other, player, lang))
        if step < len(moves):
            g.apply(g.parse_action(moves[step]))
            other.apply(other.parse_action(moves[step]))
