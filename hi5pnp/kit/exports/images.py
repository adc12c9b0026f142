"""Card images for print-on-demand services and Tabletop Simulator
(``hi5pnp images``, ``hi5pnp preview``; docs/exports.md).

Every image comes from the checked layouts the PDF cards are drawn from
(:mod:`hi5pnp.render.raster`), so an image and a printed card never disagree.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from ...deck import CompetitorFace, Deck, ObstacleFace
from ...deck.translations import in_language
from ...errors import Fault, InputError, shown_path
from ...language import SOURCE, speaking
from ...render.cardsize import POKER, CardSize
from ...render.raster import face_images, face_size, png
from ...render.template import Templates
from ..options import ImageOptions
from ..templatechoice import choose_templates
from .services import SERVICES, Service

KINDS = ("competitor", "obstacle")


def face_name(kind: str, face: str) -> str:
    return f"{kind}-{face}.png"


def faces_of(deck: Deck) -> list[tuple[str, CompetitorFace | ObstacleFace]]:
    """Every face: competitors, then obstacles, each in card order."""
    found: list[tuple[str, CompetitorFace | ObstacleFace]] = [("competitor", f) for f in deck.competitor_faces()]
    found += [("obstacle", f) for f in deck.obstacle_faces()]
    return found


def find_face(deck: Deck, face: str, kind: str | None) -> tuple[str, CompetitorFace | ObstacleFace]:
    """The face ``face`` of the deck (of ``kind`` when given; a competitor
    first when both kinds have it); an :class:`InputError` naming the
    deck's faces when it has none."""
    wanted = [k for k in KINDS if kind in (None, k)]
    for k in wanted:
        found = deck.competitor_face(face) if k == "competitor" else deck.obstacle_face(face)
        if found is not None:
            return k, found
    listed = "; ".join(f"{k} faces {', '.join(f.id for f in (deck.competitor_faces() if k == 'competitor' else deck.obstacle_faces()))}" for k in wanted)
    raise InputError(Fault(shown_path(deck.path), 0, 0, f"the deck has no {kind + ' ' if kind else ''}face '{face}': its {listed}"))


def preview_png(
    deck: Deck, face: str, kind: str | None, dpi: int, card: CardSize = POKER, templates: Templates | None = None, lang: str = SOURCE
) -> tuple[str, bytes]:
    """One face, without bleed, as PNG bytes, its words in ``lang``; and its kind."""
    deck = in_language(deck, lang)
    k, found = find_face(deck, face, kind)
    with speaking(lang):
        (image,) = face_images(deck, [found], card, 0.0, dpi, templates or choose_templates(deck.path).templates())
    return k, png(image, dpi)


def service_pdfs(deck: Deck, service: Service, templates: Templates) -> list[tuple[str, bytes]]:
    """A service's PDFs: one per kind of card (a deck each), a face a page
    with the service's bleed, each card's side b (its back) then side a
    when the service wants backs first (DriveThruCards)."""
    from ...render.faces import render_cards
    from ...render.raster import faces_pdf

    made = []
    cards = render_cards(deck, templates, service.card, service.bleed)
    for kind in KINDS:
        pages = [face for c in cards if c.kind == kind for face in (c.faces[::-1] if service.backs_first else c.faces)]
        if pages:
            what = f"{kind} cards for {service.title}, a face a page, {'back then front' if service.backs_first else 'front then back'}, RGB"
            made.append((f"{service.name}-{kind}s.pdf", faces_pdf(pages, service.bleed, f"{deck.full_title} — {kind}s for {service.title}", what)))
    return made


def write_images(deck: Deck, put: Callable[[str, bytes], None], options: ImageOptions = ImageOptions(), templates: Templates | None = None) -> None:
    """Every file ``hi5pnp images`` writes, each given to ``put`` as soon as
    it is made (a PNG per face, the TTS sheets and saved objects when asked),
    the manifest last. A face is drawn, written and let go before the next:
    one face is held in memory, however many the deck has. The faces' words
    are in ``options.lang``."""
    with speaking(options.lang):
        _write_images(in_language(deck, options.lang), put, options, templates)


def _write_images(deck: Deck, put: Callable[[str, bytes], None], options: ImageOptions, templates: Templates | None) -> None:
    import PIL
    import pypdfium2

    from ..build import library_versions
    from ..guide import MANIFEST
    from .tts import tts_files

    templates = templates or choose_templates(deck.path).templates()
    size = face_size(options.card, options.bleed, options.dpi)  # a face too large is refused before anything is drawn
    digests: dict[str, str] = {}

    def keep(name: str, data: bytes) -> None:
        digests[name] = hashlib.sha256(data).hexdigest()
        put(name, data)

    faces = faces_of(deck)
    for (kind, f), image in zip(faces, face_images(deck, [f for _, f in faces], options.card, options.bleed, options.dpi, templates)):
        keep(face_name(kind, f.id), png(image, options.dpi))
    if options.service is not None and SERVICES[options.service].pdf:
        for name, data in service_pdfs(deck, SERVICES[options.service], templates):
            keep(name, data)
    if options.tts:
        tts_files(deck, options.card, templates, keep, options.tts_url)
    manifest = {
        "generator": "hi5pnp",
        "what": "card images (hi5pnp images)",
        "deck": deck.title,
        "deck_fingerprint": deck.fingerprint,
        "versions": {**library_versions(), "pypdfium2": str(pypdfium2.PYPDFIUM_INFO), "pdfium": str(pypdfium2.PDFIUM_INFO), "pillow": PIL.__version__},
        "options": {
            "dpi": options.dpi,
            "bleed_mm": options.bleed,
            "card": options.card.name,
            "tts": options.tts,
            "service": options.service,
            "tts_url": options.tts_url,
            **({"lang": options.lang} if options.lang != SOURCE else {}),
        },
        "colour": "RGB, sRGB (the PNGs carry an sRGB chunk and their dpi)",
        "pixels": {"width": size[0], "height": size[1]} if faces else {},
        "files": dict(sorted(digests.items())),
    }
    put(MANIFEST, (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode())
