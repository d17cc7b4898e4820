"""First decisions of 百格西洋棋, 暗棋, 三国演弈 and 揭棋 at 1280x720 from the real window (GL), and a refused click
at 1024x640: ``DISPLAY=:99 python docs/screens/make_shots.py docs/screens [names...]`` (Xvfb 1600x1000; names: baige,
anqi, sanguo, jieqi, refused, undo, over). Seeded games (seed 1), so the pictures are the same each time."""
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


def post_click(pos, button_down=True):
    """A mouse move to ``pos`` and, with ``button_down``, a left click there."""
    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if button_down:
        evs += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    for ev in evs:
        pygame.event.post(ev)


# 暗棋 at 1024x640 after the player's flip and the computers' replies: Undo greyed (G2), the mouse on it says why
if not only or "undo" in only:
    for lang in ("en", "zh"):
        info = registry.get("anqi")
        game = info.new_game(**plugin_class("anqi").new_game_options(info, 1, seeded=True))
        app = BoardApp("anqi", ["human", "normal", "normal"], "gl", lang, (1024, 640), seed=1, ai_delay=0.0, game=game)
        for _ in range(10):
            app.step(1 / 30)
        sc = app.scene
        post_click(sc.cell_pos(sc.plugin.cell("e4")))
        app.step(1 / 30)
        while not sc.is_human(sc.game.current_player):
            app.step(1 / 30)
            sc.wait_for_computer(1.0)
        post_click(sc.buttons[0].rect.center, button_down=False)
        for _ in range(10):
            app.step(1 / 30)
            time.sleep(1 / 60)
        p = app.display.save_screenshot(os.path.join(out, f"anqi-undo-1024-{lang}.png"))
        print(p, sc.undo_tip())
        app.close()

# 百格 at 1024x640 after a resignation: the game-over box in the space the panels leave
if not only or "over" in only:
    for lang in ("en", "zh"):
        app = BoardApp("baige", ["human", "normal"], "gl", lang, (1024, 640), seed=1, ai_delay=0.0)
        for _ in range(10):
            app.step(1 / 30)
        sc = app.scene
        post_click([b.rect for st, b in sc.step_buttons.items() if st.value == "resign"][0].center)
        app.step(1 / 30)
        post_click(sc.modal.buttons[0].rect.center)
        for _ in range(10):
            app.step(1 / 30)
            time.sleep(1 / 60)
        p = app.display.save_screenshot(os.path.join(out, f"baige-over-1024-{lang}.png"))
        print(p, sc.modal.rect, sc.board_rect)
        app.close()
