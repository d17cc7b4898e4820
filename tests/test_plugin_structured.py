"""The plugins speak the engine's structured actions: a refused click is explained through the game's
``move_action(src, dst)`` (no action text built in the client), 百格's move list numbers come from the
observation (no FEN read in the client), 江山's tally pick names its tallies as data."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import registry
from engine.api import IllegalAction, Step
from engine.jiangshan.actions import Act as JAct
from engine.xinhai.game import position

from client.games import plugin_class as plugin_for

ROOT = Path(__file__).resolve().parent.parent


def game_and_plugin(game_id: str, **opts):
    info = registry.get(game_id)
    game = info.new_game(**{**dict(info.options), **opts})
    return game, plugin_for(game_id)(game)


@pytest.mark.parametrize("game_id", ["baige", "anqi", "sanguo", "xinhai"])
def test_move_action_is_the_legal_move_or_refused_naming_a_rule(game_id):
    if game_id == "xinhai":  # a position with units to move (the opening is set-up cards)
        game = position([("rev", "infantry", "H-18"), ("rev", "artillery", "H-16"), ("qing", "infantry", "H-19")])
        plugin = plugin_for(game_id)(game)
    else:
        game, plugin = game_and_plugin(game_id, seed=3) if game_id != "baige" else game_and_plugin(game_id)

    def cell_moves():
        return [(a, st) for a, st in plugin.index().pairs if len(st) >= 2 and st[0].kind == st[1].kind == "cell"
                and str(a).split()[0] not in ("shoot", "melee")]

    moves = cell_moves()
    while not moves and not game.is_over and len(game.log) < 80:  # 暗棋 opens face down: flip until a move
        game.apply(game.legal_actions()[0])
        moves = cell_moves()
    assert moves, game_id
    act, (src, dst) = moves[0][0], moves[0][1][:2]
    made = game.move_action(src.value, dst.value)
    assert game.action_steps(made) == game.action_steps(act)
    copy = game.clone()
    copy.apply(made)  # legal: played
    assert len(copy.log) == len(game.log) + 1
    # a move to a cell no legal action reaches from src: refused with a rule, state unchanged
    reach = {st[1].value for a, st in plugin.index().pairs if len(st) > 1 and st[0] == src}
    far = next(plugin.cell_name(c) for c in plugin.geometry.cells if plugin.cell_name(c) not in reach | {src.value})
    before = game.to_json()
    with pytest.raises(IllegalAction) as e:
        game.clone().apply(game.move_action(src.value, far))
    assert e.value.rule and e.value.msg
    assert game.to_json() == before
    # the plugin's explanation of that click is the same refusal
    why = plugin.click(plugin.cell(far), (src,))
    if getattr(why.reason, "key", "") == "xinhai.why.rule":  # 辛亥革命 says the rule id too (issue 26)
        params = dict(why.reason.params)
        assert why.kind == "clear" and (params["why"], params["rule"]) == (e.value.msg, e.value.rule)
    else:
        assert why.kind == "clear" and why.reason == e.value.msg


def test_baige_observation_says_who_moved_first():
    game, plugin = game_and_plugin("baige")
    assert game.observe(0)["first_side"] == "w"
    black = registry.get("baige").new_game(fen=game.start_fen.replace(" w ", " b ", 1))
    assert black.observe(1)["first_side"] == "b"
    bp = plugin_for("baige")(black)
    black.apply(black.legal_actions()[0])
    assert bp.move_list("en")[0].startswith("1. …")


def test_jiangshan_pick_names_its_tallies():
    assert JAct("pick", ("ruse+scout",)).tallies == ("ruse", "scout")
    assert JAct("end").tallies == ()


def test_no_action_text_or_fen_in_the_board_plugins():
    for name in ("baige", "anqi", "sanguo", "xinhai", "jiangshan"):
        src = (ROOT / "client" / "games" / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(r"\bfen\b|start_fen|_fen\b", src), name
        assert not re.search(r"try_action|apply\(f\"|parse_action\(f\"|\.split\(\"\+\"\)", src), name
