"""Chinese and English UI text, with a switch (``set_lang``) and ``t(key, **fields)``.

Engine messages (illegal-action reasons, log events, ranking reasons) are
English; ``engine_text`` turns the common ones into Chinese when the language
is zh and passes anything it does not know through unchanged.
"""
from __future__ import annotations

import re

LANGS = ("zh", "en")
_lang = "zh"

# key -> (zh, en)
STRINGS: dict[str, tuple[str, str]] = {
    "title": ("沙场秋点兵", "Autumn Muster on the Battlefield"),
    "subtitle": ("三维兵棋 · 本地热座对战", "3D war game · hot-seat on one screen"),
    "game": ("游戏", "Game"),
    "preset": ("地图", "Map"),
    "mode": ("规则", "Rules"),
    "players": ("人数", "Players"),
    "seat": ("座位{n}", "Seat {n}"),
    "seed": ("地图种子", "Map seed"),
    "language": ("语言", "Language"),
    "renderer": ("渲染", "Renderer"),
    "start": ("开始", "Start"),
    "load": ("读档", "Load"),
    "save": ("存档", "Save"),
    "help": ("帮助", "Help"),
    "quit": ("退出", "Quit"),
    "resume": ("继续", "Resume"),
    "menu": ("菜单", "Menu"),
    "to_title": ("回到标题", "Back to title"),
    "fullscreen": ("全屏", "Fullscreen"),
    "end_turn": ("结束回合", "End turn"),
    "random_seed": ("随机", "Random"),
    "mode_classic": ("经典", "classic"),
    "mode_tabletop": ("桌面", "tabletop"),
    "mode_digital": ("电子", "digital"),
    "mode_help_classic": ("平地、无迷雾", "flat board, no fog"),
    "mode_help_tabletop": ("高地、无迷雾", "terrain, no fog"),
    "mode_help_digital": ("高地、战争迷雾", "terrain and fog of war"),
    "human": ("人类", "human"),
    "ai_random": ("电脑·随机", "computer: random"),
    "ai_easy": ("电脑·简单", "computer: easy"),
    "ai_normal": ("电脑·普通", "computer: normal"),
    "ai_hard": ("电脑·困难", "computer: hard"),
    "renderer_gl": ("三维 (OpenGL)", "3D (OpenGL)"),
    "renderer_flat": ("平面 (2D)", "flat (2D)"),
    "game_unavailable": ("该游戏的客户端尚未完成", "this game has no client yet"),
    "player": ("玩家{n}", "P{n}"),
    "colour_0": ("红", "red"), "colour_1": ("蓝", "blue"), "colour_2": ("黄", "yellow"),
    "colour_3": ("绿", "green"), "colour_4": ("紫", "purple"), "colour_5": ("橙", "orange"),
    "colour_6": ("青", "teal"), "colour_7": ("粉", "pink"),
    "round": ("第{r}/{lim}回合", "Round {r}/{lim}"),
    "turn_of": ("{p}的回合", "{p} to play"),
    "phase_reinforce": ("增援阶段", "reinforcement phase"),
    "phase_battle": ("战斗阶段", "battle phase"),
    "phase_over": ("对局结束", "game over"),
    "reserve": ("预备兵", "reserve"),
    "field": ("场上", "on field"),
    "cap": ("人口上限", "cap"),
    "units": ("部队", "units"),
    "unit_panel": ("选中部队 {c}", "Selected unit {c}"),
    "count": ("兵力", "soldiers"),
    "fanshu": ("番数", "番数 (doublings)"),
    "attack_range": ("攻击范围", "attack range"),
    "vision_range": ("视野范围", "vision range"),
    "moves_left": ("剩余移动力", "move power left"),
    "attack_avail": ("可攻击", "may attack"),
    "yes": ("是", "yes"), "no": ("否", "no"),
    "new_camp": ("新营(本回合不可行动)", "new camp (cannot act this turn)"),
    "has_attacked": ("已攻击", "has attacked"),
    "send_count": ("出兵 {k}/{n} (滚轮或数字键)", "send {k}/{n} (wheel or number keys)"),
    "reinforce_prompt": ("增援 {c}: {k}/{n} 人 — 回车或再点确认, Esc取消",
                         "Reinforce {c}: {k}/{n} — Enter or click again, Esc cancels"),
    "reinforce_here": ("R: 在此增援 (可增 {n})", "R: reinforce here ({n} available)"),
    "reinforce_hint": ("增援阶段: 点击蓝色格子增援 (可增 {n})", "Reinforce: click a blue cell ({n} available)"),
    "sight_title": ("视线 {a} → {b}", "Sight line {a} → {b}"),
    "sight_rule": ("S5: 若 (a+b)·y ≥ a·z + b·x 则遮挡", "S5: blocked if (a+b)·y ≥ a·z + b·x"),
    "sight_clear": ("视线通畅", "line is clear"),
    "sight_blocked": ("被 {c} 遮挡", "blocked at {c}"),
    "sight_unknown": ("视线经过未探索的格子", "the line crosses unexplored cells"),
    "sight_row": ("{c}: a={a} b={b} x={x} y={y} z={z}  {lhs} {op} {rhs}",
                  "{c}: a={a} b={b} x={x} y={y} z={z}  {lhs} {op} {rhs}"),
    "out_of_range": ("超出攻击范围 ({d} > {r})", "out of attack range ({d} > {r})"),
    "vision_preview": ("视野预览: {c} 能看到的格子", "vision preview: what {c} would see"),
    "fp_view": ("第一人称: {c} (视高 {h})", "first person at {c} (eye height {h})"),
    "handover_title": ("请把位置交给 {p}", "Hand over to {p}"),
    "handover_body": ("其他玩家请回避。准备好后点击或按空格键。",
                      "Other players look away. Click or press Space when ready."),
    "gameover_title": ("对局结束", "Game over"),
    "place": ("第{n}名", "{n}."),
    "out": ("出局", "out"),
    "new_game": ("新对局", "New game"),
    "log": ("战报", "Log"),
    "ai_thinking": ("{p} 思考中…", "{p} is thinking…"),
    "ai_speed": ("电脑速度 ×{s}", "computer speed ×{s}"),
    "saved": ("已存档: {path}", "saved: {path}"),
    "loaded": ("已读档: {path}", "loaded: {path}"),
    "load_failed": ("读档失败: {err}", "could not load: {err}"),
    "save_failed": ("存档失败: {err}", "could not save: {err}"),
    "no_saves": ("没有存档", "no saves yet"),
    "choose_save": ("选择存档", "Choose a save"),
    "ai_fallback": ("{level} 电脑尚不可用 ({err}), 改用随机", "{level} computer not available ({err}); using random"),
    "no_unit": ("先选中一支己方部队", "select one of your units first"),
    "not_your_turn": ("现在不是你的回合", "not your turn"),
    "lang_switched": ("语言: 中文", "language: English"),
    "cancel": ("取消", "Cancel"),
    "ok": ("确定", "OK"),
    "back": ("返回", "Back"),
    "renderer_fallback": ("OpenGL 不可用, 使用平面渲染: {err}", "OpenGL unavailable, using the flat renderer: {err}"),
    "hint_select": ("点击己方部队选中; Tab 下一支; F1 帮助", "Click one of your units; Tab: next unit; F1: help"),
    "fog_on": ("迷雾", "fog"),
    "you_are": ("视角: {p}", "view: {p}"),
    "hover_cell": ("{c}: 高度 {h}", "{c}: height {h}"),
    "hover_unknown": ("{c}: 未探索", "{c}: unexplored"),
    "hover_unit": ("{p} {n}人", "{p} {n} soldier(s)"),
    "help_title": ("帮助 — 按键与鼠标", "Help — keys and mouse"),
    "help_close": ("按 F1 或 Esc 关闭", "F1 or Esc closes"),
}

HELP_LINES: list[tuple[str, str, str]] = [
    # (keys, zh, en)
    ("左键 / Left click", "选中己方部队; 选中后点格子=行军, 点敌军=攻击", "select own unit; then click a cell = march, an enemy = attack"),
    ("拖动 / Drag", "从部队拖到格子=行军 (拖到己方部队=集合)", "drag from a unit to a cell = march (onto own unit = merge)"),
    ("Shift+左键 / Shift+click", "行军并入所点的己方部队", "Shift+click own unit = march into it (merge)"),
    ("右键 / Right click / Esc", "取消选择; 无选择时 Esc 打开菜单", "cancel selection; Esc with nothing selected opens the menu"),
    ("滚轮 / Wheel", "缩放; 在选中部队或面板上: 出兵人数; 增援框: 人数",
     "zoom; over the selected unit or the panel: soldiers to send; reinforcement box: count"),
    ("1-9, 0", "出兵/增援人数 (连按两位数)", "soldiers to send/place (type two digits quickly)"),
    ("R", "在悬停格或选中部队处增援", "reinforce on the hovered cell or the selected unit"),
    ("Enter / 结束回合", "结束回合", "end turn (also the button)"),
    ("Tab", "下一支己方部队 (第一人称时也可)", "next own unit (also in first person)"),
    ("V", "第一人称视角 (选中部队的视高)", "first-person view at the selected unit's eye"),
    ("X", "视野预览: 悬停格能看到什么", "vision preview: what the hovered cell would see"),
    ("C / Home", "镜头跳到选中部队 / 我军", "camera to the selected unit / my army"),
    ("WASD / 方向键 / Arrows", "平移镜头", "pan the camera (also screen edge)"),
    ("中键或右键拖动 / Middle or right drag", "平移镜头", "middle or right drag pans"),
    ("Q / E", "旋转镜头 (3D)", "rotate the camera (3D)"),
    ("+ / - / PgUp PgDn", "缩放", "zoom"),
    ("H / K", "高度数字 / 坐标", "height numbers / coordinates"),
    ("M", "小地图开关", "minimap on/off"),
    ("F / N", "电脑加速 / 跳过电脑动画", "computer speed / skip computer animation"),
    ("F5 / F9", "快速存档 / 读档", "quick save / quick load"),
    ("F2", "切换语言 中文/English", "switch language"),
    ("F11 / Alt+Enter", "全屏", "fullscreen"),
    ("F12", "截图", "screenshot"),
    ("Shift+F12", "规则图（无界面）", "rule picture (board only, no HUD)"),
    ("F1", "帮助", "help"),
]


def help_keys(keys: str) -> str:
    """The key column of a help line: in English without the Chinese names."""
    if _lang == "zh":
        return keys
    parts = [p for p in keys.split(" / ") if not any("\u4e00" <= ch <= "\u9fff" for ch in p)]
    return " / ".join(parts) if parts else keys


def set_lang(lang: str) -> None:
    global _lang
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    _lang = lang


def lang() -> str:
    return _lang


def toggle() -> str:
    set_lang("en" if _lang == "zh" else "zh")
    return _lang


def t(key: str, **fields) -> str:
    pair = STRINGS.get(key)
    if pair is None:
        return key
    s = pair[0] if _lang == "zh" else pair[1]
    return s.format(**fields) if fields else s


def player_name(p: int) -> str:
    return f"{t('player', n=p + 1)}({t(f'colour_{p % 8}')})"


def preset_label(key: str) -> str:
    from engine.shachang.rules import preset

    pr = preset(key)
    name = pr.name_zh if _lang == "zh" else pr.name_en
    return f"{pr.size}x{pr.size} {name}"


def seat_label(kind: str) -> str:
    return t("human") if kind == "human" else t(f"ai_{kind}")


# ----------------------------------------------------------- engine messages
_EVENT_RULES: list[tuple[re.Pattern, str]] = [
    (re.compile(r"^P(\d+): march (\w+) (\w+) (\d+) \((\d+) steps?\)$"), "玩家{0}: 行军 {1}→{2} {3}人 ({4}步)"),
    (re.compile(r"^P(\d+): reinforce (\w+) (\d+)$"), "玩家{0}: 在{1}增援{2}人"),
    (re.compile(r"^P(\d+): end of turn$"), "玩家{0}: 结束回合"),
    (re.compile(r"^P(\d+): attack (\w+) (\w+) — P(\d+)'s unit on (\w+) is wiped out$"),
     "玩家{0}: {1}攻击{2} — 玩家{3}在{4}的部队被全歼"),
    (re.compile(r"^P(\d+): attack (\w+) (\w+) — P(\d+)'s unit on (\w+) is down to (\d+)$"),
     "玩家{0}: {1}攻击{2} — 玩家{3}在{4}的部队剩{5}人"),
    (re.compile(r"^an unseen enemy shot P(\d+)'s unit on (\w+): it is wiped out$"),
     "看不见的敌人射击了玩家{0}在{1}的部队: 全歼"),
    (re.compile(r"^an unseen enemy shot P(\d+)'s unit on (\w+): it is down to (\d+)$"),
     "看不见的敌人射击了玩家{0}在{1}的部队: 剩{2}人"),
    (re.compile(r"^P(\d+) is out: wiped out by P(\d+)$"), "玩家{0}出局: 被玩家{1}全歼"),
    (re.compile(r"^P(\d+) is out: no soldiers left(.*)$"), "玩家{0}出局: 没有兵力了"),
    (re.compile(r"^P(\d+) is out: no cell to reinforce on, the reserve is void(.*)$"),
     "玩家{0}出局: 无处可增援, 预备兵作废"),
    (re.compile(r"^P(\d+) is out: (.*)$"), "玩家{0}出局: {1}"),
    (re.compile(r"^march (\w+) (\w+) (\d+)$"), "行军 {0}→{1} {2}人"),
    (re.compile(r"^attack (\w+) (\w+)$"), "{0}攻击{1}"),
    (re.compile(r"^reinforce (\w+) (\d+)$"), "在{0}增援{1}人"),
    (re.compile(r"^end$"), "结束回合"),
    (re.compile(r"^game over: P(\d+) wiped out every other player$"), "对局结束: 玩家{0}全灭其他玩家"),
    (re.compile(r"^game over: the round limit of (\d+) was reached$"), "对局结束: 达到{0}回合上限"),
    (re.compile(r"^game over: every living player passed a whole round without acting$"),
     "对局结束: 所有玩家一整轮都未行动"),
    (re.compile(r"^game over: no player has soldiers$"), "对局结束: 无人剩余兵力"),
    (re.compile(r"^game over: (.*)$"), "对局结束: {0}"),
    (re.compile(r"^wiped out every other player$"), "全灭其他玩家"),
    (re.compile(r"^survivor: (\d+) on the field, (\d+) in reserve, last hit #(\d+)$"),
     "存活: 场上{0}, 预备{1}, 最后一次命中为第{2}击"),
    (re.compile(r"^survivor: (\d+) on the field, (\d+) in reserve, never hit$"), "存活: 场上{0}, 预备{1}, 从未命中"),
    (re.compile(r"^out of the game \(eliminated (\d+)\. of (\d+)\)$"), "出局 (第{0}个出局, 共{1}个)"),
    (re.compile(r"^void game \(流局\): nobody dealt damage, every player is out$"), "流局: 无人造成伤害, 全体出局"),
]


_ILLEGAL_RULES: list[tuple[re.Pattern, str]] = [(re.compile(p), f) for p, f in [
    (r"^(\w+) has not been seen this turn$", "{0}本回合未被看到, 不能进入"),
    (r"^no path of empty(?:, seen)? cells leads to (\w+)$", "没有通往{0}的空格路径"),
    (r"^march of (\d+) steps exceeds the (\d+) move power left at (\w+)$", "行军需{0}步, 超过{2}剩余的移动力{1}"),
    (r"^the unit on (\w+) has no move power left$", "{0}的部队已无移动力"),
    (r"^the new camp on (\w+) cannot move until P(\d+)'s next turn$", "{0}是新营, 下回合才能行动"),
    (r"^the unit on (\w+) has attacked and may not move this turn$", "{0}的部队已攻击, 本回合不能移动"),
    (r"^(\w+) is held by P(\d+); marches never enter it$", "{0}有玩家{1}的部队, 行军不能进入"),
    (r"^(\d+) steps exceed the attack range (\d+) of the (\d+)-soldier unit on (\w+)$",
     "相距{0}步, 超出{3}部队({2}人)的攻击范围{1}"),
    (r"^the line is blocked at (\w+): (.*)$", "视线被{0}遮挡: {1}"),
    (r"^the new camp on (\w+) cannot attack until P(\d+)'s next turn$", "{0}是新营, 本回合不能攻击"),
    (r"^the unit on (\w+) has already attacked$", "{0}的部队本回合已攻击过"),
    (r"^(\w+) is not in P(\d+)'s sight$", "{0}不在视野内"),
    (r"^no enemy unit on (\w+)$", "{0}没有敌军"),
    (r"^(\w+) is not in P(\d+)'s vision$", "{0}不在视野内, 不能增援"),
    (r"^P(\d+) has no soldiers on the field and must reinforce first$", "场上无兵, 必须先增援"),
    (r"^the reinforcement phase ended with the first march or attack$", "第一次行军或攻击后增援阶段已结束"),
    (r"^(\d+) soldiers on the field already reach the cap of (\d+)$", "场上已有{0}人, 达到人口上限{1}"),
    (r"^(\d+) on the field \+ (\d+) would exceed the cap of (\d+)$", "场上{0}人再加{1}人将超过人口上限{2}"),
    (r"^only (\d+) in reserve$", "预备兵只有{0}人"),
    (r"^P(\d+) has no soldiers in reserve$", "没有预备兵了"),
    (r"^reinforcements go to a spawn cell \((.*)\)$", "增援只能放在出生地 ({0})"),
    (r"^P(\d+) already has the maximum of (\d+) units$", "部队数已达上限{1}"),
    (r"^a new camp would exceed the maximum of (\d+) units$", "新营将超过部队上限{0}"),
    (r"^the unit on (\w+) has only (\d+) soldier\(s\)$", "{0}的部队只有{1}人"),
    (r"^a march must go to another cell$", "行军必须去另一格"),
    (r"^(\w+) is off the (\d+)x(\d+) board$", "{0}不在棋盘上"),
    (r"^P(\d+) has no unit on (\w+)$", "{1}没有己方部队"),
    (r"^the game is over \((.*)\)$", "对局已结束"),
]]


def illegal_text(message: str) -> str:
    """An IllegalAction message in the current language: "<action>: <reason>" with both parts in Chinese."""
    if _lang != "zh":
        return message
    head, sep, detail = message.partition(": ")
    if not sep or not re.match(r"^(reinforce|march|attack|end)\b", head):
        head, detail = "", message
    for pat, fmt in _ILLEGAL_RULES:
        m = pat.match(detail)
        if m:
            detail = fmt.format(*m.groups())
            break
    return f"{engine_text(head)}: {detail}" if head else detail


def engine_text(s: str) -> str:
    """An engine message in the current language (Chinese for the known forms)."""
    if _lang != "zh":
        return s
    for pat, fmt in _EVENT_RULES:
        m = pat.match(s)
        if m:
            return fmt.format(*m.groups())
    return s


def all_text() -> str:
    """Every character the UI may show (for subsetting the shipped font)."""
    parts = []
    for zh, en in STRINGS.values():
        parts += [zh, en]
    for k, zh, en in HELP_LINES:
        parts += [k, zh, en]
    for _, fmt in _EVENT_RULES + _ILLEGAL_RULES:
        parts.append(fmt)
    return "".join(parts)
