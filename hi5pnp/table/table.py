"""A game at the table: a person against a bot, or two people at one screen.

The engine judges every turn (:class:`~hi5pnp.rules.State`); this module only
keeps who sits where, the dealt cards and courses (from the seed), the faces
chosen and the turns played. The turns are the game's state: an undo plays the
game again without its last turns, and :meth:`Table.log` writes it as a game
log that ``hi5pnp check`` reads back.

The bots draw from a generator of their own for each turn (the seed and the
turn's number), so a game played again from its seed and the same person's
turns gives the same bot turns, undo or not.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..deck import Deck
from ..errors import OptionError
from ..judge.logwrite import game_log, quote
from ..language import N_, _
from ..rules import SEATS, Illegal, NotationError, RulesError, Seat, Setup, State, Turn, TurnReport, deal
from ..sim import BOT_NAMES
from ..sim.bots.heuristic import Seeing, Sight, tie_order
from ..sim.bots.players import BOTS, Bot
from .menu import turn_words

#: Who may sit at a seat: a person, or one of the bots by name.
PERSON = "person"
PLAYERS = (PERSON, *BOT_NAMES)
#: a bot's name at the table when it is given none, in the language spoken when the game begins
BOT_SAID = {"random": N_("random bot"), "greedy": N_("greedy bot"), "planner": N_("planner bot")}


def _seat(value: str | Seat, option: str) -> Seat:
    try:
        return Seat(str(value).lower())
    except ValueError:
        raise OptionError(option, value, tuple(str(s) for s in SEATS)) from None


def clean_name(name: str, default: str) -> str:
    """A player's name as a log may hold it: printable characters only, at most 60."""
    kept = "".join(ch for ch in name if ch.isprintable()).strip()[:60]
    return kept or default


@dataclass(frozen=True)
class Seating:
    """Who plays: for each seat a person or a bot (``"greedy"``), the names to
    log, the seed of the deal, the edition, and who moves first (None: dealt)."""

    seed: int = 0
    players: Mapping[Seat, str] = field(default_factory=lambda: {Seat.NORTH: PERSON, Seat.SOUTH: "greedy"})
    names: Mapping[Seat, str] = field(default_factory=dict)
    edition: int | None = None
    first: Seat | None = None

    def __post_init__(self) -> None:
        players = {_seat(s, "seat"): p for s, p in self.players.items()}
        if set(players) != set(SEATS):
            raise OptionError("players", ", ".join(map(str, players)), ("north and south, one each",))
        for p in players.values():
            if p not in PLAYERS:
                raise OptionError("player", p, PLAYERS)
        object.__setattr__(self, "players", players)
        if self.first is not None:
            object.__setattr__(self, "first", _seat(self.first, "first"))
        if not 0 <= self.seed < 2**63:
            raise OptionError("seed", self.seed, ("a whole number from 0 to 2**63 - 1",))
        names = {}
        for s in SEATS:
            given = self.names.get(s, "") if isinstance(self.names, Mapping) else ""
            default = _(BOT_SAID.get(players[s], f"{players[s]} bot")) if players[s] != PERSON else (_("North") if s is Seat.NORTH else _("South"))
            names[s] = clean_name(given, default)
        object.__setattr__(self, "names", names)

    def is_person(self, seat: Seat) -> bool:
        return self.players[seat] == PERSON


@dataclass(frozen=True)
class Refusal:
    """Why a turn was not played: the engine's reason and its ruling, or a
    notation fault (``ruling`` empty)."""

    text: str
    message: str
    ruling: str = ""

    def __str__(self) -> str:
        cite = f" ({self.ruling if self.ruling.startswith('R-') else 'rules ' + self.ruling})" if self.ruling else ""
        return f"{self.text}: {self.message}{cite}"


class Table:
    """One game: dealt from ``seating.seed`` on ``deck``, faces chosen, turns played."""

    def __init__(self, deck: Deck, seating: Seating, deck_name: str = "default", setup: Setup | None = None):
        self.deck = deck
        self.seating = seating
        self.deck_name = deck_name
        self.setup: Setup = setup or deal(deck, random.Random(seating.seed))  # a skeleton's set-up, or dealt from the seed
        self.first: Seat = seating.first or self.setup.first
        self.faces: dict[Seat, list[str]] = {}
        self.turns: list[Turn] = []
        self.reports: list[TurnReport] = []
        self.told: list[str] = []  # each turn played, in words (:func:`.menu.turn_words`), as :attr:`words` names things
        self.words: Deck = deck  # the deck whose names and traits the turns are told in
        self.state: State | None = None
        self._bots: dict[Seat, Bot] = {s: BOTS[p]() for s, p in seating.players.items() if p != PERSON}
        for seat, bot in self._bots.items():  # a bot chooses its faces at once
            cards = {c.number: c for c in deck.competitors}
            rng = random.Random(f"{seating.seed}:faces:{seat}")
            self.faces[seat] = [bot.choose_face(deck, cards[n], rng) for n in self.setup.cards[seat]]
        if len(self.faces) == len(SEATS):
            self._start()

    # ------------------------------------------------------------ set-up
    def cards_to_choose(self) -> dict[Seat, tuple[int, ...]]:
        """The seats still choosing faces, with their dealt card numbers."""
        return {s: self.setup.cards[s] for s in SEATS if s not in self.faces}

    def choose_faces(self, seat: Seat | str, faces: Sequence[str]) -> None:
        """``seat`` takes ``faces``: one side of each dealt card (``["3a", "7b", ...]``)."""
        seat = _seat(seat, "seat")
        if seat in self.faces:
            raise RulesError(Illegal(f"{seat} has chosen its faces already", "§2"))
        dealt = self.setup.cards[seat]
        chosen = [f.strip().lower() for f in faces]
        numbers = sorted(int(f[:-1]) for f in chosen if f[:-1].isdigit() and f[-1:] in ("a", "b"))
        if len(numbers) != len(chosen) or numbers != sorted(dealt):
            want = ", ".join(str(n) for n in dealt)
            raise RulesError(Illegal(f"{seat} chooses one face, a or b, of each card dealt to it ({want})", "§2", seat))
        self.faces[seat] = [f"{n}{next(f[-1] for f in chosen if int(f[:-1]) == n)}" for n in dealt]
        if len(self.faces) == len(SEATS):
            self._start()

    def _start(self) -> None:
        self.state = State(self.deck, {s: self.faces[s] for s in SEATS}, self.first, self.seating.edition)
        sight = Sight(self.state.game, tie_order(self.state.game, random.Random(f"{self.seating.seed}:order")))
        for bot in self._bots.values():
            if isinstance(bot, Seeing):
                bot.start(sight)  # the bots of one game share how they see it
        self._lay()

    def _lay(self) -> None:
        state = self.state
        assert state is not None
        if state.needs_course() and not state.is_terminal():
            state.lay_course(self.setup.courses[state.round])

    # ------------------------------------------------------------ play
    def to_move(self) -> Seat | None:
        """The seat to play now; None before the faces are chosen and at the end."""
        return None if self.state is None else self.state.current_player()

    def over(self) -> bool:
        return self.state is not None and self.state.is_terminal()

    def bot_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and not self.seating.is_person(seat)

    def try_turn(self, text: str) -> Refusal | TurnReport:
        """Play the turn written as ``text`` for the seat to move, or say why not."""
        state = self.state
        if state is None:
            return Refusal(text, "the faces are not all chosen yet", "§2")
        try:
            turn = Turn.parse(text)
        except NotationError as e:
            return Refusal(text, str(e))
        seat = state.current_player()
        if seat is not None and not self.seating.is_person(seat):
            return Refusal(text, f"it is {self.seating.names[seat]}'s turn ({seat})")
        problem = state.why_illegal(turn)
        if problem is not None:
            return Refusal(text, problem.message, problem.ruling)
        return self._apply(turn)

    def _apply(self, turn: Turn) -> TurnReport:
        assert self.state is not None
        words = turn_words(self.state, turn, self.words)
        report = self.state.apply(turn)
        self.turns.append(turn)
        self.reports.append(report)
        self.told.append(words)
        self._lay()
        return report

    def bot_turn(self) -> TurnReport:
        """The bot to move plays its turn."""
        seat = self.to_move()
        if seat is None or seat not in self._bots:
            raise RulesError(Illegal("it is not a bot's turn", "§3"))
        assert self.state is not None
        rng = random.Random(f"{self.seating.seed}:turn:{len(self.turns)}")
        return self._apply(self._bots[seat].turn(self.state, rng))

    def can_undo(self, seat: Seat | None = None) -> bool:
        """A person's own last turn may be taken back (with the turns after it): see :meth:`undo`."""
        return self._undo_point(seat) is not None

    def undoer(self) -> Seat | None:
        """Whose turn an undo takes back when no seat is named: the person to
        move (at one screen, the person sitting there now), else the person
        who played last."""
        seat = self.to_move()
        if seat is not None and self.seating.is_person(seat):
            return seat
        return next((r.seat for r in reversed(self.reports) if self.seating.is_person(r.seat)), None)

    def _undo_point(self, seat: Seat | None = None) -> int | None:
        seat = seat or self.undoer()
        if seat is None or not self.seating.is_person(seat):
            return None
        return next((k for k in range(len(self.reports) - 1, -1, -1) if self.reports[k].seat is seat), None)

    def undo(self, seat: Seat | None = None) -> int:
        """Take back the last turn ``seat`` played (by default :meth:`undoer`'s)
        and every turn after it; the number of turns taken back."""
        k = self._undo_point(seat)
        if k is None:
            raise RulesError(Illegal("there is no turn of a person's to take back", "§3"))
        kept, before = self.turns[:k], len(self.turns)
        self.turns, self.reports, self.told = [], [], []
        self._start()
        for turn in kept:
            self._apply(turn)
        return before - k

    def told_in(self, words: Deck, first: int = 0) -> list[str]:
        """Turns ``first`` onwards in words (:attr:`told`), the deck's names and
        traits as ``words`` gives them (the deck in another language): the
        game played again to each turn's position."""
        if words is self.words or self.state is None:
            return self.told[first:]
        state = State(self.deck, {s: self.faces[s] for s in SEATS}, self.first, self.seating.edition)
        out = []
        for k, turn in enumerate(self.turns):
            if state.needs_course() and not state.is_terminal():
                state.lay_course(self.setup.courses[state.round])
            if k >= first:
                out.append(turn_words(state, turn, words))
            state.push(turn)
        return out

    # ------------------------------------------------------------ the log
    def log(self, date: datetime.date | None = None) -> str:
        """The game so far as a hi5/1 log: players, date and seed in its header."""
        state = self.state
        if state is None:
            raise RulesError(Illegal("the game has not started: the faces are not all chosen", "§2"))
        s = self.seating
        who = ", ".join(f"{seat}: {s.players[seat] if s.players[seat] != PERSON else 'a person'}" for seat in SEATS)
        text = game_log(state, self.deck_name, comment=f"Played at hi5pnp's table, seed {s.seed} ({who}).")
        head = [
            f"date: {(date or datetime.date.today()).isoformat()}",
            "players: {" + ", ".join(f"{seat}: {quote(s.names[seat])}" for seat in SEATS) + "}",
            f"notes: {quote(f'seed {s.seed}; ' + who)}",
        ]
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("edition:")) + 1
        return "\n".join(lines[:at] + head + lines[at:]) + "\n"
