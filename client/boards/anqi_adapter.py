"""三国演弈暗棋 "暗战洛阳城" on the flat board: the 53-cell cross, face-down backs, flips and moves.

Cells: the engine's 9x9 grid of files a-i (west -> east) and ranks 1-9 (south -> north)
becomes (row, col) = (9 - rank, file), so north is at the top. Factions: 吴 red, 魏 blue,
蜀 green, the neutral 汉 amber. A token shows its kind (君 车 炮 马 相 士 兵 帝) in the
colour of the faction printed on it; its ring has the colour of the seat that moves it
(汉 gate pieces take the 勤王 faction's colour after 勤王, A6).
"""
from __future__ import annotations

import re

from engine.anqi.board import layout
from engine.anqi.rules import Flip, Move

from client.boards.adapter import Click, GameAdapter
from client.boards.geometry import CellSetGeometry, Cell
from client.boards.model import BACK, BACK_RING, BoardView, Piece, RGB, mix

FACTION_RGB: dict[str, RGB] = {
    "吴": (0.82, 0.14, 0.12),
    "魏": (0.14, 0.36, 0.82),
    "蜀": (0.12, 0.58, 0.22),
    "汉": (0.72, 0.50, 0.04),
}
SEATS = ("吴", "魏", "蜀")
SEATS_EN = ("Wu", "Wei", "Shu")
PALACE_TINT: RGB = (0.80, 0.56, 0.50)  # 皇城: a red-brown wall tone
GATE_TINT: RGB = (0.72, 0.62, 0.50)  # 城门
KIND_ZH = {"ruler": "君主", "chariot": "车", "cannon": "炮", "horse": "马", "elephant": "相", "advisor": "士",
           "soldier": "兵", "emperor": "汉帝"}
KIND_EN = {"ruler": "ruler", "chariot": "chariot", "cannon": "cannon", "horse": "horse", "elephant": "minister",
           "advisor": "advisor", "soldier": "soldier", "emperor": "emperor"}
_CELL = re.compile(r"\b([a-i][1-9])\b")


def record_zh(line: str) -> str:
    """The engine's record line in Chinese words: ``吴 flip c3=魏马`` -> ``吴 翻 c3=魏马``,
    ``魏 move b4 c4 x蜀马`` -> ``魏 b4→c4 吃蜀马`` (notes after ``;`` stay as the engine wrote them)."""
    head, sep, rest = line.partition(";")
    head = re.sub(r"\bflip ([a-i][1-9])", r"翻 \1", head)
    head = re.sub(r"\bmove ([a-i][1-9]) ([a-i][1-9])", r"\1→\2", head)
    head = re.sub(r" x(\S)", r" 吃\1", head)
    return head + sep + rest


class AnqiAdapter(GameAdapter):
    game_id = "anqi"

    def __init__(self, game):
        super().__init__(game)
        self.lay = lay = layout()
        self.rows = lay.ranks
        cells = [self.to_cell(n) for n in lay.names]
        self.geometry = CellSetGeometry(lay.ranks, len(lay.files), cells)
        self.palace = self.to_cell(lay.names[lay.palace])
        self.gates = {self.to_cell(lay.names[i]) for i in lay.gates.values()}

    def to_cell(self, name: str) -> Cell:
        return (self.rows - int(name[1:]), self.lay.files.index(name[0]))

    def cell_name(self, cell: Cell) -> str:
        return f"{self.lay.files[cell[1]]}{self.rows - cell[0]}"

    def seat_name(self, seat: int, lang: str = "zh") -> str:
        return (SEATS if lang == "zh" else SEATS_EN)[seat]

    def seat_rgb(self, seat: int) -> RGB:
        return FACTION_RGB[SEATS[seat]]

    # --- position
    def obs(self) -> dict:
        """The public observation now (cached until the next action; nothing in it is private)."""
        key = (id(self.game), len(self.game.log))
        if getattr(self, "_obs_key", None) != key:
            cur = self.game.current_player
            self._obs_key = key
            self._obs = self.game.observe(cur if cur >= 0 else 0)
            self._ranking = self.game.ranking()
        return self._obs

    def _legal(self):
        key = (len(self.game.log), id(self.game))
        if getattr(self, "_cache_key", None) == key:
            return self._cache
        flips, moves = set(), {}
        for a in self.game.legal_actions():
            if isinstance(a, Flip):
                flips.add(self.to_cell(a.cell))
            elif isinstance(a, Move):
                moves.setdefault(self.to_cell(a.src), []).append(self.to_cell(a.dst))
        self._cache_key, self._cache = key, (flips, moves)
        return self._cache

    def flippable(self) -> set[Cell]:
        return set(self._legal()[0])

    def targets(self, cell: Cell) -> dict[Cell, str]:
        board = self.obs()["board"]
        out = {}
        for dst in self._legal()[1].get(cell, []):
            there = board.get(self.cell_name(dst))
            if isinstance(there, dict) and there["kind"] == "emperor":
                out[dst] = "special"  # 勤王 (A6)
            elif there is not None:
                out[dst] = "capture"
            else:
                out[dst] = "move"
        return out

    def view(self, viewer: int, selected: Cell | None = None) -> BoardView:
        obs = self.obs()
        pieces = []
        for name, t in obs["board"].items():
            cell = self.to_cell(name)
            if t is None:
                continue
            if t == "hidden":
                pieces.append(Piece(cell=cell, body=BACK, ink=BACK_RING, ring=BACK_RING, face_down=True,
                                    name="?"))
                continue
            printed = t["printed"]
            owner = t["owner"]
            ink = FACTION_RGB[printed]
            ring = FACTION_RGB[SEATS[owner]] if owner is not None else mix(ink, (0.5, 0.5, 0.5), 0.35)
            glyph = self.lay.kinds[t["kind"]].zh
            pieces.append(Piece(cell=cell, glyph=glyph, ink=ink, ring=ring, side=owner, name=t["piece"]))
        tints = {c: GATE_TINT for c in self.gates}
        tints[self.palace] = PALACE_TINT
        marks: dict[Cell, str] = {}
        rec = obs["record"]
        if rec:
            for n in _CELL.findall(rec[-1].split(";")[0]):
                marks[self.to_cell(n)] = "last"
        if selected is not None:
            marks.update(self.targets(selected))
            marks[selected] = "selected"
        return BoardView(self.geometry, pieces, marks, tints)

    # --- input
    def click(self, cell: Cell | None, selected: Cell | None) -> Click:
        if self.game.is_over or cell is None:
            return Click("deselect")
        flips, moves = self._legal()
        if selected is not None and cell in moves.get(selected, []):
            return Click("action", action=f"move {self.cell_name(selected)} {self.cell_name(cell)}",
                         src=selected, dst=cell)
        if cell in flips:
            return Click("action", action=f"flip {self.cell_name(cell)}", cell=cell)
        if cell in moves and cell != selected:
            return Click("select", cell=cell)
        return Click("deselect")

    # --- panels
    def move_list(self, lang: str = "zh") -> list[str]:
        rec = self.obs()["record"]
        if lang == "zh":
            rec = [record_zh(r) for r in rec]
        return [f"{i + 1}. {r}" for i, r in enumerate(rec)]

    def alliance_text(self, lang: str = "zh") -> str:
        obs = self.obs()
        q = obs["qinwang"]
        names = SEATS if lang == "zh" else SEATS_EN
        if q is None:
            return "尚无勤王，三方各自为战" if lang == "zh" else "no 勤王 yet: every faction for itself"
        if obs["allies"]:
            a, b = obs["allies"]
            return (f"{names[q]}已勤王；{names[a]}、{names[b]}结盟（至{names[q]}出局）" if lang == "zh"
                    else f"{names[q]} made 勤王; {names[a]} and {names[b]} are allied until {names[q]} is out")
        return (f"{names[q]}曾勤王；同盟已解除" if lang == "zh"
                else f"{names[q]} made 勤王; the alliance has ended")

    def panel_lines(self, lang: str = "zh") -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        lines: list[tuple[str, RGB | None]] = [(self.alliance_text(lang), None)]
        names = SEATS if lang == "zh" else SEATS_EN
        reasons = {p.player: p.reason for p in self._ranking if p.out}
        for s in range(3):
            if s in obs["out"]:
                why = reasons.get(s, "")
                lines.append(((f"{names[s]} 出局：{why}" if lang == "zh" else f"{names[s]} out: {why}"),
                              self.seat_rgb(s)))
        lines.append(((f"无进展 {obs['quiet']}/{obs['quiet_limit']} 步" if lang == "zh"
                       else f"no progress {obs['quiet']}/{obs['quiet_limit']} actions"), None))
        for s in range(3):
            if s in obs["out"]:
                continue
            left = sum(obs["unseen"][SEATS[s]].values())
            lines.append(((f"{names[s]} 暗子 {left}" if lang == "zh" else f"{names[s]} face down: {left}"),
                          self.seat_rgb(s)))
        return lines

    def end_reason(self, lang: str = "zh") -> str:
        if not self.game.is_over:
            return ""
        names = SEATS if lang == "zh" else SEATS_EN
        rk = self.game.ranking()
        first = rk[0]
        head = f"{names[first.player]}胜" if lang == "zh" else f"{names[first.player]} wins"
        return head + " — " + "; ".join(f"{p.place}. {names[p.player]}: {p.reason}" for p in rk)

    def describe(self, action: str, lang: str = "zh") -> str:
        rec = self.obs()["record"]
        if not rec:
            return action
        return record_zh(rec[-1]) if lang == "zh" else rec[-1]
