"""The desk's table (issue 40): games in progress never evicted, hot-seat
undo, the deck's own translations at the table and in its picture, the
board as the page's interface (every legal turn reachable, each with what it
does, found by the engine), and the page's JSON and event stream."""

from __future__ import annotations

import html
import re
import shutil
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hi5pnp.errors import TableError
from hi5pnp.rules import Seat, Turn
from hi5pnp.table import Seating, Table
from hi5pnp.table.choices import grouped
from hi5pnp.web import Desk, make_app
from hi5pnp.web.play.tables import Tables

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def desk(tmp_path) -> Desk:
    shutil.copytree(ROOT / "cards", tmp_path / "deck")
    made = Desk(deck=str(tmp_path / "deck"), out=tmp_path / "desk")
    made.tables.pause = 0.0
    return made


def client_of(desk: Desk, lang: str | None = None) -> TestClient:
    headers = {"Accept-Language": lang} if lang else {}
    return TestClient(make_app(desk), base_url="http://127.0.0.1", headers=headers)


def token(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def dealt(desk: Desk, seed: int = 8, south: str = "greedy", first: Seat | None = Seat.NORTH) -> Table:
    table = Table(desk.current_deck(), Seating(seed=seed, players={"north": "person", "south": south}, names={"north": "Ann"}, first=first))
    table.choose_faces("north", [f"{n}a" for n in table.setup.cards[Seat.NORTH]])
    if south == "person":
        table.choose_faces("south", [f"{n}a" for n in table.setup.cards[Seat.SOUTH]])
    return table


def seated(desk: Desk, table: Table) -> str:
    """A game kept at the desk: the address of its link for every person's seat."""
    gid = desk.tables.add(table)
    people = frozenset(s for s in (Seat.NORTH, Seat.SOUTH) if table.seating.is_person(s))
    return f"/play/{gid}/{desk.tables.get(gid).key_for(people)}"


def finished(desk: Desk) -> Table:
    table = Table(desk.current_deck(), Seating(seed=3, players={"north": "random", "south": "random"}))
    while not table.over():
        table.bot_turn()
    return table


# item 5: games never evicted, hot-seat undo, the deck's translations, plurals ---------------------------


def test_a_game_in_progress_is_never_evicted_and_a_full_table_says_why(desk):
    tables = Tables(most=3)
    kept = [tables.add(dealt(desk, seed)) for seed in range(3)]
    with pytest.raises(TableError, match="full: all 3 games at this desk are in progress"):
        tables.add(dealt(desk, 9))
    assert [tables.get(k) is not None for k in kept] == [True, True, True]
    done = tables.add  # a finished game makes room, the games in progress stay
    tables.games[kept[1]].table = finished(desk)
    new = done(dealt(desk, 10))
    assert tables.get(kept[1]) is None and all(tables.get(k) for k in (kept[0], kept[2], new))


def test_a_full_table_refuses_a_deal_with_409_and_the_reason(desk):
    desk.tables.most = 1
    client = client_of(desk)
    tok = token(client.get("/play").text)
    first = client.post("/play/new", data={"token": tok, "seed": "1"}, follow_redirects=False)
    assert first.status_code == 303
    refused = client.post("/play/new", data={"token": tok, "seed": "2"})
    assert refused.status_code == 409 and "The table is full" in html.unescape(refused.text)
    assert client.get(first.headers["location"]).status_code == 200  # still there


def test_hot_seat_undo_takes_back_the_current_players_own_turn(desk):
    table = dealt(desk, 8, south="person")
    north_turn = next(iter(table.state.iter_legal_actions(table.state.ready_faces("north")[0])))
    table.try_turn(str(north_turn))
    assert table.to_move() is Seat.SOUTH and not table.can_undo()  # south has played nothing yet
    south_turn = next(iter(table.state.iter_legal_actions(table.state.ready_faces("south")[0])))
    table.try_turn(str(south_turn))
    assert table.to_move() is Seat.NORTH and table.undoer() is Seat.NORTH
    assert table.undo() == 2 and table.turns == [] and table.to_move() is Seat.NORTH  # north's own turn, and south's after it


def test_the_table_and_its_picture_speak_the_decks_german(desk):
    at = seated(desk, dealt(desk))
    client = client_of(desk, "de")
    page = html.unescape(client.get(f"{at}?face=5a").text)
    assert "Tilly Taumel" in page and "Tilly Tumble" not in page
    assert "Dash Dauerlauf" in page and "Tempo" in page
    svg = client.get(f"{at}/position.svg").text
    assert "Tilly Tau" in svg and "Tempo" in svg and "Tumble" not in svg and "speed" not in svg
    english = html.unescape(client_of(desk).get(f"{at}?face=5a").text)
    assert "Tilly Tumble" in english and "Taumel" not in english


def test_one_complete_column_is_said_in_the_singular(desk):
    table = dealt(desk)
    face = table.state.team("north")[0]
    table.state.arrange(face, unmarked=[[] if k == 0 else list(col) for k, col in enumerate(table.state.unmarked(face))])
    at = seated(desk, table)
    page = client_of(desk).get(f"{at}").text
    assert re.search(r"\b1 complete column\b(?!s)", page) and "1 complete columns" not in page


# item 1: the board is the interface --------------------------------------------------------------------


def test_every_legal_turn_of_seed_8s_first_turn_is_a_button_with_its_effect(desk):
    table = dealt(desk)
    at = seated(desk, table)
    client = client_of(desk)
    page = client.get(f"{at}").text
    assert re.search(rf'class="chip north ready" href="{at}\?face=5a#options"', page)  # chosen on the board
    chosen = html.unescape(client.get(f"{at}?face=5a").text)
    offered = re.findall(r'name="turn" value="([^"]+)" class="option"', chosen)
    legal = [str(t) for t in table.state.iter_legal_actions("5a")]
    assert len(legal) == 166 and sorted(offered) == sorted(legal)
    assert "more: type one below" not in chosen and "5a 1 → 2" in chosen


def test_a_turns_effect_is_the_engines_own(desk):
    table = dealt(desk)
    groups, count = grouped(table.state, "5a")
    assert count == sum(len(g.turns) for g in groups) == 166
    assert [g.kind for g in groups][:1] == ["plain"]
    for g in groups:
        for told in g.told:
            after = table.state.copy()
            after.apply(Turn.parse(told.notation))
            for face, was, now in told.effect.moved:
                assert (table.state.position(face), after.position(face)) == (was, now)
            for face, change in told.effect.chits:
                assert after.chits_of(face) - table.state.chits_of(face) == change


def test_a_crowd_past_the_bound_tells_one_group_at_a_time_and_reaches_every_turn(desk, monkeypatch):
    from hi5pnp.table import choices

    monkeypatch.setattr(choices, "MOST_TOLD", 20)
    table = dealt(desk)
    groups, count = grouped(table.state, "5a")
    assert count == 166 and not any(g.told for g in groups)
    reached = set()
    for g in groups:
        opened, _ = grouped(table.state, "5a", chosen=g.key)
        reached |= {t.notation for o in opened for t in o.told}
    assert reached == {str(t) for t in table.state.iter_legal_actions("5a")}


def test_the_scripts_json_gives_the_groups_and_the_state(desk):
    at = seated(desk, dealt(desk))
    client = client_of(desk)
    turns = client.get(f"{at}/turns.json?face=5a").json()
    assert turns["count"] == 166 and sum(len(g["turns"]) for g in turns["groups"]) == 166
    assert turns["groups"][0]["turns"][0]["effect"]["moved"] == [["5a", 1, 2]]
    assert client.get(f"{at}/turns.json?face=2b").status_code == 409  # south's: not north's to move
    state = client.get(f"{at}/state.json").json()
    assert state["turns"] == 0 and state["mover"] == "north" and len(state["board"]["columns"]) == 6


def test_a_persons_turn_is_answered_by_the_bot_off_the_request(desk):
    at = seated(desk, dealt(desk))
    client = client_of(desk)
    tok = token(client.get(f"{at}").text)
    client.post(f"{at}", data={"token": tok, "do": "turn", "turn": "5a"})
    kept = desk.tables.get(at.split("/")[2])
    deadline = time.monotonic() + 5
    while kept.table.to_move() is not Seat.NORTH and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(kept.table.turns) >= 2 and kept.news.count >= 2


# item 3: a link per seat, a spectator's link ----------------------------------------------------------


def friends(desk: Desk, client: TestClient) -> tuple[str, dict[str, str]]:
    """A game dealt for a friend on another machine: the dealer's (north's) address, and every link by what it plays."""
    tok = token(client.get("/play").text)
    made = client.post(
        "/play/new", data={"token": tok, "opponent": "friend", "name": "Ann", "other": "Bo", "seed": "8", "first": "north"}, follow_redirects=False
    )
    where = made.headers["location"]
    page = client.get(where).text
    found = dict(re.findall(r'<li>(Yours|For|To watch)[^<]*<a href="http://127\.0\.0\.1(/play/\w+/\w+)"', page))
    assert set(found) == {"Yours", "For", "To watch"} and found["Yours"] == where
    return tok, found


def test_each_seat_plays_only_by_its_own_link_and_the_spectator_watches(desk):
    client = client_of(desk)
    tok, links = friends(desk, client)
    north, south, watch = links["Yours"], links["For"], links["To watch"]
    assert client.get(north.rsplit("/", 1)[0]).status_code == 404  # the game's id alone plays nothing
    assert client.get(north.rsplit("/", 1)[0] + "/" + "0" * 24).status_code == 404  # nor a forged secret
    client.post(north, data={"token": tok, "do": "faces", **{f"card{n}": "a" for n in range(1, 11)}})
    assert "Waiting for Bo to choose faces" in client.get(north).text
    client.post(south, data={"token": tok, "do": "faces", **{f"card{n}": "b" for n in range(1, 11)}})
    kept = desk.tables.get(north.split("/")[2])
    assert kept.table.state is not None and kept.table.faces[Seat.SOUTH][0].endswith("b") and kept.table.faces[Seat.NORTH][0].endswith("a")
    refused = client.post(south, data={"token": tok, "do": "turn", "turn": kept.table.state.ready_faces("north")[0]})
    assert "it is Ann&#39;s turn (north)" in refused.text and not kept.table.turns
    assert client.post(watch, data={"token": tok, "do": "turn", "turn": "1a"}).status_code == 403
    seen = client.get(watch).text
    assert "You are watching" in seen and 'class="option"' not in seen and "Save the log" in seen
    assert "For Bo" not in client.get(south).text  # south's page shows its own link, not north's
    face = kept.table.state.ready_faces("north")[0]
    client.post(north, data={"token": tok, "do": "turn", "turn": face})
    assert len(kept.table.turns) == 1 and client.get(south + "/state.json").json()["turns"] == 1
    assert client.get(south + "/log.yaml").text == client.get(north + "/log.yaml").text


def test_a_seat_takes_back_only_its_own_turn_while_the_other_has_not_played(desk):
    client = client_of(desk)
    tok, links = friends(desk, client)
    north, south = links["Yours"], links["For"]
    for at in (north, south):
        client.post(at, data={"token": tok, "do": "faces", **{f"card{n}": "a" for n in range(1, 11)}})
    kept = desk.tables.get(north.split("/")[2])
    client.post(north, data={"token": tok, "do": "turn", "turn": kept.table.state.ready_faces("north")[0]})
    assert "Undo my last turn" in client.get(north).text and "Undo my last turn" not in client.get(south).text
    client.post(south, data={"token": tok, "do": "turn", "turn": kept.table.state.ready_faces("south")[0]})
    assert "Undo my last turn" not in client.get(north).text  # south has played since
    client.post(north, data={"token": tok, "do": "undo"})
    assert len(kept.table.turns) == 2


# item 4: replay on the board ---------------------------------------------------------------------------


@pytest.fixture
def judged_desk(tmp_path) -> Desk:
    shutil.copytree(ROOT / "cards", tmp_path / "deck")
    (tmp_path / "logs").mkdir()
    for name in ("dispute_assist.yaml", "chit_limit.yaml"):
        shutil.copy(ROOT / "tests" / "golden" / name, tmp_path / "logs")
    shutil.copytree(ROOT / "tests" / "golden" / "mini", tmp_path / "logs" / "mini")
    return Desk(deck=str(tmp_path / "deck"), logs=tmp_path / "logs", out=tmp_path / "desk")


def test_a_log_with_a_fault_opens_on_its_fault_and_steps_back_and_forth(judged_desk):
    client = client_of(judged_desk)
    page = html.unescape(client.get("/play/replay/dispute_assist.yaml").text)
    assert "Not legal: 1a already holds 1 chit" in page and "line 16: 1a assist 3a:chit 4a:chit" in page
    assert 'class="chip north ready marked"' in page  # the competitor in dispute, on the board
    start = html.unescape(client.get("/play/replay/dispute_assist.yaml?at=0").text)
    assert "Not legal" not in start and "round 1 begins" in start.lower() and 'href="?at=1#replay-nav" rel="next"' in start
    assert "Step through it on the table" in client.get("/judge/log/dispute_assist.yaml").text
    assert client.get("/play/replay/no-such.yaml").status_code == 404
    assert client.get("/play/replay/../secret.yaml").status_code == 404


def test_a_finished_game_at_the_table_is_replayed_turn_by_turn(desk):
    client = client_of(desk)
    table = finished(desk)
    gid = desk.tables.add(table)
    watch = f"/play/{gid}/{desk.tables.get(gid).key_for(frozenset())}"
    tok = token(client.get("/play").text)
    assert client.post(watch + "/replay", data={"token": tok}, follow_redirects=False).status_code == 303  # a spectator may replay it too
    replayed = client.post(watch + "/replay", data={"token": tok})
    assert replayed.status_code == 200 and "The checker finds no fault." in replayed.text
    steps = re.findall(r'href="\?at=(\d+)#replay-nav"', replayed.text)
    last = max(map(int, steps))
    assert last + 1 == len(table.turns) + table.state.rules.rounds  # a step per turn and per round's start, counted from 0
    end = html.unescape(client.get(replayed.url.path + f"?at={last}").text)
    score = table.state.scores()
    assert f"north {score[Seat.NORTH]}, south {score[Seat.SOUTH]} points" in end


def test_the_desk_listens_with_its_answers_sent_at_once():
    """Each answer's head and body go as written: no 40 ms wait for a delayed acknowledgement (Nagle's algorithm) on any request."""
    import socket

    from hi5pnp.cli.serve import listening

    sock = listening("127.0.0.1", 0)
    try:
        client = socket.create_connection(sock.getsockname())
        accepted, _ = sock.accept()
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        accepted.close()
        client.close()
    finally:
        sock.close()
