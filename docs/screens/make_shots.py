"""First decisions of 百格西洋棋, 暗棋, 三国演弈 and 揭棋 at 1280x720 from the real window (GL), and a refused click
at 1024x640: ``DISPLAY=:99 python docs/screens/make_shots.py docs/screens [names...]`` (Xvfb 1600x1000; names: baige,
anqi, sanguo, jieqi, refused). Seeded games (seed 1), so the pictures are the same each time."""
import os
import sys
import time

import pygame

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the repository
from client.boards.window import BoardApp  # noqa: E402 (after the path)
from client.games import plugin_class  # noqa: E402
from engine import registry  # noqa: E402

out = sys.argv[1]
only = sys.argv[2:]
for name, gid, seats, opts in (("baige", "baige", ["human", "normal"], {}),
                               ("anqi", "anqi", ["human", "normal", "normal"], {}),
                               ("sanguo", "sanguo", ["human", "normal", "normal"], {}),
                               ("jieqi", "sanguo", ["human", "normal", "normal"], {"variant": "jieqi"})):
    if only and name not in only:
        continue
    for lang in ("zh", "en"):
        info = registry.get(gid)
        kw = plugin_class(gid).new_game_options(info, 1, seeded=True)
        kw.update(opts)
        game = info.new_game(**kw)
        app = BoardApp(gid, seats, "gl", lang, (1280, 720), seed=1, ai_delay=0.0, game=game)
        for _ in range(20):
            app.step(1 / 30)
            time.sleep(1 / 60)
        p = app.display.save_screenshot(os.path.join(out, f"{name}-first-{lang}.png"))
        print(p, app.display.kind)
        app.close()

# a refused click at the small window size: the whole reason, wrapped, with its rule id
if not only or "refused" in only:
    for lang in ("en", "zh"):
        app = BoardApp("baige", ["human", "normal"], "gl", lang, (1024, 640), seed=1, ai_delay=0.0)
        for _ in range(10):
            app.step(1 / 30)
        sc = app.scene
        for name in ("a4", "a10"):
            pos = sc.cell_pos(sc.plugin.cell(name))
            for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
                pygame.event.post(ev)
            app.step(1 / 30)
        for _ in range(10):
            app.step(1 / 30)
            time.sleep(1 / 60)
        p = app.display.save_screenshot(os.path.join(out, f"baige-refused-1024-{lang}.png"))
        print(p, sc.status_text(lang))
        app.close()
