"""Tabletop Simulator: for each kind of card, sheets of side a and of side b
(the same grid positions), the last cell of every sheet a hidden-card
picture, and a saved object (``DeckCustom``) that names them, with a
thumbnail beside it. With a base URL (``--tts-url``) the object names each
sheet by its full address; without one, by its file name, for the player to
point at where they host the sheets. Loaded in Tabletop Simulator from
Objects > Saved Objects."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ...deck import CompetitorCard, Deck, ObstacleCard
from ...language import _
from ...render.cardsize import CardSize
from ...render.raster import face_images, pixels, png
from ...render.template import Templates

if TYPE_CHECKING:
    from PIL.Image import Image

COLUMNS, ROWS = 10, 7  # the most cards a Tabletop Simulator sheet holds
WIDEST = 10_000  # pixels: the widest sheet Tabletop Simulator loads
DPI = 300  # lowered when a sheet would be wider than WIDEST
BACKGROUND = (0, 0, 0)
PER_SHEET = COLUMNS * ROWS - 1  # the last cell of a sheet is the hidden-card picture
THUMBNAIL = 256  # px: the square picture Tabletop Simulator shows for a saved object
HIDDEN_GROUND, HIDDEN_INK = (0x2E, 0x2A, 0x3F), (0xF6, 0xF0, 0xE2)  # the name band's colours


def hidden_card(size: tuple[int, int], title: str, dpi: int) -> Image:
    """What other players see of a card in a hand (the sheet's last cell):
    the game's title on the name band's colour, nothing of the card."""
    from PIL import Image, ImageDraw, ImageFont

    from ...render.fonts import FONT_DIR, FONTS  # Vera, the kit's own font

    image = Image.new("RGB", size, HIDDEN_GROUND)
    draw = ImageDraw.Draw(image)
    inset = pixels(4.0, dpi)
    draw.rounded_rectangle((inset, inset, size[0] - inset, size[1] - inset), radius=pixels(2.2, dpi), outline=HIDDEN_INK, width=max(1, pixels(0.5, dpi)))
    words = title.split()
    lines = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2 :])]
    font = ImageFont.truetype(str(FONT_DIR / FONTS["bold"][1]), max(8, pixels(3.6, dpi)))
    step = pixels(5.5, dpi)
    for k, line in enumerate(lines):
        draw.text((size[0] / 2, size[1] / 2 + (k - (len(lines) - 1) / 2) * step), line, fill=HIDDEN_INK, font=font, anchor="mm")
    return image


def address(base: str, name: str) -> str:
    """A sheet's URL: ``base`` and the file name (its folder ``tts/`` is where
    the player uploads the sheets: only the name follows the base). A space
    or another character a URL cannot hold is percent-encoded; what is
    already encoded stays as it is."""
    url = f"{base.rstrip('/')}/{name}" if base else name
    return quote(url, safe=":/?#[]@!$&'()*+,;=%~")


def sheet_dpi(card: CardSize, columns: int) -> int:
    """The highest resolution, up to :data:`DPI`, at which ``columns`` cards fit in :data:`WIDEST` pixels."""
    dpi = DPI
    while columns * pixels(card.width, dpi) > WIDEST:
        dpi -= 1
    return dpi


def sheet_grid(cells: int) -> tuple[int, int]:
    """Columns and rows for ``cells`` cells (the cards and the hidden card):
    the fewest cells that hold them, at most :data:`COLUMNS` × :data:`ROWS`,
    the wider grid on a tie (eleven cards: 6 × 2, not 10 × 2)."""
    return min(((c, -(-cells // c)) for c in range(1, COLUMNS + 1) if -(-cells // c) <= ROWS), key=lambda g: (g[0] * g[1], -g[0]))


def _transform(y: float = 1.0) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_files(deck: Deck, card: CardSize, templates: Templates, put: Callable[[str, bytes], None], base_url: str = "") -> None:
    """``tts/<kind>-a-<n>.png``, ``tts/<kind>-b-<n>.png``, ``tts/<kind>.json``
    and its thumbnail ``tts/<kind>.png`` for each kind of card, each given to
    ``put`` as soon as it is made. A sheet is made a face at a time: one
    sheet and one face are held, never every face."""
    from PIL import Image

    kinds: tuple[tuple[str, Sequence[CompetitorCard | ObstacleCard], str, str], ...] = (
        ("competitor", deck.competitors, _("competitors"), _("competitor card %(n)d")),
        ("obstacle", deck.obstacles, _("obstacles"), _("obstacle card %(n)d")),
    )
    for kind, cards, plural, described in kinds:
        if not cards:
            continue
        chunks = [cards[s : s + PER_SHEET] for s in range(0, len(cards), PER_SHEET)]
        dpi = sheet_dpi(card, max(sheet_grid(len(chunk) + 1)[0] for chunk in chunks))
        cell = (pixels(card.width, dpi), pixels(card.height, dpi))
        hidden = hidden_card(cell, deck.full_title, dpi)
        custom: dict[str, Any] = {}
        contained: list[dict[str, Any]] = []
        thumbnail = None
        for s, chunk in enumerate(chunks):
            columns, rows = sheet_grid(len(chunk) + 1)  # room for the hidden card in the last cell
            names = {}
            for side in ("a", "b"):
                faces = [c.a if side == "a" else c.b for c in chunk]
                sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), BACKGROUND)
                for k, image in enumerate(face_images(deck, faces, card, 0.0, dpi, templates)):
                    sheet.paste(image, ((k % columns) * cell[0], (k // columns) * cell[1]))  # then let go
                    if thumbnail is None:
                        thumbnail = _thumbnail(image)
                sheet.paste(hidden, ((columns - 1) * cell[0], (rows - 1) * cell[1]))
                names[side] = f"{kind}-{side}-{s + 1}.png"
                put(f"tts/{names[side]}", png(sheet, dpi))
            key = str(s + 1)
            custom[key] = {
                "FaceURL": address(base_url, names["a"]),
                "BackURL": address(base_url, names["b"]),
                "NumWidth": columns,
                "NumHeight": rows,
                # a card held in a hand shows others the face sheet's last cell (the hidden card), not its other side
                "BackIsHidden": False,
                "UniqueBack": True,
                "Type": 0,
            }
            for k, c in enumerate(chunk):
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": f"{c.a.id} {c.a.name} / {c.b.id} {c.b.name}".strip(),
                        "Description": described % {"n": c.number},
                        "CardID": (s + 1) * 100 + k,
                        "CustomDeck": {key: custom[key]},
                        "Transform": _transform(),
                    }
                )
        deck_object = {
            "Name": "DeckCustom",
            "Nickname": f"{deck.full_title}: {plural}",
            "Description": _("Made by hi5pnp.") + ("" if base_url else " " + _("Point FaceURL and BackURL at where the sheets are hosted.")),
            "Transform": _transform(),
            "DeckIDs": [o["CardID"] for o in contained],
            "CustomDeck": custom,
            "ContainedObjects": contained,
        }
        saved = {"SaveName": f"{deck.full_title}: {plural}", "ObjectStates": [deck_object]}
        put(f"tts/{kind}.json", (json.dumps(saved, indent=1, ensure_ascii=False) + "\n").encode())
        if thumbnail is not None:
            put(f"tts/{kind}.png", png(thumbnail, 72))  # beside the saved object, the picture Tabletop Simulator lists it with


def _thumbnail(face: Image) -> Image:
    """A face fitted into a :data:`THUMBNAIL` px square on a dark ground."""
    from PIL import Image

    square = Image.new("RGB", (THUMBNAIL, THUMBNAIL), HIDDEN_GROUND)
    small = face.copy()
    small.thumbnail((THUMBNAIL - 16, THUMBNAIL - 16), Image.Resampling.LANCZOS)
    square.paste(small, ((THUMBNAIL - small.width) // 2, (THUMBNAIL - small.height) // 2))
    return square
