"""沙场秋点兵 fog of war (S7, S10, S14, D13): refusals, legal actions and log events never reveal a
hidden enemy (issue 18). A ``hidden_variant`` moves and resizes the enemies on cells the player
does not see; the player's observation, legal-action texts and every refusal stay the same."""
from __future__ import annotations

import random

from engine.api import IllegalAction, ParseError
from engine.shachang import new_game
from engine.shachang.cells import cell_name
from tests.golden import obs_text
from tests.shachang_util import game


def outcome(g, text: str) -> str:
    """What applying ``text`` to a copy does: "ok" or the refusal (rule and English message)."""
    c = g.clone()
    try:
        c.apply(text)
    except IllegalAction as e:
        return f"[{e.rule}] {e.message}"
    except ParseError as e:
        return f"parse {e}"
    return "ok"


def fogged_cells(g, player: int) -> list:
    """Cells ``player`` neither sees now nor saw this turn (S7, S10)."""
    vis = g.visible(player)
    seen = g.seen if player == g.current_player else vis
    return [(r, c) for r in range(g.size) for c in range(g.size) if not vis[r, c] and not seen[r, c]]


def two_sided():
    """Digital 8x8: P1 on a1 sees only its corner; P2 hides on h8 and f8 (f8 empty in the variant probes)."""
    return game([[0, "a1", 3], [1, "h8", 3], [1, "h6", 1]], mode="digital", reserve=[5, 5])


# ------------------------------------------------------------------ the reproducers
def test_march_into_a_fogged_enemy_says_unseen_not_held():
    """Issue 18: "a1 is held by P1; marches never enter it" leaked a hidden unit. S10 comes first."""
    g = two_sided()
    assert not g.visible(0)[7, 7]
    held = outcome(g, "march a1 h8 1")
    empty = outcome(g, "march a1 g8 1")
    assert held == "[S10 unseen cell] march 1 soldier from a1 to h8: h8 has not been seen this turn"
    assert empty == "[S10 unseen cell] march 1 soldier from a1 to g8: g8 has not been seen this turn"
    assert "held" not in held and "P2" not in held


def test_reinforce_on_a_fogged_enemy_says_not_in_vision():
    """Issue 18: "reinforce a4 1: a4 is held by P2" leaked; S14 (vision) comes before occupancy."""
    g = two_sided()
    assert outcome(g, "reinforce h8 1") == "[S14 reinforcement in vision] reinforce h8 with 1 soldier: h8 is not in P1's vision"
    assert outcome(g, "reinforce g8 1") == "[S14 reinforcement in vision] reinforce g8 with 1 soldier: g8 is not in P1's vision"


def test_a_visible_enemy_is_still_named():
    """What the player sees may be named: a visible enemy cell is refused as held (S13/S15)."""
    g = game([[0, "a1", 3], [1, "a2", 1], [1, "h8", 1]], mode="digital", reserve=[5, 5])
    assert g.visible(0)[1, 0]
    assert outcome(g, "march a1 a2 1") == "[S15 enemy-held cell] march 1 soldier from a1 to a2: a2 is held by P2; marches never enter it"
    assert outcome(g, "reinforce a2 1") == "[S13 enemy-held cell] reinforce a2 with 1 soldier: a2 is held by P2"


def test_every_fogged_cell_answers_the_same_in_a_hidden_variant():
    """Probe every fogged cell with march and reinforce texts in the game and in a variant whose
    hidden enemies stand elsewhere: the same messages and the same legal-action texts."""
    g = two_sided()
    rng = random.Random(3)
    variants = [g.hidden_variant(0, rng) for _ in range(4)]
    assert any({c for c, u in v.units.items() if u.owner == 1} != {c for c, u in g.units.items() if u.owner == 1}
               for v in variants), "the variants must really move the hidden enemies"
    cells = fogged_cells(g, 0)
    assert len(cells) > 40
    for v in variants:
        assert v.legal_action_texts() == g.legal_action_texts()
        assert obs_text(v, 0) == obs_text(g, 0)
        for c in cells:
            for text in (f"march a1 {cell_name(c)} 1", f"reinforce {cell_name(c)} 1", f"attack a1 {cell_name(c)}"):
                assert outcome(v, text) == outcome(g, text), text


def test_hidden_variant_keeps_what_was_seen_this_turn():
    """A cell seen earlier this turn (S10) keeps its occupant in the variant: the march there is
    refused for the enemy the player saw."""
    g = game([[0, "a1", 4], [0, "b1", 1], [1, "e1", 1], [1, "h8", 2]], mode="digital", reserve=[0, 0])
    assert g.visible(0)[0, 4]
    g.apply("march a1 a2 3")  # a1 keeps 1 soldier (vision 2), a2 gets 3 (vision 3): e1 out of sight
    assert not g.visible(0)[0, 4] and g.seen[0, 4]
    for seed in range(5):
        v = g.hidden_variant(0, random.Random(seed))
        assert v.units[(0, 4)].owner == 1 and v.units[(0, 4)].count == 1
        assert outcome(v, "march b1 e1 1") == outcome(g, "march b1 e1 1") == \
            "[S15 enemy-held cell] march 1 soldier from b1 to e1: e1 is held by P2; marches never enter it"


def test_random_digital_games_are_fog_safe():
    """Random 8x8 digital games: at several positions, for the player to move, every march or
    reinforce text into a fogged cell is answered the same in a hidden variant."""
    for seed in (1, 2):
        g = new_game("standard", "digital", 2, seed=seed)
        rng = random.Random(seed)
        for step in range(60):
            if g.is_over:
                break
            if step % 12 == 5:
                p = g.current_player
                v = g.hidden_variant(p, random.Random(step))
                assert v.legal_action_texts() == g.legal_action_texts()
                for q in range(g.num_players):
                    assert obs_text(g.hidden_variant(q, random.Random(step)), q) == obs_text(g, q)
                own = sorted(c for c, u in g.units.items() if u.owner == p)
                for c in fogged_cells(g, p)[::3]:
                    name = cell_name(c)
                    texts = [f"reinforce {name} 1"] + [f"march {cell_name(o)} {name} 1" for o in own[:2]]
                    for text in texts:
                        assert outcome(v, text) == outcome(g, text), text
            g.apply(rng.choice(g.legal_actions()))


# ------------------------------------------------------------------ events
def three_player_kill(mode: str):
    """P1 on a1 shoots P2's last soldier on a3; P3 stands far away on h8 (out of sight with fog)."""
    g = game([[0, "a1", 3], [1, "a3", 1], [2, "h8", 3]], mode=mode, players=3, reserve=[0, 0, 2])
    g.apply("attack a1 a3")
    return g


def test_elimination_is_public_but_the_killer_only_where_seen():
    """Issue 18: a third player learned "P2 is out: wiped out by P1". Elimination is public; the
    killer is named only to those who saw the shot (D13)."""
    g = three_player_kill("digital")
    assert not g.visible(2)[0, 0]
    assert "P2 is out: wiped out by P1" in g.observe(0).events
    assert "P2 is out: wiped out by P1" in g.observe(1).events  # the victim saw the shooter's cell
    third = g.observe(2).events
    assert "P2 is out" in third
    assert not any("by P1" in e or "attack" in e for e in third)
    assert g.observe(2).players[1].out


def test_without_fog_everybody_reads_the_killer():
    g = three_player_kill("tabletop")
    for p in range(3):
        assert "P2 is out: wiped out by P1" in g.observe(p).events


def test_turn_start_elimination_reason_is_private_under_fog():
    """S14: with nothing on the field and no visible cell the reserve is void and the player is out.
    Everybody learns that P2 is out; only P2 learns why (its reserve is hidden from the others, D8)."""
    g = game([[0, "a1", 3], [2, "h8", 1]], mode="digital", players=3, reserve=[0, 3, 0])
    g.apply("end")
    assert g.out[1]
    assert "P2 is out: no cell to reinforce on, the reserve is void (S13/S14)" in g.observe(1).events
    for p in (0, 2):
        ev = g.observe(p).events
        assert "P2 is out" in ev and not any("reserve" in e or "no cell" in e for e in ev)
    # without fog the reason is public: P2's only spawn b1 is held by P1 (S13)
    t = game([[0, "a1", 3], [2, "h8", 1]], mode="tabletop", players=3, reserve=[0, 3, 0],
             spawns=(((0, 0),), ((0, 1),), ((7, 7),)))
    t.apply("march a1 b1 3")
    t.apply("end")
    assert t.out[1]
    for p in range(3):
        assert "P2 is out: no cell to reinforce on, the reserve is void (S13/S14)" in t.observe(p).events
