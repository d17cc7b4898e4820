"""Fixtures shared by the test files: the 沙场秋点兵 App on SDL's dummy driver (``app``), one GL App per
module on SDL's offscreen driver (``glapp``), and the closing of board-game windows (``cleanup``), one EGL context per module (``ctx``). Helper
functions live in tests/*_util.py modules; test files never import from each other."""
from __future__ import annotations

import client  # noqa: F401  (first: client/__init__.py hides pygame's banner before pygame is imported)
import pygame
import pytest

from client import i18n
from client.app import App, Options
from client.scenes.board_game import BoardGameScene
from tests.boards_util import OPEN
from tests.client_util import flat_app, kept_client_state
from tests.gl_util import egl_context


@pytest.fixture(autouse=True)
def no_opening_handover(monkeypatch):
    """A hot-seat board game with private information opens behind a hand-over (``opening_handover``); the
    tests that drive such a game from its first click start without it (tests/test_s11_opening_handover.py
    turns it on and checks it)."""
    monkeypatch.setattr(BoardGameScene, "opening_handover", False)
    yield


@pytest.fixture(autouse=True)
def client_language():
    """The client's language and script are put back after every test: a test that switches to English (or a
    game on screen that sets 辛亥革命's traditional script) does not leak into the next; the App fixtures put
    back what they set too, so a module starts in the default (Chinese)."""
    with kept_client_state():
        yield


@pytest.fixture
def app(tmp_path):
    """沙场秋点兵's App on SDL's dummy driver, flat renderer, English (tests/client_util.py ``flat_app``)."""
    with flat_app(tmp_path) as a:
        yield a


@pytest.fixture(scope="module")
def glapp(tmp_path_factory, request):
    """One GL window for the module (a second GL window in one process may fail to get a context); its size
    is the module's ``GLAPP_SIZE`` (default 640x480)."""
    tmp_path = tmp_path_factory.mktemp("glapp")
    with kept_client_state("offscreen"):
        try:
            a = App(Options(renderer="gl", save_dir=tmp_path, ai_delay=0.0, edge_pan=False, lang="en",
                            size=getattr(request.module, "GLAPP_SIZE", (640, 480)), strict=True, handover_delay=0.0))
        except Exception as e:  # pragma: no cover - depends on the machine
            pygame.display.quit()
            pytest.skip(f"no window: {e}")
        if a.display.kind != "gl":
            pygame.display.quit()
            pytest.skip(f"no GL through SDL offscreen: {a.display.fallback_reason}")
        yield a
        a.close()  # releases the GL context: a later GL window in this process (other test files) needs that


@pytest.fixture
def cleanup():
    """Closes every board-game window the test opened and puts the client's language back."""
    old = i18n.lang()
    yield
    while OPEN:
        OPEN.pop().close()  # releases the GL context: a later GL window in this process needs that
    pygame.display.quit()
    i18n.set_lang(old)


@pytest.fixture(scope="module")
def ctx():
    """One EGL context per test module, released at its end ."""
    c = egl_context()
    yield c
    c.release()
