"""``game.yaml``: the title, gem colours, traits, their shapes and the rule numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .fields import FieldReader, show
from .located import YMap
from .model import EDITION_NUMBERS, Balance, Rules, no_such_edition
from .yamlsource import YamlReadError

if TYPE_CHECKING:
    from .pictures.icons import Icon  # read only for a deck naming icons of its own: check starts light

GAME_KEYS = ("title", "subtitle", "edition", "colors", "glyphs", "traits", "trait_icons", "rules", "balance")
BALANCE_KEYS = ("first_player", "face_win_rate")
RULE_KEYS = ("rounds", "team_size", "finishers", "placing_points", "column_points", "chit_limit")
#: The shapes a colour's gems may carry (for colour-blind players), and a trait's icons.
GLYPHS = ("circle", "square", "diamond", "triangle", "star", "hexagon", "cross", "heart")
ICONS = ("bolt", "dumbbell", "wave", "eye", "leaf", "shield", "star", "flame")
MAX_POINTS = 1000
#: The rule numbers, with the least and the most each may be (a game of a
#: hundred million rounds is a typo, not a game).
BOUNDS = (
    ("rounds", 1, 20),
    ("team_size", 1, 20),
    ("finishers", 1, 40),
    ("column_points", 0, MAX_POINTS),
    ("chit_limit", 0, 20),
)

_HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")
_COMMENTED_HEX = re.compile(r":\s*#([0-9A-Fa-f]{6})\b")  # name: #7B2D8E, which YAML reads as no value
NAME = re.compile(r"^[a-z][a-z0-9_-]*$")  # a colour or trait name


@dataclass
class GameFile:
    """What game.yaml holds; ``rules`` is None when its numbers have faults."""

    title: str = ""
    subtitle: str = ""
    edition: int = 2
    colors: dict[str, str] = field(default_factory=dict)
    traits: tuple[str, ...] = ()
    glyphs: dict[str, str] = field(default_factory=dict)
    trait_icons: dict[str, str] = field(default_factory=dict)
    icons: dict[str, Icon] = field(default_factory=dict)  # the deck's own SVG icons, by the name game.yaml gives them
    rules: Rules | None = None
    rules_map: YMap | None = None
    balance: Balance | None = None
    drawn_sound: bool = False  # what the kit draws (all but balance:) read without a fault


def read_game(r: FieldReader, doc: Any, path: str, folder: Path | None = None, inside: Path | None = None) -> GameFile | None:
    m = r.mapping(doc, "game.yaml", path)
    if m is None:
        return None
    start = len(r.faults)
    r.unknown_keys(m, GAME_KEYS, "game.yaml")
    game = GameFile(
        title=r.text(m, "title", "game.yaml", longest=80),
        subtitle=r.text(m, "subtitle", "game.yaml", required=False, longest=80),
    )
    edition = r.get(m, "edition", int, "game.yaml", required=False, default=2)
    if edition not in EDITION_NUMBERS:
        r.fault(m, "edition", no_such_edition(edition))
        edition = 2
    game.edition = edition
    game.colors = _read_colors(r, m)
    game.traits = _read_traits(r, m)
    svg = _SvgIcons(folder, inside, game.icons)
    game.glyphs = _read_shape_map(r, m, "glyphs", list(game.colors), "colour", GLYPHS, svg)
    game.trait_icons = _read_shape_map(r, m, "trait_icons", game.traits, "trait", ICONS, svg)
    game.rules_map = r.get(m, "rules", dict, "game.yaml")
    if game.rules_map is not None:
        game.rules = _read_rules(r, game.rules_map)
    game.drawn_sound = len(r.faults) == start and game.rules is not None and bool(game.colors) and bool(game.traits)
    game.balance = _read_balance(r, m)  # the simulator's alone: a fault here leaves every page to lay out
    return game


def _read_balance(r: FieldReader, m: YMap) -> Balance | None:
    """Optional ``balance:``: each window a pair of percentages, low then high."""
    bm = r.get(m, "balance", dict, "game.yaml", required=False)
    if bm is None:
        return None
    r.unknown_keys(bm, BALANCE_KEYS, "balance")
    windows: dict[str, tuple[float, float]] = {}
    for key in BALANCE_KEYS:
        pair = bm.get(key)
        if pair is None:
            continue
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= 100 for x in pair)
        if not ok or pair[0] >= pair[1]:
            r.fault(bm, key, f"'{key}' is {show(pair)}; write a window of percentages, low then high, e.g. [46, 54]")
            continue
        windows[key] = (float(pair[0]), float(pair[1]))
    return Balance(**windows)


def _read_colors(r: FieldReader, m: YMap) -> dict[str, str]:
    colors: dict[str, str] = {}
    cm = r.get(m, "colors", dict, "game.yaml")
    if cm is None:
        return colors
    if not cm:
        r.fault(m, "colors", "'colors' is empty; declare at least one gem colour")
    for name, hexv in cm.items():
        if not isinstance(name, str) or not NAME.match(name):
            r.fault_key(cm, name, f"colour name {show(name)} must be a lower-case word")
            continue
        if hexv is None:
            meant = _hex_in_comment(cm.path, cm.key_at(name)[0]) or "#C8102E"
            r.fault(cm, name, f"colour '{name}' has no value: in YAML an unquoted '#' starts a comment; quote the colour: {name}: \"{meant}\"")
            hexv = "#000000"
        elif not isinstance(hexv, str) or not _HEX.match(hexv):
            r.fault(cm, name, f"colour '{name}' has {show(hexv)}; a colour is an sRGB hex like \"#C8102E\"")
            hexv = "#000000"  # still declared, so its uses are not faults too
        colors[name] = hexv.upper()
    return colors


def _hex_in_comment(path: str, line: int) -> str | None:
    """The colour an unquoted ``name: #7B2D8E`` meant: the hex YAML read as a comment on that line."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig").splitlines()[line - 1]
    except (OSError, UnicodeError, IndexError):
        return None
    found = _COMMENTED_HEX.search(text)
    return f"#{found.group(1).upper()}" if found else None


def _read_traits(r: FieldReader, m: YMap) -> tuple[str, ...]:
    traits: list[str] = []
    tl = r.get(m, "traits", list, "game.yaml")
    if tl is None:
        return ()
    if not tl:
        r.fault(m, "traits", "'traits' is empty; declare at least one trait")
    for i, t in enumerate(tl):
        if not isinstance(t, str) or not NAME.match(t):
            r.fault(tl, i, f"trait {show(t)} must be a lower-case word")
        elif t in traits:
            r.fault(tl, i, f"trait '{t}' is declared twice")
        else:
            traits.append(t)
    return tuple(traits)


def _read_rules(r: FieldReader, rm: YMap) -> Rules | None:
    r.unknown_keys(rm, RULE_KEYS, "rules")
    vals: dict[str, int | None] = {}
    for key, low, high in BOUNDS:
        vals[key] = r.whole(rm, key, "rules", low, high)
    pts = r.get(rm, "placing_points", list, "rules")
    points: list[int] = []
    finishers, team_size = vals["finishers"], vals["team_size"]
    if pts is not None:
        for i, p in enumerate(pts):
            if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= MAX_POINTS:
                r.fault(pts, i, f"placing points must be whole numbers from 0 to {MAX_POINTS}, not {show(p)}")
                continue
            if points and p > points[-1]:
                r.fault(pts, i, f"placing points must not increase: {p} follows {points[-1]}")
            points.append(p)
        if finishers is not None and len(pts) != finishers:
            r.fault(rm, "placing_points", f"placing_points has {len(pts)} entries; it needs one per finisher ({finishers})")
    if finishers is not None and team_size is not None and finishers > 2 * team_size:
        r.fault(rm, "finishers", f"finishers is {finishers}; at most 2 × team_size = {2 * team_size} can finish")
    numbers = {k: v for k, v in vals.items() if v is not None}
    if len(numbers) < len(vals) or pts is None:
        return None
    return Rules(placing_points=tuple(points), **numbers)


class _SvgIcons:
    """A deck's own icons (``icons/sprint.svg``: a file in the deck folder,
    relative to it), each read once however many names use it."""

    def __init__(self, folder: Path | None, inside: Path | None, icons: dict[str, Icon]) -> None:
        self.folder, self.inside, self.icons = folder, inside, icons
        self.faults: dict[str, str] = {}

    def read(self, value: str) -> str:
        """Why the file ``value`` is no icon, or "" (then it is in :attr:`icons`)."""
        if value in self.icons or value in self.faults:
            return self.faults.get(value, "")
        relative = Path(value)
        if self.folder is None or relative.is_absolute() or ".." in relative.parts or "\0" in value:
            why = f"{show(value)} must be an SVG file inside the deck folder, such as icons/{relative.name}"
        else:
            from .pictures.icons import IconError, read_icon  # only for a deck naming icons of its own: check starts light

            try:
                self.icons[value] = read_icon(self.folder / relative, value, self.inside or self.folder.resolve())
                return ""
            except YamlReadError as exc:
                why = f"the icon {value} {exc.fault.message}"
            except IconError as exc:
                why = f"the icon {value} {exc}"
        self.faults[value] = why
        return why


def _read_shape_map(r: FieldReader, m: YMap, key: str, names: Sequence[str], what: str, shapes: tuple[str, ...], svg: _SvgIcons) -> dict[str, str]:
    """Optional ``glyphs``/``trait_icons``: name -> shape, or an SVG file of
    the deck's (``icons/sprint.svg``); unnamed ones get the next free shape."""
    given: YMap = r.get(m, key, dict, "game.yaml", required=False) or YMap(m.path, m.pos)
    result: dict[str, str] = {}
    if not names:
        return result  # the colours or traits have a fault of their own: no cascade here
    for name, shape in given.items():
        if name not in names:
            r.fault_key(given, name, f"'{name}' is not a {what} of game.yaml ({', '.join(names) or 'none declared'})")
        elif isinstance(shape, str) and shape.lower().endswith(".svg"):
            why = svg.read(shape)
            if why:
                r.fault(given, name, why)
            else:
                result[name] = shape
        elif shape not in shapes:
            r.fault(given, name, f"{show(shape)} is not a shape; choose one of: {', '.join(shapes)}, or an SVG file of the deck's (icons/{name}.svg)")
        else:
            result[name] = shape
    free = [s for s in shapes if s not in result.values()]
    for name in names:
        if name not in result:
            if not free:
                r.fault_on(m, f"more {what}s than {key} shapes ({len(shapes)})")
                break
            result[name] = free.pop(0)
    return {n: result[n] for n in names if n in result}
