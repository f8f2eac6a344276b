"""The moves of a match as people read them beside its board: numbered from 1, each with who played it,
the last ones when there are many (the live board, /board, the console), or all of them on request."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import _, ngettext

RECENT = 10  # the moves shown beside a board; the rest on request


@dataclass(frozen=True)
class PlayedMove:
    """One move of a match: its number (from 1), the seat that played it, its notation, and who played
    it as the board names them (in the language in use)."""

    number: int
    seat: int
    notation: str
    player: str


def move_line(move: PlayedMove) -> str:
    """"12. alice: a7c5"."""
    # Translators: one line of a match's list of moves: its number, who played it, the move as written
    return _("{number}. {player}: {move}", number=move.number, player=move.player, move=move.notation)


def move_lines(moves: Sequence[PlayedMove]) -> list[str]:
    """Every move as a line, first to last."""
    return [move_line(move) for move in moves]


def recent_lines(moves: Sequence[PlayedMove], last: int = RECENT) -> list[str]:
    """The last `last` moves as lines, after a line saying how many earlier ones are not shown; a line
    saying no move has been played when there is none."""
    if not moves:
        # Translators: in place of a match's list of moves, before the first move
        return [_("No moves yet.")]
    shown = list(moves[-last:])
    earlier = len(moves) - len(shown)
    head = [ngettext("… {n} earlier move", "… {n} earlier moves", earlier)] if earlier else []
    return head + move_lines(shown)
