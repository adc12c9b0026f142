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

from ..language import _, ngettext
from .board import Board
from .edition import EDITIONS, Edition
from .game import Game
from .illegal import Illegal
from .position import Facing, facing, may_do, obstacle_at, room
from .seat import SEATS, seat_words
from .turn import CHIT, Action, Brought, Mark, Reward, Turn

PLAIN, BYPASS = Action.PLAIN, Action.BYPASS  # named once: an enum member read from its class costs a lookup each turn


def why_illegal(board: Board, turn: Turn) -> Illegal | None:
    """None if ``turn`` is legal now; otherwise why not, in game words."""
    game, pos = board.game, board.pos
    face, action, brought, spend = turn  # (a named tuple's fields, read at once: this runs for every turn checked)
    if pos.course is None:
        return no_round(board)
    if spend or (brought and (action is PLAIN or action is BYPASS)):  # a plain turn, or one that brings, has its shape
        shape = _shape_problem(turn)
        if shape is not None:
            return shape
    i = game.number.get(face)
    if i is None:
        return not_in_play(board, face)
    if game.seat[i] != pos.to_move or not pos.ready[i]:
        return _whose_turn(board, i)
    if action is PLAIN:
        return None
    if action is BYPASS:
        return _bypass_problem(board, facing(game, pos, i, others=False), spend)
    edition = game.edition
    if action not in edition.bring_actions:
        options = ", ".join([*edition.bring_actions, Action.BYPASS])
        said = {"action": action, "n": edition.number, "options": options}
        return Illegal(_("%(action)s is not an option in edition %(n)d, the edition of this game (its options: %(options)s)") % said, "§4")
    return _bring_problem(board, i, turn)


def _shape_problem(turn: Turn) -> Illegal | None:
    """A turn the notation cannot write (made in code, not parsed): a plain
    turn that brings or spends, a bypass that brings, a negative spend."""
    if turn.spend < 0 or (turn.spend and turn.action is not BYPASS):
        said = {"face": turn.face, "k": turn.spend, "action": turn.action}
        return Illegal(_("%(face)s cannot spend %(k)d chits with %(action)s; only a bypass spends chits") % said, "§4")
    if turn.brought and turn.action in (PLAIN, BYPASS):
        return Illegal(_("a %(action)s turn brings nobody; write assist to bring others along") % {"action": turn.action}, "§4")
    return None


def no_round(board: Board) -> Illegal:
    """Why no turn may be played now (the player to move is nobody): no
    course laid yet, the round over, or the game over."""
    if board.is_terminal():
        return Illegal(_("the game is over; no more turns are played"), "§6")
    if board.pos.round == 0:
        return Illegal(_("no course is laid yet; each round starts with its course"), "§2")
    return Illegal(_("round %(round)d is over: its last needed finisher has arrived, so no turn follows it") % {"round": board.pos.round}, "R-12")


def not_in_play(board: Board, face: str) -> Illegal:
    card = face[:-1]
    for i, f in enumerate(board.faces):
        if f[:-1] == card:
            said = {"face": face, "card": card, "as": f, "seat": seat_words(SEATS[board.game.seat[i]])}
            return Illegal(_("%(face)s is not in play: card %(card)s is played as %(as)s by %(seat)s") % said, "R-1")
    return Illegal(_("%(face)s is not in play: card %(card)s is in neither team") % {"face": face, "card": card}, "§2")


def _whose_turn(board: Board, i: int) -> Illegal:
    owner, mover = board.game.seat[i], board.pos.to_move
    assert mover is not None
    face = board.faces[i]
    said = {"owner": seat_words(SEATS[owner]), "mover": seat_words(SEATS[mover]), "face": face, "round": board.pos.round, "next": board.pos.round + 1}
    if owner != mover:
        if board.pos.ready_count[owner] == 0:
            why, ruling = _("%(owner)s has no ready competitor left this segment") % said, "R-3"
        elif board.segment_start() and board.pos.segment == 1 and board.pos.round > 0:
            why = _("%(mover)s holds the first-player token and opens round %(next)d: it passed once, to %(mover)s, when round %(round)d ended") % said
            ruling = "R-12"
        elif board.segment_start():
            why, ruling = _("%(mover)s holds the first-player token and opens the segment") % said, "R-4"
        else:
            why, ruling = _("turns alternate"), "§3"
        return Illegal(_("it is %(mover)s's turn, not %(owner)s's (%(face)s): %(why)s") % {**said, "why": why}, ruling)
    if board.pos.out[i]:
        return Illegal(_("%(face)s has finished this round and acts no more") % said, "R-10")
    ready = ", ".join(board.ready_faces(SEATS[owner]))
    return Illegal(_("%(face)s is exhausted this segment; %(owner)s's ready competitors: %(ready)s") % {**said, "ready": ready}, "§3")


def _chits(n: int) -> str:
    return ngettext("%(n)d chit", "%(n)d chits", n) % {"n": n}


def _bypass_problem(board: Board, f: Facing, k: int) -> Illegal | None:
    if k > f.chits:
        return Illegal(_("%(face)s holds %(chits)s and cannot spend %(k)d") % {"face": f.face, "chits": _chits(f.chits), "k": k}, "§4")
    if k > f.matches:
        said = {"face": f.face, "chits": _chits(f.matches), "color": f.obstacle.color}
        return Illegal(_("%(face)s may spend at most %(chits)s here: that many of its gems are %(color)s (the obstacle's colour)") % said, "§4")
    most = room(board.game, f.position)
    if k > most:
        past: dict[str, object] = {"k": k, "face": f.face, "position": f.position, "finish": board.finish, "most": most}
        return Illegal(
            _("spending %(k)d would carry %(face)s from position %(position)d past the finish (%(finish)d); at most %(most)d may be spent here") % past, "R-7"
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
            return Illegal(_("%(face)s cannot bring itself along") % {"face": face}, "§4")
        if b.face in seen:
            return Illegal(_("%(face)s is brought twice") % {"face": b.face}, "§4")
        seen.append(b.face)
        if out[j]:
            return Illegal(_("%(face)s has finished this round and cannot be brought") % {"face": b.face}, "R-10")
        if at[j] != p:
            said = {"brought": b.face, "at": at[j], "face": face, "position": p}
            message = _("%(brought)s stands at position %(at)d, not at %(face)s's position %(position)d; only competitors at the same position can be brought")
            return Illegal(message % said, "§4")
    assert pos.course is not None
    ob = obstacle_at(game, pos.course, p)
    k, m = len(brought), game.comp[i].gems.count(ob.color)
    if game.edition.exact_count:
        need = may_do(game, pos, i, m, range(len(at)))[2]
        if k != need:
            message = _("in edition %(n)d, %(action)s brings exactly %(need)d (gems matching %(color)s: %(m)d; others at its position: %(who)s), not %(k)d")
            return Illegal(message % {**_bring_said(game, face, facing(game, pos, i), k), "action": turn.action, "need": need}, "§4")
    elif k > m:
        message = _("%(face)s brings %(k)d but may bring at most %(m)d: that many of its gems are %(color)s (the obstacle's colour); at its position: %(who)s")
        return Illegal(message % _bring_said(game, face, facing(game, pos, i), k), "§4")
    return _reward_problem(board, i, ob.trait, turn)


def _bring_said(game: Game, face: str, f: Facing, k: int) -> dict[str, object]:
    """What a message about how many a turn brings fills in (made only for a fault)."""
    who = ", ".join(f.eligible) or _("nobody")
    return {"face": face, "k": k, "m": f.matches, "color": f.obstacle.color, "who": who, "n": game.edition.number}


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
    about = (game, i, trait, action)  # what a fault's words need (a tuple: no closure made a turn)
    for b in turn.brought:
        if seat[number[b.face]] == own:
            if b.reward is not None:
                whose = {"face": b.face, "seat": seat_words(SEATS[own])}
                return Illegal(_("%(face)s is %(seat)s's own: no reward is earned for it") % whose, "§4")
            continue
        owed = free is not None and owes and sum(free) > 0
        if b.reward is None:
            if owed:
                message = _("a %(trait)s mark is owed for %(brought)s: %(face)s still has an unmarked %(trait)s box; write %(brought)s:t<column>")
                return Illegal(message % _said(about, b), "R-9")
            continue
        if action == ed.automatic_chits:
            return Illegal(_("in edition %(n)d, %(action)s takes its chits by itself; write no reward after %(brought)s") % _said(about, b), "R-8")
        if isinstance(b.reward, Mark):
            owed_ruling = "R-9" if owes else "R-6"
            if free is None:
                free = [col.count(trait) for col in pos.unmarked[i]]
            if not ed.writes_marks(action):
                return Illegal(_("%(action)s earns no trait marks (%(reward)s)") % _said(about, b), "§4")
            if owes and not owed:
                return Illegal(_("no mark is owed for %(brought)s: %(face)s has no unmarked %(trait)s box left") % _said(about, b), "R-9")
            col = b.reward.column
            if not 1 <= col <= len(free):
                return Illegal(
                    _("%(face)s's matrix has columns 1-%(last)d; there is no column %(col)d") % {**_said(about, b), "last": len(free), "col": col}, owed_ruling
                )
            if free[col - 1] == 0:
                return Illegal(_("column %(col)d of %(face)s's matrix has no unmarked %(trait)s box") % {**_said(about, b), "col": col}, owed_ruling)
            free[col - 1] -= 1
            continue
        if not ed.writes_chits(action):
            return Illegal(_("%(action)s earns trait marks, not chits (%(reward)s)") % _said(about, b), "§4")
        if chits >= limit:
            cause = ""
            if chits_for:  # the cause is in this very turn: name the reward that filled the card
                took = (" " + _("and") + " ").join(_("the chit for %(face)s") % {"face": x} for x in chits_for)
                cause = ": " + _("%(took)s, written earlier in this turn, filled its card") % {"took": took}
            held = {"face": face, "chits": _chits(chits), "cause": cause, "brought": b.face}
            return Illegal(_("%(face)s already holds %(chits)s, the limit%(cause)s; no chit for %(brought)s") % held, "R-6")
        chits += 1
        chits_for.append(b.face)
    return None


def _said(about: tuple[Game, int, str, Action], b: Brought) -> dict[str, object]:
    """What a message about the reward written after ``b`` fills in (made only for a fault)."""
    game, i, trait, action = about
    return {"brought": b.face, "face": game.faces[i], "trait": trait, "action": action, "n": game.edition.number, "reward": str(b)}


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
