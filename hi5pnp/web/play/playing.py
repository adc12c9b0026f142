"""The Play page: games at the desk's table (:mod:`hi5pnp.table`), on the
desk's deck as its files are when the game starts. Each game is kept in the
desk's memory under a random id, with a lock of its own, and dropped after
an hour left alone; its turns are its state (an undo plays it again).

Nothing of the rules is here or in the page's script: the page shows the
menu the engine's legal turns make, and every turn typed or pointed at is
judged by the engine."""

from __future__ import annotations

import secrets
from typing import Any

from ...errors import Fault, Hi5Error, InputError, printable
from ...language import _, ngettext
from ...rules import SEATS, Seat
from ...table import PERSON, PLAYERS, Refusal, Seating, Table, menu
from ..desk import Desk
from .tables import Kept, title

RECENT = 8  # turns shown as "the last turns"


def _choice(form: dict[str, str], key: str, values: tuple[str, ...], default: str) -> str:
    value = form.get(key, "").strip().lower() or default
    if value not in values:
        raise InputError(Fault("the form", 0, 0, f"{key} '{printable(value)}' is not one of {', '.join(values)}"))
    return value


def new_game(desk: Desk, form: dict[str, str]) -> str:
    """Start a game from the start form; its id. Raises a Hi5Error for a bad form or a faulty deck."""
    from ...data import bundled_deck
    from ...judge.deal import deck_line

    me = Seat(_choice(form, "seat", tuple(str(s) for s in SEATS), "north"))
    other = Seat.SOUTH if me is Seat.NORTH else Seat.NORTH
    opponent = _choice(form, "opponent", PLAYERS, "greedy")
    first = _choice(form, "first", ("dealt", "north", "south"), "dealt")
    edition = _choice(form, "edition", ("deck", "1", "2"), "deck")
    seed_text = form.get("seed", "").strip()
    if seed_text and not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 18):
        raise InputError(Fault("the form", 0, 0, "the seed is a whole number of at most 18 digits, or blank to draw one"))
    seating = Seating(
        seed=int(seed_text) if seed_text else secrets.randbelow(10**6),
        players={me: PERSON, other: opponent},
        names={me: form.get("name", ""), other: form.get("other", "")},
        edition=None if edition == "deck" else int(edition),
        first=None if first == "dealt" else Seat(first),
    )
    deck = desk.current_deck()
    name = desk.deck or "default"
    table = Table(deck, seating, name if bundled_deck(name) is not None else deck_line(str(desk.deck_path)))
    return desk.tables.add(table)


def act(kept: Kept, form: dict[str, str]) -> None:
    """One action on a game from its page: faces chosen, a turn, an undo, the bot's turn."""
    table = kept.table
    what = form.get("do", "")
    kept.said = ""
    if what == "faces":
        for seat, numbers in table.cards_to_choose().items():
            if table.seating.is_person(seat):
                table.choose_faces(seat, [f"{n}{form.get(f'card{n}', 'a')}" for n in numbers])
                break
    elif what == "turn":
        outcome = table.try_turn(form.get("turn", ""))
        if isinstance(outcome, Refusal):
            kept.said = _("Not played: %(why)s") % {"why": printable(str(outcome))}
    elif what == "undo":
        if table.can_undo():
            taken = table.undo()
            kept.said = ngettext("%(num)d turn taken back.", "%(num)d turns taken back.", taken) % {"num": taken}
        else:
            kept.said = _("There is no turn of a person's to take back.")
    elif what == "bot":
        if table.bot_to_move():
            report = table.bot_turn()
            said = {"name": table.seating.names[report.seat], "seat": _(str(report.seat)), "turn": report.turn, "words": table.told[-1]}
            kept.said = _("%(name)s (%(seat)s) played %(turn)s: %(words)s.") % said
    else:
        raise InputError(Fault("the form", 0, 0, "no action named"))


def act_locked(kept: Kept, form: dict[str, str]) -> None:
    """:func:`act` under the game's lock; a refusal of the form is said on the game's page."""
    with kept.lock:
        try:
            act(kept, form)
        except Hi5Error as exc:
            kept.said = printable(str(exc))


def view(desk: Desk, game_id: str, kept: Kept, face: str | None) -> dict[str, Any]:
    """What the game's page shows."""
    table = kept.table
    state = table.state
    out: dict[str, Any] = {"id": game_id, "title": title(table), "said": kept.said, "seed": table.seating.seed, "names": table.seating.names}
    choosing = [(s, n) for s, n in table.cards_to_choose().items() if table.seating.is_person(s)]
    if choosing:
        seat, numbers = choosing[0]
        cards = {c.number: c for c in table.deck.competitors}
        out["choose"] = {"seat": str(seat), "name": table.seating.names[seat], "cards": [cards[n] for n in numbers]}
        return out
    assert state is not None
    mover = state.current_player()
    out.update(
        headline=state.headline(),
        round=min(state.round + 1, state.rules.rounds),
        rounds=state.rules.rounds,
        scores={str(s): v for s, v in state.scores().items()},
        columns={str(s): v for s, v in state.complete_columns().items()},
        mover=str(mover) if mover else "",
        mover_name=table.seating.names[mover] if mover else "",
        bot_to_move=table.bot_to_move(),
        can_undo=table.can_undo(),
        over=table.over(),
        turns=len(table.turns),
        recent=[_told(table, k) for k in range(max(0, len(table.reports) - RECENT), len(table.reports))][::-1],
    )
    if table.over():
        out["winner"] = state.winner()
    elif mover is not None and table.seating.is_person(mover):
        competitors = menu(state)
        out["menu"] = competitors
        picked = next((c for c in competitors if c.face == face), None)
        out["picked"] = picked if picked is not None or len(competitors) != 1 else competitors[0]
    return out


def _told(table: Table, k: int) -> dict[str, str]:
    rep = table.reports[k]
    seat = rep.seat
    return {"seat": str(seat), "name": table.seating.names[seat], "turn": str(rep.turn), "round": str(rep.round), "words": table.told[k]}


def position_svg(desk: Desk, kept: Kept) -> bytes | None:
    """The position drawn as the judge's page draws it."""
    from ...judge.printed import drawing

    table = kept.table
    if table.state is None:
        return None
    with kept.lock:
        state = table.state.copy()
    picture = drawing.position_drawing(state, table.seating.names)
    with desk.render_lock:
        return drawing.svg(picture)


def log_text(kept: Kept) -> str | None:
    """The game's log as it stands; None before the faces are chosen."""
    with kept.lock:
        return kept.table.log() if kept.table.state is not None else None
