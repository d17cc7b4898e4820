"""The key-binding table: which key does what, in which context, in both languages.

Scenes dispatch keys from it (``action(ev, contexts)``) and the F1 page is written from it
(``help_rows(contexts, lang)``), so the help always lists the keys of the scene on screen.
A context is "global" (the app: F1, F2, F11, F12; also F3, listed under "board" and "shachang"), "board"
(every flat-board game), "board_gl" (its 3D view), "shachang" (沙场秋点兵's scene), "start" (the start screen)
or a game's own id (rows a plugin adds).
"""
from __future__ import annotations

import re

from dataclasses import dataclass

import pygame

from client import i18n
from client.games import plugin_class

CTRL, SHIFT, ALT = "ctrl", "shift", "alt"


@dataclass(frozen=True)
class Binding:
    """``keys``: how the help shows the keys (Chinese names before " / " are dropped in English);
    ``codes``: (pygame key name, modifier or "") pairs that trigger ``action`` (none for mouse rows); a third
    element names another action for that key (one help row such as "H / K" for two actions)."""

    keys: str
    action: str
    zh: str
    en: str
    context: str
    codes: tuple[tuple[str, ...], ...] = ()


def _b(keys, action, zh, en, context, *codes):
    return Binding(keys, action, zh, en, context, tuple(codes))


# F3 (client/app.py dispatches it, as F1): the rules reader at the rule of the refusal on the status line
WHY = ("F3 / 点规则号 / Click [id]", "why", "打开拒绝这步行动的规则（规则大全中的条目与图示；点状态栏上的规则号也可）",
       "open the rule that refused the action (its rule-book entry and picture; or click the rule id on the "
       "status line)")

BINDINGS: list[Binding] = [
    # --- every scene (client/app.py handles these)
    _b("F1", "help", "帮助（本页）：玩法、规则大全（可查、可翻阅）、按键",
       "help (this page): how to play, the rule book (find, scroll), the keys", "global", ("K_F1", "")),
    _b("F2", "language", "切换语言 中文/English", "switch language", "global", ("K_F2", "")),
    _b("F11 / Alt+Enter", "fullscreen", "全屏", "fullscreen", "global", ("K_F11", ""), ("K_RETURN", ALT)),
    _b("F12", "screenshot", "截图", "screenshot", "global", ("K_F12", "")),
    _b("Shift+F12", "rule_picture", "规则图（无界面）", "rule picture (board only, no HUD)", "shachang"),
    # --- the flat-board games (client/scenes/board_game.py)
    _b("左键 / Left click", "", "选中棋子，再点标出的目标格；点错时底行说明原因",
       "select a piece, then a marked target; a refused click says why below", "board"),
    _b("拖动 / Drag", "", "把棋子拖到目标格", "drag a piece to its target", "board"),
    _b("右键 / Right click", "", "取消选择", "cancel the selection", "board"),
    _b("Esc", "cancel", "取消选择；无选择时打开菜单（存档、读档、离开本局）", "cancel; with nothing selected: the menu (save, load, leave)", "board",
       ("K_ESCAPE", "")),
    _b("U / Ctrl+Z", "undo", "悔棋：收回上一步人走的棋及电脑的应着（轮到另一位玩家时须其同意）",
       "undo: take back the last human move and the computer's replies (another human to move is asked first)", "board", ("K_u", ""), ("K_z", CTRL)),
    _b("F", "flip", "翻转棋盘", "flip the board", "board", ("K_f", "")),
    _b("PgUp / PgDn", "scroll", "翻阅棋谱", "scroll the move list", "board", ("K_PAGEUP", ""), ("K_PAGEDOWN", "")),
    _b("Ctrl+S", "save", "存档", "save", "board", ("K_s", CTRL)),
    _b(*WHY, "board"),
    _b("V", "view", "俯视 / 斜视", "top / angled view", "board_gl", ("K_v", "")),
    _b("Q / E", "rotate", "旋转棋盘视角", "turn the view", "board_gl", ("K_q", ""), ("K_e", "")),
    _b("滚轮 / Wheel", "", "缩放；在棋谱上：翻阅", "zoom; over the move list: scroll", "board_gl"),
    # --- 沙场秋点兵 (client/games/shachang/scene.py dispatches these itself; the help lists them from here)
    _b("左键 / Left click", "", "选中己方部队; 选中后点格子=行军, 点敌军=攻击",
       "select own unit; then click a cell = march, an enemy = attack", "shachang"),
    _b("拖动 / Drag", "", "从部队拖到格子=行军 (拖到己方部队=集合)",
       "drag from a unit to a cell = march (onto own unit = merge)", "shachang"),
    _b("Shift+左键 / Shift+click", "", "行军并入所点的己方部队", "Shift+click own unit = march into it (merge)",
       "shachang"),
    _b("右键 / Right click / Esc", "", "取消选择; 无选择时 Esc 打开菜单",
       "cancel selection; Esc with nothing selected opens the menu", "shachang"),
    _b("滚轮 / Wheel", "", "缩放; 在选中部队或面板上: 出兵人数; 增援框: 人数",
       "zoom; over the selected unit or the panel: soldiers to send; reinforcement box: count", "shachang"),
    _b("1-9, 0", "", "出兵/增援人数 (连按两位数)", "soldiers to send/place (type two digits quickly)", "shachang"),
    _b("R", "reinforce", "在悬停格或选中部队处增援", "reinforce on the hovered cell or the selected unit", "shachang",
       ("K_r", "")),
    _b("Enter / 结束回合", "end_turn", "结束回合（增援框打开时：确认增援）",
       "end turn (also the button); with the reinforcement box open: place", "shachang",
       ("K_RETURN", ""), ("K_KP_ENTER", "")),
    _b("Tab / Shift+Tab", "next_unit", "下一支 / 上一支己方部队 (第一人称时也可)",
       "next / previous own unit (also in first person)", "shachang", ("K_TAB", SHIFT, "prev_unit"), ("K_TAB", "")),
    _b("V", "first_person", "第一人称视角 (选中部队的视高); 方向键或左键拖动转头",
       "first-person view at the selected unit's eye; arrows or a left drag turn it", "shachang", ("K_v", "")),
    _b("X", "preview", "视野预览: 悬停格能看到什么", "vision preview: what the hovered cell would see", "shachang",
       ("K_x", "")),
    _b("C / Home", "camera_selected", "镜头跳到选中部队 / 我军", "camera to the selected unit / my army", "shachang",
       ("K_c", ""), ("K_HOME", "", "camera_home")),
    _b("WASD / 方向键 / Arrows", "", "平移镜头", "pan the camera (also screen edge)", "shachang"),
    _b("中键或右键拖动 / Middle or right drag", "", "平移镜头", "middle or right drag pans", "shachang"),
    _b("Q / E", "rotate_left", "旋转镜头 (3D；第一人称时转视线)", "rotate the camera (3D; in first person: turn the eye)",
       "shachang", ("K_q", ""), ("K_e", "", "rotate_right")),
    _b("+ / - / PgUp PgDn", "zoom_in", "缩放", "zoom", "shachang", ("K_PLUS", ""), ("K_EQUALS", ""),
       ("K_KP_PLUS", ""), ("K_PAGEUP", ""), ("K_MINUS", "", "zoom_out"), ("K_KP_MINUS", "", "zoom_out"),
       ("K_PAGEDOWN", "", "zoom_out")),
    _b("H / K", "heights", "高度数字 / 坐标", "height numbers / coordinates", "shachang", ("K_h", ""),
       ("K_k", "", "coords")),
    _b("M", "minimap", "小地图开关", "minimap on/off", "shachang", ("K_m", "")),
    _b(*WHY, "shachang"),
    _b("Ctrl+M", "mute", "声音开关", "sound on/off", "shachang", ("K_m", CTRL)),
    _b("Ctrl+↑ / Ctrl+↓", "volume_up", "音量大 / 小", "volume up / down", "shachang", ("K_UP", CTRL),
       ("K_DOWN", CTRL, "volume_down")),
    _b("U / Ctrl+Z", "undo", "撤回本回合上一步（未揭示新情况时）",
       "take back this turn's last action (if it revealed nothing)", "shachang", ("K_u", ""), ("K_z", CTRL)),
    _b("F / N", "ai_speed", "电脑加速 / 跳过电脑动画", "computer speed / skip computer animation", "shachang",
       ("K_f", ""), ("K_n", "", "ai_skip")),
    _b("F5 / F9 (Ctrl+S / Ctrl+O)", "quick_save", "快速存档 / 读档", "quick save / quick load", "shachang",
       ("K_F5", ""), ("K_s", CTRL), ("K_F9", "", "quick_load"), ("K_o", CTRL, "quick_load")),
    # --- the start screen
    _b("↑ ↓ / Tab, Shift+Tab", "", "选择一行（种子行也在其中）", "choose a row (the seed row too)", "start"),
    _b("← → / Left Right", "", "改变该行的值", "change the row's value", "start"),
    _b("0-9 / Backspace", "", "输入种子（显示种子的游戏）", "type the seed (games that show one)", "start"),
    _b("Enter", "", "开始", "start", "start"),
    _b("Esc", "", "退出", "quit", "start"),
]


def rows(contexts) -> list[Binding]:
    """The bindings of ``contexts`` in table order (the help page's rows), then the rows a game's plugin
    brings for its own context (``key_rows`` of client/games/<game_id>.py: adding a game edits no table)."""
    cs = set(contexts)
    out = [b for b in BINDINGS if b.context in cs]
    for ctx in contexts:
        out += [b for b in plugin_rows(ctx) if b not in out]
    return out


_NO_PLUGIN: set[str] = set()


def plugin_rows(context: str) -> list[Binding]:
    """The key rows a game's plugin declares for the context named after its game (none if it has none)."""
    if context in _NO_PLUGIN:
        return []
    try:
        pl = plugin_class(context)
    except (KeyError, ImportError):
        _NO_PLUGIN.add(context)  # "global", "board", ...: looked up once
        return []
    return [b if b.context == context else Binding(b.keys, b.action, b.zh, b.en, context, b.codes)
            for b in getattr(pl, "key_rows", ())]


def key_text(keys: str, lang: str) -> str:
    """The key column of a help row: in English without the Chinese key names."""
    if lang == "zh":  # without the English mouse words ("左键 / Left click" -> 左键); key names stay
        cjk = [p for p in keys.split(" / ") if any("\u4e00" <= ch <= "\u9fff" for ch in p)]
        kept = [p for p in keys.split(" / ") if not (cjk and _MOUSE_WORDS.search(p))]
        return " / ".join(kept)
    parts = [p for p in keys.split(" / ") if not any("\u4e00" <= ch <= "\u9fff" for ch in p)]
    return " / ".join(parts) if parts else keys


_MOUSE_WORDS = re.compile(r"(?i)click|drag|wheel|arrows")


def _zh_punct(words: str) -> str:
    """Full-width ；，： and （） round Chinese in a Chinese help row (as the zh catalogues write them)."""
    words = re.sub(r"\s*\(([^()]*[\u4e00-\u9fff][^()]*)\)", r"（\1）", words)
    return re.sub(r"\s*([;,:])\s+", lambda m: {";": "；", ",": "，", ":": "："}[m.group(1)], words)


def help_rows(contexts, lang: str) -> list[tuple[str, str]]:
    """(keys, what they do) in ``lang`` for the help page of a scene with these contexts (Chinese in the script
    of the game on the screen, client.i18n.script: 辛亥革命's traditional characters)."""
    return [(i18n.script(key_text(b.keys, lang), lang), i18n.script(_zh_punct(b.zh), lang) if lang == "zh" else b.en)
            for b in rows(contexts)]


# the digit keys, the row above the letters and the keypad (SDL's keypad codes run 1..9, then 0: not a range)
DIGITS = {**{getattr(pygame, f"K_{d}"): d for d in range(10)}, **{getattr(pygame, f"K_KP{d}"): d for d in range(10)}}


def digit(key: int) -> int | None:
    """The digit a key types (0-9 above the letters or on the keypad), or None."""
    return DIGITS.get(key)


def _mod_ok(mod: int, want: str) -> bool:
    ctrl = bool(mod & pygame.KMOD_CTRL)
    alt = bool(mod & pygame.KMOD_ALT)
    if want == CTRL:
        return ctrl
    if want == ALT:
        return alt
    if want == SHIFT:
        return bool(mod & pygame.KMOD_SHIFT)
    return not ctrl and not alt


def action(ev, contexts) -> str | None:
    """The action a KEYDOWN event triggers in ``contexts`` (None if no row binds it)."""
    if ev.type != pygame.KEYDOWN:
        return None
    mod = getattr(ev, "mod", 0)
    for b in rows(contexts):
        for code in b.codes:
            name, want = code[0], code[1]
            if ev.key == getattr(pygame, name) and _mod_ok(mod, want):
                return code[2] if len(code) > 2 else b.action
    return None
