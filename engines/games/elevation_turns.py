"""Elevation's turns for the engine: a turn as a tuple of ints that names its shape and its cells,

    (DS, at, u, v, t)        dig u>v, then step at-t
    (SD, at, t, u, v)        step at-t, then dig u>v
    (DSS, at, u, v, m, t)    a fish: dig u>v, then the double step at-m-t
    (SSD, at, m, t, u, v)    a fish: the double step at-m-t, then dig u>v
    (DD, at, u, v, u2, v2)   a dragon's two digs
    (SS, at, m, t)           a dragon's two steps
    (S, at, t)               a dragon's lone step of up to two levels

every legal turn listed the way rules.elevation lists them (actions tried on lists changed and restored
in place), a turn played on lists, and its canonical notation.
"""
from __future__ import annotations

from collections.abc import Iterator

from rules.elevation import DRAGON, FISH, NAMES, OWNER, digs_from, doubles_from, kind_of, steps_from

DS, SD, DSS, SSD, DD, SS, S = range(7)
Turn = tuple[int, ...]



def piece_turns(h: list[int], p: list[int], at: int, seat: int, kind: int) -> Iterator[Turn]:
    """Every legal turn of the piece on `at`, trying each action on `h` and `p` and restoring them."""
    code = p[at]
    for u, v in digs_from(h, p, at, seat):  # dig, then step
        h[u] -= 1
        h[v] += 1
        for to in steps_from(h, p, at, seat):
            yield DS, at, u, v, to
        if kind == FISH:
            for middle, end in doubles_from(h, p, at, seat):
                yield DSS, at, u, v, middle, end
        h[u] += 1
        h[v] -= 1
    for to in steps_from(h, p, at, seat):  # step, then dig
        taken = p[to]
        p[at], p[to] = 0, code
        for u, v in digs_from(h, p, to, seat):
            yield SD, at, to, u, v
        p[at], p[to] = code, taken
    if kind == FISH:
        for middle, end in doubles_from(h, p, at, seat):
            taken = p[end]
            p[at], p[end] = 0, code
            for u, v in digs_from(h, p, end, seat):
                yield SSD, at, middle, end, u, v
            p[at], p[end] = code, taken
    if kind != DRAGON:
        return
    for u, v in digs_from(h, p, at, seat):  # two digs
        h[u] -= 1
        h[v] += 1
        for u2, v2 in digs_from(h, p, at, seat):
            if u2 != v or v2 != u:
                yield DD, at, u, v, u2, v2
        h[u] += 1
        h[v] -= 1
    for to in steps_from(h, p, at, seat):  # two steps
        taken = p[to]
        p[at], p[to] = 0, code
        for then in steps_from(h, p, to, seat):
            if then != at or taken:
                yield SS, at, to, then
        p[at], p[to] = code, taken
    for to in steps_from(h, p, at, seat, climb=2, capture=False):  # one high step
        yield S, at, to


def all_turns(h, p, seat: int) -> Iterator[Turn]:
    hl, pl = list(h), list(p)
    for at, code in enumerate(p):
        if code and OWNER[code] == seat:
            yield from piece_turns(hl, pl, at, seat, kind_of(code))


def can_move(h, p, seat: int) -> bool:
    """Whether `seat` has a legal turn: almost always found with the first piece's first actions."""
    lists: tuple[list[int], list[int]] | None = None
    for at, code in enumerate(p):
        if code and OWNER[code] == seat:
            if lists is None:
                lists = list(h), list(p)
            if next(piece_turns(*lists, at, seat, kind_of(code)), None) is not None:
                return True
    return False


def apply(h: list[int], p: list[int], turn: Turn) -> int:
    """Play `turn` on the lists in place; the number of pieces it captured."""
    shape, at = turn[0], turn[1]
    code = p[at]
    if shape == DS:
        _, _, u, v, t = turn
        h[u] -= 1
        h[v] += 1
        taken = p[t]
        p[at], p[t] = 0, code
        return 1 if taken else 0
    if shape == SD:
        _, _, t, u, v = turn
        taken = p[t]
        p[at], p[t] = 0, code
        h[u] -= 1
        h[v] += 1
        return 1 if taken else 0
    if shape == DSS:
        _, _, u, v, _, t = turn
        h[u] -= 1
        h[v] += 1
        taken = p[t]
        p[at], p[t] = 0, code
        return 1 if taken else 0
    if shape == SSD:
        _, _, _, t, u, v = turn
        taken = p[t]
        p[at], p[t] = 0, code
        h[u] -= 1
        h[v] += 1
        return 1 if taken else 0
    if shape == DD:
        _, _, u, v, u2, v2 = turn
        h[u] -= 1
        h[v] += 1
        h[u2] -= 1
        h[v2] += 1
        return 0
    if shape == SS:
        _, _, m, t = turn
        taken = 1 if p[m] else 0
        p[at], p[m] = 0, code
        if p[t]:  # back on `at`, after a capture, finds it empty
            taken += 1
        p[m], p[t] = 0, code
        return taken
    _, _, t = turn
    p[at], p[t] = 0, code
    return 0


def notation(turn: Turn) -> str:
    """The rules' canonical notation of a turn."""
    shape, at = turn[0], turn[1]
    n = NAMES
    if shape == DS:
        return f"{n[turn[2]]}>{n[turn[3]]} {n[at]}-{n[turn[4]]}"
    if shape == SD:
        return f"{n[at]}-{n[turn[2]]} {n[turn[3]]}>{n[turn[4]]}"
    if shape == DSS:
        return f"{n[turn[2]]}>{n[turn[3]]} {n[at]}-{n[turn[4]]}-{n[turn[5]]}"
    if shape == SSD:
        return f"{n[at]}-{n[turn[2]]}-{n[turn[3]]} {n[turn[4]]}>{n[turn[5]]}"
    if shape == DD:
        return f"{n[at]}: {n[turn[2]]}>{n[turn[3]]} {n[turn[4]]}>{n[turn[5]]}"
    if shape == SS:
        return f"{n[at]}-{n[turn[2]]}-{n[turn[3]]}"
    return f"{n[at]}-{n[turn[2]]}"


