"""The planner's look-ahead compiled by numba (the ``fast`` extra):
:class:`~hi5pnp.sim.bots.lookahead.Lookahead`'s greedy turn (:func:`choose`), its
effects (:func:`play`), a line of them (:func:`line`) and the value where
it stops (:func:`value`), as the same arithmetic in the same order on
arrays, and the planner's weighing of its turns in one call
(:func:`values`). Every turn and value is the pure kernel's to the last bit
(tests/test_lookahead.py). :mod:`.jit_lookahead` makes the arrays (their
layout is described there; the indices are named here) and reads them back.

Imported only where numba is. Compiled functions are cached on disk (numba's
``cache=True``: in ``__pycache__`` beside this file, or in the user's cache
folder where that cannot be written, or in ``NUMBA_CACHE_DIR``). numba
checks a cached function against its own file only, so every compiled
function is in this one file.
"""

from __future__ import annotations

import sys

import numpy as np
from numba import njit

COMPENSATED = sys.version_info >= (3, 12)  # Python's sum() of floats is Neumaier's since 3.12
# cf's numbers: heuristic's values (handed over, never compiled in, so a cached kernel cannot hold old ones)
STEP, CHIT, PROJECTED, PARTIAL = range(4)
# g's numbers
N, TEAM0, TEAM1, FINISH, LIMIT, EXACT, AUTO, CP, FINISHERS, NPLACE, MOST, NBRING, BRING = range(13)  # BRING: 2 options
WCHIT, WMARK, WOWED = 15, 19, 23  # + an option's code: may a chit be written, may a mark, is a mark owed
G_SIZE = 27
PLAIN, BYPASS, ASSIST, HELP = range(4)  # the options' codes
NONE, A_CHIT, A_MARK = 0, 1, 2  # rewards' codes (a mark: A_MARK + column)
HEAD = 5  # a turn's row: competitor, option, spend, group size, rewards written; then the group, then its rewards

# st's parts: n competitors' positions, chits, ready and out (from 0, n, 2n, 3n), the seats' ready counts (4n), then from 4n these
SEG, TOKEN, TO_MOVE, PLACED, ROUND, LAID, ENDED = range(2, 9)
FIN = 9  # then the finished, in order


@njit(cache=True)
def _offers(g, cf, box, free, i, action, trait, chits, worth_of, reward_of, fr, lf):  # type: ignore[no-untyped-def]
    """Lookahead._offers: the opponents brought one after another, each
    one's worth less its step (``worth_of``) and its reward (``reward_of``); how many."""
    auto = action == g[AUTO]
    step, a_chit = cf[STEP], cf[CHIT]
    limit, exact, cp = g[LIMIT], g[EXACT], g[CP]
    chit, mark, owed = g[WCHIT + action], g[WMARK + action], g[WOWED + action]
    any_left = False
    for c in range(free.shape[1]):
        fr[c] = free[i, c]
        k = 0
        for b in range(free[i, c]):
            if box[i, c, b] == trait:
                k += 1
        lf[c] = k
        if k:
            any_left = True
    made = 0
    while made < g[MOST]:
        reward = NONE
        worth = 0.0
        column = -1
        if auto:
            worth = a_chit if chits < limit else 0.0
        elif chit and chits < limit and not (owed and any_left):
            reward, worth = A_CHIT, a_chit
        if mark and not auto:
            for c in range(free.shape[1]):
                if lf[c]:
                    w = cp / fr[c]
                    if w > worth:
                        worth, column = w, c
        if worth <= step and not exact:
            break
        if column >= 0:
            reward = A_MARK + column
            fr[column] -= 1
            lf[column] -= 1
            any_left = False
            for c in range(free.shape[1]):
                if lf[c]:
                    any_left = True
        elif reward != NONE or (auto and chits < limit):
            chits += 1
        worth_of[made] = worth - step
        reward_of[made] = reward
        made += 1
    return made


@njit(cache=True)
def group_value(cf, place, placed, arriving, nb, no, worth_of):  # type: ignore[no-untyped-def]
    """_best_bring's value of a group of ``nb`` of its own, then ``no`` opponents worth ``worth_of``; ``arriving``: at the finish."""
    value = cf[STEP] * (1 + nb)
    for x in range(no):
        value += worth_of[x]
    for x in range(nb + no + 1 if arriving else 0):  # arrivals' placing points: its own, then the opponents'
        value += place[placed + x] if x <= nb else -place[placed + x]
    return value


@njit(cache=True)
def choose(g, cf, mine, place, bypass, bring_own, rooms, matches, traits, st, box, free, move, worth_of, scratch):  # type: ignore[no-untyped-def]
    """Greedy's turn (Lookahead.play_on's choice) for the seat to move, written into ``move``."""
    n, finish, step = g[N], g[FINISH], cf[STEP]
    at, ch, rd = 0, n, 2 * n
    mover = st[4 * n + TO_MOVE]
    size, other = g[TEAM0 + mover], g[TEAM0 + 1 - mover]
    placed = st[4 * n + PLACED]
    arrive = place[placed]
    fr, lf, reward_of, best_rewards = scratch[0], scratch[1], scratch[2], scratch[3]
    top, best, spend, kind = -1.0, -1, 0, 0  # kind: 0 plain or bypass, 1 a group with opponents, 2 only its own
    b_action, b_nb, b_no, b_written, b_own = 0, 0, 0, 0, 0
    for r in range(size):
        i = mine[mover, r]
        if not st[rd + i]:
            continue
        p = st[at + i]
        m = matches[i, p]
        if not m:
            value = step if p + 1 < finish else step + arrive
            if value > top:
                top, best, spend, kind = value, i, 0, 0
            continue
        k = rooms[p]
        if k < 0:
            k = 0
        else:
            c = st[ch + i]
            if c < k:
                k = c
            if m < k:
                k = m
        value = bypass[k]
        if p + 1 + k >= finish:
            value += arrive
        if value > top:
            top, best, spend, kind = value, i, k, 0
        here = -1
        for j in range(n):
            if st[at + j] == p:
                here += 1
        if not here or p >= finish:
            continue
        mine_n = -1
        for r2 in range(size):
            if st[at + mine[mover, r2]] == p:
                mine_n += 1
        if mine_n >= m and p + 1 < finish:
            if bring_own[m] > top:
                top, best, kind, b_own = bring_own[m], i, 2, m
            continue
        can = m if m < here else here
        nb = mine_n if mine_n < can else can
        for a in range(g[NBRING]):
            action = g[BRING + a]
            no = 0
            if nb < can:
                no = min(can - nb, here - mine_n, _offers(g, cf, box, free, i, action, traits[p], st[ch + i], worth_of, reward_of, fr, lf))
            if not nb + no:
                continue
            value = group_value(cf, place, placed, p + 1 == finish, nb, no, worth_of)
            if value > top:
                top, best, kind = value, i, 1
                b_action, b_nb, b_no = action, nb, no
                b_written = 0 if action == g[AUTO] or nb == can else 1
                for x in range(no):
                    best_rewards[x] = reward_of[x]
    width = (move.shape[0] - HEAD) // 2
    move[0] = best
    move[2] = move[3] = move[4] = 0
    if kind == 0:
        move[1] = BYPASS if spend else PLAIN
        move[2] = spend
        return
    p = st[at + best]
    own = b_nb if kind == 1 else b_own
    count = 0
    for r in range(size):
        j = mine[mover, r]
        if count < own and j != best and st[at + j] == p:
            move[HEAD + count] = j
            count += 1
    if kind == 2:
        move[1] = g[BRING]
        move[3] = count
        return
    for r in range(other):
        j = mine[1 - mover, r]
        if count < b_nb + b_no and st[at + j] == p:
            move[HEAD + count] = j
            count += 1
    move[1] = b_action
    move[3] = count
    move[4] = b_written
    if b_written:
        for x in range(b_nb):
            move[HEAD + width + x] = NONE
        for x in range(b_no):
            move[HEAD + width + b_nb + x] = best_rewards[x]


@njit(cache=True)
def play(g, seat, traits, st, box, free, move):  # type: ignore[no-untyped-def]
    """:func:`~hi5pnp.rules.play.play` of the turn in ``move``, arrivals, segment's and round's end included."""
    n, finish = g[N], g[FINISH]
    at, ch, rd, out, cnt = 0, n, 2 * n, 3 * n, 4 * n
    width = (move.shape[0] - HEAD) // 2
    i, action, spend, size, written = move[0], move[1], move[2], move[3], move[4]
    p = st[at + i]
    end = p + 1 + spend
    st[at + i] = end
    st[rd + i] = 0
    mover = seat[i]
    st[cnt + mover] -= 1
    if spend:
        st[ch + i] -= spend
    if size:
        for x in range(size):
            st[at + move[HEAD + x]] = p + 1
        if action == g[AUTO]:
            opponents = 0
            for x in range(size):
                if seat[move[HEAD + x]] != mover:
                    opponents += 1
            take = min(opponents, g[LIMIT] - st[ch + i])
            if take > 0:
                st[ch + i] += take
        elif written:
            for x in range(size):
                reward = move[HEAD + width + x]
                if reward >= A_MARK:  # the first box of the obstacle's trait in the column
                    c = reward - A_MARK
                    left = free[i, c]
                    k = 0
                    while box[i, c, k] != traits[p]:
                        k += 1
                    for b in range(k, left - 1):
                        box[i, c, b] = box[i, c, b + 1]
                    box[i, c, left - 1] = -1
                    free[i, c] = left - 1
                elif reward == A_CHIT:
                    st[ch + i] += 1
    active, brought = end == finish, size > 0 and p + 1 == finish
    if active or brought:
        for x in range(-1, size):
            if (x < 0 and not active) or (x >= 0 and not brought):
                continue
            j = i if x < 0 else move[HEAD + x]
            if st[rd + j]:
                st[rd + j] = 0
                st[cnt + seat[j]] -= 1
            st[out + j] = 1
            placed = st[cnt + PLACED]
            if placed < g[FINISHERS]:
                st[cnt + FIN + placed] = j
                st[cnt + PLACED] = placed + 1
        if st[cnt + PLACED] >= g[FINISHERS]:  # the round is over
            st[cnt + TOKEN] = 1 - st[cnt + TOKEN]
            st[cnt + ROUND] += 1
            st[cnt + LAID] = 0
            st[cnt + ENDED] = 1
            st[cnt + TO_MOVE] = -1
            for j in range(n):
                st[rd + j] = 0
            st[cnt] = 0
            st[cnt + 1] = 0
            return
    if st[cnt + 1 - mover]:
        st[cnt + TO_MOVE] = 1 - mover
        return
    if st[cnt + mover]:
        return
    token = st[cnt + TOKEN] = 1 - st[cnt + TOKEN]  # the segment's end
    st[cnt + SEG] += 1
    st[cnt] = 0
    st[cnt + 1] = 0
    for j in range(n):
        ready = 0 if st[out + j] else 1
        st[rd + j] = ready
        st[cnt + seat[j]] += ready
    st[cnt + TO_MOVE] = token if st[cnt + token] else 1 - token


@njit(cache=True)
def line(g, cf, seat, mine, place, bypass, bring_own, rooms, matches, traits, st, box, free, first, depth, bound, moves):  # type: ignore[no-untyped-def]
    """``first`` (when its competitor is not -1) played, then greedy's
    turns, each written into a row of ``moves``, until ``depth`` are
    played, no player is to move or the segment ``bound`` starts: how many."""
    n = g[N]
    cnt = 4 * n
    made = 0
    if st[cnt + TO_MOVE] < 0:
        return 0
    worth_of = np.empty(g[MOST] + 1)
    scratch = np.empty((4, max(g[MOST], free.shape[1]) + 1), np.int64)  # _offers' and choose's counts
    if first[0] >= 0:
        play(g, seat, traits, st, box, free, first)
    elif st[cnt + SEG] >= bound or depth <= 0:
        return 0
    while made < depth and st[cnt + TO_MOVE] >= 0 and st[cnt + SEG] < bound:
        move = moves[made]
        choose(g, cf, mine, place, bypass, bring_own, rooms, matches, traits, st, box, free, move, worth_of, scratch)
        play(g, seat, traits, st, box, free, move)
        made += 1
    return made


@njit(cache=True)
def _sum_like_python(terms, whole, k):  # type: ignore[no-untyped-def]
    """Python's ``sum()`` of the first ``k`` numbers of ``terms``, the first
    ``whole`` of them whole numbers: those added as whole numbers, the first
    other added to them plainly, the rest one by one with Neumaier's
    compensation where this Python's sum() does it (3.12 on)."""
    if whole == k:
        return terms[:k].sum()  # whole numbers: exact
    total = terms[0] if whole == 0 else terms[:whole].sum() + terms[whole]
    comp = 0.0
    for x in range(whole + 1, k):
        t = terms[x]
        s = total + t
        if COMPENSATED:
            if abs(total) >= abs(t):
                comp += (total - s) + t
            else:
                comp += (t - s) + total
        total = s
    if COMPENSATED and comp != 0.0 and np.isfinite(comp):
        total += comp
    return total


@njit(cache=True)
def value(g, cf, seat, mine, pts, ncols, sizes, chits_at, base, st, free):  # type: ignore[no-untyped-def]
    """:func:`~hi5pnp.sim.bots.heuristic.evaluate` for north (Lookahead.evaluate):
    ``base`` holds each seat's placing points of the rounds finished before the line."""
    n, finish, cp = g[N], g[FINISH], g[CP]
    at, ch, out, cnt = 0, n, 3 * n, 4 * n
    worth = np.empty(2)
    worth[0], worth[1] = base[0], base[1]
    placed = st[cnt + PLACED]
    if st[cnt + ENDED]:  # the line ended the round: its finishers' placing points
        for k in range(placed):
            worth[seat[st[cnt + FIN + k]]] += pts[k]
    terms = np.empty(sizes.shape[1])
    for i in range(n):
        whole = -1  # how many columns before the first incomplete one
        for c in range(ncols[i]):
            size, left = sizes[i, c], free[i, c]
            if left:
                terms[c] = cf[PARTIAL] * cp * (size - left) / size
                if whole < 0:
                    whole = c
            else:
                terms[c] = cp
        w = _sum_like_python(terms, ncols[i] if whole < 0 else whole, ncols[i])
        if not st[out + i]:
            w += chits_at[st[ch + i], st[at + i]]
        worth[seat[i]] += w
    left = g[NPLACE] - placed
    if st[cnt + LAID] and left > 0:
        k = 0
        for p in range(finish, 0, -1):  # the ties, leading first: a tie shares its places' points
            if k >= left:
                break
            north = south = 0
            for s in range(2):
                for r in range(g[TEAM0 + s]):
                    j = mine[s, r]
                    if st[at + j] == p and not st[out + j]:
                        if s == 0:
                            north += 1
                        else:
                            south += 1
            if not north + south:
                continue
            e = k + north + south
            total = 0
            for x in range(k, min(e, left)):
                total += pts[placed + x]
            points = cf[PROJECTED] * total / (e - k)
            for _ in range(north):
                worth[0] += points
            for _ in range(south):
                worth[1] += points
            k = e
    return worth[0] - worth[1]


@njit(cache=True)
def values(g, cf, seat, mine, place, bypass, bring_own, rooms, matches, traits, pts, ncols, sizes, chits_at, base, st, box, free, firsts, depth, bound):  # type: ignore[no-untyped-def]
    """The planner's weighing: for each turn of ``firsts`` (rows), its line
    played on a copy of the position and that line's value for north."""
    out = np.empty(firsts.shape[0])
    moves = np.empty((max(depth, 1), firsts.shape[1]), np.int64)
    for c in range(firsts.shape[0]):
        s, b, f = st.copy(), box.copy(), free.copy()
        line(g, cf, seat, mine, place, bypass, bring_own, rooms, matches, traits, s, b, f, firsts[c], depth, bound, moves)
        out[c] = value(g, cf, seat, mine, pts, ncols, sizes, chits_at, base, s, f)
    return out
