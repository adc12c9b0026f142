"""Events played by bots, for the event tests: a game played from a deal (or
from a skeleton ``pairings --logs`` wrote) and written as a log with its
header, as players hand it to the judge."""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction
from pathlib import Path

import yaml

from hi5pnp.judge.logwrite import game_log, quote
from hi5pnp.rules import SEATS, State, deal
from hi5pnp.sim.bots.players import RandomBot


def play(deck, teams, first, courses, rng) -> State:
    """A whole game with random legal turns."""
    state = State(deck, teams, first)
    bot = RandomBot()
    for course in courses:
        state.lay_course(list(course))
        while state.current_player() is not None:
            state.apply(bot.turn(state, rng))
    return state


def played_log(deck, deck_name, rng, north, south, round_number=None, event="Club night 12", first="north"):
    """A dealt game played to its end, as a log naming its players and round; and the game."""
    setup = deal(deck, rng)
    teams = {seat: [f"{n}{rng.choice('ab')}" for n in setup.cards[seat]] for seat in SEATS}
    state = play(deck, teams, first, setup.courses, rng)
    head = [f"event: {quote(event)}", *([f"round: {round_number}"] if round_number else []), f"players: {{north: {quote(north)}, south: {quote(south)}}}"]
    lines = game_log(state, deck_name).splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("teams:"))
    return "\n".join(lines[:at] + head + lines[at:]) + "\n", state


def fill_skeleton(path: Path, deck, rng) -> State:
    """What the players hand back for a skeleton: its header kept, sides chosen, the game played by bots."""
    text = path.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    teams = {seat: [f"{c[:-1]}{rng.choice('ab')}" for c in doc["teams"][seat]] for seat in SEATS}
    state = play(deck, teams, doc["first"], [r["course"] for r in doc["rounds"]], rng)
    head = []
    for line in text.splitlines():
        if line.startswith("teams:"):
            break
        if not line.startswith("#"):
            head.append(line)
    body = game_log(state, doc["deck"]).splitlines()
    at = next(k for k, line in enumerate(body) if line.startswith("teams:"))
    path.write_text("\n".join(head + body[at:]) + "\n", encoding="utf-8")
    return state


def handed_back(skeleton: Path, deck, rng) -> str:
    """The log the players of a table hand back for its skeleton (played by bots), the skeleton itself left as it is."""
    copy = skeleton.parent.parent / f"played-{skeleton.name}"
    copy.write_bytes(skeleton.read_bytes())
    fill_skeleton(copy, deck, rng)
    text = copy.read_text(encoding="utf-8")
    copy.unlink()
    return text


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def contract_table(games: list[dict], entered: list[str], byes: dict[str, int]) -> list[dict]:
    """The contract's table: 3 a win or a bye, 1 a draw; a bye's (and a forfeit winner's) game points the mean, rounded down,
    of the player's own scored games; OMW floored at 1/3; ranked by points, OMW, game points, then name."""
    points = dict.fromkeys(entered, 0)
    played = dict.fromkeys(entered, 0)
    scored: dict[str, list[int]] = {n: [] for n in entered}
    means = dict.fromkeys(entered, 0)
    opponents: dict[str, list[str]] = {n: [] for n in entered}
    for g in games:
        for seat, name in g["players"].items():
            played[name] += 1
            other = next((n for s, n in g["players"].items() if s != seat), None)
            if other is not None:
                opponents[name].append(other)
            won = g["winner"] == seat
            points[name] += 3 if won else 1 if g["winner"] == "draw" else 0
            if g.get("as_bye") and won:
                means[name] += 1
            elif other is not None and g["winner"] != "none":
                scored[name].append(g["score"][seat])
    for name, n in byes.items():
        points[name] += 3 * n
        played[name] += n
        means[name] += n
    gp = {n: sum(scored[n]) + means[n] * (sum(scored[n]) // len(scored[n]) if scored[n] else 0) for n in entered}
    mw = {n: max(Fraction(1, 3), Fraction(points[n], 3 * played[n])) if played[n] else Fraction(1, 3) for n in entered}
    omw = {n: sum((mw[o] for o in opponents[n]), Fraction(0)) / len(opponents[n]) if opponents[n] else Fraction(0) for n in entered}
    order = sorted(entered, key=lambda n: (-points[n], -omw[n], -gp[n], n.casefold()))
    return [{"player": n, "played": played[n], "points": points[n], "omw": round(float(omw[n]), 4), "game_points": gp[n]} for n in order]


def cross_opponents_wrong(cross: dict, games: list[dict], rank: dict[str, int]) -> list[dict]:
    """The cross-table's rows whose cells do not name the opponents (by rank) the contract's games give (none: all right)."""
    wrong = []
    for row in cross["rows"]:
        met = sorted(rank[o] for g in games if row["player"] in g["players"].values() for o in g["players"].values() if o != row["player"])
        shown = sorted(int("".join(ch for ch in c if ch.isdigit())) for c in row["cells"] if c and c[0].isdigit())
        if shown != met:
            wrong.append(row)
    return wrong
