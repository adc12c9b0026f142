"""Tabletop Simulator: for each kind of card, sheets of side a and of side b
(the same grid positions), and a saved object (``DeckCustom``) that names
them. A player points the sheet URLs at where they host the images and loads
the object in Tabletop Simulator (Objects > Saved Objects)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any

from ..deck import CompetitorCard, Deck, ObstacleCard
from ..render.cardsize import CardSize
from ..render.raster import face_images, pixels, png
from ..render.template import Templates

COLUMNS, ROWS = 10, 7  # the most cards a Tabletop Simulator sheet holds
WIDEST = 10_000  # pixels: the widest sheet Tabletop Simulator loads
DPI = 300  # lowered when a sheet would be wider than WIDEST
BACKGROUND = (0, 0, 0)


def sheet_dpi(card: CardSize, columns: int) -> int:
    """The highest resolution, up to :data:`DPI`, at which ``columns`` cards fit in :data:`WIDEST` pixels."""
    dpi = DPI
    while columns * pixels(card.width, dpi) > WIDEST:
        dpi -= 1
    return dpi


def _transform(y: float = 1.0) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_files(deck: Deck, card: CardSize, templates: Templates, put: Callable[[str, bytes], None]) -> None:
    """``tts/<kind>-a-<n>.png``, ``tts/<kind>-b-<n>.png`` and ``tts/<kind>.json``
    for each kind of card, each given to ``put`` as soon as it is made. A
    sheet is made a face at a time: one sheet and one face are held, never
    every face."""
    from PIL import Image

    kinds: tuple[tuple[str, Sequence[CompetitorCard | ObstacleCard], str], ...] = (
        ("competitor", deck.competitors, "competitors"),
        ("obstacle", deck.obstacles, "obstacles"),
    )
    for kind, cards, plural in kinds:
        if not cards:
            continue
        per_sheet = COLUMNS * ROWS
        columns = min(COLUMNS, len(cards))
        dpi = sheet_dpi(card, columns)
        cell = (pixels(card.width, dpi), pixels(card.height, dpi))
        custom: dict[str, Any] = {}
        contained: list[dict[str, Any]] = []
        for s in range(math.ceil(len(cards) / per_sheet)):
            chunk = cards[s * per_sheet : (s + 1) * per_sheet]
            rows = math.ceil(len(chunk) / columns)
            names = {}
            for side in ("a", "b"):
                faces = [c.a if side == "a" else c.b for c in chunk]
                sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), BACKGROUND)
                for k, image in enumerate(face_images(deck, faces, card, 0.0, dpi, templates)):
                    sheet.paste(image, ((k % columns) * cell[0], (k // columns) * cell[1]))  # then let go
                names[side] = f"{kind}-{side}-{s + 1}.png"
                put(f"tts/{names[side]}", png(sheet))
            key = str(s + 1)
            custom[key] = {
                "FaceURL": names["a"],
                "BackURL": names["b"],
                "NumWidth": columns,
                "NumHeight": rows,
                "BackIsHidden": False,
                "UniqueBack": True,
                "Type": 0,
            }
            for k, c in enumerate(chunk):
                contained.append({
                    "Name": "Card",
                    "Nickname": f"{c.a.id} {c.a.name} / {c.b.id} {c.b.name}".strip(),
                    "Description": f"{kind} card {c.number}",
                    "CardID": (s + 1) * 100 + k,
                    "CustomDeck": {key: custom[key]},
                    "Transform": _transform(),
                })  # fmt: skip
        deck_object = {
            "Name": "DeckCustom",
            "Nickname": f"{deck.full_title}: {plural}",
            "Description": "Made by hi5pnp. Point FaceURL and BackURL at where the sheets are hosted.",
            "Transform": _transform(),
            "DeckIDs": [o["CardID"] for o in contained],
            "CustomDeck": custom,
            "ContainedObjects": contained,
        }
        saved = {"SaveName": f"{deck.full_title}: {plural}", "ObjectStates": [deck_object]}
        put(f"tts/{kind}.json", (json.dumps(saved, indent=1, ensure_ascii=False) + "\n").encode())
