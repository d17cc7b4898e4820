"""三国演弈 / 三国演弈揭棋 in the client: the 225-point cross, palaces, the 汉 points, face-down pieces.

Points are drawn as the cells of a 17x17 grid with the corners cut (the engine's names: columns
a-q west to east, rows 1-17 south to north, so 魏 is at the top, 蜀 at the bottom, 吴 on the right,
汉 on the left). Kingdoms: 吴 red, 魏 blue, 蜀 green, 汉 amber. A token shows its kind in the colour
of the kingdom printed on it; its ring has the colour of the seat that moves it (absorbed pieces
and the 汉 pieces after an alliance or 废帝 take their new owner's colour). A face-down piece (揭棋)
shows its back with its kingdom's name. Palaces are tinted, the edge of the central square and
the palaces are drawn as lines, the alliance points carry 盟. A move is two clicks (from, to).
"""
from __future__ import annotations

from engine.sanguo.board import layout

from client.boards.geometry import CellSetGeometry, SquareGeometry
from client.boards.model import BACK, BACK_RING, BoardView, Edge, Piece, RGB, mix
from client.games.base import GamePlugin, text
from client.i18n import tr

KINGDOM_RGB: dict[str, RGB] = {
    "wu": (0.82, 0.14, 0.12),
    "wei": (0.14, 0.36, 0.82),
    "shu": (0.12, 0.58, 0.22),
    "han": (0.72, 0.50, 0.04),
}
SEATS = ("wu", "wei", "shu")
PALACE_TINT: RGB = (0.80, 0.62, 0.52)
HAN_TINT: RGB = (0.80, 0.70, 0.50)  # the emperor's point
ALLIANCE_TINT: RGB = (0.74, 0.68, 0.56)


class Plugin(GamePlugin):
    game_id = "sanguo"
    show_seed = False  # in 揭棋 the seed gives the deal away: never shown or asked for
    hidden_deal = True  # a new game deals with a fresh unpredictable seed
    start_options = ()
    hint = "sanguo.panel.hint"

    @property
    def needs_handover(self) -> bool:
        """揭棋: a captured face-down piece is shown to its captor only, so hot seat hides the board
        between two humans; the standard game hides nothing."""
        return getattr(self.game, "variant", "standard") == "jieqi"

    def make_geometry(self, game) -> CellSetGeometry:
        self.lay = lay = layout()
        grid = SquareGeometry(lay.n, lay.n)
        g = CellSetGeometry(lay.n, lay.n, [grid.parse(lay.names[i]) for i in lay.points])
        self.palaces = {g.parse(lay.names[i]) for k in range(3) for i in lay.palace[k]}
        self.alliance_cells = {g.parse(lay.names[i]) for i in lay.alliance}
        self.emperor_cell = g.parse(lay.names[lay.emperor])
        self._edges = self._lines(g)
        return g

    def _lines(self, g) -> list[Edge]:
        """Palace walls and the edge of the central 9x9 (every kingdom's border line, K1)."""
        lay = self.lay
        c = (lay.n - 9) // 2
        central = {i for i in lay.points if c <= lay.xy(i)[0] < c + 9 and c <= lay.xy(i)[1] < c + 9}
        palace = set().union(*lay.palace)
        out = []
        for i in lay.points:
            x, y = lay.xy(i)
            for dx, dy in ((1, 0), (0, 1)):
                j = lay.at(x + dx, y + dy)
                if j < 0:
                    continue
                a, b = g.parse(lay.names[i]), g.parse(lay.names[j])
                if (i in palace) != (j in palace):
                    out.append(Edge(a, b, "palace"))
                elif (i in central) != (j in central):
                    out.append(Edge(a, b, "border"))
        return out

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        return KINGDOM_RGB[SEATS[seat]]

    def pieces(self, obs) -> list[Piece]:
        out = []
        zh = self.lay.kind_zh
        names = dict(zip(self.lay.keys, self.lay.zh))
        for name, t in obs["board"].items():
            cell = self.cell(name)
            ink = KINGDOM_RGB[t["kingdom"]]
            owner = t["owner"]
            ring = KINGDOM_RGB[SEATS[owner]] if owner is not None else mix(ink, (0.5, 0.5, 0.5), 0.35)
            if t["hidden"]:
                # K8/K9: only the kingdom and the point's type are known
                out.append(Piece(cell=cell, body=BACK, ink=BACK_RING, ring=ring, face_down=True, side=owner,
                                 back_glyph=names[t["kingdom"]], name=f"{names[t['kingdom']]}暗{zh[t['kind']]}"))
                continue
            out.append(Piece(cell=cell, glyph=zh[t["kind"]], ink=ink, ring=ring, side=owner,
                             name=names[t["kingdom"]] + zh[t["kind"]]))
        return out

    def tints(self, obs) -> dict:
        tints = {c: PALACE_TINT for c in self.palaces}
        for c in self.alliance_cells:
            tints[c] = ALLIANCE_TINT
        tints[self.emperor_cell] = HAN_TINT
        return tints

    def decorate(self, view: BoardView, obs) -> None:
        view.edges.extend(self._edges)
        if not obs["han"]:
            for c in self.alliance_cells:
                view.labels[c] = "盟"

    def check_cells(self, obs) -> list:
        """The ruler of the kingdom to move while it answers a check (K3 被将先走)."""
        if self.game.is_over or self.game.stage != "check":
            return []
        me = self.game.current_player
        for name, t in obs["board"].items():
            if t["kind"] == "ruler" and t["owner"] == me and not t["hidden"]:
                return [self.cell(name)]
        return []

    def mark_kind(self, view: BoardView, prefix, step) -> str:
        there = self.obs()["board"].get(step.value)
        if there is not None and there["kind"] == "emperor":
            return "special"  # 废帝 (K5)
        if self.cell(step.value) in self.alliance_cells and not self.obs()["han"]:
            src = self.obs()["board"].get(prefix[0].value)
            if src is not None and src["kind"] == "horse":
                return "special"  # an alliance (K5)
        return "capture" if there is not None else "move"

    def explain(self, prefix, cell):
        return self.try_action(f"{prefix[0].value}-{self.cell_name(cell)}")

    def out_seats(self) -> set[int]:
        return {s for s in range(3) if not self.obs()["alive"][s]}

    def move_list(self, lang: str) -> list[str]:
        """The public record (a captor's private look at a face-down piece stays out, K9)."""
        evs = [e for e in self.game.events(max(0, self.game.current_player))
               if e.visible_to is None and not e.chance]
        return [f"{i + 1}. {text(e.msg, lang)}" for i, e in enumerate(evs)]

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        name = lambda s: self.seat_name(s, lang)  # noqa: E731
        mode = tr(f"sanguo.panel.mode.{obs['mode']}", lang)
        lines: list[tuple[str, RGB | None]] = [(tr(f"sanguo.panel.variant.{obs['variant']}", lang, mode=mode), None)]
        han_owner = next((t["owner"] for t in obs["board"].values()
                          if t["kingdom"] == "han" and t["kind"] != "emperor" and t["owner"] is not None), None)
        if not obs["han"]:
            lines.append((tr("sanguo.panel.no_alliance", lang), None))
        elif obs["alliance"]:
            a, b = obs["alliance"]
            key = "sanguo.panel.alliance" if obs["han"] == "alliance" else "sanguo.panel.feidi"
            han = name(han_owner) if han_owner is not None else "—"
            lines.append((tr(key, lang, a=name(a), b=name(b), han=han), None))
        for k, reason, by in obs["fallen"]:
            why = tr(f"sanguo.place.{reason}", lang, by=name(by))
            lines.append((tr("sanguo.panel.fallen", lang, seat=name(k), why=why), self.seat_rgb(k)))
        lines.append((tr("sanguo.panel.quiet", lang, n=obs["quiet"], lim=obs["quiet_limit"]), None))
        if obs["variant"] == "jieqi":
            for s, key in enumerate(SEATS):
                pool = obs["pools"][key]
                lines.append((tr("sanguo.panel.pool", lang, seat=name(s), **{k: pool.get(k, 0) for k in
                                                                              ("chariot", "horse", "cannon", "pawn")}),
                              self.seat_rgb(s)))
        return lines


PLUGIN = Plugin
