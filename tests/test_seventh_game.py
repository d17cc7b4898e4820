"""The seventh-game checklist of docs/architecture.md, verified (issue 23.9): a throwaway game (tic-tac-toe)
is added to a copy of the project with exactly four new files — an engine package, a registry TOML, a
message catalogue and a client plugin — and nothing else edited. In that copy the registry lists it,
the generic contract holds (legal actions, apply, refusals naming a rule, observation, ranking, the
one save envelope and its replay), the command line knows it, and the real client plays a game of it
by clicks and reaches its game-over box."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENGINE = '''
"""Tic-tac-toe: the throwaway seventh game of tests/test_seventh_game.py."""
from __future__ import annotations

from typing import Any

from engine.api import Game, IllegalAction, ParseError, Placement, Step
from engine.messages import Msg
from engine.saves import envelope, read_save, replay_actions

CELLS = [f"{c}{r}" for r in (1, 2, 3) for c in "abc"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacGame(Game):
    game_id = "tictac"

    def __init__(self):
        self.board = [None] * 9
        self._log: list[str] = []

    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int:
        return -1 if self.is_over else len(self._log) % 2

    def winner(self):
        for a, b, c in LINES:
            if self.board[a] is not None and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    @property
    def is_over(self) -> bool:
        return self.winner() is not None or all(x is not None for x in self.board)

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else [c for i, c in enumerate(CELLS) if self.board[i] is None]

    def parse_action(self, text: str) -> str:
        if not isinstance(text, str) or text.strip() not in CELLS:
            raise ParseError(f"not a cell of tic-tac-toe: {str(text)[:40]!r}")
        return text.strip()

    def apply(self, action: Any) -> None:
        a = self.parse_action(action)
        if self.is_over:
            raise IllegalAction("T2", key="tictac.over")
        if self.board[CELLS.index(a)] is not None:
            raise IllegalAction("T1", key="tictac.taken", cell=a)
        self.board[CELLS.index(a)] = self.current_player
        self._log.append(a)

    def observe(self, player: int) -> dict:
        return {"board": {c: self.board[i] for i, c in enumerate(CELLS)}, "to_move": self.current_player}

    def ranking(self) -> list[Placement]:
        w = self.winner()
        if w is None:
            return [Placement(p, 1, True, "draw", Msg.of("tictac.draw")) for p in (0, 1)]
        return [Placement(w, 1, False, "three in a row", Msg.of("tictac.win")),
                Placement(1 - w, 2, True, "lost", Msg.of("tictac.lose"))]

    def to_json(self) -> str:
        return envelope("tictac", 1, {}, list(self._log))

    @property
    def log(self) -> list[str]:
        return list(self._log)

    def action_steps(self, action: Any) -> tuple:
        return (Step("cell", str(action)),)

    def describe(self, action: Any) -> Msg:
        return Msg.of("tictac.mark", cell=str(action))


def new_game(**_: Any) -> TicTacGame:
    return TicTacGame()


def load_game(text: str) -> TicTacGame:
    data = read_save(text, "tictac", 1, "tic-tac-toe")
    return replay_actions(TicTacGame(), data["actions"])
'''

TOML = '''
game_id = "tictac"
name_zh = "井字棋"
name_en = "Tic-tac-toe"
module = "engine.tictac"
board = "square"
order = 99
hidden_information = false

[options]

[choices]
'''

MESSAGES = '''
[tictac.taken]
zh = "{cell}已经有子"
en = "{cell} is taken"
[tictac.over]
zh = "对局已结束"
en = "the game is over"
[tictac.mark]
zh = "落子{cell}"
en = "mark {cell}"
[tictac.win]
zh = "三子连线"
en = "three in a row"
[tictac.lose]
zh = "负"
en = "lost"
[tictac.draw]
zh = "和棋"
en = "draw"
'''

PLUGIN = '''
"""Tic-tac-toe in the client (the throwaway seventh game of tests/test_seventh_game.py)."""
from __future__ import annotations

from client.boards.geometry import SquareGeometry
from client.boards.model import Piece
from client.games.base import GamePlugin


class Plugin(GamePlugin):
    game_id = "tictac"
    show_seed = False

    def make_geometry(self, game):
        return SquareGeometry(3, 3)

    def pieces(self, obs):
        return [Piece(self.cell(c), "XO"[p], side=p) for c, p in obs["board"].items() if p is not None]


PLUGIN = Plugin
'''

SCRIPT = r'''
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
from engine import registry
from engine.api import IllegalAction
assert "tictac" in registry.GAMES, list(registry.GAMES)
info = registry.get("tictac")
g = info.new_game()
for a in ["a1", "a2", "b1", "b2"]:
    g.apply(a)
try:
    g.apply("a1")
except IllegalAction as e:
    assert e.rule == "T1" and "a1 is taken" in e.text("en"), e.text("en")
else:
    raise SystemExit("a taken cell was accepted")
assert registry.load_game(g.to_json()).log == g.log
from client.boards.window import BoardApp
app = BoardApp("tictac", seats=["human", "human"], renderer="flat", lang="en", size=(800, 600), game=g)
app.step(0.016)
scene = app.scene
scene.click(scene.plugin.cell("c1"))
for _ in range(3):
    app.step(0.016)
assert scene.game.is_over and scene.game.winner() == 0, scene.game.log
print("SEVENTH GAME OK", scene.game.log)
app.close()
'''


def test_a_seventh_game_needs_four_new_files_and_no_edit(tmp_path):
    tree = tmp_path / "tree"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for d in ("engine", "client", "assets", "shaders", "bench"):
        shutil.copytree(ROOT / d, tree / d, ignore=ignore)
    new = {
        "engine/tictac/__init__.py": ENGINE,
        "assets/games/tictac.toml": TOML,
        "assets/messages/tictac.toml": MESSAGES,
        "client/games/tictac.py": PLUGIN,
    }
    for rel, text in new.items():
        path = tree / rel
        assert not path.exists(), f"{rel} exists already"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tree, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and "SEVENTH GAME OK" in out.stdout, out.stdout[-2000:] + out.stderr[-4000:]
    cli = subprocess.run([sys.executable, "-m", "client", "--game", "tictac", "--bench", "3", "--renderer", "flat"],
                         cwd=tree, env=env, capture_output=True, text=True, timeout=120)
    assert cli.returncode == 0, cli.stdout[-2000:] + cli.stderr[-2000:]
