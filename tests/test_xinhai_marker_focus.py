"""辛亥革命 at 1024x640 shows a close-up of the map: while a side chooses the face of its command marker (seed 4(1);
the faces are buttons, no hex is marked) the close-up goes to that side's units in the regions the faces name (X2),
as it goes to the marked hexes of any other decision (issue 26: it stayed where it was)."""
from __future__ import annotations

from engine.xinhai.data import rules
from engine.xinhai.game import new_game
from engine.xinhai.hexgrid import parse_label

from tests.boards_util import make_app


def test_the_close_up_goes_to_the_units_the_marker_faces_command(cleanup):
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=new_game(seed=1), size=(1024, 640))
    sc = app.scene
    pl = sc.plugin
    app.step(0.016)
    obs = pl.observation(0)
    assert obs["decision"] == {"kind": "marker", "side": "rev", "marker": "R4"}
    faces = {f.region for f in next(m for m in rules().markers if m.id == "R4").faces}
    cells = pl.marker_cells()
    assert cells and all(faces & set(rules().map.regions[parse_label(pl.cell_name(c))]) for c in cells)
    assert all(u["side"] == "rev" for u in obs["units"] if u.get("hex") in {pl.cell_name(c) for c in cells})
    x0, z0, x1, z1 = pl.geometry.full_bounds()
    pl.focus, pl._focus_key = (x1, z1), None  # the close-up far away in a corner, the decision not seen yet
    sc.dirty = True
    app.step(0.016)
    frame = sc.last_board_view.geometry.frame
    assert frame is not None, "a close-up at 1024x640"
    fx0, fz0, fx1, fz1 = frame
    inside = [c for c in cells if fx0 <= pl.geometry.center(c)[0] <= fx1 and fz0 <= pl.geometry.center(c)[1] <= fz1]
    assert len(inside) >= len(cells) // 2 and inside
    assert not pl.targets(())  # nothing marked on the map: the close-up followed the faces' regions
