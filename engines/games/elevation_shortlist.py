"""The turns of an Elevation position worth searching, best first, out of the thousands it has.

A turn is a piece's movement (where it ends, how high, what it captures) and one or two digs. Listing
every turn and evaluating the position after each costs too much at every node, so the shortlist is
built in two stages:

1. Candidates: for every piece, every movement it has (steps, a fish's double steps, a dragon's two
   steps, lone high steps, and the steps a dig first makes possible: onto a square just raised, a climb,
   or just lowered), each with the digs that look best for it. A dig's worth is read from two tables
   made once per position: what raising or lowering each square by one does to the pieces around it
   (a stair for a friend, a platform from which an enemy would attack a friend, or the other way round).
   Each candidate gets a quick score: what it captures, whether the piece escapes an attack or lands
   where it can be taken, the attacks it makes, the height it gains, and its digs' worth.
2. The best candidates by that score are played on lists and ranked by the static evaluation of the
   position after them (engines/games/elevation_eval.py); every capture is kept.
"""
from __future__ import annotations

from engines.games.elevation_eval import FULL, PIECE_VALUE, Judgement, evaluate
from engines.games.elevation_turns import (
    DD,
    DS,
    DSS,
    SD,
    SS,
    SSD,
    S,
    Turn,
    apply,
)
from rules.elevation import DIAGONALS, KIND, NEAR, OWNER, doubles_from, owner_of, steps_from

RANKED = 14  # candidates ranked by the full evaluation
LISTED = 40  # turns the shortlist holds, at most (more only to keep every capture)
STAIR = 0.15  # a square one level above a piece next to it: it can climb there
PLATFORM = 0.5  # share of a piece's value for a square two levels above it that an enemy can reach
LOW = -99
After = tuple[tuple[int, ...], tuple[int, ...], int, float]


def tops(h, p) -> tuple[list[int], list[int]]:
    """For each seat and each cell, the highest square from which that seat could capture onto the cell
    on its next turn (a piece next to it, a dragon a step from a square next to it, a fish a double step
    away); LOW where none."""
    top = ([LOW] * 36, [LOW] * 36)
    for c in range(36):
        code = p[c]
        if not code:
            continue
        mine = top[owner_of(code)]
        here = h[c]
        kind = KIND[code]
        for n in NEAR[c]:
            if here > mine[n]:
                mine[n] = here
            if kind == 2 and not p[n] and h[n] <= here + 1:
                rim = h[n]
                for e in NEAR[n]:
                    if rim > mine[e]:
                        mine[e] = rim
        if kind == 1:
            for middle, end in DIAGONALS[c]:
                if not p[middle] and h[middle] <= here + 1:
                    rim = h[middle] + 1 if h[middle] <= here else h[middle]
                    if rim > mine[end]:
                        mine[end] = rim
    return top


def reaches(h, p) -> tuple[list[int], list[int]]:
    """For each seat and cell, the height of its highest piece next to the cell (LOW where none)."""
    best = ([LOW] * 36, [LOW] * 36)
    for c in range(36):
        code = p[c]
        if code:
            row = best[owner_of(code)]
            here = h[c]
            for n in NEAR[c]:
                if here > row[n]:
                    row[n] = here
    return best


def square_worth(h, p, c: int, x: int, mover: int, reach: tuple[list[int], list[int]]) -> float:
    """The worth to `mover` of the empty square `c` standing `x` high, for the pieces next to it."""
    worth = 0.0
    other = 1 - mover
    for n in NEAR[c]:
        q = p[n]
        if not q:
            continue
        below = x - h[n]
        if below == 1:
            worth += STAIR if OWNER[q] == mover else -STAIR
        elif below >= 2:
            if OWNER[q] == mover:
                if reach[other][c] >= x - 1:
                    worth -= PLATFORM * PIECE_VALUE[q]
            elif reach[mover][c] >= x - 1:
                worth += PLATFORM * PIECE_VALUE[q]
    return worth


def dig_tables(h, p, mover: int, danger: list[int]) -> tuple[list[float], list[float]]:
    """What raising (`up`) and lowering (`down`) each square by one is worth to `mover` (LOW where the
    square may not be dug from, or filled)."""
    reach = reaches(h, p)
    up = [float(LOW)] * 36
    down = [float(LOW)] * 36
    for c in range(36):
        q = p[c]
        x = h[c]
        if not q:
            now = square_worth(h, p, c, x, mover, reach)
            up[c] = square_worth(h, p, c, x + 1, mover, reach) - now
            if x:
                down[c] = square_worth(h, p, c, x - 1, mover, reach) - now
        elif OWNER[q] == mover and x:
            # lowering a friend: less height, and maybe in reach of an enemy
            down[c] = -0.15 - (0.9 * PIECE_VALUE[q] if danger[c] >= x + 1 else 0.0)
    return up, down


def best_digs(h, p, centre: int, up: list[float], down: list[float], seat: int, moved: int, left: int,
              count: int) -> list[tuple[float, int, int]]:
    """The `count` best digs (worth, from, to) around `centre`, the piece that moved standing on `moved`
    and `left` emptied (-1 when nothing moved yet)."""
    enemy = 1 - seat
    sources, targets = [], []
    for n in NEAR[centre]:
        x = p[n]
        if n == left:
            x = 0
        elif n == moved:
            x = 1 + 3 * seat  # a friend
        if h[n] and (not x or OWNER[x] != enemy):
            sources.append((0.0 if n == left else down[n], n))
        if not x:
            targets.append((0.0 if n == left else up[n], n))
    if not sources or not targets:
        return []
    sources.sort(reverse=True)
    targets.sort(reverse=True)
    pairs = [(a + b, u, v) for a, u in sources[:2] for b, v in targets[:3] if u != v]
    pairs.sort(reverse=True)
    return pairs[:count]


def shortlist(h, p, mover: int, judgement: Judgement = FULL) -> tuple[list[Turn], dict[Turn, After]]:
    """The turns worth searching, best first, and the positions after those ranked by the evaluation
    (as `judgement` weighs it): their heights, pieces, pieces captured and evaluation
    for the side to move then."""
    other = 1 - mover
    danger = tops(h, p)[other]  # how high an enemy could capture from, per cell
    up, down = dig_tables(h, p, mover, danger)
    candidates: list[tuple[float, Turn]] = []
    add = candidates.append
    captures: list[Turn] = []
    turn: Turn
    hl = list(h)
    for at in range(36):
        code = p[at]
        if not code or OWNER[code] != mover:
            continue
        kind = KIND[code]
        value = PIECE_VALUE[code]
        here = h[at]
        saved = value if danger[at] >= here + 2 else 0.0  # an attacked piece that moves away is saved

        def landing(t: int, top: int, value=value, saved=saved, here=here) -> float:
            """Ending on `t`, `top` high: what it risks and what it attacks."""
            if danger[t] >= top + 2:
                return -0.9 * value
            threat = 0.0
            for e in NEAR[t]:
                y = p[e]
                if y and OWNER[y] == other and h[e] <= top - 2 and PIECE_VALUE[y] > threat:
                    threat = PIECE_VALUE[y]
            return saved + 0.35 * threat + 0.12 * (top - here)

        # single steps, then a dig around the square reached
        for t in steps_from(h, p, at, mover):
            taken = PIECE_VALUE[p[t]]
            base = taken + landing(t, h[t])
            for worth, u, v in best_digs(h, p, t, up, down, mover, t, at, 2 if taken else 1):
                turn = (SD, at, t, u, v)
                add((base + worth, turn))
                if taken:
                    captures.append(turn)
        # a dig, then a step: a climb onto a square just raised, a step onto a square just lowered, a capture
        for t in NEAR[at]:
            y = p[t]
            if y:
                if OWNER[y] == other and here >= h[t] + 2:
                    taken = PIECE_VALUE[y]
                    for worth, u, v in best_digs(h, p, at, up, down, mover, -1, -1, 1):
                        if v != t:
                            turn = (DS, at, u, v, t)
                            add((taken + landing(t, h[t]) + worth, turn))
                            captures.append(turn)
                continue
            if h[t] <= here:  # raise it, then climb
                source = max(((down[u], u) for u in NEAR[at] if u != t and h[u] and (not p[u] or OWNER[p[u]] == mover)),
                             default=None)
                if source is not None:
                    add((landing(t, h[t] + 1) + source[0] + up[t], (DS, at, source[1], t, t)))
            elif h[t] == here + 2:  # lower it, then climb
                target = max(((up[v], v) for v in NEAR[at] if v != t and not p[v]), default=None)
                if target is not None:
                    add((landing(t, here + 1) + down[t] + target[0], (DS, at, t, target[1], t)))
        if kind == 1:  # a fish's double steps, then a dig; or a dig raising the middle, then the double step
            for middle, end in doubles_from(h, p, at, mover):
                taken = PIECE_VALUE[p[end]]
                base = taken + landing(end, h[end])
                for worth, u, v in best_digs(h, p, end, up, down, mover, end, at, 1):
                    turn = (SSD, at, middle, end, u, v)
                    add((base + worth, turn))
                    if taken:
                        captures.append(turn)
            for middle, end in DIAGONALS[at]:
                y = p[end]
                if p[middle] or not y or OWNER[y] != other:
                    continue
                top, low = h[middle], h[end] + 2
                if top < low <= top + 1 <= here + 1:  # raise the middle, then capture from it
                    dig = max(((down[u], u, middle) for u in NEAR[at]
                               if u != middle and h[u] and (not p[u] or OWNER[p[u]] == mover)), default=None)
                elif top == here + 2 and low <= top - 1:  # lower the middle to climb it, then capture
                    dig = max(((up[v], middle, v) for v in NEAR[at] if v != middle and not p[v]), default=None)
                else:
                    continue
                if dig is not None:
                    turn = (DSS, at, dig[1], dig[2], middle, end)
                    add((PIECE_VALUE[y] + landing(end, h[end]) + dig[0], turn))
                    captures.append(turn)
        if kind == 2:
            # two steps, either of which may capture
            pl = list(p)
            for m in steps_from(h, p, at, mover):
                first = pl[m]
                pl[at], pl[m] = 0, code
                for t in steps_from(h, pl, m, mover):
                    if t == at and not first:
                        continue
                    taken = PIECE_VALUE[first] + PIECE_VALUE[pl[t]]
                    turn = (SS, at, m, t)
                    add((taken + landing(t, h[t]), turn))
                    if taken:
                        captures.append(turn)
                pl[at], pl[m] = code, first
            # a lone step up to two levels
            for t in steps_from(h, p, at, mover, climb=2, capture=False):
                add((landing(t, h[t]), (S, at, t)))
            # two digs: onto one square (a stair of two for a lone step), or the two best
            sources = sorted(((down[u], u) for u in NEAR[at] if h[u] and (not p[u] or OWNER[p[u]] == mover)),
                             reverse=True)
            if sources:
                stay = -0.9 * value if danger[at] >= here + 2 else 0.0
                for v in NEAR[at]:
                    if p[v]:
                        continue
                    pair = [u for _, u in sources if u != v][:2]
                    if pair and hl[pair[0]] >= 2:
                        u1 = u2 = pair[0]
                    elif len(pair) == 2:
                        u1, u2 = pair
                    else:
                        continue
                    worth = down[u1] + down[u2] + 2 * up[v] + (0.2 if h[v] + 2 == here + 2 else 0.0)
                    add((stay + worth, (DD, at, u1, v, u2, v)))
    candidates.sort(key=lambda item: -item[0])
    ranked: list[tuple[float, Turn]] = []
    after: dict[Turn, After] = {}
    for _, turn in candidates[:RANKED]:
        hh, pp = list(h), list(p)
        taken = apply(hh, pp, turn)
        score = evaluate(hh, pp, other, judgement)
        after[turn] = (tuple(hh), tuple(pp), taken, score)
        ranked.append((-score, turn))
    ranked.sort(key=lambda item: -item[0])
    listed = [turn for _, turn in ranked]
    listed += [turn for _, turn in candidates[RANKED:LISTED]]
    kept = set(listed)
    listed += [turn for turn in captures if turn not in kept]
    return listed, after
