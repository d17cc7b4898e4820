"""三国演弈 move notation (reconstructed; K9 for the 揭棋 first move) and the action type.

A move reads in the moving kingdom's own frame (files from its right, lines from its
edge, K1): ``[ordinal][暗]piece file 进|退|平 number``. 进 moves away from the mover's
edge, 退 towards it, 平 along a line. Straight movers (车 炮 兵 君) give the number of
lines moved for 进/退 and the target file for 平; diagonal movers (马 相 士) give the
target file. Several same-named pieces of the mover on one file are told apart by an
ordinal counted from the front: 前/后 (two), 前/中/后 (three), 一二三四五... (more),
e.g. ``前暗兵14平13``. A face-down piece moves as its point's type and its record
adds the revealed piece: ``暗马6进5→兵`` (K9). Captures are not marked (as in xiangqi).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.sanguo.board import ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, PAWN, RULER, Layout
from engine.sanguo.rules import HID, K, OWN

STRAIGHT = (CHARIOT, CANNON, PAWN, RULER)
ORDINALS = "一二三四五六七八九"
ZH_KIND = {RULER: "君", ADVISOR: "士", ELEPHANT: "相", CHARIOT: "车", HORSE: "马", CANNON: "炮", PAWN: "兵"}
KIND_OF = {v: k for k, v in ZH_KIND.items()}
PATTERN = re.compile(r"^(前|中|后|[一二三四五六七八九])?(暗)?([君士相车马炮兵])(\d{1,2})([进退平])(\d{1,2})(?:→([车马炮兵]))?$")


@dataclass(frozen=True)
class Move:
    """A move: from point ``src`` to ``dst`` (cell names), its notation ``text`` for the position it was
    legal in, and, once played, the revealed piece of a face-down mover (``reveal``, e.g. "兵")."""

    src: str
    dst: str
    text: str
    reveal: str = ""

    def __str__(self) -> str:
        return self.text + ("→" + self.reveal if self.reveal else "")


def ordinal(k: int, n: int) -> str:
    """The ordinal of the ``k``-th (0 = front) of ``n`` same-named pieces on one file."""
    if n == 2:
        return "前后"[k]
    if n == 3:
        return "前中后"[k]
    return ORDINALS[k]


def display(p: tuple) -> str:
    """The piece's name in a move text: 马, or 暗马 for a face-down piece on a 马 point."""
    return ("暗" if p[HID] else "") + ZH_KIND[p[K]]


def same_file(lay: Layout, board: list, me: int, p: tuple, file: int) -> list[int]:
    """The mover's pieces named like ``p`` on ``file`` (its frame), front (highest line) first."""
    name = display(p)
    out = [i for i in lay.points if (q := board[i]) is not None and q[OWN] == me and q[K] in ZH_KIND
           and display(q) == name and lay.file(me, i) == file]
    out.sort(key=lambda i: -lay.line(me, i))
    return out


def text_of(lay: Layout, board: list, me: int, src: int, dst: int) -> str:
    """The notation of ``src``->``dst`` played by kingdom ``me`` on ``board`` (before the move)."""
    p = board[src]
    f0, l0 = lay.file(me, src), lay.file(me, dst)
    line0, line1 = lay.line(me, src), lay.line(me, dst)
    group = same_file(lay, board, me, p, f0)
    pre = ordinal(group.index(src), len(group)) if len(group) > 1 else ""
    if line1 == line0:
        d, num = "平", l0
    else:
        d = "进" if line1 > line0 else "退"
        num = abs(line1 - line0) if p[K] in STRAIGHT else l0
    return f"{pre}{display(p)}{f0}{d}{num}"


def resolve(lay: Layout, board: list, me: int, text: str) -> tuple[int, int] | None:
    """(src, dst) named by a move text in kingdom ``me``'s frame; None if the text names no piece or
    no point (raises ValueError if it is not move notation at all)."""
    m = PATTERN.match(text)
    if not m:
        raise ValueError(text)
    ordn, dark, kind_zh, f, d, num = m.group(1, 2, 3, 4, 5, 6)
    f, num = int(f), int(num)
    kind = KIND_OF[kind_zh]
    proto = (0, kind, me, bool(dark))
    group = same_file(lay, board, me, proto, f)
    if not group:
        return None
    if ordn:
        if len(group) < 2:
            return None
        names = [ordinal(k, len(group)) for k in range(len(group))]
        if ordn not in names:
            return None
        src = group[names.index(ordn)]
    elif len(group) == 1:
        src = group[0]
    else:
        return None
    line0 = lay.line(me, src)
    if d == "平":
        dst = lay.from_frame(me, num, line0)
    elif kind in STRAIGHT:
        dst = lay.from_frame(me, f, line0 + (num if d == "进" else -num))
    else:
        df = abs(num - f)
        step = {HORSE: {1: 2, 2: 1}, ELEPHANT: {2: 2}, ADVISOR: {1: 1}}[kind].get(df)
        if step is None:
            return None
        dst = lay.from_frame(me, num, line0 + (step if d == "进" else -step))
    if dst < 0:
        return None
    return src, dst
