"""Chinese and English UI text, with a switch (``set_lang``) and ``t(key, **fields)``.

Engine messages (illegal-action reasons, log events, ranking reasons) are keyed
messages (``engine.messages.Msg``) whose zh and en sentences live in the
catalogues under assets/messages/; ``engine_text`` renders one in the current
language.
"""
from __future__ import annotations

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
    "reinforce_hint": ("增援阶段: 点击绿框格子增援 (可增 {n})", "Reinforce: click a green-framed cell ({n} available)"),
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
    "sound_on": ("声音：开", "sound on"),
    "undone": ("已撤回上一步", "last action taken back"),
    "replay": ("回放", "Replay"),
    "hit_from_fog": ("迷雾中的敌人射击", "shot from the fog"),
    "tip_no_target": ("射程内没有可攻击的敌军", "no enemy it can hit now"),
    "board_more": ("更多……", "more…"),
    "cards_hand": ("手牌", "Hand"),
    "cards_not_now": ("此牌现在不能选用", "that card cannot be chosen now"),
    "save_players": ("{n}人（{h}名玩家）", "{n} players ({h} human)"),
    "save_round": ("第{r}回合", "round {r}"),
    "save_moves": ("{n}步", "{n} moves"),
    "not_a_save": ("不是存档", "not a save"),
    "help_tab_play": ("怎么玩", "How to play"),
    "help_tab_keys": ("按键", "Keys"),
    "help_tabs_hint": ("Tab / ←→ 切换", "Tab / ←→: next page"),
    "howto_1": ("目标：消灭其他玩家的全部兵力；回合上限到了按存活兵力排名（S18）。",
                "Goal: wipe out every other player's soldiers; at the round limit the living rank by their soldiers (S18)."),
    "howto_2": ("每回合先可增援：点绿框格子，选人数，回车。第一次行军或攻击后增援阶段结束。",
                "Each turn you may first reinforce: click a green-framed cell, choose how many, Enter. "
                "The first march or attack ends the reinforcement phase."),
    "howto_3": ("行军：点己方部队，再点青色格子（格上数字是所需步数）；滚轮或数字键选出兵人数，可分兵、合兵。",
                "March: click your unit, then a cyan cell (its number is the steps it costs); the wheel or digits "
                "choose how many soldiers go — split or merge freely."),
    "howto_4": ("攻击：点红圈的敌军。兵越多射程越远；视线被高地挡住的目标是灰圈（悬停可见 S5 计算）。",
                "Attack: click an enemy with a red ring. More soldiers shoot farther; a target whose line is blocked by "
                "high ground has a grey ring (hover it to see the S5 numbers)."),
    "howto_5": ("电子版有战争迷雾：只看得到己方部队看到的格子；走过的地方保留地形，但不显示敌军。",
                "Digital mode has fog of war: you see only what your units see; explored land keeps its heights but "
                "shows no enemies."),
    "howto_6": ("回车结束回合；U 撤回本回合未揭示新情况的行动；V 第一人称；F1 按键一览。",
                "Enter ends the turn; U takes back this turn's actions that revealed nothing; V: first person; "
                "the Keys page lists every key."),
    "legend_title": ("图例", "Legend"),
    "legend_reach": ("可行军的格子，数字为步数", "cell the unit can march to; number = steps"),
    "legend_hatch": ("攻击范围", "attack range"),
    "legend_target": ("现在能攻击的敌军", "enemy it can hit now"),
    "legend_blocked": ("射程内但视线被挡", "in range, line blocked"),
    "legend_reinforce": ("可增援的格子", "cell you may reinforce on"),
    "legend_select": ("选中的部队 / 悬停的格子", "selected unit / hovered cell"),
    "legend_ghost": ("英灵视野（被消灭部队的最后视野）", "ghost vision (a wiped-out unit's last sight)"),
    "legend_lit": ("现在看得到的格子", "cell in sight now"),
    "legend_dim": ("去过但现在看不到", "explored, not in sight now"),
    "legend_slate": ("从未见过", "never seen"),
    "legend_count": ("部队及其兵力", "a unit and its soldiers"),
    "legend_tent": ("新营：本回合不能行动", "new camp: cannot act this turn"),
    "legend_swords": ("本回合已攻击", "has attacked this turn"),
    "legend_spent": ("没有移动力了（仍可攻击）", "no move power left (may still attack)"),
    "legend_sight": ("视线；红格为挡住它的格子", "sight line; the red cell blocks it"),
    "merge_offer": ("把{a}的{k}人并入{b}？（否：改选{b}）", "Merge {k} soldier(s) from {a} into {b}? (No: select {b})"),
    "replay_all": ("全图", "everything"),
    "replay_head": ("回放 第{k}/{n}步 · 视角：{p}", "Replay {k}/{n} · view: {p}"),
    "replay_keys": ("←/→ 单步  Home/End 开头/结尾  空格 播放/暂停  V 切换视角  Esc 返回",
                    "←/→ step  Home/End start/end  Space play/pause  V next view  Esc back"),
    "stat_marches": ("行军", "marches"),
    "stat_shots": ("射击", "shots"),
    "stat_killed": ("歼敌", "killed"),
    "stat_lost": ("损失", "lost"),
    "stat_reinforced": ("增援", "reinforced"),
    "stat_turns": ("回合", "turns"),
    "stat_explored": ("探索格", "explored"),
    "undo_none": ("本回合没有可撤回的行动", "nothing of this turn to take back"),
    "undo_revealed": ("上一步揭示了新情况（新视野或射击），不能撤回",
                      "the last action revealed something (new sight or a shot): it stands"),
    "sound_off": ("声音：关", "sound off"),
    "sound_volume": ("音量 {n}%", "volume {n}%"),
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
    # --- the board scene of the flat-board games (client/scenes/board_game.py, client/games/*)
    "board_undo": ("悔棋", "Undo"),
    "board_flip": ("翻转棋盘", "Flip board"),
    "board_view_top": ("俯视", "Top view"),
    "board_view_angle": ("斜视", "Angled view"),
    "board_new_game": ("再来一局", "New game"),
    "board_close": ("看棋盘", "View board"),
    "board_yes": ("确定", "Yes"),
    "board_note_ok": ("看好了，继续", "Seen, go on"),
    "board_no": ("取消", "No"),
    "board_human": ("玩家", "human"),
    "board_computer": ("电脑", "computer"),
    "level_random": ("随机", "random"),
    "level_easy": ("简单", "easy"),
    "level_normal": ("普通", "normal"),
    "level_hard": ("困难", "hard"),
    "board_to_move": ("轮到{who}", "{who} to move"),
    "board_thinking": ("{who}思考中", "{who} is thinking"),
    "board_hint_move": ("选择棋子，再点目标格（或拖动）", "select a piece, then click or drag to a square"),
    "board_hint_anqi": ("点暗子翻开，或选己方棋子走棋", "click a face-down piece to flip it, or select one of yours to move"),
    "board_choose": ("请选择", "Choose"),
    "board_promote": ("升变：选择棋子", "Promotion: choose a piece"),
    "board_confirm_leave": ("离开本局，回到菜单？", "Leave this game for the menu?"),
    "board_game_over": ("对局结束", "Game over"),
    "board_moves": ("棋谱", "Moves"),
    "board_no_moves_piece": ("这个棋子现在没有合法走法", "that piece has no legal move now"),
    "board_not_yours": ("现在不是这个棋子的回合", "that piece does not move now"),
    "board_cannot_move": ("不能走到那里", "it cannot go there"),
    "board_undone": ("已悔棋", "move taken back"),
    "board_no_undo": ("没有可悔的棋", "nothing to take back"),
    "board_ai_error": ("电脑出错：{err}；该座位交给玩家", "computer player failed: {err}; the seat goes to a human"),
    "board_save_failed": ("存档失败：{err}", "save failed: {err}"),
    "anqi_no_qinwang": ("尚无勤王，三方各自为战", "no 勤王 yet: every faction for itself"),
    "anqi_allied": ("{q}已勤王；{a}、{b}结盟（至{q}出局）", "{q} made 勤王; {a} and {b} are allied until {q} is out"),
    "anqi_alliance_over": ("{q}曾勤王；同盟已解除", "{q} made 勤王; the alliance has ended"),
    "anqi_seat_out": ("{who} 出局：{why}", "{who} out: {why}"),
    "anqi_quiet": ("无进展 {n}/{lim} 步", "no progress {n}/{lim} actions"),
    "anqi_face_down": ("{who} 暗子 {n}", "{who} face down: {n}"),
}


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
    """The UI string ``key`` in the current language (see ``tr``)."""
    return tr(key, _lang, **fields)


def tr(key: str, lang: str, **fields) -> str:
    """The UI string ``key`` in ``lang``: this table first, then the engine's message catalogues
    (assets/messages/*.toml, e.g. "baige.stay"), so the client has one place to look a word up."""
    pair = STRINGS.get(key)
    if pair is None:
        from engine.messages import Msg

        if "." in key:
            return Msg.of(key, **fields).render(lang)
        return key
    s = pair[0] if lang == "zh" else pair[1]
    return s.format(**fields) if fields else s


def player_name(p: int) -> str:
    return f"{t('player', n=p + 1)}({t(f'colour_{p % 8}')})"


def seat_label(kind: str) -> str:
    return t("human") if kind == "human" else t(f"ai_{kind}")


# ----------------------------------------------------------- engine messages
def engine_text(msg) -> str:
    """An engine message in the current language: a keyed message (engine.messages.Msg: refusals,
    log events, end and ranking reasons, action descriptions) is rendered from the catalogue in
    assets/messages/; plain text passes through unchanged."""
    from engine.messages import render

    return render(msg, _lang) if msg is not None else ""


def illegal_text(e) -> str:
    """An IllegalAction's refusal in the current language with the rule id: "<reason> [rule]"."""
    return e.text(_lang)


def all_text() -> str:
    """Every character the UI may show (for subsetting the shipped font): the UI strings, the help
    and every engine message catalogue (engine.messages.all_text)."""
    from engine.messages import all_text as catalogue_text

    parts = []
    for zh, en in STRINGS.values():
        parts += [zh, en]
    from client.keys import BINDINGS  # the key-binding table writes the help pages

    for k in BINDINGS:
        parts += [k.keys, k.zh, k.en]
    parts.append(catalogue_text())
    return "".join(parts)
