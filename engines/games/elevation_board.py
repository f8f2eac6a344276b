"""Elevation as a fast board for the alpha-beta search: heights and pieces as tuples of 36 small ints (cell
i is the rules' cell i, a piece the rules' code), turns as tuples of ints
(engines/games/elevation_turns.py).

The board follows the rules' turns and ends, the draw by threefold repetition included: it counts the
game's positions since the last capture, and looks back through the positions searched on the way
(tests/test_elevation_engine.py plays random games against rules.elevation). Its moves are a shortlist
of the legal turns, best first (engines/games/elevation_shortlist.py), and its score the static
evaluation (engines/games/elevation_eval.py), which fades once nothing has been taken for a while
(`fade`): a lead that takes nothing in that long is one neither side can turn into pieces, and a side
that still trusted it would dodge a draw by repetition for ever. What fades leaves the material taken or
lost in the search itself, counted in full, so that a faded search still takes what it sees and gives
away nothing it sees; and the fewer pieces are left, the sooner it fades (there are fewer plans to try,
and a capture late in a long game would otherwise start the wait all over again). At the root it also
tells the search which turns capture (`banked`: taken now rather than at the horizon, the more so the
longer nothing has been taken) and which let the opponent draw by a repetition at once (`drawable`).
"""
from __future__ import annotations

from collections import Counter

from engines.games.elevation_eval import FULL, PIECE_VALUE, Judgement, evaluate
from engines.games.elevation_shortlist import shortlist
from engines.games.elevation_turns import Turn, all_turns, apply, can_move, notation, piece_turns
from engines.knowledge import own_position
from rules.core import State
from rules.elevation import DRAGON, KIND, OWNER, ElevationState, kind_of

Position = tuple[tuple[int, ...], tuple[int, ...], int]
NOTHING_SEEN: Counter = Counter()
BANK = 0.3  # share of a piece's value for capturing it now rather than at the search's horizon
STALE = 100  # the share grows by 1 / STALE a ply without a capture (the whole piece after 70 plies)
WHOLE = 40  # plies after a capture with the evaluation whole
FADING = 7  # then plies per piece on the board over which it fades to nothing
FEW = 3  # at the root, with this many enemy pieces or fewer, every turn is tried for one that blocks them all


class ElevationBoard:
    """A position: `h` the heights, `p` the pieces, `mover` the seat to move, `result` (+1, 0 or -1 for
    seat 0) once the game is over. `seen` counts the game's positions since its last capture (shared,
    never changed); `parent` is the position searched just before, None at the root and after a
    capture (nothing before a capture can recur); `quiet` is the plies since the game's last capture
    (captures in the search do not count: it is the wait that fades the evaluation), `pieces` how many
    were on the board at the root and `base` seat 0's material lead there. `judgement` is what the
    evaluation weighs (the level's)."""

    __slots__ = ("h", "p", "mover", "result", "seen", "parent", "root", "listed", "judgement",
                 "_key", "_after", "_score", "quiet", "pieces", "base")

    def __init__(self, h: tuple[int, ...], p: tuple[int, ...], mover: int, seen: Counter,
                 parent: ElevationBoard | None = None, result: int | None = None, listed: dict | None = None,
                 judgement: Judgement = FULL, before: ElevationBoard | None = None):
        self.h = h
        self.p = p
        self.mover = mover
        self.seen = seen
        self.parent = parent
        self.result = result
        self.root = False  # the position searched from: its moves are looked through more carefully
        # the shortlists of the positions met in this search (deepening meets most of them again)
        self.listed: dict[Position, tuple[list[Turn], dict]] = {} if listed is None else listed
        self.judgement = judgement
        self._key: Position = (h, p, mover)
        self._after: dict = {}  # the positions after some of the moves, worked out while listing them
        self._score: float | None = None
        if before is None:  # the root
            self.quiet: int = sum(seen.values())
            self.pieces: int = sum(1 for code in p if code)
            self.base: float = lead(p)
        else:
            self.quiet, self.pieces, self.base = before.quiet + 1, before.pieces, before.base

    @classmethod
    def of(cls, state: State, judgement: Judgement = FULL) -> ElevationBoard:
        state = own_position(state, ElevationState)
        result = None
        outcome = state.outcome
        if outcome is not None:
            first = outcome.places[0]
            result = 0 if len(outcome.places) == 1 or len(first) > 1 else (1 if 0 in first else -1)
        last = state.last.seat if state.last is not None else 1
        mover = state.to_move if state.to_move is not None else 1 - last
        board = cls(state.heights, state.pieces, mover, Counter(state.history[:-1]), None, result, judgement=judgement)
        board.root = True
        return board

    def key(self) -> Position:
        return self._key

    def over(self) -> int | None:
        result = self.result
        if result is None:
            return None
        return result if self.mover == 0 else -result

    def turns(self) -> list[Turn]:
        """Every legal turn (thousands of them), in the rules' order."""
        if self.result is not None:
            return []
        return list(all_turns(self.h, self.p, self.mover))

    def moves(self) -> list[Turn]:
        """The turns worth searching, best first: every capture, then the best of the rest; at the root,
        when the opponent is down to a few pieces, any turn that leaves them without a legal turn first."""
        if self.result is not None:
            return []
        known = self.listed.get(self._key)
        if known is None:
            known = self.listed[self._key] = shortlist(self.h, self.p, self.mover, self.judgement)
        listed, self._after = known
        if self.root and sum(1 for code in self.p if code and OWNER[code] != self.mover) <= FEW:
            wins = self.blocking()
            listed = wins + [turn for turn in listed if turn not in wins]
        return listed

    def blocking(self) -> list[Turn]:
        """The turns after which the opponent has no legal turn."""
        other = 1 - self.mover
        found = []
        for turn in self.turns():
            h, p = list(self.h), list(self.p)
            apply(h, p, turn)
            if not can_move(h, p, other):
                found.append(turn)
        return found

    def banked(self) -> dict[Turn, float]:
        """The moves that capture, each worth a share of what it takes (taken now rather than later), the
        larger the longer the game has gone without a capture: a trapped piece left on offer is taken."""
        before = material(self.p, 1 - self.mover)
        share = min(1.0, BANK + self.quiet / STALE)
        found = {}
        for turn in self.moves():
            taken = before - material(self.play(turn).p, 1 - self.mover)
            if taken:
                found[turn] = share * taken
        return found

    def drawable(self) -> list[Turn]:
        """The moves after which the opponent can draw at once, by bringing about a position for the
        third time (the search's shortlist of the opponent's turns may not hold that turn)."""
        counts = Counter(self.seen)
        counts[self._key] += 1  # this position too
        twice = [key for key, count in counts.items() if count >= 2 and key[2] == self.mover]
        if not twice:
            return []
        return [turn for turn in self.moves()
                if (child := self.play(turn)).result is None and any(child.leads_to(key) for key in twice)]

    def leads_to(self, key: Position) -> bool:
        """Whether a turn of the side to move brings about the position `key` (no capture: a repeated
        position comes after none)."""
        heights, pieces, _ = key
        if sum(a != b for a, b in zip(self.p, pieces)) > 2 or sum(a != b for a, b in zip(self.h, heights)) > 4:
            return False  # a turn moves one piece and at most two tiles
        mine = [at for at, code in enumerate(self.p) if code and OWNER[code] == self.mover]
        # the piece that left its square, or, with every piece where it was, a dragon's two digs
        movers = [at for at in mine if pieces[at] != self.p[at]] or [at for at in mine if KIND[self.p[at]] == DRAGON]
        hl, pl = list(self.h), list(self.p)
        for at in movers:
            for turn in piece_turns(hl, pl, at, self.mover, kind_of(self.p[at])):
                h, p = list(self.h), list(self.p)
                apply(h, p, turn)
                if tuple(p) == pieces and tuple(h) == heights:
                    return True
        return False

    def score(self) -> float:
        """The evaluation for the side to move, faded by the plies since the last capture into the
        material won or lost since the root."""
        if self._score is None:
            self._score = evaluate(self.h, self.p, self.mover, self.judgement)
        share = fade(self.quiet, self.pieces)
        if share >= 1.0:
            return self._score
        gain = lead(self.p) - self.base
        return share * self._score + (1.0 - share) * (gain if self.mover == 0 else -gain)

    def horizon(self) -> None:
        return None  # a one-ply search here has to play the turns

    def play(self, turn: Turn) -> ElevationBoard:
        seat = self.mover
        other = 1 - seat
        known = self._after.get(turn)
        if known is not None:
            heights, pieces, captured, score = known
        else:
            h, p = list(self.h), list(self.p)
            captured = apply(h, p, turn)
            heights, pieces, score = tuple(h), tuple(p), None
        won = 1 if seat == 0 else -1
        if captured:
            child = ElevationBoard(heights, pieces, other, NOTHING_SEEN, None, None, self.listed, self.judgement, self)
            if not any(code and OWNER[code] == other for code in pieces):
                child.result = won
                return child
        else:
            child = ElevationBoard(heights, pieces, other, self.seen, self, None, self.listed, self.judgement, self)
        if not can_move(heights, pieces, other):
            child.result = won
        elif not captured and child.repeats() >= 2:
            child.result = 0
        child._score = score
        return child

    def repeats(self) -> int:
        """How often this position occurred before, in the game and on the way here."""
        key = self._key
        count = self.seen.get(key, 0)
        board = self.parent
        while board is not None:
            if board._key == key:
                count += 1
            board = board.parent
        return count

    def notation(self, turn: Turn) -> str:
        return notation(turn)


def fade(quiet: int, pieces: int) -> float:
    """The share of the evaluation still weighed after `quiet` plies without a capture, with `pieces` on
    the board: whole for WHOLE plies, then less by the same step each ply, nothing after FADING a piece."""
    return min(1.0, max(0.0, 1.0 - (quiet - WHOLE) / (FADING * max(1, pieces))))


def material(pieces: tuple[int, ...], seat: int) -> float:
    return sum(PIECE_VALUE[code] for code in pieces if code and OWNER[code] == seat)


def lead(pieces: tuple[int, ...]) -> float:
    """Seat 0's material lead."""
    return material(pieces, 0) - material(pieces, 1)
