"""Load a deck folder and check every invariant of the deck format.

All faults of all files are collected and raised together as one
:class:`~hi5pnp.errors.DeckError`, compiler-style, so a designer sees every
mistake in one run.
"""

from __future__ import annotations

import hashlib
import re
import string
from pathlib import Path
from typing import Any

from . import BUNDLED_DECKS, yamlsource
from .deck import (
    SIDES,
    CompetitorCard,
    CompetitorFace,
    Deck,
    ObstacleCard,
    ObstacleFace,
    Rules,
    ScoreRow,
    ScoreSheet,
)
from .errors import DeckError, Fault, shown_path
from .yamlsource import YList, YMap, fault_at, fault_key, fault_on

DECK_FILES = ("game.yaml", "competitors.yaml", "obstacles.yaml", "score_sheets.yaml")
GLYPHS = ("circle", "square", "diamond", "triangle", "star", "hexagon", "cross", "heart")
ICONS = ("bolt", "dumbbell", "wave", "eye", "leaf", "shield", "star", "flame")

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")

GAME_KEYS = {"title", "subtitle", "edition", "colors", "traits", "rules", "glyphs", "trait_icons"}
RULE_KEYS = ("rounds", "team_size", "finishers", "placing_points", "column_points", "chit_limit")
COMPETITOR_FACE_KEYS = {"name", "gems", "matrix"}
OBSTACLE_FACE_KEYS = {"name", "color", "trait"}
SHEET_KEYS = {"title", "seats", "rows"}
ROW_KEYS = {"kind", "label", "hint"}
ROW_KINDS = ("rounds", "columns", "total", "blank")


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    return type(value).__name__


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    """Collects faults while turning located YAML into model objects."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []

    def fault(self, container: YMap | YList, key: Any, message: str) -> None:
        self.faults.append(fault_at(container, key, message))

    def mapping(self, data: Any, where: str, path: str) -> YMap | None:
        if isinstance(data, YMap):
            return data
        if data is None:
            self.faults.append(Fault(path, 1, 1, f"{where} is empty; expected a mapping"))
        elif isinstance(data, (YMap, YList)):
            self.faults.append(fault_on(data, f"{where} must be a mapping, not {_type_name(data)}"))
        else:
            self.faults.append(Fault(path, 1, 1, f"{where} must be a mapping, not {_type_name(data)}"))
        return None

    def unknown_keys(self, m: YMap, allowed: set[str] | tuple[str, ...], where: str) -> None:
        for key in m:
            if key not in allowed:
                self.faults.append(
                    fault_key(m, key, f"unknown key '{key}' in {where}; expected one of: {', '.join(sorted(allowed))}")
                )

    def get(self, m: YMap, key: str, kind: type | tuple, where: str, required: bool = True, default: Any = None):
        if key not in m:
            if required:
                self.faults.append(fault_on(m, f"{where} lacks the required key '{key}'"))
            return default
        value = m[key]
        ok = isinstance(value, kind) and not (isinstance(value, bool) and kind is int)
        if not ok:
            names = {int: "a whole number", str: "text", list: "a list", dict: "a mapping"}
            want = names.get(kind, getattr(kind, "__name__", str(kind))) if not isinstance(kind, tuple) else "/".join(
                names.get(k, k.__name__) for k in kind
            )
            self.fault(m, key, f"'{key}' must be {want}, not {_type_name(value)} {_show(value)}")
            return default
        return value

    def text(self, m: YMap, key: str, where: str, required: bool = True, default: str = "") -> str:
        value = self.get(m, key, str, where, required, None)
        if value is None:
            return default
        if not value.strip():
            self.fault(m, key, f"'{key}' of {where} is empty; give it some text")
            return default
        return value.strip()

    def positive(self, m: YMap, key: str, where: str, minimum: int = 1) -> int | None:
        value = self.get(m, key, int, where)
        if value is not None and value < minimum:
            self.fault(m, key, f"'{key}' must be at least {minimum}, not {value}")
            return None
        return value


def resolve_deck_path(deck: str | Path | None) -> Path:
    """A bundled deck name (``default``) or a folder path."""
    if deck is None:
        return BUNDLED_DECKS["default"]
    if isinstance(deck, str) and deck in BUNDLED_DECKS:
        return BUNDLED_DECKS[deck]
    return Path(deck)


def load_deck(deck: str | Path | None = None, *, need_score_sheet: bool = True) -> Deck:
    """Load and validate a deck folder; raise :class:`DeckError` listing every fault."""
    folder = resolve_deck_path(deck)
    shown_folder = shown_path(folder)
    if not folder.is_dir():
        raise DeckError(Fault(shown_folder, 0, 0, "deck folder not found (a deck is a folder of YAML files)"))
    r = _Reader()
    docs: dict[str, Any] = {}
    digest = hashlib.sha256()
    for name in DECK_FILES:
        path = folder / name
        shown = shown_path(path)
        if name == "score_sheets.yaml" and (not need_score_sheet or not path.exists()):
            continue
        try:
            text = yamlsource.read_text(path, shown)
            digest.update(name.encode() + b"\0" + text.encode() + b"\0")
            docs[name] = yamlsource.parse(text, shown)
        except yamlsource.YamlReadError as exc:
            r.faults.append(exc.fault)
            docs[name] = _BROKEN
    if any(v is _BROKEN for v in (docs["game.yaml"],)):
        raise DeckError(r.faults)
    game = _read_game(r, docs["game.yaml"], shown_path(folder / "game.yaml"))
    competitors: tuple[CompetitorCard, ...] = ()
    obstacles: tuple[ObstacleCard, ...] = ()
    if docs.get("competitors.yaml") is not _BROKEN:
        competitors = _read_cards(
            r, docs["competitors.yaml"], game, shown_path(folder / "competitors.yaml"), "competitor", _read_competitor_face, CompetitorCard
        )
    if docs.get("obstacles.yaml") is not _BROKEN:
        obstacles = _read_cards(
            r, docs["obstacles.yaml"], game, shown_path(folder / "obstacles.yaml"), "obstacle", _read_obstacle_face, ObstacleCard
        )
    sheet = None
    if docs.get("score_sheets.yaml") not in (None, _BROKEN):
        sheet = _read_sheet(r, docs["score_sheets.yaml"], shown_path(folder / "score_sheets.yaml"))
    if game is not None and game["rules"] is not None and docs.get("competitors.yaml") is not _BROKEN:
        need = 2 * game["rules"].team_size
        given = docs["competitors.yaml"]
        if isinstance(given, YList) and len(given) < need:
            r.faults.append(
                fault_at(
                    game["rules_map"],
                    "team_size",
                    f"team_size {game['rules'].team_size} needs at least {need} competitor cards "
                    f"(2 × team_size); competitors.yaml has {len(given)}",
                )
            )
    if docs.get("obstacles.yaml") is not _BROKEN and isinstance(docs.get("obstacles.yaml"), YList):
        if not obstacles and not r.faults:
            r.faults.append(fault_on(docs["obstacles.yaml"], "no obstacle cards; the course needs at least one"))
    if r.faults or game is None:
        raise DeckError(r.faults)
    return Deck(
        path=folder,
        title=game["title"],
        subtitle=game["subtitle"],
        edition=game["edition"],
        colors=game["colors"],
        traits=game["traits"],
        rules=game["rules"],
        competitors=competitors,
        obstacles=obstacles,
        glyphs=game["glyphs"],
        trait_icons=game["trait_icons"],
        score_sheet=sheet,
        fingerprint=digest.hexdigest(),
    )


class _Broken:
    pass


_BROKEN = _Broken()


def _read_game(r: _Reader, doc: Any, path: str) -> dict | None:
    m = r.mapping(doc, "game.yaml", path)
    if m is None:
        return None
    r.unknown_keys(m, GAME_KEYS, "game.yaml")
    game: dict[str, Any] = {}
    game["title"] = r.text(m, "title", "game.yaml", default="")
    game["subtitle"] = r.text(m, "subtitle", "game.yaml", required=False, default="")
    edition = r.get(m, "edition", int, "game.yaml", required=False, default=2)
    if edition not in (1, 2):
        r.fault(m, "edition", f"edition {edition} does not exist; the rules have editions 1 and 2")
        edition = 2
    game["edition"] = edition

    colors: dict[str, str] = {}
    cm = r.get(m, "colors", dict, "game.yaml")
    if cm is not None:
        if not cm:
            r.fault(m, "colors", "'colors' is empty; declare at least one gem colour")
        for name, hexv in cm.items():
            if not isinstance(name, str) or not _NAME.match(name):
                r.faults.append(fault_key(cm, name, f"colour name {_show(name)} must be a lower-case word"))
                continue
            if not isinstance(hexv, str) or not _HEX.match(hexv):
                r.fault(cm, name, f"colour '{name}' has {_show(hexv)}; a colour is an sRGB hex like \"#C8102E\"")
                hexv = "#000000"  # still declared, so its uses are not faults too
            colors[name] = hexv.upper()
    game["colors"] = colors

    traits: list[str] = []
    tl = r.get(m, "traits", list, "game.yaml")
    if tl is not None:
        if not tl:
            r.fault(m, "traits", "'traits' is empty; declare at least one trait")
        for i, t in enumerate(tl):
            if not isinstance(t, str) or not _NAME.match(t):
                r.fault(tl, i, f"trait {_show(t)} must be a lower-case word")
            elif t in traits:
                r.fault(tl, i, f"trait '{t}' is declared twice")
            else:
                traits.append(t)
    game["traits"] = tuple(traits)

    game["glyphs"] = _read_shape_map(r, m, "glyphs", colors, "colour", GLYPHS)
    game["trait_icons"] = _read_shape_map(r, m, "trait_icons", traits, "trait", ICONS)

    game["rules"] = None
    rm = game["rules_map"] = r.get(m, "rules", dict, "game.yaml")
    if rm is not None:
        r.unknown_keys(rm, RULE_KEYS, "rules")
        vals: dict[str, Any] = {}
        for key in ("rounds", "team_size", "finishers"):
            vals[key] = r.positive(rm, key, "rules")
        for key in ("column_points", "chit_limit"):
            vals[key] = r.positive(rm, key, "rules", minimum=0)
        pts = r.get(rm, "placing_points", list, "rules")
        points: list[int] = []
        if pts is not None:
            for i, p in enumerate(pts):
                if not isinstance(p, int) or isinstance(p, bool) or p < 0:
                    r.fault(pts, i, f"placing points must be whole numbers ≥ 0, not {_show(p)}")
                else:
                    if points and p > points[-1]:
                        r.fault(pts, i, f"placing points must not increase: {p} follows {points[-1]}")
                    points.append(p)
            if vals["finishers"] is not None and len(pts) != vals["finishers"]:
                r.fault(
                    rm,
                    "placing_points",
                    f"placing_points has {len(pts)} entries; it needs one per finisher ({vals['finishers']})",
                )
        if vals["finishers"] is not None and vals["team_size"] is not None:
            if vals["finishers"] > 2 * vals["team_size"]:
                r.fault(
                    rm,
                    "finishers",
                    f"finishers is {vals['finishers']}; at most 2 × team_size = {2 * vals['team_size']} can finish",
                )
        if all(v is not None for v in vals.values()) and pts is not None:
            game["rules"] = Rules(placing_points=tuple(points), **vals)
    return game


def _read_shape_map(r: _Reader, m: YMap, key: str, names, what: str, shapes: tuple[str, ...]) -> dict[str, str]:
    """Optional ``glyphs``/``trait_icons``: name -> shape; unnamed ones get the next free shape."""
    given = r.get(m, key, dict, "game.yaml", required=False, default=None) or {}
    result: dict[str, str] = {}
    for name, shape in given.items():
        if name not in names:
            r.faults.append(
                fault_key(given, name, f"'{name}' is not a {what} of game.yaml ({', '.join(names) or 'none declared'})")
            )
        elif shape not in shapes:
            r.fault(given, name, f"{_show(shape)} is not a shape; choose one of: {', '.join(shapes)}")
        else:
            result[name] = shape
    free = [s for s in shapes if s not in result.values()]
    for name in names:
        if name not in result:
            if not free:
                r.faults.append(fault_on(m, f"more {what}s than {key} shapes ({len(shapes)})"))
                break
            result[name] = free.pop(0)
    return {n: result[n] for n in names if n in result}


def _card_number(r: _Reader, m: YMap, seen: dict[int, int], what: str) -> int | None:
    num = r.get(m, "card", int, what)
    if num is None:
        return None
    if num < 1:
        r.fault(m, "card", f"card number must be a positive whole number, not {num}")
        return None
    if num in seen:
        r.fault(m, "card", f"card number {num} is used twice (first at line {seen[num]})")
        return None
    seen[num] = m.at("card")[0]
    return num


def _face_maps(r: _Reader, m: YMap, where: str) -> dict[str, YMap] | None:
    faces = {}
    for side in SIDES:
        if side not in m:
            r.faults.append(fault_on(m, f"{where} lacks face '{side}'; every card has faces a and b"))
            continue
        fm = m[side]
        if not isinstance(fm, YMap):
            r.fault(m, side, f"face '{side}' of {where} must be a mapping, not {_type_name(fm)}")
            continue
        faces[side] = fm
    return faces if len(faces) == 2 else None


def _color(r: _Reader, container, key, value, game: dict) -> str | None:
    colors = game["colors"] if game else {}
    if not isinstance(value, str) or value not in colors:
        r.fault(container, key, f"gem colour {_show(value)} is not a colour of game.yaml ({', '.join(colors)})")
        return None
    return value


def _trait(r: _Reader, container, key, value, game: dict) -> str | None:
    traits = game["traits"] if game else ()
    if not isinstance(value, str) or value not in traits:
        r.fault(container, key, f"trait {_show(value)} is not a trait of game.yaml ({', '.join(traits)})")
        return None
    return value


def _read_cards(r: _Reader, doc: Any, game: dict | None, path: str, kind: str, read_face, make_card) -> tuple:
    """The cards of competitors.yaml or obstacles.yaml (``kind``: competitor/obstacle)."""
    if not isinstance(doc, YList):
        r.faults.append(Fault(path, 1, 1, f"{kind}s.yaml must be a list of cards, not {_type_name(doc)}"))
        return ()
    game = game or {"colors": {}, "traits": ()}
    cards, seen = [], {}
    for i, cm in enumerate(doc):
        if not isinstance(cm, YMap):
            r.fault(doc, i, f"each {kind} card must be a mapping with card, a and b, not {_type_name(cm)}")
            continue
        article = "an" if kind[0] in "aeiou" else "a"
        r.unknown_keys(cm, ("card", "a", "b"), f"{article} {kind} card")
        num = _card_number(r, cm, seen, f"{article} {kind} card")
        where = f"{kind} card {num}" if num is not None else f"{kind} card"
        fmaps = _face_maps(r, cm, where)
        if num is None or fmaps is None:
            continue
        faces = [read_face(r, fm, num, side, game) for side, fm in fmaps.items()]
        if all(faces):
            cards.append(make_card(num, *faces))
    return tuple(cards)


def _read_competitor_face(r: _Reader, fm: YMap, num: int, side: str, game: dict) -> CompetitorFace | None:
    where = f"face {num}{side}"
    r.unknown_keys(fm, COMPETITOR_FACE_KEYS, where)
    ok = True
    name = r.text(fm, "name", where)
    ok &= bool(name)
    gems_raw = r.get(fm, "gems", list, where)
    gems: list[str] = []
    if gems_raw is None:
        ok = False
    else:
        if len(gems_raw) != 3:
            r.fault(fm, "gems", f"{where} has {len(gems_raw)} gems; a competitor has exactly three")
            ok = False
        for j, g in enumerate(gems_raw):
            c = _color(r, gems_raw, j, g, game)
            ok &= c is not None
            gems.append(c)
    mat = r.get(fm, "matrix", list, where)
    columns: list[tuple[str, ...]] = []
    if mat is None:
        ok = False
    elif not mat:
        r.fault(fm, "matrix", f"the matrix of {where} is empty; it needs at least one column")
        ok = False
    else:
        for j, col in enumerate(mat):
            if not isinstance(col, YList):
                r.fault(mat, j, f"column {j + 1} of {where} must be a list of traits, not {_type_name(col)}")
                ok = False
                continue
            if not col:
                r.fault(mat, j, f"column {j + 1} of {where} is empty; a column needs at least one box")
                ok = False
                continue
            boxes = []
            for k, t in enumerate(col):
                tr = _trait(r, col, k, t, game)
                ok &= tr is not None
                boxes.append(tr)
            columns.append(tuple(boxes))
    if not ok:
        return None
    return CompetitorFace(num, side, name, tuple(gems), tuple(columns))  # type: ignore[arg-type]


def _read_obstacle_face(r: _Reader, fm: YMap, num: int, side: str, game: dict) -> ObstacleFace | None:
    where = f"obstacle face {num}{side}"
    r.unknown_keys(fm, OBSTACLE_FACE_KEYS, where)
    name = r.text(fm, "name", where, required=False)
    color = _color(r, fm, "color", fm.get("color"), game) if "color" in fm else None
    trait = _trait(r, fm, "trait", fm.get("trait"), game) if "trait" in fm else None
    for key in ("color", "trait"):
        if key not in fm:
            r.faults.append(fault_on(fm, f"{where} lacks the required key '{key}'"))
    return ObstacleFace(num, side, name, color, trait) if color and trait else None


#: What a score-sheet label or hint may fill in (see docs/deck-format.md).
PLACEHOLDERS = ("n", "rounds", "column_points", "chit_limit", "placing_points")


def _placeholder_problem(text: str) -> str:
    """Why ``text`` is not a valid label with {placeholders}, or ""."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
    except ValueError as exc:
        return f"{_show(text)}: {exc} (write {{{{ and }}}} for a brace)"
    for f in fields:
        if f not in PLACEHOLDERS:
            return f"{_show(text)}: {{{f}}} is not a placeholder; use {', '.join('{' + p + '}' for p in PLACEHOLDERS)}"
    return ""


def _read_sheet(r: _Reader, doc: Any, path: str) -> ScoreSheet | None:
    m = r.mapping(doc, "score_sheets.yaml", path)
    if m is None:
        return None
    r.unknown_keys(m, SHEET_KEYS, "score_sheets.yaml")
    title = r.text(m, "title", "score_sheets.yaml", default="Score card")
    seats_raw = r.get(m, "seats", list, "score_sheets.yaml", required=False, default=None)
    seats = ("north", "south")
    if seats_raw is not None:
        bad = [s for s in seats_raw if s not in ("north", "south")]
        if bad or len(set(seats_raw)) != len(seats_raw) or not seats_raw:
            r.fault(m, "seats", f"seats must list north and/or south once each, not {_show(list(seats_raw))}")
        else:
            seats = tuple(seats_raw)
    rows_raw = r.get(m, "rows", list, "score_sheets.yaml")
    rows: list[ScoreRow] = []
    for i, rm in enumerate(rows_raw or []):
        if not isinstance(rm, YMap):
            r.fault(rows_raw, i, f"a score row must be a mapping with kind and label, not {_type_name(rm)}")
            continue
        r.unknown_keys(rm, ROW_KEYS, "a score row")
        kind = r.get(rm, "kind", str, "a score row")
        if kind is not None and kind not in ROW_KINDS:
            r.fault(rm, "kind", f"row kind '{kind}' is unknown; choose one of: {', '.join(ROW_KINDS)}")
            continue
        label = r.text(rm, "label", "a score row")
        hint = r.text(rm, "hint", "a score row", required=False)
        for key in ("label", "hint"):
            problem = _placeholder_problem(rm.get(key)) if isinstance(rm.get(key), str) else ""
            if problem:
                r.fault(rm, key, problem)
                label = ""
        if kind and label:
            rows.append(ScoreRow(kind=kind, label=label, hint=hint))
    if rows_raw is not None and not any(row.kind == "total" for row in rows) and not r.faults:
        r.fault(m, "rows", "the score card has no 'total' row")
    return ScoreSheet(title=title, seats=seats, rows=tuple(rows))


def locate(deck: Deck, filename: str, *keys: Any) -> Fault:
    """A position in one of the deck's files (for faults found after loading,
    e.g. numbers the rulebook cannot teach): ``locate(deck, "game.yaml",
    "rules", "placing_points")`` gives a fault template whose message is empty."""
    path = deck.path / filename
    shown = shown_path(path)
    node = yamlsource.load(path, shown)
    line, col = 0, 0
    for key in keys:
        if isinstance(node, (YMap, YList)) and ((isinstance(node, YMap) and key in node) or (isinstance(node, YList) and 0 <= key < len(node))):
            line, col = node.at(key)
            node = node[key]
        else:
            break
    return Fault(shown, line, col, "")
