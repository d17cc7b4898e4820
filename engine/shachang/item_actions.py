"""The item action of 沙场秋点兵's fun items (S20a–S20i): the ``UseItem`` value, its text, its parse,
the check of its form, its description and the steps that build it in the client.

    item yugong c3 c2 c4 2   愚公移山 S20b: the unit on c3 moves 2 height from c2 to c4 (2 steps)
    item fanfu               天翻地覆 S20c: every height h becomes max + min - h
    item dilao e5            画地为牢 S20d: the enemy unit on e5 neither sends nor receives marches
    item liu c3              溜之大吉 S20e: the unit on c3 jumps to a random empty cell (new camp)
    item tonggui c3          同归于尽 S20f: the unit on c3 is removed; every unit in its blast loses one
    item taoyuan c3          世外桃源 S20g: the unit on c3 skips its next turn, untouchable and unseen
    item wangming c3 2       亡命天涯 S20h: the unit on c3 discards 2 soldiers for 2 extra steps
    item cuntu c3            寸土不让 S20i: the unit on c3 gives up moving for up to three attacks

It sits below engine/shachang/actions.py (every action's text and parse) and item_rules.py (the items'
checks and effects), which both use it. The star's item actions are in star_items.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.api import IllegalAction, ParseError, Step
from engine.messages import Msg
from engine.shachang.cells import cell_name
from engine.shachang.log import counted

KINDS = ("yugong", "fanfu", "dilao", "liu", "tonggui", "taoyuan", "wangming", "cuntu")
FORM = {"yugong": (3, True), "fanfu": (0, False), "dilao": (1, False), "liu": (1, False),
        "tonggui": (1, False), "taoyuan": (1, False), "wangming": (1, True), "cuntu": (1, False)}


@dataclass(frozen=True, order=True)
class UseItem:
    """Use the item ``kind`` (S20b–S20i) on ``cells`` (unit first), with ``count`` where it takes one."""

    kind: str
    cells: tuple = ()
    count: int = 0

    def __str__(self) -> str:
        return item_text(self)


def name(kind: str) -> Msg:
    """The item's name as a keyed message ("画地为牢" / "Prison Circle")."""
    return Msg.of(f"shachang.item.name.{kind}")


def item_text(a: "UseItem", named=cell_name) -> str:
    """``item <kind> <cells...> [count]`` (the action's text; ``named`` names the cells)."""
    form = FORM.get(a.kind)
    if form is None or not isinstance(a.cells, tuple):
        return f"item {a.kind}"
    parts = ["item", a.kind] + [named(c) for c in a.cells]
    if form[1]:
        parts.append(str(a.count))
    return " ".join(parts)


def parse_item(args: list[str], cell, count) -> "UseItem":
    """The item action of the words after ``item`` (ParseError naming the expected form)."""
    if not args:
        raise ParseError(f"item takes a kind: one of {', '.join(KINDS)}")
    kind = args[0].lower()
    if kind not in FORM:
        raise ParseError(f"unknown item {kind!r}; known: {', '.join(KINDS)}")
    n_cells, has_count = FORM[kind]
    want = n_cells + (1 if has_count else 0)
    if len(args) - 1 != want:
        raise ParseError(f"item {kind} takes {want} argument{'' if want == 1 else 's'}, got {len(args) - 1}")
    cells = tuple(cell(x) for x in args[1:1 + n_cells])
    return UseItem(kind, cells, count(args[-1]) if has_count else 0)


def validated_item(a: "UseItem", cell, count, shown) -> "UseItem":
    """``a`` with plain-int cells and count, or IllegalAction ("action form") for a malformed one."""
    kind = getattr(a, "kind", None)
    if not isinstance(kind, str) or kind not in FORM:
        raise IllegalAction("action form", key="shachang.form.item_kind", value=shown(kind))
    n_cells, has_count = FORM[kind]
    cells = getattr(a, "cells", None)
    n = getattr(a, "count", None)
    no_count = type(n) is int and n == 0  # by type first: a numpy array compares elementwise
    if not isinstance(cells, tuple) or len(cells) != n_cells or (not has_count and not no_count):
        key = "shachang.form." + ("item_args_count" if has_count else "item_args" if n_cells else "item_no_args")
        raise IllegalAction("action form", key=key, item=name(kind), n=n_cells, cells=counted(n_cells, "cell"))
    return UseItem(kind, tuple(cell(c) for c in cells), count(n) if has_count else 0)


def describe_item(a: "UseItem", named=cell_name) -> Msg:
    """The item action as a keyed message, its cells named by ``named`` (the star passes its own)."""
    c = [named(x) for x in a.cells]
    if a.kind == "yugong":
        return Msg.of("shachang.act.item.yugong", unit=c[0], src=c[1], dst=c[2], n=a.count)
    if a.kind == "fanfu":
        return Msg.of("shachang.act.item.fanfu")
    if a.kind == "wangming":
        return Msg.of("shachang.act.item.wangming", unit=c[0], n=a.count, soldiers=counted(a.count, "soldier"),
                      extra=counted(a.count, "extra_step"))
    return Msg.of(f"shachang.act.item.{a.kind}", unit=c[0])


def item_steps(a: "UseItem", named=cell_name) -> tuple:
    """How the client builds an item use: the item's card (a button step ``item:<kind>``), then the
    cells (unit first; 愚公移山: unit, from, to; named by ``named``), then the count where the item
    takes one."""
    out = [Step("button", f"item:{a.kind}", f"shachang.item.name.{a.kind}")]
    out += [Step("cell", named(c)) for c in a.cells]
    if FORM[a.kind][1]:
        out.append(Step("count", str(a.count), "shachang.step.count"))
    return tuple(out)
