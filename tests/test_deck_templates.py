"""A deck's own templates: a ``templates/`` folder inside the deck draws it
with no flag (build says so on its first line); ``--templates`` still wins;
every command that draws the deck takes them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.data import template_folder
from hi5pnp.deck import load_deck
from hi5pnp.kit.templatechoice import choose_templates
from hi5pnp.web import Desk

pytestmark = pytest.mark.slow  # CI runs it with the stress tests: README's everyday run stays under a minute


def run(*args: str):
    return CliRunner().invoke(main, [*args])


@pytest.fixture(scope="module")
def tdeck(tmp_path_factory):
    folder = tmp_path_factory.mktemp("own") / "tdeck"
    assert run("new", "--templates", str(folder)).exit_code == 0
    return folder


def _recoloured(tdeck, tmp_path):
    """A copy of the deck whose own competitor template draws the name band green."""
    import shutil

    copy = tmp_path / "green"
    shutil.copytree(tdeck, copy)
    template = copy / "templates" / "competitor.yaml.j2"
    text = template.read_text(encoding="utf-8")
    assert "#2E2A3F" in text
    template.write_text(text.replace("#2E2A3F", "#0A7F3F"), encoding="utf-8")
    return copy


def _cards(folder, out, *more):
    r = run("build", str(folder), "--out", str(out), "--paper", "a4", "--only", "cards", *more)
    assert r.exit_code == 0, r.output
    return r, json.loads((out / "manifest.json").read_text())["files"]["cards-duplex-a4.pdf"]


def test_editing_the_decks_own_templates_changes_the_kit_with_no_flag(tdeck, tmp_path):
    green = _recoloured(tdeck, tmp_path)
    said, edited = _cards(green, tmp_path / "k1")
    assert said.stdout.splitlines()[0] == f"templates: {green}/templates (the deck's own)"
    _, bundled = _cards(green, tmp_path / "k2", "--templates", str(template_folder()))
    _, unedited = _cards(tdeck, tmp_path / "k3")
    assert edited != bundled and bundled == unedited  # the copy untouched draws as the bundled ones


def test_templates_given_win_over_the_decks_own(tdeck, tmp_path):
    green = _recoloured(tdeck, tmp_path)
    r, _ = _cards(green, tmp_path / "k", "--templates", str(template_folder()))
    first = r.stdout.splitlines()[0]
    assert first.startswith("templates: ") and first.endswith("templates (given with --templates)") and "green" not in first
    plain = run("build", "--out", str(tmp_path / "b"), "--paper", "a4", "--only", "cards")
    assert plain.stdout.splitlines()[0] == "templates: the bundled ones"


def test_every_command_that_draws_the_deck_takes_its_own_templates(tdeck, tmp_path):
    import shutil

    broken = tmp_path / "broken"
    shutil.copytree(tdeck, broken)
    (broken / "templates" / "obstacle.yaml.j2").write_text("{{ nothing_of_that_name }}\n", encoding="utf-8")
    where = f"{broken}/templates/obstacle.yaml.j2:1"
    for args in (
        ["validate", str(broken)],
        ["build", "--deck", str(broken), "--out", str(tmp_path / "kit")],
        ["images", "--deck", str(broken), "--out", str(tmp_path / "img")],
        ["preview", "1a", "--kind", "obstacle", "--deck", str(broken), "--out", str(tmp_path / "p.png")],
        ["preflight", "--for", "mpc", "--deck", str(broken)],
    ):
        r = run(*args)
        assert r.exit_code == 1 and where in r.output, (args, r.output)
    assert run("validate", str(broken), "--templates", str(template_folder())).exit_code == 0


def test_the_library_and_the_desk_choose_alike(tdeck):
    own = tdeck / "templates"
    assert choose_templates(tdeck).folder == own and choose_templates(tdeck).why == "the deck's own"
    assert choose_templates(load_deck("default").path).folder is None
    desk = Desk(deck=str(tdeck))
    assert desk.card_templates().folder == own and own in desk.watched()


def test_export_carries_the_decks_own_templates(tdeck, tmp_path):
    green = _recoloured(tdeck, tmp_path)
    r = run("export", str(green), "--csv", str(tmp_path / "csv"))
    assert r.exit_code == 0, r.output
    copied = tmp_path / "csv" / "templates" / "competitor.yaml.j2"
    assert copied.read_bytes() == (green / "templates" / "competitor.yaml.j2").read_bytes()
    _, exported = _cards(tmp_path / "csv", tmp_path / "k1")
    _, original = _cards(green, tmp_path / "k2")
    assert exported == original
