"""First decisions of 辛亥革命 and 江山 at 1280x720 from the real window (GL), and at 1024x640 in the flat view:
``DISPLAY=:99 python docs/screens/make_shots_war.py docs/screens [names...]`` (Xvfb; names: xinhai, jiangshan,
xinhai-qing). Seeded games, so the pictures are the same each time. 辛亥革命: the historical set-up, seed 0, the
revolutionaries against the computer (their first decision is a forced retreat, its hexes marked); xinhai-qing:
hot seat, the Qing's first decision with its own set-up cards. 江山: seed 1, 汉 against the computer, choosing
the tallies."""
import os
import sys
import time

import pygame

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the repository
from client.boards.window import BoardApp  # noqa: E402 (after the path)
from client.games import plugin_class  # noqa: E402
from engine import registry  # noqa: E402
from engine.xinhai import new_game  # noqa: E402

out = sys.argv[1]
only = sys.argv[2:]


def shot(name, gid, seats, game, lang, size, renderer):
    """Run the window until a human is to move, then save ``name``."""
    app = BoardApp(gid, seats, renderer, lang, size, seed=game.seed if hasattr(game, "seed") else 0, ai_delay=0.0,
                   game=game)
    sc = app.scene
    for _ in range(400):
        app.step(1 / 30)
        if getattr(app.app.scene, "kind", "") == "handover":  # hot seat: the player to move takes the screen
            app.app.scene.done()
            continue
        if sc.is_human(sc.game.current_player) and (gid != "xinhai" or sc.game.log):
            break
        sc.wait_for_computer(1.0)
    pygame.mouse.set_pos((size[0] - 2, size[1] - 2))  # the pointer on the status line: no hover box in the picture
    for _ in range(20):
        sc.dirty = True
        app.step(1 / 30)
        time.sleep(1 / 60)
    p = app.display.save_screenshot(os.path.join(out, name))
    print(p, app.display.kind, sc.status_text(lang))
    app.close()


for lang in ("zh", "en"):
    if not only or "xinhai" in only:
        shot(f"xinhai-first-{lang}.png", "xinhai", ["human", "normal"], new_game(seed=0), lang, (1280, 720), "gl")
        shot(f"xinhai-first-1024-flat-{lang}.png", "xinhai", ["human", "normal"], new_game(seed=0), lang,
             (1024, 640), "flat")
    if not only or "xinhai-qing" in only:
        shot(f"xinhai-qing-first-1024-{lang}.png", "xinhai", ["human", "human"], new_game(seed=0), lang, (1024, 640),
             "gl")
    if not only or "jiangshan" in only:
        for size, tag, rend in (((1280, 720), "", "gl"), ((1024, 640), "-1024-flat", "flat")):
            info = registry.get("jiangshan")
            game = info.new_game(**plugin_class("jiangshan").new_game_options(info, 1, seeded=True))
            shot(f"jiangshan-first{tag}-{lang}.png", "jiangshan", ["human", "normal"], game, lang, size, rend)
