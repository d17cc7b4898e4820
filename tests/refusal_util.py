"""A refused action in any game: it raises IllegalAction and changes nothing (the save text and every seat's
observation are the same after it)."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction


def refuse(g, text):
    """The IllegalAction ``text`` raises in game ``g``; the game and every seat's observation are unchanged."""
    before = g.to_json(), [g.observe(s) for s in range(g.num_players)]
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert (g.to_json(), [g.observe(s) for s in range(g.num_players)]) == before, "a refused action changes nothing"
    return e.value
