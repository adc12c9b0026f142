"""The designer's page: every face as the printed card, each fault and
warning at its file:line (beside its face where it is a face's), the deck's
counts, and the last simulation with its chart. The open page follows the
deck (:mod:`.stream`): told that a file of the deck or the templates was
saved, it fetches the gallery again."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..deck import Deck
from ..deck.design.counts import count, table
from ..deck.design.lints import design_lints
from ..deck.translations import in_language
from ..errors import DeckError, TemplateError
from ..kit.exports.images import faces_of
from ..language import spoken
from ..render.cardsize import POKER
from ..render.faces import competitor_context, deck_context, obstacle_context, render_faces
from ..render.raster import face_images, png
from .desk import Desk

GALLERY_DPI = 100  # a face is about 250 px wide: sharp at the gallery's size


def face_version(deck: Any, kind: str, face: Any, templates_fingerprint: str) -> str:
    """A digest of everything a face's picture is made from: its own values,
    the deck-wide values its template is given, its picture, the templates,
    the language (its words, and the deck's in it). The same digest, the
    same image (so a browser keeps the faces that did not change)."""
    own = competitor_context(deck, face) if kind == "competitor" else obstacle_context(deck, face)
    art = face.art.digest.hex() if face.art else ""
    spoken_in = spoken()
    words = [spoken_in.lang, str(spoken_in.path or ""), spoken_in.path.stat().st_mtime_ns if spoken_in.path else 0]
    said = json.dumps([kind, own, deck_context(deck), art, templates_fingerprint, words], sort_keys=True, default=str)
    return hashlib.sha256(said.encode()).hexdigest()[:20]


def shown_deck(desk: Desk) -> Deck:
    """The deck as the page shows it: in the page's language when it has
    texts in it (a fault of them is the gallery's to show), else in its own words."""
    return in_language(desk.current_deck(), spoken().lang)


def gallery(desk: Desk) -> dict[str, Any]:
    """What the gallery shows now: the faults (then no faces), or each face
    with its image's address and its own faults, the warnings and the counts."""
    try:
        deck = shown_deck(desk)
    except DeckError as exc:
        return {"faults": [str(f) for f in exc.faults], "faces": [], "warnings": [], "stats": ""}
    templates = desk.card_templates()
    fp = templates.fingerprint()
    warnings = design_lints(deck)
    faces = []
    for kind, face in faces_of(deck):
        try:
            render_faces(deck, templates, POKER, 0.0, [face])  # its layout, remembered: a fault is the face's
        except TemplateError as exc:
            faces.append({"kind": kind, "id": face.id, "name": face.name, "src": "", "faults": [str(f) for f in exc.faults]})
            continue
        version = face_version(deck, kind, face, fp)
        faces.append({"kind": kind, "id": face.id, "name": face.name, "src": f"/face/{kind}/{face.id}.png?v={version}", "faults": []})
    return {
        "faults": [],
        "faces": faces,
        "warnings": [str(w) for w in warnings],
        "stats": "\n".join(table(count(deck))),
        "title": deck.full_title,
    }


def face_image(desk: Desk, kind: str, face_id: str) -> tuple[bytes, str] | None:
    """The PNG of a face as printed, and its version; None when the deck has no such face (or cannot be read)."""
    try:
        deck = shown_deck(desk)
    except DeckError:
        return None
    found = next((f for k, f in faces_of(deck) if k == kind and f.id == face_id), None)
    if found is None:
        return None
    templates = desk.card_templates()
    version = face_version(deck, kind, found, templates.fingerprint())
    data = desk.images.get(version)
    if data is None:
        with desk.render_lock:  # the PDF libraries draw one face at a time
            (image,) = face_images(deck, [found], POKER, 0.0, GALLERY_DPI, templates)
            data = png(image, GALLERY_DPI)
        desk.keep_image(version, data)
    return data, version
