"""The web desk's routes, in-process through Starlette's test client: each
page, the gallery following the deck, the judge's page agreeing with
``check``, the print page's build, and the desk's rules (hosts, tokens,
bounded bodies, escaping, files only from the folders given)."""

from __future__ import annotations

import asyncio
import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import desk_folders
from starlette.testclient import TestClient

from hi5pnp.cli import main
from hi5pnp.web import Desk, make_app
from hi5pnp.web.stream import events

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture
def desk(tmp_path) -> Desk:
    desk_folders(tmp_path, ("dispute_assist.yaml", "dispute_score.yaml", "dispute_short.yaml"))
    return Desk(deck=str(tmp_path / "deck"), logs=tmp_path / "logs", out=tmp_path / "desk")


@pytest.fixture
def client(desk) -> TestClient:
    return TestClient(make_app(desk), base_url="http://127.0.0.1")


def verdict_json(page: str) -> dict:
    """The verdict's JSON as the log page shows it."""
    return json.loads(html.unescape(re.search(r'<pre id="verdict-json">(.*?)</pre>', page, re.S).group(1)))


def rename(desk: Desk, old: str, new: str) -> None:
    path = Path(desk.deck or "") / "competitors.yaml"
    path.write_text(path.read_text().replace(old, new, 1))


# the designer ----------------------------------------------------------------------------------------


def test_the_gallery_shows_every_face_as_an_image(client):
    page = client.get("/")
    assert page.status_code == 200 and "The deck, as printed" in page.text
    shown = re.findall(r'<img src="(/face/(competitor|obstacle)/(\w+)\.png\?v=(\w+))"', page.text)
    assert len(shown) == 32
    src = shown[0][0]
    image = client.get(src)
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG") and "immutable" in image.headers["cache-control"]
    assert client.get(src.split("?")[0] + "?v=old").headers["cache-control"] == "no-store"
    assert client.get("/face/competitor/99z.png").status_code == 404


def test_an_edit_changes_that_face_alone(client, desk):
    before = re.findall(r'<img src="/face/competitor/(\w+)\.png\?v=(\w+)"', client.get("/gallery").text)
    rename(desk, "Dash Dunmore", "Dash Dunmore II")
    page = client.get("/gallery").text
    after = re.findall(r'<img src="/face/competitor/(\w+)\.png\?v=(\w+)"', page)
    assert "1a · Dash Dunmore II" in page
    assert [face for (face, v), (_, w) in zip(before, after) if v != w] == ["1a"]


def test_faults_show_at_their_line_and_a_face_fault_beside_its_face(client, desk):
    rename(desk, "gems: [red, red, blue]", "gems: [red, purpel, blue]")
    page = client.get("/gallery").text
    assert "The deck cannot be read (1 fault)" in page and re.search(r"competitors.yaml:\d+:\d+: gem colour &#39;purpel&#39;", page)
    rename(desk, "purpel", "red")
    rename(desk, '"Dash Dunmore"', '"Dash Dunmore the Very Magnificent"')
    page = client.get("/gallery").text
    assert re.search(
        r'id="face-competitor-1a">\s*<span class="caption">1a · Dash Dunmore the Very Magnificent</span>\s*<code class="fault">[^<]*competitors.yaml:\d+', page
    )


def test_the_event_stream_tells_of_a_save(desk):
    async def watch() -> list[str]:
        said = []

        async def still() -> bool:
            return False

        async for event in events(desk.follow(), None, still, lasting=5.0):
            said.append(event)
            if event.startswith("retry"):
                rename(desk, "Dash Dunmore", "Dash Dunmore II")
            if "event: deck" in event:
                break
        return said

    try:
        assert any("event: deck" in e for e in asyncio.run(watch()))
    finally:
        desk.close()


def test_a_simulation_needs_the_token_and_reports_back(client, desk):
    assert client.post("/simulate", data={"games": "20", "bot": "random", "token": "wrong"}).status_code == 403
    assert client.post("/simulate", data={"games": "x", "bot": "random", "token": desk.token}).status_code == 400
    done = client.post("/simulate", data={"games": "20", "bot": "random", "token": desk.token}, follow_redirects=False)
    assert done.status_code == 303
    for _ in range(200):
        if desk.job.view().state != "running":
            break
        asyncio.run(asyncio.sleep(0.05))
    now = desk.job.view()
    assert now.state == "done", now.error
    part = client.get("/simulation").text
    assert now.result is not None and now.result["balance"]["headline"] in part.replace("&#39;", "'") and 'class="bars"' in part


# the judge ---------------------------------------------------------------------------------------------


def test_the_judges_folder_is_listed_with_each_verdict(client):
    page = client.get("/judge").text
    assert re.search(r'dispute_assist.yaml</a></td><td data-label="Verdict" class="invalid">invalid', page)
    assert re.search(r'dispute_score.yaml</a></td><td data-label="Verdict" class="invalid">invalid', page)


@pytest.mark.parametrize("name", ["dispute_assist.yaml", "dispute_score.yaml", "dispute_short.yaml"])
def test_the_log_page_says_what_check_says(client, desk, name):
    page = client.get(f"/judge/log/{name}").text
    said = CliRunner().invoke(main, ["check", "--json", str(Path(desk.logs) / name)])
    assert verdict_json(page) == json.loads(said.stdout)


def test_the_position_is_the_picture_replay_draws(client, desk, tmp_path):
    svg = client.get("/judge/log/dispute_assist.yaml/position.svg?until=16")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg")
    out = tmp_path / "p.svg"
    CliRunner().invoke(main, ["replay", str(Path(desk.logs) / "dispute_assist.yaml"), "--until", "16", "--svg", str(out)])
    assert svg.content == out.read_bytes()
    CliRunner().invoke(main, ["replay", str(Path(desk.logs) / "dispute_assist.yaml"), "--svg", str(out)])  # where it stops: the dispute marked
    stops = client.get("/judge/log/dispute_assist.yaml/position.svg")
    assert stops.content == out.read_bytes() and b"in dispute" in stops.content
    tried = client.get("/judge/log/dispute_assist.yaml/position.svg", params={"line": "16", "turn": "1a assist 3a:chit"})
    assert tried.status_code == 200 and tried.content != stops.content


def test_a_try_changes_the_verdict_not_the_file(client, desk):
    path = Path(desk.logs) / "dispute_assist.yaml"
    before = path.read_bytes()
    page = client.get("/judge/log/dispute_assist.yaml", params={"line": "16", "turn": "1a assist 3a:chit"}).text
    said = CliRunner().invoke(main, ["check", "--json", str(path), "--try", "16", "1a assist 3a:chit"])
    assert verdict_json(page) == json.loads(said.stdout) and verdict_json(page)["tried"] == [{"line": 16, "turn": "1a assist 3a:chit"}]
    assert verdict_json(page) != verdict_json(client.get("/judge/log/dispute_assist.yaml").text)
    assert path.read_bytes() == before
    bad = client.get("/judge/log/dispute_assist.yaml", params={"line": "x", "turn": "1a"})
    assert "&#39;x&#39; is not a line number" in bad.text
    pdf = client.get("/judge/log/dispute_assist.yaml/verdict.pdf", params={"line": "16", "turn": "1a assist 3a:chit"})
    assert pdf.content.startswith(b"%PDF") and "attachment" in pdf.headers["content-disposition"]


def test_a_pasted_log_is_checked_and_bounded(client, desk):
    text = (GOLDEN / "dispute_score.yaml").read_text()
    assert client.post("/judge/paste", data={"log": text, "token": "no"}).status_code == 403
    done = client.post("/judge/paste", data={"log": text, "token": desk.token}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"].startswith("/judge/log/pasted-")
    page = client.get(done.headers["location"]).text
    assert "pasted log " in page
    big = client.post(
        "/judge/paste", content=b"token=" + desk.token.encode() + b"&log=" + b"x" * (2 << 20), headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert big.status_code == 413


def test_a_player_name_is_escaped(client, desk):
    path = Path(desk.logs) / "dispute_score.yaml"
    text = path.read_text()
    assert "Ann" in text
    path.write_text(text.replace("Ann", "<script>alert(1)</script>", 1))
    page = client.get("/judge/log/dispute_score.yaml").text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# the hobbyist -------------------------------------------------------------------------------------------


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_the_print_page_builds_the_kit_chosen_and_offers_its_files(client, desk):
    page = client.get("/print").text
    assert "No kit built here yet" in page and "cards-duplex-" in page
    built = client.post("/print/build", data={"paper": "a4", "card": "poker", "bleed": "0", "ink": "low", "method": "duplex", "token": desk.token})
    made = json.loads((desk.out / "kit" / "manifest.json").read_text())["files"]
    assert built.status_code == 200 and f"built {len(made) + 1} files" in built.text
    for name in made:  # each file says what it is and how to print it
        assert re.search(rf"{re.escape(name)}</a> <small>\d+ KiB</small></td><td>[^<]+</td><td>[^<]+</td>", built.text), name
    assert "cards-duplex-a4.pdf" in built.text and "letter" not in re.sub(r"<select.*?</select>", "", built.text, flags=re.S)
    pdf = client.get("/print/file/kit-a4.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert json.loads((desk.out / "kit" / "manifest.json").read_text())["options"]["ink"] == "low"
    client.post("/print/build", data={"paper": "letter", "card": "poker", "bleed": "0", "ink": "normal", "method": "fold", "token": desk.token})
    assert json.loads((desk.out / "kit" / "manifest.json").read_text())["options"]["bleed"] == 0
    bad = client.post("/print/build", data={"paper": "a4", "card": "poker", "bleed": "9", "ink": "normal", "method": "duplex", "token": desk.token})
    assert bad.status_code == 400 and "bleed" in bad.text


# the desk's rules ------------------------------------------------------------------------------------------


def test_another_host_a_missing_length_and_names_outside_are_refused(client, desk):
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400
    assert client.post("/print/build", content=b"x", headers={"content-length": "", "content-type": "application/x-www-form-urlencoded"}).status_code in (
        400,
        411,
    )
    for path in ("/judge/log/..%2F..%2Fetc%2Fpasswd", "/judge/log/mini", "/print/file/..%2Fmanifest.json", "/print/file/notes.txt"):
        assert client.get(path).status_code == 404, path
    (Path(desk.logs) / "outside.yaml").symlink_to(ROOT / "cards" / "game.yaml")
    assert client.get("/judge/log/outside.yaml").status_code == 404


def test_serve_refuses_a_missing_deck_and_a_port_it_cannot_have(tmp_path):
    r = CliRunner().invoke(main, ["serve", "--deck", str(tmp_path / "none")])
    assert r.exit_code == 2 and "deck folder not found" in r.output


@pytest.mark.parametrize("alias", [None, GOLDEN / "event.aliases"])
def test_the_judges_page_gives_the_folders_standings_as_the_command_does(tmp_path, alias):
    event = GOLDEN / "event"
    desk = Desk(deck=None, logs=event, out=tmp_path / "desk", alias=alias)
    page = TestClient(make_app(desk), base_url="http://127.0.0.1").get("/judge").text
    said = json.loads(CliRunner().invoke(main, ["standings", "--json", str(event), *(["--alias", str(alias)] if alias else [])]).stdout)
    rows = re.findall(r"<tr><td>(\d+)</td><td>([^<]*)</td><td>(\d+)</td><td class=\"nowrap\">(\d+)-(\d+)-(\d+)</td><td>(\d+)</td>", page)
    assert [(int(r[0]), html.unescape(r[1]), int(r[6])) for r in rows] == [(s["rank"], s["player"], s["points"]) for s in said["standings"]]
    assert len(re.findall(r"<li><code>", page.split(">Standings<")[1])) == len(said["left_out"])


def test_a_line_left_out_is_tried_as_check_tries_it(client, desk):
    path = str(Path(desk.logs) / "dispute_assist.yaml")
    page = client.get("/judge/log/dispute_assist.yaml", params={"line": "16", "turn": "-"}).text
    said = CliRunner().invoke(main, ["check", "--json", path, "--try", "16", "-"])
    assert verdict_json(page) == json.loads(said.stdout) and verdict_json(page)["tried"] == [{"line": 16, "delete": True}]


def test_a_log_file_chosen_is_checked_as_a_pasted_one(client, desk):
    data = (GOLDEN / "dispute_score.yaml").read_bytes()
    done = client.post("/judge/paste", data={"token": desk.token}, files={"file": ("game.yaml", data, "text/yaml")}, follow_redirects=False)
    assert done.status_code == 303
    assert (desk.pasted / done.headers["location"].rsplit("/", 1)[1]).read_bytes() == data


@pytest.mark.slow
def test_serve_prints_its_address_and_warns_of_another_host(tmp_path):
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "hi5pnp", "serve", "--port", "0", "--host", "127.0.0.2", "--out", str(tmp_path / "desk")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert re.fullmatch(r"the hi5pnp desk is at http://127\.0\.0\.2:\d+/ \(Ctrl-C stops it\)\n", line), line
        import urllib.request

        page = urllib.request.urlopen(line.split(" at ")[1].split(" ")[0] + "judge", timeout=20).read()
        assert b"judge's desk" in page
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "warning: listening on 127.0.0.2" in err


def test_a_link_out_of_the_logs_folder_is_no_log_not_even_for_the_standings(tmp_path):
    shutil.copytree(GOLDEN / "event", tmp_path / "logs")
    (tmp_path / "outside.yaml").write_text((GOLDEN / "event" / "r1-t1-g1.yaml").read_text().replace("Finn Moss", "Outsider Olga"))
    (tmp_path / "logs" / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    desk = Desk(deck=None, logs=tmp_path / "logs", out=tmp_path / "desk")
    assert "link.yaml" not in desk.log_files()
    assert "Outsider Olga" not in TestClient(make_app(desk), base_url="http://127.0.0.1").get("/judge").text


def test_a_pasted_log_finds_its_deck_in_the_judges_folder(client, desk):
    text = (GOLDEN / "dispute_score.yaml").read_text()
    assert "deck: mini" in text
    done = client.post("/judge/paste", data={"log": text, "token": desk.token}, follow_redirects=False)
    page = client.get(done.headers["location"]).text
    assert verdict_json(page)["error"]["kind"] == "record"  # checked against the mini deck, not "deck folder not found"
    empty = client.post("/judge/paste", data={"log": " ", "token": desk.token})
    assert empty.status_code == 400 and "paste a log, or choose its file" in empty.text and "The judge" in empty.text


def test_a_picture_saved_in_a_subfolder_of_the_deck_is_followed(desk):
    art = Path(desk.deck or "") / "art"
    art.mkdir()
    before = desk.signature()
    (art / "dash.png").write_bytes(b"x")
    assert desk.signature() != before


def test_the_heading_says_when_a_line_comes_after_the_fault(client):
    page = client.get("/judge/log/dispute_assist.yaml", params={"until": "20"}).text
    assert "where the game stops, at line 16: line 20 comes after the fault" in page
    assert '<li class="after-note">The turns below come after the fault at line 16' in page and '<span class="tag">the fault</span>' in page
    assert page.count("after the fault</span></a></li>") == page.count('<li class="after-fault">') > 0


def test_every_address_answers_only_the_machines_own_names():
    from hi5pnp.cli.serve import _own_names

    names = _own_names()
    assert "*" not in names and ("localhost" in names or "127.0.0.1" in names)


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_the_desks_print_shop_file_has_the_bleed_chosen_as_build_gives_it(client, desk):
    client.post("/print/build", data={"paper": "a4", "card": "poker", "bleed": "2", "ink": "normal", "method": "duplex", "token": desk.token})
    options = json.loads((desk.out / "kit" / "manifest.json").read_text())["options"]
    assert options["bleed"] == 2 and options["print_shop"]["bleed"] == 2
    kept = client.post("/print/build", data={"paper": "letter", "card": "euro", "bleed": "9", "ink": "low", "method": "fold", "token": desk.token})
    assert kept.status_code == 400 and re.search(r"<option selected>euro</option>", kept.text) and 'value="9"' in kept.text
