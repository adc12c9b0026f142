"""The Play page: games at the desk's table (:mod:`hi5pnp.table`), on the
desk's deck as its files are when the game starts. Each game is kept in the
desk's memory under a random id, with a lock of its own, and dropped after
an hour left alone; its turns are its state (an undo plays it again).

Nothing of the rules is here or in the page's script: the page shows the
menu the engine's legal turns make, and every turn typed or pointed at is
judged by the engine."""

from __future__ import annotations

import secrets
import threading
from typing import Any

from ...deck import Deck
from ...errors import DeckError, Fault, Hi5Error, InputError, printable
from ...language import _, ngettext, spoken
from ...rules import SEATS, Seat
from ...table import PERSON, PLAYERS, Refusal, Seating, Table
from ...table.board import board
from ...table.choices import grouped
from ...table.menu import facing_words
from ..desk import Desk
from .tables import Kept, title

RECENT = 8  # turns shown as "the last turns"
FRIEND = "friend"  # the opponent who plays from a machine of their own, by their seat's link


def _choice(form: dict[str, str], key: str, values: tuple[str, ...], default: str) -> str:
    value = form.get(key, "").strip().lower() or default
    if value not in values:
        raise InputError(Fault("the form", 0, 0, f"{key} '{printable(value)}' is not one of {', '.join(values)}"))
    return value


def new_game(desk: Desk, form: dict[str, str]) -> str:
    """Start a game from the start form; its id and the link's secret of the
    person who dealt it (``ID/KEY``). Raises a Hi5Error for a bad form or a faulty deck."""
    from ...data import bundled_deck
    from ...judge.deal import deck_line

    me = Seat(_choice(form, "seat", tuple(str(s) for s in SEATS), "north"))
    other = Seat.SOUTH if me is Seat.NORTH else Seat.NORTH
    opponent = _choice(form, "opponent", (*PLAYERS, FRIEND), "greedy")
    first = _choice(form, "first", ("dealt", "north", "south"), "dealt")
    edition = _choice(form, "edition", ("deck", "1", "2"), "deck")
    seed_text = form.get("seed", "").strip()
    if seed_text and not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 18):
        raise InputError(Fault("the form", 0, 0, "the seed is a whole number of at most 18 digits, or blank to draw one"))
    seating = Seating(
        seed=int(seed_text) if seed_text else secrets.randbelow(10**6),
        players={me: PERSON, other: PERSON if opponent == FRIEND else opponent},
        names={me: form.get("name", ""), other: form.get("other", "")},
        edition=None if edition == "deck" else int(edition),
        first=None if first == "dealt" else Seat(first),
    )
    deck = desk.current_deck()
    name = desk.deck or "default"
    table = Table(deck, seating, name if bundled_deck(name) is not None else deck_line(str(desk.deck_path)))
    game_id = desk.tables.add(table, apart=opponent == FRIEND)
    kept = desk.tables.get(game_id)
    assert kept is not None
    mine = kept.key_for(frozenset({me}) if opponent == FRIEND else frozenset(s for s in SEATS if seating.is_person(s)))
    kept.owner = mine
    return f"{game_id}/{mine}"


def act(kept: Kept, form: dict[str, str], seats: frozenset[Seat] = frozenset(SEATS)) -> None:
    """One action on a game from the page of a link that plays ``seats``:
    faces chosen, a turn, an undo, the bot's turn."""
    table = kept.table
    what = form.get("do", "")
    kept.said = ""
    mover = table.to_move()
    if what == "faces":
        for seat, numbers in table.cards_to_choose().items():
            if table.seating.is_person(seat) and seat in seats:
                table.choose_faces(seat, [f"{n}{form.get(f'card{n}', 'a')}" for n in numbers])
                break
    elif what == "turn":
        if mover is not None and table.seating.is_person(mover) and mover not in seats:
            said = {"name": table.seating.names[mover], "seat": _(str(mover))}
            kept.said = _("Not played: it is %(name)s's turn (%(seat)s)") % said
            return
        outcome = table.try_turn(form.get("turn", ""))
        if isinstance(outcome, Refusal):
            kept.said = _("Not played: %(why)s") % {"why": printable(str(outcome))}
    elif what == "undo":
        undoer = undoer_of(table, seats)
        if undoer is not None:
            taken = table.undo(undoer)
            kept.said = ngettext("%(num)d turn taken back.", "%(num)d turns taken back.", taken) % {"num": taken}
        else:
            kept.said = _("There is no turn of a person's to take back.")
    elif what == "bot":
        if table.bot_to_move():
            report = table.bot_turn()
            told = table.told_in(words_of(kept), len(table.turns) - 1)[0]
            said = {"name": table.seating.names[report.seat], "seat": _(str(report.seat)), "turn": str(report.turn), "words": told}
            kept.said = _("%(name)s (%(seat)s) played %(turn)s: %(words)s.") % said
    else:
        raise InputError(Fault("the form", 0, 0, "no action named"))


def undoer_of(table: Table, seats: frozenset[Seat]) -> Seat | None:
    """The seat whose last turn the link of ``seats`` may take back: at one
    screen, the person to move's; from a machine of one's own, one's own last
    turn, while no other person has played since."""
    seat = table.undoer() if len(seats) > 1 else next(iter(seats), None)
    if seat is None or not table.can_undo(seat):
        return None
    since = [r.seat for r in reversed(table.reports)]
    others = since[: since.index(seat)]
    return seat if len(seats) > 1 or all(not table.seating.is_person(s) for s in others) else None


def act_locked(kept: Kept, form: dict[str, str], pause: float = 0.0, seats: frozenset[Seat] = frozenset(SEATS)) -> None:
    """:func:`act` under the game's lock; a refusal of the form is said on the
    game's page. The open pages are told, and a bot to move replies after
    ``pause`` seconds, in a thread of its own."""
    with kept.lock:
        before = len(kept.table.turns), kept.table.state is None
        try:
            act(kept, form, seats)
        except Hi5Error as exc:
            kept.said = printable(str(exc))
        changed = before != (len(kept.table.turns), kept.table.state is None)
    if changed:
        kept.news.tell()
    reply_later(kept, pause)


def reply_later(kept: Kept, pause: float) -> None:
    """A bot to move plays its turn after ``pause`` seconds, off the request (its page is told by :attr:`Kept.news`)."""
    with kept.lock:
        if not kept.table.bot_to_move():
            return
        played = len(kept.table.turns)
    timer = threading.Timer(pause, _reply, (kept, played, pause))
    timer.daemon = True
    timer.start()


def _reply(kept: Kept, played: int, pause: float) -> None:
    with kept.lock:
        if not kept.table.bot_to_move() or len(kept.table.turns) != played:
            return  # played already (the page's button), or taken back
        kept.table.bot_turn()
    kept.news.tell()
    reply_later(kept, pause)  # a bot whose opponent has nobody ready moves again


def view(
    desk: Desk, game_id: str, kept: Kept, face: str | None, group: str | None = None, key: str = "", seats: frozenset[Seat] = frozenset(SEATS)
) -> dict[str, Any]:
    """What the game's page shows to the link of ``key``, which plays
    ``seats`` (none: it watches): the board, and for its person to move, the
    competitor chosen (``face``) with its legal turns in groups (``group``:
    the one opened, where a crowd makes too many to tell at once)."""
    table = kept.table
    state = table.state
    words = words_of(kept)
    out: dict[str, Any] = {"id": game_id, "title": title(table), "said": kept.said, "seed": table.seating.seed, "names": table.seating.names}
    out.update(turns=len(table.turns), news=kept.news.count, base=f"/play/{game_id}/{key}", watching=not seats, links=links(kept, key, seats))
    choosing = [(s, n) for s, n in table.cards_to_choose().items() if table.seating.is_person(s) and s in seats]
    waiting = [table.seating.names[s] for s in table.cards_to_choose() if table.seating.is_person(s) and s not in seats]
    if waiting and not choosing:
        out["waiting"] = ", ".join(waiting)
        return out
    if choosing:
        seat, numbers = choosing[0]
        cards = {c.number: c for c in table.deck.competitors}
        said = {c.number: c for c in words.competitors}
        out["choose"] = {"seat": str(seat), "name": table.seating.names[seat], "cards": [said.get(n, cards[n]) for n in numbers]}
        return out
    assert state is not None
    mover = state.current_player()
    out.update(
        headline=state.headline(),
        round=min(state.round + 1, state.rules.rounds),
        rounds=state.rules.rounds,
        scores={str(s): v for s, v in state.scores().items()},
        columns={str(s): v for s, v in state.complete_columns().items()},
        said_columns={str(s): ngettext("%(n)d complete column", "%(n)d complete columns", v) % {"n": v} for s, v in state.complete_columns().items()},
        mover=str(mover) if mover else "",
        mover_name=table.seating.names[mover] if mover else "",
        bot_to_move=table.bot_to_move(),
        can_undo=bool(seats) and undoer_of(table, seats) is not None,
        over=table.over(),
        recent=recent(table, words),
    )
    pickable: list[str] = []
    picked = None
    if table.over():
        out["winner"] = state.winner()
    elif mover is not None and table.seating.is_person(mover) and mover in seats:
        pickable = state.ready_faces(mover)
        picked = face if face in pickable else pickable[0] if len(pickable) == 1 else None
        out["ready"] = [{"face": f, "name": _name(words, f), "facing": facing_words(state, f, words)} for f in pickable]
    out["board"] = board(state, words, table.seating.names, pickable, picked)
    if picked is not None:
        groups, count = grouped(state, picked, words, group)
        out["picked"] = {"face": picked, "name": _name(words, picked), "facing": facing_words(state, picked, words), "count": count, "groups": groups}
    return out


def links(kept: Kept, key: str, seats: frozenset[Seat]) -> list[dict[str, Any]]:
    """The links a page shows: its own (to come back by), and to the person
    who dealt the game the other seat's and the spectator's."""
    names = kept.table.seating.names
    shown = []
    for k, plays in kept.keys.items():
        if k != key and key != kept.owner and plays:
            continue
        who = _("watch") if not plays else " + ".join(f"{names[s]} ({_(str(s))})" for s in SEATS if s in plays)
        shown.append({"key": k, "who": who, "mine": k == key, "plays": ", ".join(sorted(str(s) for s in plays))})
    return shown


def _name(words: Deck, face: str) -> str:
    card = words.competitor_face(face)
    return card.name if card is not None else ""


def turns_json(kept: Kept, face: str, seats: frozenset[Seat] = frozenset(SEATS)) -> dict[str, Any] | None:
    """The legal turns of ``face`` in groups, each with what it does, for the
    page's script; None when it may not move now, or not by this link."""
    table, state = kept.table, kept.table.state
    if state is None or table.over():
        return None
    mover = state.current_player()
    if mover is None or not table.seating.is_person(mover) or mover not in seats or face not in state.ready_faces(mover):
        return None
    words = words_of(kept)
    groups, count = grouped(state, face, words, None)
    shown = [
        {
            "key": g.key,
            "kind": g.kind,
            "partners": list(g.partners),
            "title": g.title,
            "count": len(g.turns),
            "turns": [{"turn": t.notation, "words": t.words, "effect": t.effect.as_json() if t.effect else None, "said": t.said} for t in g.told],
        }
        for g in groups
    ]
    return {"face": face, "facing": facing_words(state, face, words), "count": count, "groups": shown}


def state_json(kept: Kept) -> dict[str, Any]:
    """The game as it stands, for the page's script: its turns, whose move, the scores, the board."""
    table, state = kept.table, kept.table.state
    out: dict[str, Any] = {"turns": len(table.turns), "started": state is not None, "over": table.over()}
    if state is not None:
        mover = state.current_player()
        out.update(
            mover=str(mover) if mover else None,
            person_to_move=mover is not None and table.seating.is_person(mover),
            scores={str(s): v for s, v in state.scores().items()},
            headline=state.headline(),
            board=board(state, words_of(kept), table.seating.names),
            last=recent(table, words_of(kept), 1),
        )
    return out


def words_of(kept: Kept) -> Deck:
    """The game's deck with its names and traits in the language spoken (its
    ``translations/LANG.yaml``), kept for the game; the deck itself when it has
    no such file, or one with faults (``hi5pnp validate`` tells them)."""
    from ...deck.translations import in_language

    lang = spoken().lang
    deck = kept.words.get(lang)
    if deck is None:
        try:
            deck = in_language(kept.table.deck, lang)
        except DeckError:
            deck = kept.table.deck
        kept.words[lang] = deck
    return deck


def recent(table: Table, words: Deck, most: int = RECENT) -> list[dict[str, str]]:
    """The last ``most`` turns, the latest first, in words, the deck's names in the language spoken."""
    first = max(0, len(table.reports) - most)
    told = table.told_in(words, first)
    out = []
    for k, said in zip(range(first, len(table.reports)), told):
        rep = table.reports[k]
        out.append({"seat": str(rep.seat), "name": table.seating.names[rep.seat], "turn": str(rep.turn), "round": str(rep.round), "words": said})
    return out[::-1]


def position_svg(desk: Desk, kept: Kept) -> bytes | None:
    """The position drawn as the judge's page draws it."""
    from ...judge.printed import drawing

    table = kept.table
    if table.state is None:
        return None
    with kept.lock:
        state = table.state.copy()
    picture = drawing.position_drawing(state, table.seating.names, words=words_of(kept))
    with desk.render_lock:
        return drawing.svg(picture)


def log_text(kept: Kept) -> str | None:
    """The game's log as it stands; None before the faces are chosen."""
    with kept.lock:
        return kept.table.log() if kept.table.state is not None else None
