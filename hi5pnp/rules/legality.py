"""The verdict on a turn: :func:`why_illegal` is the one judge of whether a
turn may be played now, and :func:`reward_options` lists the rewards the same
rules allow, for players that build a turn step by step.

Both read the game's :class:`~hi5pnp.rules.position.Position` (``board.pos``)
and fixed facts (``board.game``) directly, and run once for every turn
checked. :func:`reward_choices` is the rule on rewards itself, over numbers:
the bots and the fast random playout ask it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .edition import EDITIONS, Edition
from .illegal import Illegal
from .position import Facing, facing, may_do, obstacle_at, room
from .seat import SEATS
from .turn import CHIT, Action, Brought, Mark, Reward, Turn

PLAIN, BYPASS = Action.PLAIN, Action.BYPASS  # named once: an enum member read from its class costs a lookup each turn


def why_illegal(board: Board, turn: Turn) -> Illegal | None:
    """None if ``turn`` is legal now; otherwise why not, in game words."""
    game, pos, action = board.game, board.pos, turn.action
    if pos.course is None:
        return no_round(board)
    if turn.spend or (turn.brought and (action is PLAIN or action is BYPASS)):  # a plain turn, or one that brings, has its shape
        shape = _shape_problem(turn)
        if shape is not None:
            return shape
    i = game.number.get(turn.face)
    if i is None:
        return not_in_play(board, turn.face)
    if game.seat[i] != pos.to_move or not pos.ready[i]:
        return _whose_turn(board, i)
    if action is PLAIN:
        return None
    if action is BYPASS:
        return _bypass_problem(board, facing(game, pos, i, others=False), turn.spend)
    edition = game.edition
    if action not in edition.bring_actions:
        options = ", ".join([*edition.bring_actions, Action.BYPASS])
        return Illegal(
            f"{action} is not an option in edition {edition.number}, the edition of this game (its options: {options})",
            "§4",
        )
    return _bring_problem(board, i, turn)


def _shape_problem(turn: Turn) -> Illegal | None:
    """A turn the notation cannot write (made in code, not parsed): a plain
    turn that brings or spends, a bypass that brings, a negative spend."""
    if turn.spend < 0 or (turn.spend and turn.action is not BYPASS):
        return Illegal(f"{turn.face} cannot spend {turn.spend} chits with {turn.action}; only a bypass spends chits", "§4")
    if turn.brought and turn.action in (PLAIN, BYPASS):
        return Illegal(f"a {turn.action} turn brings nobody; write assist to bring others along", "§4")
    return None


def no_round(board: Board) -> Illegal:
    """Why no turn may be played now (the player to move is nobody): no
    course laid yet, the round over, or the game over."""
    if board.is_terminal():
        return Illegal("the game is over; no more turns are played", "§6")
    if board.pos.round == 0:
        return Illegal("no course is laid yet; each round starts with its course", "§2")
    return Illegal(f"round {board.pos.round} is over: its last needed finisher has arrived, so no turn follows it", "R-12")


def not_in_play(board: Board, face: str) -> Illegal:
    card = face[:-1]
    for i, f in enumerate(board.faces):
        if f[:-1] == card:
            return Illegal(f"{face} is not in play: card {card} is played as {f} by {SEATS[board.game.seat[i]]}", "R-1")
    return Illegal(f"{face} is not in play: card {card} is in neither team", "§2")


def _whose_turn(board: Board, i: int) -> Illegal:
    owner, mover = board.game.seat[i], board.pos.to_move
    assert mover is not None
    face = board.faces[i]
    if owner != mover:
        if board.pos.ready_count[owner] == 0:
            why, ruling = f"{SEATS[owner]} has no ready competitor left this segment", "R-3"
        elif board.segment_start() and board.pos.segment == 1 and board.pos.round > 0:
            why = (
                f"{SEATS[mover]} holds the first-player token and opens round {board.pos.round + 1}: "
                f"it passed once, to {SEATS[mover]}, when round {board.pos.round} ended"
            )
            ruling = "R-12"
        elif board.segment_start():
            why, ruling = f"{SEATS[mover]} holds the first-player token and opens the segment", "R-4"
        else:
            why, ruling = "turns alternate", "§3"
        return Illegal(f"it is {SEATS[mover]}'s turn, not {SEATS[owner]}'s ({face}): {why}", ruling)
    if board.pos.out[i]:
        return Illegal(f"{face} has finished this round and acts no more", "R-10")
    ready = ", ".join(board.ready_faces(SEATS[owner]))
    return Illegal(f"{face} is exhausted this segment; {SEATS[owner]}'s ready competitors: {ready}", "§3")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _bypass_problem(board: Board, f: Facing, k: int) -> Illegal | None:
    if k > f.chits:
        return Illegal(f"{f.face} holds {_plural(f.chits, 'chit')} and cannot spend {k}", "§4")
    if k > f.matches:
        return Illegal(
            f"{f.face} may spend at most {_plural(f.matches, 'chit')} here: that many of its gems are {f.obstacle.color} (the obstacle's colour)",
            "§4",
        )
    most = room(board.game, f.position)
    if k > most:
        return Illegal(
            f"spending {k} would carry {f.face} from position {f.position} past the finish ({board.finish}); at most {most} may be spent here",
            "R-7",
        )
    return None


def _bring_problem(board: Board, i: int, turn: Turn) -> Illegal | None:
    """Those brought and their number (§4, R-10), then the rewards. Read from
    the position's numbers: the :class:`Facing` that the words of a fault
    need is made only for a fault (this runs for every turn that brings)."""
    game, pos = board.game, board.pos
    face, number, out, at = game.faces[i], game.number, pos.out, pos.positions
    p = at[i]
    brought = turn.brought
    seen: list[str] = []
    for b in brought:
        j = number.get(b.face)
        if j is None:
            return not_in_play(board, b.face)
        if j == i:
            return Illegal(f"{face} cannot bring itself along", "§4")
        if b.face in seen:
            return Illegal(f"{b.face} is brought twice", "§4")
        seen.append(b.face)
        if out[j]:
            return Illegal(f"{b.face} has finished this round and cannot be brought", "R-10")
        if at[j] != p:
            return Illegal(
                f"{b.face} stands at position {at[j]}, not at {face}'s position {p}; only competitors at the same position can be brought",
                "§4",
            )
    assert pos.course is not None
    ob = obstacle_at(game, pos.course, p)
    k, m = len(brought), game.comp[i].gems.count(ob.color)
    if game.edition.exact_count:
        need = may_do(game, pos, i, m, range(len(at)))[2]
        if k != need:
            f = facing(game, pos, i)
            return Illegal(
                f"in edition {game.edition.number}, {turn.action} brings exactly {need} (gems matching "
                f"{f.obstacle.color}: {m}; others at its position: {_who(f)}), not {k}",
                "§4",
            )
    elif k > m:
        f = facing(game, pos, i)
        return Illegal(
            f"{face} brings {k} but may bring at most {m}: that many of its gems are {f.obstacle.color} (the obstacle's colour); at its position: {_who(f)}",
            "§4",
        )
    return _reward_problem(board, i, ob.trait, turn)


def _who(f: Facing) -> str:
    """The others at a competitor's position, in words."""
    return ", ".join(f.eligible) or "nobody"


def _reward_problem(board: Board, i: int, trait: str, turn: Turn) -> Illegal | None:
    """The rewards written after those brought, in the order written (R-6,
    R-8, R-9); ``trait``: the obstacle's that competitor ``i`` faces."""
    game, pos = board.game, board.pos
    face, ed, action = game.faces[i], game.edition, turn.action
    chits, limit = pos.chits[i], game.rules.chit_limit
    owes = action == ed.owed_marks
    # the unmarked boxes of the trait, per column: counted only where a mark is owed or written
    free = [col.count(trait) for col in pos.unmarked[i]] if owes else None
    chits_for: list[str] = []  # the competitors this turn has already taken a chit for
    seat, number, own = game.seat, game.number, game.seat[i]
    for b in turn.brought:
        if seat[number[b.face]] == own:
            if b.reward is not None:
                return Illegal(f"{b.face} is {SEATS[own]}'s own: no reward is earned for it", "§4")
            continue
        owed = free is not None and owes and sum(free) > 0
        if b.reward is None:
            if owed:
                return Illegal(
                    f"a {trait} mark is owed for {b.face}: {face} still has an unmarked {trait} box; write {b.face}:t<column>",
                    "R-9",
                )
            continue
        if action == ed.automatic_chits:
            return Illegal(f"in edition {ed.number}, {action} takes its chits by itself; write no reward after {b.face}", "R-8")
        if isinstance(b.reward, Mark):
            owed_ruling = "R-9" if owes else "R-6"
            if free is None:
                free = [col.count(trait) for col in pos.unmarked[i]]
            if not ed.writes_marks(action):
                return Illegal(f"{action} earns no trait marks ({b})", "§4")
            if owes and not owed:
                return Illegal(f"no mark is owed for {b.face}: {face} has no unmarked {trait} box left", "R-9")
            col = b.reward.column
            if not 1 <= col <= len(free):
                return Illegal(f"{face}'s matrix has columns 1-{len(free)}; there is no column {col}", owed_ruling)
            if free[col - 1] == 0:
                return Illegal(f"column {col} of {face}'s matrix has no unmarked {trait} box", owed_ruling)
            free[col - 1] -= 1
            continue
        if not ed.writes_chits(action):
            return Illegal(f"{action} earns trait marks, not chits ({b})", "§4")
        if chits >= limit:
            cause = ""
            if chits_for:  # the cause is in this very turn: name the reward that filled the card
                took = " and ".join(f"the chit for {x}" for x in chits_for)
                cause = f": {took}, written earlier in this turn, filled its card"
            return Illegal(f"{face} already holds {_plural(chits, 'chit')}, the limit{cause}; no chit for {b.face}", "R-6")
        chits += 1
        chits_for.append(b.face)
    return None


def reward_options(board: Board, face: str, action: Action, written: Sequence[Brought], brought: str) -> list[Reward | None]:
    """The rewards that may be written after ``brought`` when ``face`` brings it
    with ``action`` and the rewards ``written`` before it in the same turn
    (``None``: no reward). Only where ``face`` and ``brought`` could legally be
    in the turn together."""
    game, pos = board.game, board.pos
    i, j = game.number[face], game.number[brought]
    if game.seat[i] == game.seat[j] or action == game.edition.automatic_chits:
        return [None]
    assert pos.course is not None
    trait = obstacle_at(game, pos.course, pos.positions[i]).trait
    left = [col.count(trait) for col in pos.unmarked[i]]
    chits = pos.chits[i]
    for b in written:
        if b.reward == CHIT:
            chits += 1
        elif isinstance(b.reward, Mark):
            left[b.reward.column - 1] -= 1
    return reward_choices(game.edition, game.rules.chit_limit, action, left, chits)


#: Mark(1), Mark(2), ...: made once, as rewards are offered in every turn that brings.
MARKS = tuple(Mark(c) for c in range(1, 65))


def reward_choices(edition: Edition, limit: int, action: Action, left: Sequence[int], chits: int) -> list[Reward | None]:
    """The rewards an opponent brought with ``action`` may earn (R-6, R-8,
    R-9) when the active competitor holds ``chits`` (of at most ``limit``)
    and ``left[c]`` unmarked boxes of the obstacle's trait in column c+1, the
    rewards written before it counted (``None``: no reward)."""
    chit, mark, owed = _WRITES.get((id(edition), action)) or _writes(edition, action)
    if not (chit or mark):
        return [None]  # the chits come by themselves, or no reward is written
    options: list[Reward | None] = [None, CHIT] if chit and chits < limit else [None]
    if mark:
        marks: list[Reward | None] = [MARKS[c] if c < len(MARKS) else Mark(c + 1) for c, n in enumerate(left) if n]
        if owed:
            return marks or options  # a mark is owed while a box is free
        options += marks
    return options


def _writes(edition: Edition, action: Action) -> tuple[bool, bool, bool]:
    """After an opponent brought with ``action``: may a chit be written, may a
    mark, and is a mark owed (R-9)?"""
    return edition.writes_chits(action), edition.writes_marks(action), action == edition.owed_marks


#: Per edition (of EDITIONS, by identity) and option: _writes.
_WRITES = {(id(e), a): _writes(e, a) for e in EDITIONS.values() for a in Action}
