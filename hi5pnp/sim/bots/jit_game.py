"""Whole games between the random and greedy bots, compiled by numba (the
``fast`` extra): the deal (:func:`deal`), each bot's turn (:func:`greedy`,
:func:`random_turn`), a game played on from any position to its end
(:func:`play_out`), and a block of games with their records
(:func:`games`). The same arithmetic and the same draws, in the same order,
as the general engine's players (:func:`~hi5pnp.sim.bots.players.play_game`
with :class:`~hi5pnp.sim.bots.players.GreedyBot`, whose turn is the first of
:func:`~hi5pnp.sim.bots.heuristic.choices` or one of its ties drawn by the
game's generator, and :func:`~hi5pnp.sim.bots.players.random_turn`); a turn's
effects are :func:`.jit_kernel.play`'s, and the generator is
:mod:`.jit_random`'s. tests/test_jit_games.py plays thousands of games both
ways and compares every record. :mod:`.jit_games` makes the arrays.

numba checks a cached function against its own file only, and these call
:mod:`.jit_kernel`'s and :mod:`.jit_random`'s: :data:`CALLED` holds those
files' SHA-256, and a test fails when either changes without this file
changing with it (which is what makes numba compile these again).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jit_kernel import (
    A_CHIT,
    A_MARK,
    AUTO,
    BRING,
    BYPASS,
    CHIT,
    CP,
    EXACT,
    FIN,
    FINISH,
    HEAD,
    LAID,
    LIMIT,
    MOST,
    NBRING,
    NONE,
    PLACED,
    PLAIN,
    ROUND,
    SEG,
    STEP,
    TEAM0,
    TO_MOVE,
    TOKEN,
    WCHIT,
    WMARK,
    WOWED,
    N,
    _offers,
    group_value,
    play,
)
from .jit_random import below, random, seeded, shuffle

#: The SHA-256 of the files whose compiled functions these call (jit_kernel.py, jit_random.py).
CALLED = (
    "f6b1c7039dac4a2b313fb916ac4b6705181a2c76fe41d42aaa0853725ef94254",
    "0a5bd11352ab159c50c9d6dba3cd053597ad51d8d27913d989cf58448421d589",
)
RANDOM, GREEDY = 0, 1  # the bots' codes
# d's numbers: the deck's and the plan's
ROUNDS, CARDS, OBSTACLES, COLOURS, TRAITS, SIZE, BY_BOT, BOT0 = range(8)  # BOT0: a code per seat
D_SIZE = 10
# a record's row: the first player, the scores, the turns; then per competitor its card, side, places, complete columns; then per trait, per colour
FIRST, SCORE0, SCORE1, TURNS, CARD = range(5)


@njit(cache=True)
def greedy(g, cf, mine, place, rooms, matches, traits, st, box, free, mt, move, cv, ci, crw, tied, worth_of, reward_of, fr, lf):  # type: ignore[no-untyped-def]
    """GreedyBot's turn, written into ``move``: every turn of heuristic.choices
    weighed in its order, and the best taken, or one of those within 1e-9 of
    it drawn from ``mt`` in the order a stable sort puts them."""
    n, finish, step, chit = g[N], g[FINISH], cf[STEP], cf[CHIT]
    at, ch, rd, cnt = 0, n, 2 * n, 4 * n
    mover = st[cnt + TO_MOVE]
    placed = st[cnt + PLACED]
    arrive = place[placed]
    size, osize = g[TEAM0 + mover], g[TEAM0 + 1 - mover]
    K = 0  # ci's columns: competitor, option, spend, own brought, opponents brought, rewards written
    for r in range(size):
        i = mine[mover, r]
        if not st[rd + i]:
            continue
        p = st[at + i]
        m = matches[i, p]
        cv[K] = step if p + 1 < finish else step + arrive
        ci[K, 0], ci[K, 1], ci[K, 2], ci[K, 3], ci[K, 4], ci[K, 5] = i, PLAIN, 0, 0, 0, 0
        K += 1
        if not m:
            continue
        most = min(rooms[p], st[ch + i], m)  # may_do's bypass
        for k in range(1, most + 1):
            v = step * (1 + k)
            if p + 1 + k >= finish:
                v += arrive
            cv[K] = v - chit * k
            ci[K, 0], ci[K, 1], ci[K, 2], ci[K, 3], ci[K, 4], ci[K, 5] = i, BYPASS, k, 0, 0, 0
            K += 1
        own = theirs = 0
        for x in range(size):
            j = mine[mover, x]
            if j != i and st[at + j] == p:
                own += 1
        for x in range(osize):
            if st[at + mine[1 - mover, x]] == p:
                theirs += 1
        can = min(m, own + theirs)
        nb = min(own, can)
        for a in range(g[NBRING] if can else 0):
            action = g[BRING + a]
            no = written = 0
            if nb < can:
                no = min(can - nb, theirs, _offers(g, cf, box, free, i, action, traits[p], st[ch + i], worth_of, reward_of, fr, lf))
                written = 0 if action == g[AUTO] else 1
                for x in range(nb):
                    crw[K, x] = NONE
                for x in range(no):
                    crw[K, nb + x] = reward_of[x]
            if not nb + no:
                continue
            cv[K] = group_value(cf, place, placed, p + 1 == finish, nb, no, worth_of)
            ci[K, 0], ci[K, 1], ci[K, 2], ci[K, 3], ci[K, 4], ci[K, 5] = i, action, 0, nb, no, written
            K += 1
    top = cv[0]
    for k in range(1, K):
        if cv[k] > top:
            top = cv[k]
    T = 0
    for k in range(K):  # the ties, in the order a stable sort by value, best first, leaves them
        if cv[k] >= top - 1e-9:
            x = T
            while x > 0 and cv[tied[x - 1]] < cv[k]:
                tied[x] = tied[x - 1]
                x -= 1
            tied[x] = k
            T += 1
    pick = tied[0] if T == 1 else tied[below(mt, T)]
    i, nb, no = ci[pick, 0], ci[pick, 3], ci[pick, 4]
    width = (move.shape[0] - HEAD) // 2
    move[0], move[1], move[2], move[3], move[4] = i, ci[pick, 1], ci[pick, 2], nb + no, ci[pick, 5]
    p = st[at + i]
    count = 0
    for x in range(size):
        j = mine[mover, x]
        if count < nb and j != i and st[at + j] == p:
            move[HEAD + count] = j
            count += 1
    for x in range(osize):
        j = mine[1 - mover, x]
        if count < nb + no and st[at + j] == p:
            move[HEAD + count] = j
            count += 1
    for x in range(nb + no):
        move[HEAD + width + x] = crw[pick, x]


@njit(cache=True)
def random_turn(g, seat, rooms, matches, traits, st, box, free, mt, move, eligible, left, offered):  # type: ignore[no-untyped-def]
    """players.random_turn's turn (the fast playout's draws), written into ``move``."""
    n = g[N]
    at, ch, rd, cnt = 0, n, 2 * n, 4 * n
    mover = st[cnt + TO_MOVE]
    k = int(random(mt) * st[cnt + mover])  # the k-th of the mover's ready competitors, in team order
    i = -1
    for j in range(0 if mover == 0 else g[TEAM0], g[TEAM0] if mover == 0 else n):
        if st[rd + j]:
            if k == 0:
                i = j
                break
            k -= 1
    move[0], move[1], move[2], move[3], move[4] = i, PLAIN, 0, 0, 0
    p = st[at + i]
    m = matches[i, p]
    if not m:
        random(mt)  # the only option is plain; the engine's bot still draws it
        return
    most = min(rooms[p], st[ch + i], m)
    ne = 0
    for j in range(n):
        if j != i and st[at + j] == p:
            eligible[ne] = j
            ne += 1
    nb = min(m, ne)
    o = int(random(mt) * (1 + (most > 0) + (g[NBRING] if nb else 0)))  # plain, bypass, the options that bring
    if o == 0:
        return
    if most > 0:
        if o == 1:
            move[1], move[2] = BYPASS, 1 + int(random(mt) * most)
            return
        o -= 1
    action = g[BRING + o - 1]
    size = nb if g[EXACT] else 1 + int(random(mt) * nb)
    for x in range(size):  # draw.group: a partial Fisher-Yates shuffle
        r = x + int(random(mt) * (ne - x))
        eligible[x], eligible[r] = eligible[r], eligible[x]
    width = (move.shape[0] - HEAD) // 2
    held = st[ch + i]
    counted = False
    chit, mark, owed = g[WCHIT + action], g[WMARK + action], g[WOWED + action]
    for x in range(size):
        j = eligible[x]
        move[HEAD + x] = j
        choices = 1
        offered[0] = NONE
        if seat[j] != seat[i] and action != g[AUTO] and (chit or mark):  # legality.reward_choices
            if not counted:
                for c in range(free.shape[1]):
                    left[c] = 0
                    for b in range(free[i, c]):
                        if box[i, c, b] == traits[p]:
                            left[c] += 1
                counted = True
            if chit and held < g[LIMIT]:
                offered[1] = A_CHIT
                choices = 2
            marks = 0
            for c in range(free.shape[1]):
                if mark and left[c]:
                    offered[choices + marks] = A_MARK + c
                    marks += 1
            if owed and marks:
                for y in range(marks):
                    offered[y] = offered[choices + y]
                choices = marks
            else:
                choices += marks
        reward = offered[int(random(mt) * choices)]
        if reward >= A_MARK:
            left[reward - A_MARK] -= 1
        elif reward == A_CHIT:
            held += 1
        move[HEAD + width + x] = reward
    move[1], move[3], move[4] = action, size, 1


@njit(cache=True)
def lay(g, gems, colours, trait_rows, rnd, st, matches, traits, colour_at):  # type: ignore[no-untyped-def]
    """Round ``rnd``'s course laid (play.lay): its obstacles' colours and traits by position, each competitor's matching gems."""
    n = g[N]
    cnt = 4 * n
    for p in range(1, g[FINISH]):
        colour_at[p], traits[p] = colours[rnd, p], trait_rows[rnd, p]
        for i in range(n):
            matches[i, p] = gems[i, colour_at[p]]
    for i in range(n):
        st[i], st[n + i], st[2 * n + i], st[3 * n + i] = 1, 0, 1, 0
    st[cnt], st[cnt + 1] = g[TEAM0], g[TEAM0 + 1]
    st[cnt + PLACED], st[cnt + SEG], st[cnt + LAID] = 0, 1, 1
    st[cnt + TO_MOVE] = st[cnt + TOKEN]


@njit(cache=True)
def play_out(g, cf, bots, seat, mine, place, rooms, gems, colours, trait_rows, st, box, free, mt, places, faced, matched):  # type: ignore[no-untyped-def]
    """The game in ``st``, ``box`` and ``free`` played on to its end by
    ``bots`` (a code per seat), the rounds not yet laid on ``colours`` and
    ``trait_rows`` (by round and position); each round's places written into
    ``places`` (competitor x round), each turn's obstacle colour counted in
    ``faced`` (and ``matched`` with a matching gem): how many turns."""
    n, finish, most = g[N], g[FINISH], g[MOST]
    cnt = 4 * n
    size = max(g[TEAM0], g[TEAM0 + 1])
    move = np.zeros(HEAD + 2 * most, np.int64)
    matches = np.zeros((n, finish + 1), np.int64)
    traits = np.zeros(finish + 1, np.int64)
    colour_at = np.zeros(finish + 1, np.int64)
    K = size * (1 + most + g[NBRING])
    cv, ci, crw, tied = np.empty(K), np.empty((K, 6), np.int64), np.zeros((K, most + 1), np.int64), np.empty(K, np.int64)
    worth_of, reward_of = np.empty(most + 1), np.empty(most + 1, np.int64)
    fr, lf = np.empty(free.shape[1] + 1, np.int64), np.empty(free.shape[1] + 1, np.int64)
    eligible, offered = np.empty(n, np.int64), np.empty(free.shape[1] + 2, np.int64)
    if st[cnt + LAID]:  # a round under way: its course's tables
        rnd = st[cnt + ROUND]
        for p in range(1, finish):
            colour_at[p], traits[p] = colours[rnd, p], trait_rows[rnd, p]
            for i in range(n):
                matches[i, p] = gems[i, colour_at[p]]
    turns = 0
    while st[cnt + ROUND] < colours.shape[0]:
        rnd = st[cnt + ROUND]
        if not st[cnt + LAID]:
            lay(g, gems, colours, trait_rows, rnd, st, matches, traits, colour_at)
        while st[cnt + TO_MOVE] >= 0:
            mover = st[cnt + TO_MOVE]
            if bots[mover] == GREEDY:
                greedy(g, cf, mine, place, rooms, matches, traits, st, box, free, mt, move, cv, ci, crw, tied, worth_of, reward_of, fr, lf)
            else:
                random_turn(g, seat, rooms, matches, traits, st, box, free, mt, move, eligible, lf, offered)
            p = st[move[0]]
            faced[colour_at[p]] += 1
            matched[colour_at[p]] += matches[move[0], p] > 0
            turns += 1
            play(g, seat, traits, st, box, free, move)
        for k in range(st[cnt + PLACED]):
            places[st[cnt + FIN + k], rnd] = k + 1
    return turns


@njit(cache=True)
def deal(d, mt, cards, sides, colours, trait_rows, obstacle_colour, obstacle_trait, strong):  # type: ignore[no-untyped-def]
    """rules.deal and the sides chosen (play_game's draws): each competitor's
    card and side, each round's course as colours and traits by position; the seat holding the token."""
    size, no = d[SIZE], d[OBSTACLES]
    numbers = np.arange(d[CARDS])  # the cards by number: deal shuffles them from that order
    shuffle(mt, numbers, d[CARDS])
    cards[:size] = np.sort(numbers[:size])
    cards[size : 2 * size] = np.sort(numbers[size : 2 * size])
    first = below(mt, 2)
    course = np.empty(no, np.int64)
    for rnd in range(d[ROUNDS]):
        course[:] = np.arange(no)
        shuffle(mt, course, no)
        for x in range(no):
            side = below(mt, 2)
            for p in (x + 1, 2 * no - x):  # the card's two positions
                colours[rnd, p] = obstacle_colour[course[x], side]
                trait_rows[rnd, p] = obstacle_trait[course[x], side]
    for k in range(2 * size):
        bot = d[BOT0 + (k >= size)]
        sides[k] = strong[cards[k]] if d[BY_BOT] and bot == GREEDY else below(mt, 2)
    return first


@njit(cache=True)
def games(g, cf, d, place, rooms, pts, card_gems, card_box, card_sizes, card_cols, strong, obstacle_colour, obstacle_trait, keys, starts, out):  # type: ignore[no-untyped-def]
    """Game after game, game k seeded by ``keys[starts[k]:starts[k + 1]]``: dealt, played,
    and its record written into its row of ``out`` (jit_games reads it)."""
    size, rounds, C, T = d[SIZE], d[ROUNDS], d[COLOURS], d[TRAITS]
    n = 2 * size
    finish = g[FINISH]
    seat = np.array([0] * size + [1] * size, np.int64)
    bots = np.array([d[BOT0], d[BOT0 + 1]], np.int64)
    cols, boxes = card_box.shape[2], card_box.shape[3]
    for game in range(out.shape[0]):
        mt = seeded(keys[starts[game] :], starts[game + 1] - starts[game])
        cards, sides = np.empty(n, np.int64), np.empty(n, np.int64)
        colours, trait_rows = np.zeros((rounds, finish + 1), np.int64), np.zeros((rounds, finish + 1), np.int64)
        first = deal(d, mt, cards, sides, colours, trait_rows, obstacle_colour, obstacle_trait, strong)
        order = np.arange(n)
        if bots[0] == GREEDY or bots[1] == GREEDY:
            shuffle(mt, order, n)  # heuristic.tie_order: the competitors in an order drawn for the game
        mine = np.empty((2, size), np.int64)
        taken = np.zeros(2, np.int64)
        for j in order:
            mine[seat[j], taken[seat[j]]] = j
            taken[seat[j]] += 1
        gems = np.empty((n, C), np.int64)
        box, free = np.empty((n, cols, boxes), np.int64), np.empty((n, cols), np.int64)
        for i in range(n):
            gems[i] = card_gems[cards[i], sides[i]]
            box[i] = card_box[cards[i], sides[i]]
            free[i] = card_sizes[cards[i], sides[i]]
        st = np.zeros(4 * n + FIN + g[FINISH], np.int64)
        st[3 * n : 4 * n] = 1  # everyone off the course before the first round
        st[4 * n + TOKEN], st[4 * n + TO_MOVE] = first, -1
        places = np.zeros((n, rounds), np.int64)
        row = out[game]
        row[:] = 0
        faced, matched = row[-2 * C : -C], row[-C:]
        row[TURNS] = play_out(g, cf, bots, seat, mine, place, rooms, gems, colours, trait_rows, st, box, free, mt, places, faced, matched)
        row[FIRST] = first
        at = CARD + 2 * n + n * rounds  # the complete columns, then the traits' marks and complete columns
        for i in range(n):
            row[CARD + i], row[CARD + n + i] = cards[i], sides[i]
            for rnd in range(rounds):
                row[CARD + 2 * n + i * rounds + rnd] = places[i, rnd]
                if places[i, rnd]:
                    row[SCORE0 + seat[i]] += pts[places[i, rnd] - 1]
            for c in range(card_cols[cards[i], sides[i]]):
                whole = card_sizes[cards[i], sides[i], c]
                for b in range(whole):
                    t = card_box[cards[i], sides[i], c, b]
                    row[at + n + t] += 1
                    if not free[i, c]:
                        seen = False
                        for e in range(b):
                            seen = seen or card_box[cards[i], sides[i], c, e] == t
                        if not seen:
                            row[at + n + T + t] += 1
                for b in range(free[i, c]):
                    row[at + n + box[i, c, b]] -= 1
                if not free[i, c]:
                    row[at + i] += 1
                    row[SCORE0 + seat[i]] += g[CP]
