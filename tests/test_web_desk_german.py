"""The desk's own words in the page's language: every page of the desk,
rendered in German (by the browser's Accept-Language, and by ``serve --lang
de``), shows no message of the desk's English catalogue, in its text or in
the attributes a person meets (alt texts, labels, placeholders, the words
the script shows); the page says its language (``<html lang>``)."""

from __future__ import annotations

import asyncio
import functools
import html
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from hi5pnp.language.translating import template_catalogue
from hi5pnp.web import Desk, make_app

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
GERMAN = {"accept-language": "de-DE, de;q=0.9, en;q=0.5"}
EVENT = 'event: "Club night 12"\ndeck: default\nplayers: [Ann Smith, Bo Li, Cai Wen, Di Ng, Ed Ko]\nrounds: 3\ntiebreaks: [buchholz, direct, omw]\n'
#: the attributes whose words a person meets: read aloud, shown on hover or in an empty field, or put on the page by the script
SEEN_ATTRIBUTES = ("alt", "aria-label", "placeholder", "title", "data-said", "data-missing", "data-drawn-one", "data-drawn-many", "data-label")
#: what the desk shows as it is in every language: a file's text, a command's output, code (the verdict's JSON, the simulation's report)
#: and what is marked as English (``lang="en"``: the simulation's verdict, as ``simulate`` words it)
AS_IT_IS = re.compile(r'<(pre|code)\b[^>]*>.*?</\1>|<(\w+)\b[^>]*\slang="en"[^>]*>.*?</\2>', re.S)
BITS = re.compile(r"%\(\w+\)[sdr]|%%|<[^>]*>|&lt;|&gt;")
EDGES = " ,.;:()·—–…'\"+-=\n"


@functools.cache
def desk_messages() -> list[tuple[str, tuple[str, ...]]]:
    """Each English message of the desk's own code and pages (hi5pnp/web), with its German as the package's catalogue gives it."""
    with (ROOT / "hi5pnp" / "locale" / "de" / "LC_MESSAGES" / "hi5pnp.po").open("rb") as po:
        german = read_po(po)
    found = []
    for m in template_catalogue():
        if not m.id or not any(where.startswith("hi5pnp/web/") for where, _ in m.locations):
            continue
        there = german.get(m.id, m.context)
        said = () if there is None or there.fuzzy else tuple(s for s in ([there.string] if isinstance(there.string, str) else there.string) if s)
        found += [(e, said) for e in ([m.id] if isinstance(m.id, str) else m.id)]
    return found


def fragments(message: str, german: tuple[str, ...]) -> list[str]:
    """The words of ``message`` between its placeholders and tags that its German does not share: each
    run of two words or more, or the message's one word ("The" between two placeholders is no English
    sentence; "Print" alone is the desk's word)."""
    parts = [p.strip(EDGES) for p in BITS.split(message)]
    whole = len([p for p in parts if p]) == 1
    return [p for p in parts if re.search(r"[A-Za-z]{2}", p) and (whole or " " in p) and not any(p in g for g in german)]


def seen_text(page: str) -> str:
    """The words a person meets on ``page``: its text, but not its code or preformatted parts, and the attributes read or shown."""
    said = [html.unescape(v) for name in SEEN_ATTRIBUTES for v in re.findall(rf'\s{name}="([^"]*)"', page)]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", AS_IT_IS.sub(" ", page), flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return re.sub(r"\s+", " ", " ".join([text, *said]))


def english_left(page: str) -> list[str]:
    text = seen_text(page)
    left = []
    for message, german in desk_messages():
        for words in fragments(message, german):
            if re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", text):
                left.append(words)
    return sorted(set(left))


@pytest.fixture
def folders(tmp_path) -> Path:
    shutil.copytree(ROOT / "cards", tmp_path / "deck")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "event.yaml").write_text(EVENT, encoding="utf-8")
    shutil.copy(GOLDEN / "chit_limit.yaml", tmp_path / "logs.yaml")
    return tmp_path


def token(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def every_page(desk: Desk, client: TestClient, headers: dict[str, str], folders: Path) -> dict[str, str]:
    """Every page of the desk, in each of its states worth a look, by what it shows."""
    get = lambda where: client.get(where, headers=headers)  # noqa: E731
    post = lambda where, **form: client.post(where, data={"token": desk.token, **form}, headers=headers, follow_redirects=True)  # noqa: E731
    pages = {"designer": get("/").text, "print": get("/print").text, "play": get("/play").text}
    pages["not understood"] = get("/judge/log/x.yaml?until=many").text
    pages["no such log"] = get("/judge/log/nothing.yaml").text
    post("/simulate", games="12", bot="random")
    for _ in range(400):
        if desk.job.view().state != "running":
            break
        asyncio.run(asyncio.sleep(0.05))
    assert desk.job.view().state == "done", desk.job.view().error
    pages["designer, simulated"] = get("/").text
    # the judge: a log with a fault pasted, tried, its position before a line; the standings of the folder
    text = (folders / "logs.yaml").read_text(encoding="utf-8")
    pasted = post("/judge/paste", log=text)
    pages["a log at fault"] = pasted.text
    where = str(pasted.url)
    pages["a log tried"] = get(f"{where}?line=3&turn=x&until=4").text
    pages["a log, with no paste"] = post("/judge/paste", log=" ").text
    pages["judge"] = get("/judge").text
    # the event: round 1 paired, a log page with "save as ruling"
    pages["event, paired"] = post("/event/pair", seed="0", paper="a4").text
    pages["event, refused"] = post("/event/pair", seed="0", paper="a4").text
    pages["a table's log"] = get("/judge/log/round1-table1.yaml").text
    pages["a ruling refused"] = post("/judge/log/round1-table1.yaml/rule", judge="", winner="", reason="").text
    # a game between two people at the screen: faces chosen, a turn played, taken back
    game = post("/play/new", name="Ann", other="Bo", opponent="person", seat="north", seed="7")
    pages["faces to choose"] = game.text
    at = str(game.url)
    for _ in range(2):
        cards = sorted(set(re.findall(r'name="(card\d+)"', get(at).text)))
        post(at, do="faces", **dict.fromkeys(cards, "a"))
    face = re.search(r"\?face=(\w+)#options", get(at).text).group(1)
    pages["a turn to choose"] = get(f"{at}?face={face}").text
    turn = html.unescape(re.search(r'name="turn" value="([^"]+)" class="option"', pages["a turn to choose"]).group(1))
    pages["a turn played"] = post(at, do="turn", turn=turn).text
    pages["a turn refused"] = post(at, do="turn", turn="99z").text
    face = re.search(r"\?face=(\w+)#options", get(at).text).group(1)  # Bo's turn, then Ann takes back her own (and Bo's after it)
    turn = html.unescape(re.search(r'name="turn" value="([^"]+)" class="option"', get(f"{at}?face={face}").text).group(1))
    post(at, do="turn", turn=turn)
    pages["a turn taken back"] = post(at, do="undo").text
    # a game against a bot, which moves first: its name, its turn to play, what it played
    bot = str(post("/play/new", name="Ann", opponent="planner", seat="south", first="north", seed="7").url)
    cards = sorted(set(re.findall(r'name="(card\d+)"', get(bot).text)))
    pages["the bot to move"] = post(bot, do="faces", **dict.fromkeys(cards, "b")).text
    pages["the bot played"] = post(bot, do="bot").text
    pages["play, a game open"] = get("/play").text
    pages["a game gone"] = get("/play/nothing").text
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("how", ["accept-language", "serve --lang"])
def test_every_desk_page_in_german_has_no_english_word_of_the_desks_own(folders, how):
    lang = "de" if how == "serve --lang" else None
    desk = Desk(deck=str(folders / "deck"), logs=folders / "club", out=folders / "desk", event=True, lang=lang)
    client = TestClient(make_app(desk), base_url="http://127.0.0.1")
    pages = every_page(desk, client, GERMAN if lang is None else {"accept-language": "en"}, folders)
    for what, page in pages.items():
        assert '<html lang="de">' in page or "<html" not in page, what
        assert english_left(page) == [], what
    # the pages hold what they should: the parts checked are there
    assert 'class="bars"' in pages["designer, simulated"] and "Runde 1 ist offen" in seen_text(pages["event, paired"])
    assert 'name="judge"' in pages["a table's log"] and "2 Züge zurückgenommen" in pages["a turn taken back"]
    assert "kein solches Protokoll" in pages["no such log"]
    assert 'id="bot-turn"' in pages["the bot to move"] and "Planer-Bot (Nord) spielte" in pages["the bot played"]


@pytest.mark.slow
def test_english_pages_stay_english_and_say_so(folders):
    desk = Desk(deck=str(folders / "deck"), logs=folders / "club", out=folders / "desk", event=True)
    client = TestClient(make_app(desk), base_url="http://127.0.0.1")
    for where in ("/", "/judge", "/event", "/print", "/play"):
        page = client.get(where).text
        assert '<html lang="en">' in page and "hi5pnp desk" in page
    assert english_left(client.get("/play").text)  # the check finds English where it is


@pytest.mark.slow
def test_the_check_finds_a_message_left_untranslated(folders, tmp_path, monkeypatch):
    """A German catalogue with one desk message's translation removed: its English is found on the page."""
    own = tmp_path / "locale"
    shutil.copytree(ROOT / "hi5pnp" / "locale", own)
    po = own / "de" / "LC_MESSAGES" / "hi5pnp.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Die nächste Runde auslosen"' in text
    po.write_text(text.replace('msgstr "Die nächste Runde auslosen"', 'msgstr ""'), encoding="utf-8")
    monkeypatch.setenv("HI5PNP_TRANSLATIONS", str(own))
    desk = Desk(deck=str(folders / "deck"), logs=folders / "club", out=folders / "desk", event=True, lang="de")
    page = TestClient(make_app(desk), base_url="http://127.0.0.1").get("/event").text
    assert english_left(page) == ["Pair the next round"]
