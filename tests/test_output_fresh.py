"""The kit committed in output/ is what the bundled deck builds today.

Each language's kit is checked (English in output/, German in output/de/).
Three checks: the fingerprint of the inputs recorded in output/manifest.json
(the deck's files, the templates, the options, the versions of hi5pnp and of
the rendering libraries) must match the inputs now; the files must match their
recorded hashes; and a fresh build must give the very same bytes. The last
holds with the library versions of .ci/constraints.txt, which README's
commands install; with others it is skipped, saying which differ.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from deckfix import bundled_kit

from hi5pnp.deck import load_deck
from hi5pnp.kit.build import MANIFEST, BuildOptions, fingerprint, library_versions
from hi5pnp.kit.output import kit_folder
from hi5pnp.language import known
from hi5pnp.render.template import Templates

OUTPUT = Path(__file__).resolve().parent.parent / "output"


def stale(names: list[str], pages: dict[str, str] | None = None) -> str:
    """What to do when output/ is not what the inputs build: look before rebuilding.

    A difference may be a bug (a glyph lost, a card moved), so the message never
    says just "rebuild and commit": it names the files that differ and asks for
    a visual diff of their pages first."""
    pages = pages or {}
    listed = (
        ", ".join(f"{n} ({pages[n]})" if n in pages else n for n in names)
        or "the fingerprint of the inputs (the deck, the templates, the options or the library versions changed)"
    )
    pdf = next((n for n in names if n.endswith(".pdf")), "cards-duplex-a4.pdf")
    stem = pdf.removesuffix(".pdf")
    return (
        f"output/ is not what the inputs build now; differing: {listed}. Before rebuilding, look at what changed: "
        f"build into a scratch folder (`hi5pnp build --out /tmp/new-kit`), render the changed pages of the old "
        f"and the new file (`pdftoppm -png -r 100 output/{pdf} /tmp/old-{stem}` and "
        f"`pdftoppm -png -r 100 /tmp/new-kit/{pdf} /tmp/new-{stem}`) and compare them page by page "
        f"(side by side, or `compare old.png new.png diff.png`). Only when every difference is one you meant, "
        f"run `hi5pnp build --lang all` and commit output/ with a sentence saying what changed on the page."
    )


def pages_that_differ(old: bytes, new: bytes) -> str:
    """Which pages of two PDFs draw differently ("pages 2, 4"), as far as their
    content streams tell; fonts or metadata alone when no page's drawing does."""
    import pypdf

    try:
        a, b = pypdf.PdfReader(io.BytesIO(old)), pypdf.PdfReader(io.BytesIO(new))
        if len(a.pages) != len(b.pages):
            return f"{len(a.pages)} pages, now {len(b.pages)}"
        differ = [str(k) for k, (x, y) in enumerate(zip(a.pages, b.pages), 1) if _drawing(x) != _drawing(y)]
    except Exception as exc:  # a file that does not even read back: say so, still name it
        return f"does not read as a PDF: {exc}"
    return f"page{'s' * (len(differ) > 1)} {', '.join(differ)}" if differ else "fonts or metadata only, no page's drawing"


def _drawing(page) -> list[bytes]:
    """A page's drawing: its content stream and those of the forms it places (the cards), in order of name."""
    contents = page.get_contents()
    out = [contents.get_data() if contents is not None else b""]

    def forms(resources, depth=0):
        xobjects = (resources or {}).get("/XObject") or {}
        for name in sorted(xobjects):
            xo = xobjects[name].get_object()
            out.append(xo.get_data())
            if depth < 4 and "/Resources" in xo:
                forms(xo["/Resources"].get_object(), depth + 1)

    forms(page.get("/Resources", {}).get_object() if "/Resources" in page else {})
    return out


@pytest.fixture(scope="module", params=known())
def lang(request):
    return request.param


@pytest.fixture(scope="module")
def manifest(lang):
    path = kit_folder(OUTPUT, lang) / MANIFEST
    assert path.exists(), stale([str(path.relative_to(OUTPUT))])
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def same_versions(manifest):
    built = manifest.get("versions", {})
    differ = [f"{n} {built.get(n)} (here {v})" for n, v in library_versions().items() if built.get(n) != v]
    if differ:
        pytest.skip("output/ was built with other versions: " + ", ".join(differ) + "; install with -c .ci/constraints.txt")


def test_fingerprint_matches_the_inputs(lang, manifest, same_versions):
    assert manifest["fingerprint"] == fingerprint(load_deck(), BuildOptions(lang=lang), Templates()), stale([])


def test_files_match_the_manifest(lang, manifest):
    folder = kit_folder(OUTPUT, lang)
    differ = [name for name, digest in manifest["files"].items() if hashlib.sha256((folder / name).read_bytes()).hexdigest() != digest]
    assert not differ, stale(differ)


def test_a_fresh_build_gives_the_same_bytes(lang, same_versions):
    kit = bundled_kit(lang)
    folder = kit_folder(OUTPUT, lang)
    differ, pages = [], {}
    for name, data in kit.files.items():
        path = folder / name
        shown = str(path.relative_to(OUTPUT))
        old = path.read_bytes() if path.exists() else None
        if old != data:
            differ.append(shown)
            if old is None:
                pages[shown] = "missing from output/"
            elif name.endswith(".pdf"):
                pages[shown] = pages_that_differ(old, data)
    assert not differ, stale(differ, pages)


def test_the_stale_message_asks_for_a_visual_diff_first():
    """A byte difference may be a bug: the message names the files and asks
    for the pages to be rendered and compared before any rebuild."""
    message = stale(["cards-duplex-a4.pdf", "manifest.json"], {"cards-duplex-a4.pdf": "pages 1, 3"})
    assert "cards-duplex-a4.pdf (pages 1, 3), manifest.json" in message
    assert "pdftoppm -png -r 100 output/cards-duplex-a4.pdf" in message and "compare" in message
    assert message.index("pdftoppm") < message.index("run `hi5pnp build --lang all` and commit")
