"""The in-client rule book of a game (issue 28 point 3): its entries — one per rule id of the game's binding
rulings, then the pieces' pages — each with the ruling's text and the pictures of the scenarios that illustrate
it; lookup of a refusal's rule id, search by id or word, and the pictures drawn on demand.

Board games: ``assets/scenarios/<game_id>/_book.toml`` (seed quote, ruling texts) and the scenario files beside
it (their ``rules`` and captions; a picture is drawn by ``client.rulebook.render.Painter``, always flat, only
when the reader shows it). 沙场秋点兵: ``assets/rulebook/shachang.toml`` (seed quote, the S-rulings quoted from
RULINGS.md) and the top-level ``assets/scenarios/*.toml`` (rule ids from the title "S5: ..."), whose pictures
are the prebuilt PNGs of ``python -m client.shot --all`` (docs/rules/pictures/, English in en/): a GL render
takes seconds, a PNG loads in milliseconds.
"""
from __future__ import annotations

import dataclasses
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame

from client import i18n
from client.rulebook import scenario as scenario_files
from client.rulebook.render import Painter

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "assets" / "scenarios"
BOOKS = ROOT / "assets" / "rulebook"
PICTURES = ROOT / "docs" / "rules" / "pictures"
SHOT_GAMES = ("shachang",)  # games whose pictures are the GL renders of client.shot (prebuilt PNGs)
_ID = re.compile(r"\b([A-Z]\d{1,2}[a-z]?)\b")


@dataclass(frozen=True)
class Picture:
    """One picture of an entry: a scenario file, drawn from it (board games) or read from its prebuilt PNG."""

    game_id: str
    path: Path  # the scenario file
    captions: tuple[str, str]  # zh, en
    title: str = ""

    @property
    def name(self) -> str:
        return self.path.stem

    def caption(self, lang: str) -> str:
        return self.captions[0] if lang == "zh" else self.captions[1]

    @property
    def prebuilt(self) -> bool:
        """Read from a PNG made by ``python -m client.shot --all`` (the caption is inside the picture)."""
        return self.game_id in SHOT_GAMES

    def png(self, lang: str) -> Path:
        return PICTURES / ("en" if lang == "en" else "") / f"{self.name}.png"


@dataclass
class Entry:
    """A page of the book: a rule id (``""`` for a piece's page) with its ruling text and pictures."""

    rule: str
    text: dict[str, str]  # lang -> text ("en": the binding ruling; "zh" where the book has one)
    pictures: list[Picture] = field(default_factory=list)
    title: str = ""  # a piece page's heading (its scenario's title)
    titles: tuple[str, str] = ()  # a seed passage's heading, zh and en ("原規則 5(4) 架設或拆除浮橋")
    also: tuple[str, ...] = ()  # other rule texts a refusal names this passage by ("seed 行动")
    shows: tuple[str, ...] = ()  # a passage's pictures: the names of scenario files beside the book ("x11")

    def heading(self, lang: str | None = None) -> str:
        """The entry's heading in ``lang`` (default: the player's language): a seed passage's title, its rule id,
        else the piece page's title — in zh the piece's name as its Chinese caption starts ("兵（W）：…" ->
        "兵（W）"), never the English scenario title."""
        if self.titles:
            return self.titles[0] if (lang or i18n.lang()) == "zh" else self.titles[1]
        if self.rule:
            return self.rule
        if (lang or i18n.lang()) == "zh" and self.pictures:
            head = self.pictures[0].captions[0].split("：")[0].strip()
            head = _ID.sub("", head).strip()  # "J1 长车" -> "长车"
            if head and len(head) <= 12:
                return head
        return self.title

    def body(self, lang: str) -> str:
        return self.text.get(lang) or self.text.get("en", "")

    def haystack(self) -> str:
        """Everything a search looks through, both languages, lower case."""
        parts = [self.rule, self.title, *self.titles, *self.text.values()]
        for p in self.pictures:
            parts += [p.title, *p.captions]
        return "\n".join(parts).lower()


@dataclass
class RuleBook:
    game_id: str
    names: tuple[str, str]  # zh, en
    seed_quote: str
    seed_file: str
    entries: list[Entry]
    howto: list[dict] = field(default_factory=list)  # how-to-play sections ({title,text}_{zh,en}; F1's page)
    seed_quote_en: str = ""  # its English gloss (none where the seed is quoted alone)
    aliases: dict[str, str] = field(default_factory=dict)  # a refusal's rule text -> the rule id explaining it

    def seed_text(self, lang: str) -> str:
        """The seed's sentence as the reader shows it: the original alone in Chinese (one language at a time, issue
        26), the original and its English gloss in English."""
        if lang == "zh" or not self.seed_quote_en:
            return self.seed_quote
        return f"{self.seed_quote}\n{self.seed_quote_en}"

    def name(self, lang: str) -> str:
        return self.names[0] if lang == "zh" else self.names[1]

    def howto_sections(self, lang: str) -> list[tuple[str, str]]:
        """(title, text) of each how-to-play section the book adds to F1's page (沙场秋点兵: the star, the items)."""
        k = "zh" if lang == "zh" else "en"
        return [(str(h.get(f"title_{k}", "")), str(h.get(k, ""))) for h in self.howto]

    def index_of(self, rule: str | None) -> int | None:
        """The entry of the rule a refusal names (``"S15 path"``, ``"seed 5(1)(2) X7"``, ``"K8"``): its
        first rule id that has an entry (or the one the book's ``[refusal_rules]`` gives it: 百格西洋棋's
        "promotion" -> C3), else the seed passage it names (``"seed 5(3) 7(4)"``: 5(3);
        ``"seed 4(1)A"``: 4(1)A, else 4(1); ``"seed 行动阶段: 一个行动力"``: 行动阶段), else the piece whose page
        title or picture title names it (``"king move"``); None when it names nothing of this book."""
        for rid in rule_ids(rule or "") + [self.aliases.get(rule or "", "")]:
            for i, e in enumerate(self.entries):
                if rid and e.rule == rid:
                    return i
        for name in passage_names(rule or ""):
            for i, e in enumerate(self.entries):
                if e.rule == name or name in e.also:
                    return i
        words = [w for w in re.findall(r"[a-z]{3,}", (rule or "").lower())
                 if w not in ("move", "moves", "seed", "game", "over")]
        for word in words:  # "rook move": the rook's page
            for i, e in enumerate(self.entries):
                if not e.rule and re.search(rf"\b{word}\b", e.title.lower()):
                    return i
        for word in words:  # "king move", "check": the entry showing the king's page (百格西洋棋's C7)
            for i, e in enumerate(self.entries):
                if any(p.name.startswith("piece") and re.search(rf"\b{word}\b", p.title.lower()) for p in e.pictures):
                    return i
        return None

    def search(self, query: str) -> list[int]:
        """The entries matching ``query``: a rule id (``k8``; ``S20``: it and its sub-ids S20a ...) gives those
        alone, else every entry whose text, captions or titles hold each word of it (either language)."""
        q = query.strip().lower()
        if not q:
            return list(range(len(self.entries)))
        ids = [i for i, e in enumerate(self.entries) if e.rule and e.rule.lower() == q]
        ids += [i for i, e in enumerate(self.entries)
                if e.rule and re.fullmatch(re.escape(q) + r"[a-z]", e.rule.lower())]  # S20 -> S20a, S20b ...
        if ids:
            return ids
        words = q.split()
        return [i for i, e in enumerate(self.entries) if all(w in e.haystack() for w in words)]


def rule_ids(rule: str) -> list[str]:
    """The rule ids in a refusal's rule text, in order (``"seed 5(1)(2) X7"`` -> ``["X7"]``)."""
    return _ID.findall(rule)


def passage_names(rule: str) -> list[str]:
    """The names a refusal's rule text may give a seed passage or a project ruling, longest first:
    ``"seed 5(3) 7(4)"`` -> ["seed 5(3) 7(4)", "seed 5(3)", "seed 5"]; ``"seed 4(1)A"`` -> [.., "seed 4(1)", ..];
    ``"seed 行动阶段: 一个行动力"`` -> [.., "seed 行动阶段"]; ``"XR7"`` -> ["XR7"]."""
    rule = rule.strip()
    if not rule:
        return []
    names = [rule]
    head = re.split(r"[:：]", rule)[0].strip()
    if rule.startswith("seed ") and " " in head[5:]:
        head = "seed " + head[5:].split(" ")[0]
    while head:
        if head not in names:
            names.append(head)
        shorter = re.sub(r"(\([^()]*\)|(?<=\))[A-Z])$", "", head)
        if shorter == head:
            break
        head = shorter
    return names


def _passages(b: dict) -> list[Entry]:
    """The seed passages (and project rulings) a refusal may name, from the book's ``[passages]``: the seed's own
    words alone in zh, then their English under them in en (as the book's top quotes the seed)."""
    out = []
    for rule, p in b.get("passages", {}).items():
        quote, en, zh = str(p.get("quote", "")), str(p.get("en", "")), str(p.get("zh", ""))
        text = {"zh": zh or quote, "en": f"{quote}\n{en}" if quote else en}
        out.append(Entry(rule, text, titles=(str(p.get("title_zh", rule)), str(p.get("title_en", rule))),
                         also=tuple(str(a) for a in p.get("also", ())),
                         shows=tuple(str(a) for a in p.get("pictures", ()))))
    return out


def _scenario_ids(d: dict) -> list[str]:
    """A scenario's rule ids: its ``rules`` list, else the ids its title starts with ("S15/S16: ...")."""
    if d.get("rules"):
        return [str(r) for r in d["rules"]]
    head = str(d.get("title", "")).split(":")[0].split(" ")[0]
    return [r for r in head.split("/") if _ID.fullmatch(r)]


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def load_book(game_id: str) -> RuleBook:
    """The rule book of ``game_id`` (KeyError if the game has none)."""
    if game_id in SHOT_GAMES:
        data_path = BOOKS / f"{game_id}.toml"
        files = sorted(SCENARIOS.glob("*.toml"), key=scenario_files._natural)
    else:
        data_path = SCENARIOS / game_id / "_book.toml"
        files = scenario_files.scenario_files(game_id, SCENARIOS) if data_path.exists() else []
    if not data_path.exists():
        raise KeyError(game_id)
    b = _read(data_path)
    rulings = b.get("rulings", {})
    zh = b.get("rulings_zh", {})
    entries = {r: Entry(r, {"en": str(text), **({"zh": str(zh[r])} if r in zh else {})})
               for r, text in rulings.items()}
    passages = _passages(b)
    pieces: list[Entry] = []
    for path in files:
        d = _read(path)
        if "game" in d and d["game"] != game_id:
            continue
        pic = Picture(game_id, path, (str(d.get("caption_zh", "")), str(d.get("caption_en", ""))),
                      str(d.get("title", path.stem)))
        ids = [r for r in _scenario_ids(d) if r in entries]
        for r in ids:
            entries[r].pictures.append(pic)
        for e in passages:
            if path.stem in e.shows:
                e.pictures.append(pic)
        if not ids and path.stem.startswith("piece"):
            pieces.append(Entry("", {}, [pic], title=pic.title))
    return RuleBook(game_id, (b.get("name_zh", game_id), b.get("name_en", game_id)), b.get("seed_quote", ""),
                    b.get("seed_file", ""), list(entries.values()) + passages + pieces, list(b.get("howto", [])),
                    b.get("seed_quote_en", ""), {str(k): str(v) for k, v in b.get("refusal_rules", {}).items()})


def has_book(game_id: str) -> bool:
    try:
        load_book(game_id)
    except KeyError:
        return False
    return True


def fit(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """``size`` scaled to fit ``box``, aspect kept (never larger than the box, at least 1x1)."""
    w, h = size
    k = min(box[0] / w, box[1] / h)
    return max(1, int(w * k)), max(1, int(h * k))


class PictureMaker:
    """Draws an entry's pictures on demand: a board game's scenario through the flat board renderer at the size
    it is shown (no scaling), 沙场秋点兵's prebuilt PNG scaled to fit. One painter for the reader's lifetime."""

    def __init__(self):
        self._painter: Painter | None = None

    def size(self, pic: Picture, box: tuple[int, int]) -> tuple[int, int]:
        """The size ``pic`` will have in ``box`` (known before drawing: the layout does not jump)."""
        if pic.prebuilt:
            return fit(_png_size(pic.png("zh")) or (1280, 720), box)
        return fit(_scenario_size(pic.path), box)

    def draw(self, pic: Picture, lang: str, size: tuple[int, int]) -> pygame.Surface:
        """The picture at ``size`` (ScenarioError / pygame.error / OSError when it cannot be drawn)."""
        if pic.prebuilt:
            path = pic.png(lang)
            if not path.exists():
                path = pic.png("zh")
            img = pygame.image.load(str(path))
            return pygame.transform.smoothscale(img.convert() if pygame.display.get_surface() else img, size)
        if self._painter is None:
            self._painter = Painter()
        sc = dataclasses.replace(scenario_files.load(pic.path), renderer="flat")  # flat: no GL context in the app
        arr = self._painter.board(sc, *size)
        return pygame.image.frombuffer(arr.tobytes(), size, "RGB").copy()


@lru_cache(maxsize=None)
def _scenario_size(path: Path) -> tuple[int, int]:
    """A scenario's picture size ("size", default 900x900; a bad one: the default, its own error comes when drawn)."""
    try:
        return scenario_files.parse_size(_read(path).get("size", "900x900"), str(path))
    except (scenario_files.ScenarioError, OSError, tomllib.TOMLDecodeError):
        return 900, 900


@lru_cache(maxsize=None)
def _png_size(path: Path) -> tuple[int, int] | None:
    """The (w, h) of a PNG from its header (no decoding)."""
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
