"""Load a deck folder and check every invariant of the deck format.

All faults of all files are collected and raised together as one
:class:`~hi5pnp.errors.DeckError`, compiler-style, so a designer sees every
mistake in one run.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from .. import data
from ..errors import DeckError, DeckNotFoundError, Fault, shown_path
from . import yamlsource
from .cards import CardsRead, Names, read_cards, read_competitor_face, read_obstacle_face
from .fields import FieldReader
from .game import GameFile, read_game
from .model import SIDES, CompetitorCard, CompetitorFace, Deck, ObstacleCard, ObstacleFace, Sources
from .scoresheet import read_sheet

DECK_FILES = ("game.yaml", "competitors.yaml", "obstacles.yaml", "score_sheets.yaml")
OPTIONAL = ("score_sheets.yaml",)
#: The cards may be given as CSV instead (:mod:`.csvsource`): the file each may be, and the kind of its cards.
AS_CSV = {"competitors.yaml": ("competitors.csv", "competitor"), "obstacles.yaml": ("obstacles.csv", "obstacle")}
DATA_FILES = DECK_FILES + tuple(file for file, _ in AS_CSV.values())  # every file of a deck's data (art aside)


def deck_folder(deck: str | Path | None) -> Path:
    """A bundled deck's name (``default``; None for it) or a folder path, as a folder."""
    if deck is None:
        deck = data.DEFAULT_DECK
    if isinstance(deck, str):
        bundled = data.bundled_deck(deck)
        if bundled is not None:
            return bundled
    return Path(deck)


class _Broken:
    """A file that could not be read (its fault is already recorded)."""


_BROKEN = _Broken()


def _present(folder: Path) -> list[str]:
    """The deck files in ``folder``; DeckNotFoundError when it is no folder to read."""
    try:
        if not folder.is_dir():
            raise DeckNotFoundError(Fault(shown_path(folder), 0, 0, "deck folder not found (a deck is a folder of YAML files)"))
        return [name for name in DECK_FILES if (folder / name).exists() or (name in AS_CSV and (folder / AS_CSV[name][0]).exists())]
    except OSError as exc:
        raise DeckNotFoundError(Fault(shown_path(folder), 0, 0, f"the deck folder cannot be read: {exc.strerror or exc}")) from None


class DeckReading(NamedTuple):
    """A deck folder as far as it reads: every fault of its files, and a deck
    of the parts read without one (``sound``), which validate lays out to
    tell layout faults beside the data's. ``sound`` is None when game.yaml's
    colours, traits, shapes or rules have faults: every page draws from them."""

    folder: Path
    faults: list[Fault]
    sound: Deck | None
    cards_whole: bool  # every card of both files is in ``sound`` (the rulebook and record sheet count and draw them all)
    sheet_whole: bool  # score_sheets.yaml read without a fault (or not there)
    faces: tuple[CompetitorFace | ObstacleFace, ...] = ()  # the sound faces of cards whose other face has a fault: laid out alone


def load_deck(deck: str | Path | None = None, *, need_score_sheet: bool = True, need_fingerprint: bool = True, inside: Path | None = None) -> Deck:
    """Load and validate a deck: a bundled deck's name or a folder (None: the
    bundled default deck). Raises :class:`DeckError` listing every fault, or
    :class:`DeckNotFoundError` when there is no deck there.

    ``need_score_sheet=False`` leaves ``score_sheets.yaml`` unread: the rules
    need only the other three files. ``need_fingerprint=False`` leaves
    :attr:`Deck.fingerprint` empty: the checker judges by the rules alone,
    and hashing (its imports above all) is a twentieth of its start. ``inside`` (a resolved folder): every
    file read must really lie inside it, links included (a log's deck).
    """
    reading = read_deck(deck, need_score_sheet=need_score_sheet, inside=inside)
    if reading.faults or reading.sound is None:
        raise DeckError(reading.faults)
    if not need_fingerprint:
        return reading.sound
    from .fingerprint import deck_fingerprint  # here: hashlib and json, only for a deck that needs them

    return replace(reading.sound, fingerprint=deck_fingerprint(reading.sound))


def read_deck(deck: str | Path | None = None, *, need_score_sheet: bool = True, inside: Path | None = None) -> DeckReading:
    """A deck's faults and its sound parts (:class:`DeckReading`), as
    :func:`load_deck` reads it; DeckNotFoundError when there is no deck there."""
    folder = deck_folder(deck)
    present = _present(folder)
    if not present:
        raise DeckNotFoundError(Fault(shown_path(folder), 0, 0, f"no deck here: none of {', '.join(DECK_FILES)}"))
    r = FieldReader()
    docs: dict[str, Any] = {}
    shown: dict[str, str] = {}
    files = {name: _file_of(r, folder, name) for name in DECK_FILES}
    repeated: dict[str, list[tuple[int, str, Any]]] = {}  # a CSV file's rows that give a face again
    for name, file in files.items():
        path = folder / file
        shown[name] = shown_path(path)
        if name in OPTIONAL and (not need_score_sheet or name not in present):
            continue
        docs[name] = _read(r, path, shown[name], inside, AS_CSV[name][1] if file != name else None, repeated.setdefault(name, []))
    if docs["game.yaml"] is _BROKEN:
        return DeckReading(folder, r.faults, None, False, False)
    game = read_game(r, docs["game.yaml"], shown["game.yaml"], folder, inside)
    names = Names(list(game.colors), game.traits, folder) if game else Names(folder=folder)
    competitors: CardsRead[CompetitorCard, CompetitorFace] = CardsRead((), (), ())
    obstacles: CardsRead[ObstacleCard, ObstacleFace] = CardsRead((), (), ())
    if docs["competitors.yaml"] is not _BROKEN:
        competitors = read_cards(r, docs["competitors.yaml"], names, shown["competitors.yaml"], "competitor", read_competitor_face, CompetitorCard)
    if docs["obstacles.yaml"] is not _BROKEN:
        obstacles = read_cards(r, docs["obstacles.yaml"], names, shown["obstacles.yaml"], "obstacle", read_obstacle_face, ObstacleCard)
    for name, read_face in (("competitors.yaml", read_competitor_face), ("obstacles.yaml", read_obstacle_face)):
        for number, side, face in repeated.get(name, []):  # a face given twice still has its faults told
            read_face(r, face, number, side, names)
    sheet = None
    sheet_whole = docs.get("score_sheets.yaml") is not _BROKEN
    if docs.get("score_sheets.yaml") not in (None, _BROKEN):
        told = len(r.faults)
        sheet = read_sheet(r, docs["score_sheets.yaml"], shown["score_sheets.yaml"])
        sheet_whole = len(r.faults) == told
    told = len(r.faults)
    _check_counts(r, game, docs, files)
    if game is None or game.rules is None or not game.drawn_sound:
        return DeckReading(folder, r.faults, None, False, sheet_whole)
    cards_whole = (
        len(r.faults) == told  # the counts' faults: too few competitors, no obstacle
        and len(obstacles.sound) > 0
        and len(competitors.sound) >= 2 * game.rules.team_size
        and all(_every_card(docs[name], read, repeated.get(name)) for name, read in (("competitors.yaml", competitors), ("obstacles.yaml", obstacles)))
    )
    whole = not r.faults
    deck_read = Deck(
        path=folder,
        title=game.title,
        subtitle=game.subtitle,
        edition=game.edition,
        colors=game.colors,
        traits=game.traits,
        rules=game.rules,
        competitors=competitors.cards if whole else competitors.sound,
        obstacles=obstacles.cards if whole else obstacles.sound,
        glyphs=game.glyphs,
        trait_icons=game.trait_icons,
        icons=game.icons,
        score_sheet=sheet if sheet_whole else None,
        balance=game.balance,
        sources=Sources(shown, {k: v for k, v in docs.items() if v is not _BROKEN}, files),
    )
    return DeckReading(folder, r.faults, deck_read, cards_whole, sheet_whole, competitors.faces + obstacles.faces)


def _every_card(doc: Any, read: CardsRead[Any, Any], repeated: list[Any] | None) -> bool:
    """Whether every card a file gives is among those ``read`` sound (none left out, none given twice)."""
    return isinstance(doc, yamlsource.YList) and len(doc) == len(read.sound) and not repeated


def _file_of(r: FieldReader, folder: Path, name: str) -> str:
    """The file that gives ``name``'s data: the YAML file, or its CSV
    alternative when only that is there (both: a fault; the YAML is read)."""
    if name not in AS_CSV:
        return name
    csv_name = AS_CSV[name][0]
    if not os.path.lexists(folder / csv_name):
        return name
    if os.path.lexists(folder / name):
        r.faults.append(Fault(shown_path(folder / csv_name), 0, 0, f"both {name} and {csv_name} are in the deck; keep one of them"))
        return name
    return csv_name


def _read(r: FieldReader, path: Path, shown: str, inside: Path | None, csv_kind: str | None, repeated: list[Any]) -> Any:
    """A deck file as located values (a CSV file's cards as its YAML would
    give them, its rows that give a face again added to ``repeated``);
    ``_BROKEN`` when it cannot be read (its fault recorded)."""
    try:
        text = yamlsource.read_text(path, shown, inside)
        if csv_kind is None:
            return yamlsource.parse(text, shown)
        from .spreadsheet import source as csvsource  # only a deck with CSV cards pays for the csv module (check starts light)

        read = csvsource.parse(text, shown, csv_kind)
        r.faults += read.faults
        repeated += read.repeated
        return read.doc
    except yamlsource.YamlReadError as exc:
        fault = exc.fault
        if csv_kind is not None and fault.message.startswith("not UTF-8"):  # a spreadsheet's "CSV" in a Windows code page
            fault = Fault(fault.path, fault.line, 0, 'not UTF-8 text: save the spreadsheet as "CSV UTF-8" (in Excel, "CSV UTF-8 (Comma delimited)")')
        r.faults.append(fault)
        return _BROKEN
    except DeckError as exc:  # csvsource.CsvReadError: the file's CSV or its header
        r.faults += exc.faults
        return _BROKEN


def deck_files(deck: Deck) -> list[str]:
    """The files of ``deck``'s folder that a deck reads, as paths from the
    folder: its YAML (or CSV) files that are there, and the art files its faces name."""
    names = [deck.sources.files.get(name, name) for name in DECK_FILES]
    names = [name for name in names if os.path.lexists(deck.path / name)]
    from .translations import FOLDER, translation_files  # its texts in other languages go with a deck

    names += [f"{FOLDER}/{path.name}" for path in translation_files(deck.path) if path.is_file()]
    for kind in ("competitors.yaml", "obstacles.yaml"):
        cards = deck.sources.docs.get(kind)
        for card in cards if isinstance(cards, yamlsource.YList) else ():
            for side in SIDES:
                face = card.get(side) if isinstance(card, yamlsource.YMap) else None
                art = face.get("art") if isinstance(face, yamlsource.YMap) else None
                if isinstance(art, str) and art.strip() and Path(art.strip()).as_posix() not in names:
                    names.append(Path(art.strip()).as_posix())
    return names


def deck_paths(deck: Deck) -> list[Path]:
    """The files a deck reads (:func:`deck_files`), as paths: an output never replaces one."""
    return [deck.path / name for name in deck_files(deck)]


def _check_counts(r: FieldReader, game: GameFile | None, docs: dict[str, Any], files: dict[str, str]) -> None:
    """Enough competitor cards for two teams; at least one obstacle card."""
    given = docs["competitors.yaml"]
    if game is not None and game.rules is not None and game.rules_map is not None and isinstance(given, yamlsource.YList):
        need = 2 * game.rules.team_size
        if len(given) < need:
            r.fault(
                game.rules_map,
                "team_size",
                f"team_size {game.rules.team_size} needs at least {need} competitor cards (2 × team_size); {files['competitors.yaml']} has {len(given)}",
            )
    obstacles = docs["obstacles.yaml"]
    if isinstance(obstacles, yamlsource.YList) and not obstacles and not r.faults:
        r.fault_on(obstacles, "no obstacle cards; the course needs at least one")
