"""``hi5pnp deal``: a random set-up (:func:`hi5pnp.rules.deal`) as a log for
the players to fill in during play."""

from __future__ import annotations

from pathlib import Path

from .. import data
from ..rules import EDITIONS, SEATS, Setup, notation_examples
from .header import Header
from .log import FORMAT
from .logwrite import flow, quote


def deck_line(deck: str) -> str:
    """How a log names ``deck``: a bundled deck by its name; a folder by its
    own name, for the log must sit beside it (a log may not point elsewhere)."""
    if data.bundled_deck(deck) is not None:
        return deck
    return f"{quote(Path(deck).resolve().name)}   # keep this deck folder beside the log, or check with --deck"


def skeleton(setup: Setup, deck_name: str, edition: int, seed: int | None = None) -> str:
    """The deal as a log to fill in: choose a side for each card, then write the turns."""
    head = f"# Dealt by hi5pnp deal{f' --seed {seed}' if seed is not None else ''}."
    lines = [
        head,
        "# Fill in: a side for each card marked '?' (\"3?\" becomes 3a or 3b), then each",
        "# round's turns, one a line, as they are played. Check it with: hi5pnp check <this file>",
        f"log: {FORMAT}",
        f"deck: {deck_line(deck_name)}",
        f"edition: {edition}",
        'event: ""',
        'players: {north: "", south: ""}',
        "teams:                 # the cards dealt; write the side each player chose",
    ]
    for seat in SEATS:
        lines.append(f"  {seat}: {flow(quote(f'{n}?') for n in setup.cards[seat])}")  # quoted: valid YAML
    lines.append(f"first: {setup.first}")
    lines.append("rounds:")
    examples = [f"      # - {code:<22}{meaning}" for code, meaning in notation_examples(EDITIONS[edition])]
    for k, course in enumerate(setup.courses):
        lines += [
            f"  - course: {flow(course)}   # round {k + 1}, west to east",
            "    turns:",
            *examples,
            "    # finish: []            the placed finishers, in order (optional)",
            "    # points: {north: 0, south: 0}",
        ]
    lines += [
        "# result:",
        "#   columns: {north: 0, south: 0}",
        "#   score: {north: 0, south: 0}",
        "#   winner: north",
    ]
    return "\n".join(lines) + "\n"


def dealt_setup(path: Path) -> tuple[Setup, Header, str | Path, Path | None]:
    """A skeleton read back (``play --from``): the set-up it deals (the cards
    of each team, who moves first, each round's course), its header, and its
    deck (a bundled name, or a folder beside it, every file of which must lie
    inside the skeleton's folder). :class:`LogError` at the line of what is
    not a skeleton's."""
    from ..deck import yamlsource
    from ..deck.located import YList, YMap
    from ..errors import Fault, LogError
    from ..rules import Seat
    from .batch import read_one
    from .header import UnreadLog
    from .log import deck_location

    shown = str(path)
    try:
        read_one(shown)
    except UnreadLog as exc:
        header = exc.header
    except LogError as exc:
        raise LogError(exc.faults) from None
    else:
        raise LogError(Fault(shown, 1, 0, "its sides are chosen already: play --from takes a skeleton whose cards are still '3?'"))
    if header is None:
        raise LogError(Fault(shown, 1, 0, "not a skeleton: its header (log, deck, players) cannot be read"))
    doc = yamlsource.load(path, shown, path.parent.resolve())
    faults = []
    cards: dict[Seat, tuple[int, ...]] = {}
    teams = doc.get("teams") if isinstance(doc, YMap) else None
    for seat in SEATS:
        items = teams.get(str(seat)) if isinstance(teams, YMap) else None
        numbers = [str(c)[:-1] for c in items] if isinstance(items, YList) else []
        if not numbers or not all(n.isascii() and n.isdigit() for n in numbers):
            faults.append(
                Fault(shown, teams.at(str(seat))[0] if isinstance(teams, YMap) and str(seat) in teams else 1, 0, f"teams.{seat}: the cards dealt, as '3?'")
            )
            continue
        cards[seat] = tuple(int(n) for n in numbers)
    rounds = doc.get("rounds") if isinstance(doc, YMap) else None
    courses = []
    for k, r in enumerate(rounds if isinstance(rounds, YList) else []):
        course = r.get("course") if isinstance(r, YMap) else None
        if not isinstance(course, YList) or not all(isinstance(f, str) for f in course):
            faults.append(Fault(shown, rounds.at(k)[0] if isinstance(rounds, YList) else 1, 0, f"round {k + 1}: its course, a list of obstacle faces"))
            continue
        courses.append(tuple(str(f) for f in course))
    if not courses:
        faults.append(Fault(shown, 1, 0, "no round's course: a skeleton deals one a round"))
    if header.first is None:
        faults.append(Fault(shown, 1, 0, "first: who moves first, north or south"))
    if faults:
        raise LogError(faults)
    assert header.first is not None
    where = deck_location(header, path.parent, 1)
    inside = path.parent.resolve() if isinstance(where, Path) else None
    return Setup(cards, header.first, tuple(courses)), header, where, inside
