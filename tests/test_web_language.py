"""The desk in a language: ``serve --lang`` for every browser, else each
browser's ``Accept-Language``; the cards, the verdicts and the printable
verdict in it, the verdict's JSON the same in every language."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import desk_folders
from starlette.testclient import TestClient

from hi5pnp.web import Desk, make_app
from hi5pnp.web.spoken import chosen

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
GERMAN = {"accept-language": "de-CH, de;q=0.9, en;q=0.5"}


@pytest.fixture
def folders(tmp_path) -> Path:
    return desk_folders(tmp_path, ("chit_limit.yaml", "dispute_score.yaml"))


def client(folders: Path, lang: str | None = None) -> TestClient:
    desk = Desk(deck=str(folders / "deck"), logs=folders / "logs", out=folders / "desk", lang=lang)
    return TestClient(make_app(desk), base_url="http://127.0.0.1")


def verdict_json(page: str) -> dict:
    return json.loads(html.unescape(re.search(r'<pre id="verdict-json">(.*?)</pre>', page, re.S).group(1)))


def test_the_language_is_the_one_serve_names_else_the_browsers():
    assert chosen(None, "de-CH, de;q=0.9, en;q=0.5") == "de"
    assert chosen(None, "fr, en;q=0.5") == "en" and chosen(None, None) == "en"
    assert chosen("de", "en") == "de" and chosen("en", "de") == "en"  # --lang wins


def test_the_gallery_follows_the_browser_and_says_so(folders):
    desk = client(folders)
    german, english = desk.get("/gallery", headers=GERMAN), desk.get("/gallery")
    assert "Lyra Leichtfuß" in german.text and "Lyra Lightfoot" not in german.text
    assert "Lyra Lightfoot" in english.text
    assert german.headers["content-language"] == "de" and english.headers["content-language"] == "en"
    assert german.headers["vary"] == "Accept-Language"
    image = re.search(r"/face/competitor/3a\.png\?v=\w+", german.text).group(0)
    assert image not in english.text  # another picture: another address, so a browser keeps each
    assert desk.get(image, headers=GERMAN).content[:8] == b"\x89PNG\r\n\x1a\n"


def test_serve_lang_answers_every_browser_in_it(folders):
    desk = client(folders, "de")
    page = desk.get("/gallery", headers={"accept-language": "en"})
    assert "Lyra Leichtfuß" in page.text and page.headers["content-language"] == "de" and "vary" not in page.headers


@pytest.mark.slow
def test_a_deck_without_the_pages_language_shows_its_own_words_and_a_fault_of_its_translation_is_shown(folders):
    shutil.rmtree(folders / "deck" / "translations")
    assert "Lyra Lightfoot" in client(folders).get("/gallery", headers=GERMAN).text
    assert "Lyra Lightfoot" in client(folders, "de").get("/gallery").text
    (folders / "deck" / "translations").mkdir()
    shutil.copy(ROOT / "cards" / "translations" / "de.yaml", folders / "deck" / "translations" / "de.yaml")
    path = folders / "deck" / "translations" / "de.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('  3a: "Lyra Leichtfuß"\n', ""), encoding="utf-8")
    shown = html.unescape(client(folders).get("/gallery", headers=GERMAN).text)
    assert "'Lyra Lightfoot' has no German (de) text" in shown


def test_the_verdict_is_told_in_the_pages_language_and_its_json_is_the_same_in_every_language(folders):
    desk = client(folders)
    german, english = desk.get("/judge/log/chit_limit.yaml", headers=GERMAN), desk.get("/judge/log/chit_limit.yaml")
    assert "1a hat schon 1 Chip, die Höchstzahl; kein Chip für 3a (R-6)" in html.unescape(german.text)
    assert "1a already holds 1 chit, the limit; no chit for 3a (R-6)" in html.unescape(english.text)
    assert verdict_json(german.text) == verdict_json(english.text)
    again = desk.get("/judge/log/chit_limit.yaml")  # the verdicts kept are kept per language
    assert "already holds" in html.unescape(again.text) and "Höchstzahl" not in html.unescape(again.text)
    pdf = desk.get("/judge/log/chit_limit.yaml/verdict.pdf", headers=GERMAN)
    assert pdf.status_code == 200 and b"/Lang (de)" in pdf.content
