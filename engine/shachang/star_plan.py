"""The hard computer player's turn planner on the star (engine.shachang.star_ai.StarAgent).

At the start of its battle (and whenever what it knows changed, or the next planned action is
not legal) it builds a model game from its observation alone: its own soldiers with their moved
and spent flags and budgets, the enemy soldiers it sees or remembers, known heights (unexplored
ground counted flat), reserves (an enemy's unknown reserve guessed), in tabletop mode (no fog in
the model). On copies of the model it plays several whole-turn plans — the normal player's, the
one-action evaluator's (``star_player._Model``), one without marches, and noisy variants of the normal
player — then lets every other seat answer with the normal player, and keeps the plan whose
outcome is best: soldiers (field + reserve) against the enemies', plus the position's evaluation
when its turn comes back. It then plays that plan action by action.
"""
from __future__ import annotations

import random

import numpy as np

from engine.shachang import star_cells as sc
from engine.shachang.actions import Attack, End, March, Reinforce
from engine.shachang.maps import GameMap
from engine.shachang.rules import preset
from engine.shachang.star_player import StarPlayer, _Model
from engine.shachang.star_game import StarGame
from engine.shachang.star_terrain import generate_star

VARIANTS = 6  # noisy variants of the normal player's plan
REPLY_ACTIONS = 60  # the longest reply simulated per seat


class TurnPlanner:
    """Plans whole turns for a ``StarAgent`` of level hard (see the module doc)."""

    def __init__(self, agent, per_decision: bool = False):
        self.agent = agent
        # per_decision (StarAgent): each plan's generator is drawn from the generator of the decision that
        # makes it (engine.agents.decision_rng), so that a resumed game plans the same; else one generator
        self.per_decision = per_decision
        self.rng = random.Random(0 if per_decision else agent.rng.random())
        self.plan: list = []
        self.key = None

    def act(self, obs, legal, enemies, act: bool = False, seek: bool = False):
        """One of ``legal``: the next action of the current plan (made anew when needed). ``act``: a
        bare pass may end the game void (S18), so only plans that act are kept; ``seek``: nobody has
        dealt damage for a while, so only the plans that march towards the enemy (the normal
        player's and its noisy variants) are tried."""
        key = (obs.round, tuple(sorted(enemies.items())), seek)
        texts = {str(a): a for a in legal}
        if self.plan and key == self.key and str(self.plan[0]) in texts and \
                not (act and isinstance(self.plan[0], End)):
            return texts[str(self.plan.pop(0))]
        self.key = key
        if self.per_decision:
            self.rng = random.Random(self.agent.rng.random())
        self.plan = self._best_plan(obs, enemies, act=act, seek=seek)
        if self.plan and str(self.plan[0]) in texts:
            return texts[str(self.plan.pop(0))]
        self.plan = []
        return next(a for a in legal if isinstance(a, End)) if any(isinstance(a, End) for a in legal) else legal[0]

    # ------------------------------------------------------------ the model
    def _model(self, obs, enemies):
        n = len(obs.players)
        me = obs.player
        heights = np.where(obs.heights < 0, 0, obs.heights).astype(np.int16)
        heights[~sc.MASK] = 0
        spawns = generate_star(preset(obs.preset), n, 0, flat=True).spawns
        units = []
        for u in obs.units:
            if u.owner == me:
                state = "spent" if u.attacked else "moved" if u.fresh else "ready"
                units.append([me, list(u.cell), state])
        for c, o in enemies.items():
            units.append([o, list(c)])
        reserve = []
        for pv in obs.players:
            if pv.player == me:
                reserve.append(obs.reserve)
            elif pv.out:
                reserve.append(0)
            else:
                reserve.append(pv.reserve if pv.reserve is not None else 5)
        setup = {"units": units, "reserve": reserve, "current": me, "round": obs.round}
        g = StarGame(GameMap(heights, spawns), preset=obs.preset, mode="tabletop" if obs.mode != "classic" else "classic",
                     players=n, round_limit=obs.round_limit, setup=setup)
        if obs.phase == "battle":
            g._begin_battle()
            g.acted = True
            g.origin = {c: i for c, i in obs.origin if c in g.units}
            g.budgets = list(obs.budgets)
        return g

    # ------------------------------------------------------------ planning
    def _policies(self):
        seed = self.rng.randrange(1 << 30)
        out = [("normal", StarPlayer("normal", seed=seed, void_guard=False)), ("eval", _EvalPolicy(self.agent)),
               ("still", _StillPolicy())]
        for i in range(VARIANTS):
            out.append((f"noisy{i}", StarPlayer("normal", seed=seed + i + 1, noise=1.2, void_guard=False)))
        return out

    def _best_plan(self, obs, enemies, act: bool = False, seek: bool = False) -> list:
        try:
            base = self._model(obs, enemies)
        except ValueError:
            return []
        me = obs.player
        best, best_score = [], None
        seen_plans = set()
        for name, policy in self._policies():
            if seek and not name.startswith(("normal", "noisy")):
                continue
            g = base.clone()
            plan = []
            for _ in range(80):
                if g.is_over or g.current_player != me:
                    break
                legal = g.legal_actions()
                a = policy.act(g.observe(me), legal)
                plan.append(a)
                g.apply(a)
                if isinstance(a, End):
                    break
            sig = tuple(str(a) for a in plan)
            if sig in seen_plans or (act and (not plan or isinstance(plan[0], End))):
                continue
            seen_plans.add(sig)
            score = self._reply_score(g, me)
            if best_score is None or score > best_score:
                best, best_score = plan, score
        return best

    def _reply_score(self, g, me) -> float:
        replies = {}
        steps = 0
        while not g.is_over and g.current_player != me and steps < REPLY_ACTIONS * g.n:
            p = g.current_player
            if p not in replies:
                replies[p] = StarPlayer("normal", seed=p, void_guard=False)
            g.apply(replies[p].act(g.observe(p), g.legal_actions()))
            steps += 1
        mine = g.field(me) + g.reserve[me]
        theirs = sum(g.field(p) + g.reserve[p] for p in range(g.n) if p != me)
        score = 4.0 * mine - 4.0 * theirs / max(1, g.n - 1)
        if g.is_over:
            return score + (100 if not g.out[me] and g.field(me) > 0 else -100)
        own = {c for c, u in g.units.items() if u.owner == me}
        enemies = {c: u.owner for c, u in g.units.items() if u.owner != me}
        m = _Model(own, set(), set(), enemies, [])
        return score + 0.5 * (m.value() - m.W_SOLDIER * (len(own) - len(enemies)))


class _EvalPolicy:
    """The one-action evaluator of ``star_player`` as a policy on the model."""

    def __init__(self, agent):
        self.agent = agent

    def act(self, obs, legal):
        enemies = {u.cell: u.owner for u in obs.units if u.owner != obs.player}
        reinf = [a for a in legal if isinstance(a, Reinforce)]
        if reinf and obs.phase == "reinforce":
            return self.agent._reinforce(obs, reinf, enemies)
        attacks = [a for a in legal if isinstance(a, Attack)]
        marches = [a for a in legal if isinstance(a, March)]
        end = next(a for a in legal if isinstance(a, End))
        return self.agent._hard(obs, attacks, marches, end, enemies)


class _StillPolicy:
    """Reinforce, shoot, never march."""

    def act(self, obs, legal):
        for a in legal:
            if isinstance(a, (Reinforce, Attack)):
                return a
        return next(a for a in legal if isinstance(a, End))
