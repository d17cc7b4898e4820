"""UI words of the flat-board scene in Chinese and English (``tr(key, lang, **fields)``).

``all_text()`` lists every Chinese character used here, for the app's font subset
(client/ui/build_font.py can add it to its charset)."""
from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "undo": ("悔棋", "Undo"),
    "flip": ("翻转棋盘", "Flip board"),
    "view_top": ("俯视", "Top view"),
    "view_angle": ("斜视", "Angled view"),
    "menu": ("菜单", "Menu"),
    "new_game": ("再来一局", "New game"),
    "close": ("看棋盘", "View board"),
    "yes": ("确定", "Yes"),
    "no": ("取消", "No"),
    "human": ("玩家", "human"),
    "computer": ("电脑", "computer"),
    "random": ("随机", "random"),
    "easy": ("简单", "easy"),
    "normal": ("普通", "normal"),
    "hard": ("困难", "hard"),
    "to_move": ("轮到{who}", "{who} to move"),
    "thinking": ("{who}思考中", "{who} is thinking"),
    "your_turn_baige": ("选择棋子，再点目标格（或拖动）", "select a piece, then click or drag to a square"),
    "your_turn_anqi": ("点暗子翻开，或选己方棋子走棋", "click a face-down piece to flip it, or select one of yours to move"),
    "promote": ("升变：选择棋子", "Promotion: choose a piece"),
    "stay": ("不升变", "stay"),
    "confirm_resign": ("确定认输？", "Resign this game?"),
    "confirm_long_check": ("同一子连续第四次将军（長捉）判负！仍要走？",
                           "4th check in a row by one piece loses (C7)! Play it?"),
    "confirm_leave": ("离开本局，回到菜单？", "Leave this game for the menu?"),
    "game_over": ("对局结束", "Game over"),
    "moves": ("棋谱", "Moves"),
    "no_moves_piece": ("这个棋子现在没有合法走法", "that piece has no legal move now"),
    "not_yours": ("现在不是这个棋子的回合", "that piece does not move now"),
    "cannot_move": ("不能走到那里", "it cannot go there"),
    "undone": ("已悔棋", "move taken back"),
    "no_undo": ("没有可悔的棋", "nothing to take back"),
    "turn_order": ("行棋顺序", "turn order"),
    "out": ("出局", "out"),
    "keys": ("U 悔棋  F 翻转  V 视角  Esc 取消", "U undo  F flip  V view  Esc cancel"),
    "keys_flat": ("U 悔棋  F 翻转  Esc 取消", "U undo  F flip  Esc cancel"),
    "ai_error": ("电脑出错：{err}", "computer player failed: {err}"),
}


def tr(key: str, lang: str = "zh", **fields) -> str:
    zh, en = STRINGS[key]
    s = zh if lang == "zh" else en
    return s.format(**fields) if fields else s


def all_text() -> str:
    """Every CJK character the flat-board client can show: the words above plus every CJK character in the
    sources of client/boards and the board scene (adapters build some texts with f-strings)."""
    from pathlib import Path

    here = Path(__file__).resolve().parent
    srcs = list(here.glob("*.py")) + [here.parent / "scenes" / "board_game.py"]
    parts = [zh for zh, _ in STRINGS.values()]
    parts += [p.read_text(encoding="utf-8") for p in srcs if p.exists()]
    parts.append("帝君车炮马相士兵汉王后衛象馬車弩卒吴魏蜀")
    return "".join(sorted({ch for ch in "".join(parts) if 0x2E80 <= ord(ch) <= 0x9FFF or 0xFF00 <= ord(ch) <= 0xFFEF}))
