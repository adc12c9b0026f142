"""The kit committed in output/ is what the bundled deck builds today.

Two checks: the fingerprint of the inputs recorded in output/manifest.json
(deck, templates, code, options, PDF library versions) must match the inputs
now; and, since those libraries are pinned, a fresh build must give the very
same bytes."""

from __future__ import annotations

import hashlib
import json

import pytest

from hi5pnp import PROJECT_ROOT, TEMPLATE_DIR
from hi5pnp.build import MANIFEST, BuildOptions, fingerprint, make_kit
from hi5pnp.deckload import load_deck

OUTPUT = PROJECT_ROOT / "output"
STALE = "output/ is stale: run `hi5pnp build` and commit output/"


@pytest.fixture(scope="module")
def manifest():
    path = OUTPUT / MANIFEST
    assert path.exists(), STALE
    return json.loads(path.read_text())


def test_fingerprint_matches_the_inputs(manifest):
    assert manifest["fingerprint"] == fingerprint(load_deck(), BuildOptions(), TEMPLATE_DIR), STALE


def test_files_match_the_manifest(manifest):
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((OUTPUT / name).read_bytes()).hexdigest() == digest, f"{name}: {STALE}"


def test_a_fresh_build_gives_the_same_bytes():
    kit = make_kit(load_deck(), BuildOptions())
    for name, data in kit.files.items():
        assert (OUTPUT / name).read_bytes() == data, f"{name}: {STALE}"
