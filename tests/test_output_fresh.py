"""The kit committed in output/ is what the bundled deck builds today.

Three checks: the fingerprint of the inputs recorded in output/manifest.json
(the deck's files, the templates, the options, the versions of hi5pnp and of
the rendering libraries) must match the inputs now; the files must match their
recorded hashes; and a fresh build must give the very same bytes. The last
holds with the library versions of .ci/constraints.txt, which README's
commands install; with others it is skipped, saying which differ.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from hi5pnp.deck import load_deck
from hi5pnp.kit.build import MANIFEST, BuildOptions, fingerprint, library_versions, make_kit
from hi5pnp.render.template import Templates

OUTPUT = Path(__file__).resolve().parent.parent / "output"
STALE = "output/ is stale: run `hi5pnp build` and commit output/"


@pytest.fixture(scope="module")
def manifest():
    path = OUTPUT / MANIFEST
    assert path.exists(), STALE
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def same_versions(manifest):
    built = manifest.get("versions", {})
    differ = [f"{n} {built.get(n)} (here {v})" for n, v in library_versions().items() if built.get(n) != v]
    if differ:
        pytest.skip("output/ was built with other versions: " + ", ".join(differ) + "; install with -c .ci/constraints.txt")


def test_fingerprint_matches_the_inputs(manifest, same_versions):
    assert manifest["fingerprint"] == fingerprint(load_deck(), BuildOptions(), Templates()), STALE


def test_files_match_the_manifest(manifest):
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((OUTPUT / name).read_bytes()).hexdigest() == digest, f"{name}: {STALE}"


def test_a_fresh_build_gives_the_same_bytes(same_versions):
    kit = make_kit(load_deck(), BuildOptions())
    for name, data in kit.files.items():
        assert (OUTPUT / name).read_bytes() == data, f"{name}: {STALE}"
