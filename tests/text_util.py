"""A test helper: the strings the client's text module draws."""
from __future__ import annotations

from client.ui import text


def record_texts(monkeypatch) -> list[str]:
    """Every string ``client.ui.text.draw`` writes from now on in the test, in order (drawing goes on as before;
    every module draws through that one function: hud, the board scene, cards, statistics)."""
    seen: list[str] = []
    real = text.draw

    def spy(surf, s, *a, **k):
        seen.append(s)
        return real(surf, s, *a, **k)
    monkeypatch.setattr(text, "draw", spy)
    return seen
