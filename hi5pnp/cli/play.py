"""``hi5pnp play``: a game at a text table, against a bot or between two
people at one keyboard. The position is printed, the legal turns numbered;
a number or the notation plays one, every turn judged by the engine."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..deck import EDITION_NUMBERS
from ..errors import printable
from .base import DECK_HELP, DECK_TYPE, Command, Failure

if TYPE_CHECKING:
    from ..deck import Deck
    from ..rules import Seat, Setup, TurnReport
    from ..table import Seating, Table

HELP_LINE = "a number, or a turn in notation (3a assist 2a:chit); u: undo your last turn; p: the position; s: save the log; q: quit"


def _deck_line(deck: str, log: str | None) -> str:
    """How the log names the deck: a bundled deck by name; a folder by its path from the log's folder."""
    import os

    from .. import data

    if data.bundled_deck(deck) is not None:
        return deck
    where = Path(log).resolve().parent if log else Path.cwd()
    relative = os.path.relpath(Path(deck).resolve(), where)
    from ..judge.logwrite import quote

    return quote(Path(relative).as_posix())


class _LogFile:
    """The file ``--log`` names, written by this game only: a name taken
    before the game is refused at the start, and a save never replaces a file
    this game did not write (one put there meanwhile keeps its place: the log
    goes beside it, under a free name, and says so). ``head``: lines written
    before ``players:`` (a skeleton's event, round and table)."""

    def __init__(self, path: str | None, head: list[str] | None = None):
        self.path = path
        self.head = head or []
        self.mine: tuple[int, int, int] | None = None  # the file this game last wrote: device, inode, time

    def save(self, table: Table) -> None:
        if not self.path:
            return
        import os

        from ..files import free_name, write_atomically, write_new

        lines = table.log().splitlines()
        at = next((k for k, line in enumerate(lines) if line.startswith("players:")), len(lines))
        data = ("\n".join(lines[:at] + self.head + lines[at:]) + "\n").encode("utf-8")
        target = Path(self.path)
        if self.mine is not None and self._still_mine(target):
            try:
                write_atomically(target, data)
            except OSError as exc:
                raise Failure([f"hi5pnp play: {printable(self.path)}: cannot be written: {exc.strerror or exc}"]) from None
        else:
            if os.path.lexists(target):
                target = free_name(target)
                click.echo(f"{printable(self.path)} was put there by someone else meanwhile; it is kept as it is.", err=True)
                self.path = str(target)
            write_new(target, data)
        st = os.stat(target)
        self.mine = (st.st_dev, st.st_ino, st.st_mtime_ns)
        click.echo(f"The log is in {printable(self.path)}: check it with: hi5pnp check {printable(self.path)}")

    def _still_mine(self, target: Path) -> bool:
        import os

        try:
            st = os.lstat(target)
        except OSError:
            return False
        return (st.st_dev, st.st_ino, st.st_mtime_ns) == self.mine


def _from_skeleton(path: Path, players: dict[Seat, str]) -> tuple[Seating, Setup, Deck, str, list[str]]:
    """A skeleton's deal as a table's seating and set-up, its deck and how the log names it, and its event, round and table lines."""
    import re

    from ..deck import load_deck
    from ..errors import LogError
    from ..judge.deal import dealt_setup
    from ..judge.logwrite import quote
    from ..table import Seating

    try:
        setup, header, where, inside = dealt_setup(path)
        dk = load_deck(where, need_score_sheet=False, inside=inside)
    except LogError as exc:
        raise Failure([printable(str(f)) for f in exc.faults]) from None
    said = re.search(r"--seed (\d{1,18})", path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0])
    seating = Seating(seed=int(said.group(1)) if said else 0, players=players, names=dict(header.players), edition=header.edition, first=header.first)
    head = [f"event: {quote(header.event)}"] if header.event else []
    head += [f"round: {header.round}"] if header.round is not None else []
    table = header.texts.get("table", "")
    head += [f"table: {table if table.isascii() and table.isdigit() else quote(table)}"] if table else []
    game = header.texts.get("game", "")
    head += [f"game: {game if game.isascii() and game.isdigit() else quote(game)}"] if game else []
    deck_name = header.deck if header.deck and isinstance(where, str) else quote(header.deck or "default")
    return seating, setup, dk, deck_name, head


def _choose_faces(table: Table) -> None:
    for seat, numbers in table.cards_to_choose().items():
        name = table.seating.names[seat]
        click.echo(f"\n{name} ({seat}): choose a face of each card dealt to you.")
        chosen = []
        for n in numbers:
            card = next(c for c in table.deck.competitors if c.number == n)
            for f in card.faces:
                boxes = " | ".join(" ".join(col) for col in f.matrix)
                click.echo(f"  {f.id:>4} {f.name:<22} gems {' '.join(f.gems):<18} {boxes}")
            side = click.prompt(f"  card {n}: a or b", type=click.Choice(["a", "b"], case_sensitive=False))
            chosen.append(f"{n}{side.lower()}")
        table.choose_faces(seat, chosen)


def _tell(table: Table, report: TurnReport) -> None:
    assert table.state is not None
    seat = report.seat
    click.echo(f"{table.seating.names[seat]} ({seat}) plays {report.turn}: {table.told[-1]}")
    if report.round_over:
        result = table.state.results()[-1]
        pts = ", ".join(f"{s} {p}" for s, p in result.points.items())
        click.echo(f"Round {report.round} is over: finish {' '.join(result.finish)}; placing points {pts}.")


def _position(table: Table) -> None:
    from ..judge.position import position_lines

    assert table.state is not None
    click.echo("\n" + "\n".join(position_lines(table.state, table.seating.names)))


@click.command("play", cls=Command)
@click.option(
    "--bot",
    type=click.Choice(["random", "greedy", "planner", "none"]),
    default="greedy",
    show_default=True,
    help="The bot you play against; none: two people take turns at one keyboard.",
)
@click.option("--seat", type=click.Choice(["north", "south"]), default="north", show_default=True, help="Your seat.")
@click.option(
    "--first", type=click.Choice(["north", "south", "dealt"]), default="dealt", show_default=True, help="Who moves first; dealt: drawn with the deal."
)
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None, help="Seed of the deal (default: drawn and printed).")
@click.option("--edition", type=click.Choice([str(n) for n in EDITION_NUMBERS]), default=None, help="Rules edition (default: the deck's).")
@click.option("--deck", "deck", metavar="DIR", type=DECK_TYPE, default="default", show_default=True, help=DECK_HELP)
@click.option(
    "--log",
    "log",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the game's log there (at the end, on s and on q): hi5pnp check reads it.",
)
@click.option("--name", "names", multiple=True, metavar="NAME", help="The players' names, yours first (again for the second person).")
@click.option(
    "--from",
    "skeleton",
    metavar="SKELETON",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Play the deal of this log skeleton (a table pairings wrote): its deck, teams, courses, first player and names; "
    "the played log goes beside it as NAME.played.yaml, with its event, round and table.",
)
@click.option("--auto", is_flag=True, help="The bot (--bot) plays both seats: no one is asked (an event's tables played by bots).")
def play(
    bot: str,
    seat: str,
    first: str,
    seed: int | None,
    edition: str | None,
    deck: str,
    log: str | None,
    names: tuple[str, ...],
    skeleton: str | None,
    auto: bool,
) -> None:
    """Play a game at a text table: the position, the legal turns numbered;
    type a number or the notation. Every turn is judged by the rules engine."""
    import secrets

    from ..deck import load_deck
    from ..rules import Seat
    from ..table import PERSON, Refusal, Seating, Table, menu

    if auto and bot == "none":
        raise click.BadParameter("--auto lets the bot play both seats: name one with --bot", param_hint="--auto")
    me = Seat(seat)
    other = Seat.SOUTH if me is Seat.NORTH else Seat.NORTH
    players = {me: bot if auto else PERSON, other: PERSON if bot == "none" else bot}
    head: list[str] = []
    setup: Setup | None = None
    if skeleton is not None:
        if seed is not None or first != "dealt" or names or deck != "default" or edition:
            raise click.UsageError("--from plays the skeleton's deal, deck, edition and names: leave out --seed, --first, --deck, --edition and --name")
        seating, setup, dk, deck_name, head = _from_skeleton(Path(skeleton), players)
        log = log or str(Path(skeleton).with_name(Path(skeleton).name.rsplit(".", 1)[0] + ".played.yaml"))
    if log:
        import os

        if os.path.lexists(log):
            raise Failure([f"hi5pnp play: {printable(log)}: exists already; play never replaces a file: give --log a new name"])
    saved = _LogFile(log, head)
    if skeleton is None:
        dk = load_deck(deck, need_score_sheet=False)
        seed = secrets.randbelow(10**6) if seed is None else seed
        given = {me: names[0] if names else "", other: names[1] if len(names) > 1 else ""}
        seating = Seating(
            seed=seed,
            players=players,
            names=given,
            edition=int(edition) if edition else None,
            first=None if first == "dealt" else Seat(first),
        )
        deck_name = _deck_line(deck, log)
    seed = seating.seed
    table = Table(dk, seating, deck_name, setup)
    opponent = "each other" if bot == "none" else f"the {bot} bot"
    click.echo(f"A game of High Five against {opponent}, seed {seed} (hi5pnp play --seed {seed} deals it again).")
    try:
        _choose_faces(table)
    except click.Abort:  # Ctrl-C at a prompt (click's word for it): a stopped command, as anywhere
        raise KeyboardInterrupt from None
    assert table.state is not None
    click.echo(f"{table.first} moves first. {HELP_LINE}.")
    shown_round = -1
    try:
        while not table.over():
            state = table.state
            if table.bot_to_move():
                _tell(table, table.bot_turn())
                continue
            if state.round != shown_round:
                shown_round = state.round
                _position(table)
            mover = state.current_player()
            assert mover is not None
            click.echo(f"\n{state.headline()} — {table.seating.names[mover]}:")
            numbered = []
            for comp in menu(state):
                click.echo(f"  {comp.face} {comp.name}: {comp.facing}")
                for choice in comp.choices:
                    numbered.append(choice.notation)
                    click.echo(f"    {len(numbered):>3}. {choice.notation:<24} {choice.words}")
                if comp.more:
                    click.echo(f"         … and {comp.more:,} more: type them in notation")
            answer = click.prompt("Your turn", default="", show_default=False).strip()
            if answer.lower() in ("q", "quit"):
                saved.save(table)
                raise Failure(["hi5pnp play: the game was left before its end" + (f"; the log so far is in {printable(saved.path)}" if saved.path else "")])
            if answer.lower() in ("u", "undo"):
                click.echo(f"{table.undo()} turn(s) taken back." if table.can_undo() else "There is no turn of yours to take back.")
                continue
            if answer.lower() in ("p", "position"):
                _position(table)
                continue
            if answer.lower() in ("s", "save"):
                if log:
                    saved.save(table)
                else:
                    click.echo("Give --log FILE to save the game.")
                continue
            if answer in ("", "?", "h", "help"):
                click.echo(HELP_LINE)
                continue
            number = answer.isascii() and answer.isdigit() and len(answer) <= 6  # a number of the menu (not one of 5,000 digits)
            text = numbered[int(answer) - 1] if number and 0 < int(answer) <= len(numbered) else answer
            outcome = table.try_turn(text)
            if isinstance(outcome, Refusal):
                click.echo(f"Not played: {printable(str(outcome))}")
            else:
                _tell(table, outcome)
    except click.Abort:  # Ctrl-C at the prompt (click's word for it): a stopped command, as anywhere
        saved.save(table)
        raise KeyboardInterrupt from None
    state = table.state
    scores = state.scores()
    cols = state.complete_columns()
    click.echo(f"\nThe game is over: {', '.join(f'{s} {scores[s]} ({cols[s]} complete columns)' for s in scores)}; winner: {state.winner()}.")
    saved.save(table)
