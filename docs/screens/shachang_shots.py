"""First decisions of 沙场秋点兵 at 1280x720 from the real window (GL): the 8x8 square map and the star, each
in Chinese and English, with the player's first unit selected (its marches and targets marked, the status
line saying what to click): ``DISPLAY=:99 python docs/screens/shachang_shots.py docs/screens [square|star]``.
Seeded games (seed 1) against the computer, so the pictures are the same each time."""
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the repository
from client.app import App, Options  # noqa: E402 (after the path)
from client.games.shachang.scene import GameScene  # noqa: E402
from engine.shachang import new_game  # noqa: E402

out = sys.argv[1]
only = sys.argv[2:]
for name, preset in (("square", "standard"), ("star", "star")):
    if only and name not in only:
        continue
    for lang in ("zh", "en"):
        with tempfile.TemporaryDirectory() as saves:
            app = App(Options(renderer="gl", lang=lang, size=(1280, 720), save_dir=saves, ai_delay=0.0,
                              handover_delay=0.0, edge_pan=False))
            game = new_game(preset=preset, mode="digital", players=2, seed=1)
            app.start_game(game, ["human", "normal"])
            sc = app.find(GameScene)
            for _ in range(10):
                app.step(1 / 30)
            own = sorted(u.cell for u in sc.ctl.obs.units if u.owner == 0)
            if own:  # the first decision: where a unit (the star: a front soldier) marches or what it attacks
                sc.ctl.select(max(own, key=lambda c: len(game.reachable(c))))
            for _ in range(30):
                sc.mouse_seen, sc.ctl.hover = False, None  # wherever the pointer rests: no hover box in the picture
                app.step(1 / 30)
                time.sleep(1 / 60)
            p = app.display.save_screenshot(os.path.join(out, f"shachang-{name}-first-{lang}.png"))
            print(p, app.display.kind, sc.status_text(lang))
            app.close()
