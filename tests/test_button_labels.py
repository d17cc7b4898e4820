"""A button's label never spills over its edges: smaller type down to 12 px, then an ellipsis
(江山's tally-choice buttons in English were wider than the panel)."""
from __future__ import annotations

import pygame

from client.ui import text
from client.ui.widgets import Button, fitted_label

LONG = "Marshal the Ranks, Cross the Sea under Heaven's Eye, Something out of Nothing"


def test_a_short_label_keeps_its_size_and_words():
    assert fitted_label("Undo", 15, 200) == ("Undo", 15)


def test_a_long_label_is_made_smaller_then_shortened_to_fit():
    label, size = fitted_label(LONG, 15, 300)
    assert size == 12 and label.endswith("…") and LONG.startswith(label[:-1].rstrip())
    assert text.size_of(label, size)[0] <= 300
    mid, s2 = fitted_label("Marshal the Ranks, Prairie Fire, War Is Deception", 15, 330)
    assert not mid.endswith("…") and 12 <= s2 <= 15 and text.size_of(mid, s2)[0] <= 330


def test_the_drawn_label_stays_inside_the_button():
    pygame.font.init()
    surf = pygame.Surface((400, 60))
    surf.fill((0, 0, 0))
    b = Button(LONG, lambda: None, 15)
    b.layout(50, 10, w=300, h=32)
    b.draw(surf)
    arr = pygame.surfarray.array3d(surf)
    lit = (arr.max(axis=2) > 120).nonzero()[0]  # columns with bright text pixels
    assert lit.size and lit.min() >= 50 and lit.max() < 350
