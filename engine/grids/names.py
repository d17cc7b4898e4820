"""Column letters of cell names: spreadsheet style a..z, aa..az, ba.., zz, aaa.. (bijective base 26).

Column 0 = "a", 25 = "z", 26 = "aa", 701 = "zz", 702 = "aaa": every non-negative column has
exactly one name, so names round-trip on boards of any width.
"""
from __future__ import annotations


def letters(index: int, upper: bool = False) -> str:
    """The letters of a 0-based column (``upper``: capitals)."""
    if index < 0:
        raise ValueError(f"no letters for column {index}")
    s = ""
    n = index + 1
    base = 65 if upper else 97
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(base + r) + s
    return s


def letters_index(text: str) -> int:
    """The 0-based column of ``text`` (letters of either case); ValueError if not letters."""
    if not text or not text.isascii() or not text.isalpha():
        raise ValueError(f"{text!r} is not a column of letters")
    n = 0
    for ch in text.lower():
        n = n * 26 + (ord(ch) - 96)
    return n - 1
