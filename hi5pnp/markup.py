"""The words of the rulebook and the quick reference: templates/rulebook.xml.j2
and templates/quickref.xml.j2 rendered with the deck's numbers and the rules
engine's worked example into a small XML markup, which :mod:`hi5pnp.rulebook`
sets in pages. Kept apart from the page setting so that a build can render the
text without loading reportlab's page layout.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from .deck import Deck
from .deckload import locate
from .errors import Fault, TemplateError, shown_path
from .example import WorkedExample
from .faces import CardSpec, RenderedCard, deck_context, render_faces
from .layout import Layout, _template_fault, bytecode_cache
from .sheets import sleeve_words
from .tokens import CHITS


@lru_cache(maxsize=4)
def _environment(template_dir: str) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir),
        bytecode_cache=bytecode_cache(),
        undefined=jinja2.StrictUndefined,
        autoescape=True,  # the output is XML: card names are escaped
        trim_blocks=True,
        lstrip_blocks=True,
    )


def example_context(deck: Deck, ex: WorkedExample | None) -> dict[str, Any] | None:
    if ex is None:
        return None
    rep = ex.report
    name = {f.id: f.name for f in deck.competitor_faces()}
    seat = ex.before.seats
    active = rep.turn.face
    others = sorted(
        (f for f, p in ex.before.positions.items() if p == rep.start and f != active), key=lambda f: (seat[f], int(f[:-1]))
    )
    brought_words = []
    for b in rep.turn.brought:
        whose = "its own team's" if seat[b.face] == rep.seat else f"{seat[b.face]}'s"
        brought_words.append(f"{whose} {b.face} {name[b.face]}")
    opponents = [b for b in rep.turn.brought if seat[b.face] != rep.seat]
    rewards = []
    for b in opponents:
        if b.reward == "chit":
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} takes a chit for {name[active]}.")
        elif isinstance(b.reward, int):
            rewards.append(f"For bringing {b.face}, an opponent, {rep.seat} marks a {rep.obstacle.trait} box in column {b.reward}.")
    if ex.edition == 1 and rep.chits_taken:
        rewards.append(f"For each opponent brought, {name[active]} takes a chit: {rep.chits_taken} in all.")
    return {
        "north": [f"{f} {name[f]}" for f in ex.teams["north"]],
        "south": [f"{f} {name[f]}" for f in ex.teams["south"]],
        "segment": rep.segment,
        "seat": rep.seat,
        "face": active,
        "name": name[active],
        "start": rep.start,
        "obstacle": rep.obstacle.name or rep.obstacle.id,
        "color": rep.obstacle.color,
        "trait": rep.obstacle.trait,
        "matches": rep.matches,
        "eligible": [f"{f} ({seat[f]})" for f in others],
        "brought_words": brought_words,
        "reward_words": " ".join(rewards) or "No reward is taken.",
        "notation": str(rep.turn),
        "acted": list(ex.acted),
    }


def example_faces(
    deck: Deck, ex: WorkedExample | None, template_dir: Path, spec: CardSpec | None = None, cards: list[RenderedCard] | None = None
) -> tuple[Layout, ...]:
    """The two faces the rulebook pictures: the worked example's competitor and
    the obstacle it faces (or the first of each); taken from ``cards`` when
    they are already rendered."""
    comp = deck.competitor_face(ex.report.turn.face) if ex else deck.competitors[0].a
    obst = deck.obstacle_face(ex.report.obstacle.id) if ex else deck.obstacles[0].a
    if cards is not None:
        rendered = {(card.kind, face_id): layout for card in cards for face_id, layout in zip(card.ids, card.faces)}
        return rendered["competitor", comp.id], rendered["obstacle", obst.id]
    return render_faces(deck, spec or CardSpec(), template_dir, [comp, obst])


def check_deck_for_text(deck: Deck) -> None:
    """Numbers the rulebook cannot teach are faults at their YAML line."""
    faults = []
    r = deck.rules
    if not any(r.placing_points):
        where = locate(deck, "game.yaml", "rules", "placing_points")
        faults.append(dataclasses.replace(where, message="placing_points are all 0: a race where finishing scores nothing cannot be taught; give the first place some points"))
    if faults:
        raise TemplateError(faults)


def render_xml(template_dir: Path, name: str, context: dict[str, Any]) -> ET.Element:
    """Render a markup template (rulebook, quick reference) and parse it."""
    shown = shown_path(template_dir / name)
    try:
        text = _environment(str(template_dir)).get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(Fault(shown, exc.lineno or 0, 0, f"template syntax: {exc.message}")) from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(_template_fault(exc, shown, exc.message or "undefined")) from None
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise TemplateError(Fault(shown, 0, 0, f"renders to markup that does not parse (rendered line {exc.position[0]}): {exc}")) from None


def rulebook_markup(deck: Deck, edition: int, template_dir: Path, ex: WorkedExample | None, card: CardSpec | None = None) -> ET.Element:
    check_deck_for_text(deck)
    card = card or CardSpec()
    context = {
        "deck": deck_context(deck),
        "edition": edition,
        "components": {
            "chits": CHITS,
            "tokens": 2 * len(deck.competitors),
            "sleeves": len(deck.competitors) + len(deck.obstacles) + 2,
            "sleeve_size": sleeve_words(card.width, card.height),
        },
        "example": example_context(deck, ex),
    }
    return render_xml(template_dir, "rulebook.xml.j2", context)


def quickref_markup(deck: Deck, edition: int, template_dir: Path) -> ET.Element:
    return render_xml(template_dir, "quickref.xml.j2", {"deck": deck_context(deck), "edition": edition})
