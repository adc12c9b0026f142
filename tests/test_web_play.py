"""The desk's Play page through its routes: a whole game against each bot,
played by random legal choices from the page's own menu, saves a log that
``check`` finds valid and complete with the score the page showed."""

from __future__ import annotations

import html
import random
import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hi5pnp.judge import check_log
from hi5pnp.web import Desk, make_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def desk(tmp_path) -> Desk:
    shutil.copytree(ROOT / "cards", tmp_path / "deck")
    return Desk(deck=str(tmp_path / "deck"), out=tmp_path / "desk")


@pytest.fixture
def client(desk) -> TestClient:
    return TestClient(make_app(desk), base_url="http://127.0.0.1")


def token(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def start(client: TestClient, **form: str) -> tuple[str, str]:
    page = client.get("/play")
    assert page.status_code == 200 and "Play a game" in page.text
    made = client.post("/play/new", data={"token": token(page.text), **form}, follow_redirects=False)
    assert made.status_code == 303, made.text
    return made.headers["location"], token(page.text)


def play_to_the_end(client: TestClient, where: str, tok: str, rng: random.Random) -> str:
    """Click through the game as a person would: faces, a competitor, one of its options; the bot's button."""
    for _ in range(2000):
        page = client.get(where).text
        if "choose a face of each card" in page:
            cards = sorted(set(re.findall(r'name="(card\d+)"', page)))
            client.post(where, data={"token": tok, "do": "faces", **{c: rng.choice("ab") for c in cards}})
            continue
        if "The game is over" in page:
            return page
        if 'id="bot-turn"' in page:
            client.post(where, data={"token": tok, "do": "bot"})
            continue
        competitors = re.findall(r'href="(/play/[\w/]+\?face=\w+)#options"', page)
        if 'id="options"' not in page:
            page = client.get(html.unescape(rng.choice(competitors))).text
        options = re.findall(r'name="turn" value="([^"]+)" class="option"', page)
        assert options, page
        played = client.post(where, data={"token": tok, "do": "turn", "turn": html.unescape(rng.choice(options))})
        assert "Not played" not in played.text
    raise AssertionError("the game did not end")


@pytest.mark.slow  # three whole games through the routes: CI runs them with the stress tests (test_play.py plays whole games every day)
@pytest.mark.parametrize("bot", ["random", "greedy", "planner"])
def test_a_whole_game_through_the_routes_saves_a_valid_complete_log(client, tmp_path, bot):
    where, tok = start(client, opponent=bot, name="Ann", seed="21")
    end = play_to_the_end(client, where, tok, random.Random(bot))
    shown = re.search(r"north (\d+), south (\d+) points", end)
    log = client.get(where + "/log.yaml")
    assert log.status_code == 200 and "attachment" in log.headers["content-disposition"]
    path = tmp_path / "game.yaml"
    path.write_bytes(log.content)
    verdict = check_log(path)
    assert verdict.valid and verdict.complete, verdict.problem
    score = verdict.to_json()["score"]
    assert (str(score["north"]), str(score["south"])) == shown.groups()


def test_a_refused_turn_says_why_with_its_ruling(client):
    where, tok = start(client, opponent="person", first="north", seed="3")
    client.post(where, data={"token": tok, "do": "faces", **{f"card{n}": "a" for n in range(1, 11)}})
    client.post(where, data={"token": tok, "do": "faces", **{f"card{n}": "a" for n in range(1, 11)}})
    page = client.get(where).text
    south = re.search(r"south: \[?([0-9]+a)", client.get(where + "/log.yaml").text).group(1)
    refused = client.post(where, data={"token": tok, "do": "turn", "turn": south})
    assert "Not played" in refused.text and ("R-" in refused.text or "rules §" in refused.text)
    assert "north" in page


def test_undo_and_the_judges_page(client):
    where, tok = start(client, opponent="greedy", first="north", seed="8")
    page = client.get(where).text
    cards = sorted(set(re.findall(r'name="(card\d+)"', page)))
    client.post(where, data={"token": tok, "do": "faces", **{c: "a" for c in cards}})
    page = client.get(where).text
    assert "Undo my last turn" not in page
    option = re.findall(
        r'name="turn" value="([^"]+)" class="option"', client.get(html.unescape(re.findall(r'href="(/play/[\w/]+\?face=\w+)#options"', page)[0])).text
    )[0]
    client.post(where, data={"token": tok, "do": "turn", "turn": html.unescape(option)})
    assert "Undo my last turn" in client.get(where).text
    undone = client.post(where, data={"token": tok, "do": "undo"})
    assert "taken back" in undone.text and "Undo my last turn" not in undone.text
    judged = client.post(where + "/judge", data={"token": tok})
    assert judged.status_code == 200 and "/judge/log/" in str(judged.url)


def test_games_are_independent_and_refuse_strangers(client):
    one, tok = start(client, opponent="greedy", seed="1")
    two, _ = start(client, opponent="random", seed="2")
    assert one != two
    assert client.get("/play/nosuchgame").status_code == 404
    assert client.post(one, data={"token": "forged", "do": "bot"}).status_code == 403
    bad = client.post("/play/new", data={"token": tok, "seed": "²"})
    assert bad.status_code == 400 and "seed" in bad.text
    bad = client.post("/play/new", data={"token": tok, "opponent": "genius"})
    assert bad.status_code == 400
    assert "Games at this desk" in client.get("/play").text
