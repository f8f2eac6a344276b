"""Elevation's static evaluation, for the side to move, on heights and pieces as tuples (or lists).

A capture needs a piece two levels above an enemy next to it (or a dragon a step away from such a
square, or a fish a diagonal double step away), and a piece climbs at most one level a turn, so the
evaluation weighs what a search a few plies deep does not see through:
- material, by kind, a lead counting more as pieces come off (the side ahead trades);
- the captures on offer: the side to move takes its best one (less what the capturer risks on the
  square it lands on); the other side's threats cost the side to move the second target of a fork,
  and the first if the piece attacked has nowhere safe to go;
- height over the enemy pieces around, the nearer the more (a piece one level above an enemy next to
  it is a climb away from capturing it; a tower far from everything is worth little), leaving out
  the pieces either side can take now, which the captures on offer count;
- footing: a piece with no square to step to is stuck, and lost once an enemy stands above it;
- when ahead, closeness to the enemy pieces and the siege: the fewest tiles to raise and levels to
  climb before a piece stands next to an enemy two levels above it, so that a won game is pressed home
  (the side behind digs and runs, and the search sees a turn or two of it at most); when the material
  is about even, which side's siege is nearer, so that neither side waits on its towers for ever.
Height over the enemy, sieges and height itself are a level's judgement (`Judgement`): easy and medium
weigh none of them (PLAIN), and keep to low ground.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.elevation import BOARD, DIAGONALS, KIND, NEAR, OWNER, owner_of

VALUE = (3.0, 3.5, 4.5, 3.0, 3.5, 4.5)  # by piece code - 1: samurai, fish, dragon of either side
PIECE_VALUE = (0.0,) + VALUE
HEIGHT = 0.02  # per level under a piece
ABOVE = (0.0, 0.25, 0.15, 0.07)  # per level above an enemy piece (up to REACH levels), by distance
REACH = 3
TRADE = 0.5  # a lead in material counts up to this much more as the pieces come off
START = 2 * sum(VALUE[:3]) * 2  # the material at the start
FOOTING = 0.12  # per square a piece could step to, up to FOOTHOLDS of them
FOOTHOLDS = 3
STUCK = 0.6  # a piece with no square to step to
TAKE = 0.85  # share of the best capture on offer to the side to move
FORK = 0.75  # share of the second piece attacked of the side to move (only one can move away)
LATER = 0.12  # share of the first piece attacked (a tempo spent to save it)
TRAPPED = 0.7  # share of an attacked piece with no safe square to go to
CHASE = 0.08  # per step closer to the nearest enemy, per piece of the side ahead
SIEGE = 0.4  # per tile or climb the side ahead still needs to stand two levels above an enemy piece
EVEN = 0.5  # share of SIEGE for the difference between the two sides' sieges, material about even
LEAD = 2.5  # a lead in material from which the side ahead presses it home
FAR = 12  # a siege needing this much or more counts as this much
DISTANCE = tuple(tuple(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for b in BOARD.coords) for a in BOARD.coords)
RING = tuple(sum(1 << b for b in range(36) if DISTANCE[a][b] == 2) for a in range(36))  # two squares away
# the squares next to both a and b, for b two squares from a: where a dragon's first step goes to capture on b
BETWEEN = tuple(tuple(tuple(c for c in NEAR[a] if c in NEAR[b]) if DISTANCE[a][b] == 2 else () for b in range(36))
                for a in range(36))
CELLS = range(36)
FISH_VALUE, DRAGON_VALUE = VALUE[1], VALUE[2]


@dataclass(frozen=True)
class Judgement:
    """What a level weighs beyond material, captures and footing: a level over an enemy piece by its
    distance, a siege per tile or climb, and a level under a piece."""

    above: tuple[float, ...] = ABOVE
    siege: float = SIEGE
    height: float = HEIGHT


FULL = Judgement()
PLAIN = Judgement(above=(0.0,) * len(ABOVE), siege=0.0, height=0.0)


def cells_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def far_attacks(h, p, seat: int, cells: list[int], enemies: int, found: dict[int, float]) -> None:
    """Add to `found` (enemy cell -> the value of the cheapest piece that captures it) the captures of
    `seat`'s dragons after a first step and of its fish after a double step; `enemies` has a bit per
    enemy piece."""
    for a in cells:
        code = p[a]
        kind = KIND[code]
        if kind == 2:
            close = RING[a] & enemies
            if close:
                top = h[a] + 1
                for e in cells_of(close):
                    if e in found:
                        continue
                    low = h[e] + 2
                    for m in BETWEEN[a][e]:
                        if not p[m] and low <= h[m] <= top:
                            found[e] = DRAGON_VALUE
                            break
        elif kind == 1:
            here = h[a]
            for middle, end in DIAGONALS[a]:
                if enemies >> end & 1 and not p[middle]:
                    top = h[middle]
                    # a dig before the double step may raise the middle by one
                    if (top <= here + 1 and (top >= h[end] + 2 or (top <= here and top + 1 >= h[end] + 2))
                            and found.get(end, 99.0) > FISH_VALUE):
                        found[end] = FISH_VALUE


def escapes(h, p, at: int, seat: int) -> bool:
    """Whether the piece on `at` has a square to step to where no enemy next to it stands two levels
    higher (with a dig first, a square level with it can be climbed by one)."""
    here = h[at]
    enemy = 1 - seat
    reach = here + 2 if KIND[p[at]] == 2 else here + 1
    for d in NEAR[at]:
        if p[d] or h[d] > reach:
            continue
        top = h[d] + 1 if h[d] <= here else h[d]  # climb as high as it may
        for e in NEAR[d]:
            y = p[e]
            if y and OWNER[y] == enemy and h[e] >= top + 2:
                break
        else:
            return True
    return False


def evaluate(h, p, mover: int, judgement: Judgement = FULL) -> float:
    """The position's value for `mover`, in samurai-sized units of about 3, as `judgement` weighs it."""
    owner, near_of, values = OWNER, NEAR, VALUE
    placed = [c for c in CELLS if p[c]]
    cells: tuple[list[int], list[int]] = ([], [])
    masks = [0, 0]
    # by seat: enemy cell -> the value of the cheapest piece that captures it
    attacks: tuple[dict[int, float], dict[int, float]] = ({}, {})
    material = [0.0, 0.0]
    totals = [0.0, 0.0]
    for c in placed:
        code = p[c]
        seat = owner_of(code)
        cells[seat].append(c)
        masks[seat] |= 1 << c
        here = h[c]
        material[seat] += values[code - 1]
        total = judgement.height * here
        climb = here + 1
        footholds = 0
        for n in near_of[c]:
            x = p[n]
            if not x:
                if h[n] <= climb:
                    footholds += 1
            elif owner[x] != seat and here >= h[n] + 2:
                worth = values[code - 1]
                if attacks[seat].get(n, 99.0) > worth:
                    attacks[seat][n] = worth
        if footholds >= FOOTHOLDS:
            total += FOOTING * FOOTHOLDS
        elif footholds:
            total += FOOTING * footholds
        else:
            total -= STUCK
        totals[seat] += total
    other = 1 - mover
    mine, theirs = cells[mover], cells[other]
    lead = material[mover] - material[other]
    value = lead * (1.0 + TRADE * (1.0 - (material[0] + material[1]) / START)) + totals[mover] - totals[other]
    if not mine or not theirs:
        return value
    taking = attacks[mover]
    far_attacks(h, p, mover, mine, masks[other], taking)
    threatened = attacks[other]
    far_attacks(h, p, other, theirs, masks[mover], threatened)
    # height over the enemy pieces around (not counting a piece that one side can take now: the captures
    # on offer below count it)
    above_by_distance = judgement.above
    if any(above_by_distance):
        above = 0.0
        for a in mine:
            if a in threatened:
                continue
            row = DISTANCE[a]
            top = h[a]
            for e in theirs:
                d = row[e]
                if d <= REACH and e not in taking:
                    diff = top - h[e]
                    above += above_by_distance[d] * (REACH if diff > REACH else -REACH if diff < -REACH else diff)
        value += above
    # the side to move takes its best capture, less what the capturer risks where it lands
    if taking:
        best = 0.0
        for e, attacker in taking.items():
            gain = PIECE_VALUE[p[e]]
            landing = h[e] + 2
            for n in near_of[e]:
                y = p[n]
                if y and owner[y] == other and h[n] >= landing:
                    gain -= 0.7 * attacker
                    break
            if gain > best:
                best = gain
        value += TAKE * best
    # the other side's threats: one piece moves away, a second one is lost
    if threatened:
        worths = sorted((PIECE_VALUE[p[c]] for c in threatened), reverse=True)
        loss = LATER * worths[0]
        if len(worths) > 1:
            loss += FORK * worths[1]
        elif not taking:
            (c,) = threatened
            if not escapes(h, p, c, mover):
                loss += TRAPPED * worths[0]
        value -= loss
    # pressing home a lead: the side ahead comes closer to the enemy pieces
    if lead >= LEAD or lead <= -LEAD:
        chasers, chased = (mine, theirs) if lead > 0 else (theirs, mine)
        near = 0
        for a in chasers:
            row = DISTANCE[a]
            near += min(row[e] for e in chased)
        closeness = CHASE * (5 * len(chasers) - near)
        if judgement.siege:
            closeness -= judgement.siege * siege(h, p, chasers, chased)
        value += closeness if lead > 0 else -closeness
    elif judgement.siege:
        value += EVEN * judgement.siege * (siege(h, p, theirs, mine) - siege(h, p, mine, theirs))
    return value


def siege(h, p, chasers: list[int], chased: list[int]) -> int:
    """The fewest tiles to raise and levels to climb for a piece on `chasers` to stand on a square next
    to a piece on `chased`, two levels above it (FAR at most)."""
    best = FAR
    for e in chased:
        low = h[e] + 2
        for n in NEAR[e]:
            x = p[n]
            if x and n not in chasers:
                continue
            hn = h[n]
            need = low - hn if hn < low else 0
            if need >= best:
                continue
            reach = 99
            row = DISTANCE[n]
            for a in chasers:
                if a == n:
                    reach = 0
                    break
                cost = row[a] - 1 + max(0, hn - h[a] - 1)
                if cost < reach:
                    reach = cost
            if need + reach < best:
                best = need + reach
    return best
