"""Whether a refused save's Chinese text holds English words: what is left after the file's own vocabulary (quoted
values, field and option names, game ids, cell names, rule ids, file names) is taken out must be Chinese."""
from __future__ import annotations

import re

from client.savefile import SEAT_KINDS
from engine import registry

TERMS = {"JSON", "UTF", "Unicode"}  # technical names a Chinese sentence uses as they are
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|“[^”]*”|「[^」]*」")


def vocabulary() -> set[str]:
    """The words of the save files themselves: game ids, option names and choices, seat kinds."""
    words = set(TERMS) | set(SEAT_KINDS) | {"fen", "seed", "zh", "en"}  # (the settings file's languages)
    for gid, info in registry.GAMES.items():
        words |= {gid, *info.options, *info.save_options}
        for values in info.choices.values():
            words |= {str(v) for v in values}
    return words


def english_words(zh: str, *allowed: str) -> list[str]:
    """The English words in the Chinese text ``zh`` beyond the save's own vocabulary and ``allowed`` (file names)."""
    for a in allowed:
        zh = zh.replace(a, " ")
    zh = _QUOTED.sub(" ", zh)
    zh = re.sub(r"\b(?=[A-Za-z]*\d)\w+\b", " ", zh)  # rule ids (S15), cells (c3, ab17), moves (a1xa9)
    voc = vocabulary()
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_]+", zh) if w not in voc]
