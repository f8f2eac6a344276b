"""Standings, crosstables and rounds as text, in the language in use: fixed-width tables for a Discord
code block and the console, and one line per table of a round."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.scores import totals
from bot.tournaments.standings import Row, crosstable, tiebreak_short
from i18n import _, number, pgettext

NAME_MOST = 16  # a crosstable's name column, in terminal columns


def columns(text: str) -> int:
    """Terminal columns `text` takes: two for a wide character (Chinese, Japanese)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def cut(text: str, width: int) -> str:
    """`text` cut to `width` columns, with "…" where it was cut."""
    if columns(text) <= width:
        return text
    kept = ""
    for ch in text:
        if columns(kept + ch) > width - 1:
            break
        kept += ch
    return kept + "…"


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - columns(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - columns(text)) + text


def points_text(value: Fraction) -> str:
    """Whole numbers plain, halves with ½ (3½, ½), other fractions as a decimal with 2 digits."""
    if value.denominator == 1:
        return number(value.numerator, grouped=False)
    if value.denominator == 2:
        whole = value.numerator // 2
        return ("" if whole == 0 else number(whole, grouped=False)) + "½"
    return number(float(value), 2, grouped=False)


def standings_text(rows: Sequence[Row], format: Format, *, width: int = 56) -> str:
    """A fixed-width standings table: #, name, points, the tie-breaks, rating, games; names are cut so
    that a line takes at most `width` columns (but a name keeps at least 4)."""
    heads = [
        "#",
        # Translators: column head of the tournament standings: the player's name
        pgettext("standings column", "Name"),
        # Translators: short column head of the tournament standings: points
        pgettext("standings column", "Pts"),
        *(_(short) for short in tiebreak_short(format)),
        # Translators: short column head of the tournament standings: rating
        pgettext("standings column", "Rtg"),
        # Translators: one-letter column head of the tournament standings: games played
        pgettext("standings column", "G"),
    ]
    cells = [[str(row.place), " ".join(row.entrant.name.split()), points_text(row.points),
              *(points_text(value) for value in row.tiebreaks), number(round(row.entrant.rating), grouped=False),
              number(row.games)] for row in rows]
    widths = [max(columns(line[k]) for line in [heads, *cells]) for k in range(len(heads))]
    others = sum(widths) - widths[1] + len(heads) - 1  # every other column and the spaces between
    widths[1] = max(4, min(widths[1], width - others))
    lines = []
    for line in [heads, *cells]:
        parts = [_right(line[0], widths[0]), _left(cut(line[1], widths[1]), widths[1])]
        parts += [_right(text, widths[k]) for k, text in enumerate(line[2:], start=2)]
        lines.append(" ".join(parts).rstrip())
    return "\n".join(lines)


def crosstable_text(entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    """A round robin's crosstable: rows by starting number, a column per opponent number with the
    results against them (1, ½, 0; one per game, "1½" in a double round robin), × on the diagonal, ·
    for a game not played yet; then the points (byes included)."""
    ordered = sorted(entrants, key=lambda entrant: entrant.number)
    results = crosstable(ordered, tables)
    points = totals(tables)
    games = max((len(values) for values in results.values()), default=1)
    heads = [
        "#",
        # Translators: column head of the tournament standings: the player's name
        pgettext("standings column", "Name"),
        *(str(entrant.number) for entrant in ordered),
        # Translators: short column head of the tournament standings: points
        pgettext("standings column", "Pts"),
    ]
    cells = []
    for entrant in ordered:
        line = [str(entrant.number), cut(" ".join(entrant.name.split()), NAME_MOST)]
        for other in ordered:
            if other.id == entrant.id:
                line.append("×" * games)
                continue
            values = results.get((entrant.id, other.id), [])
            line.append("".join(points_text(value) for value in values) + "·" * (games - len(values)))
        line.append(points_text(points.get(entrant.id, Fraction(0))))
        cells.append(line)
    widths = [max(columns(line[k]) for line in [heads, *cells]) for k in range(len(heads))]
    lines = []
    for line in [heads, *cells]:
        parts = [_right(line[0], widths[0]), _left(line[1], widths[1])]
        parts += [_right(text, widths[k]) for k, text in enumerate(line[2:], start=2)]
        lines.append(" ".join(parts).rstrip())
    return "\n".join(lines)


def round_lines(round: int, tables: Sequence[Table], names: Mapping[int, str]) -> list[str]:
    """One line per table of `round`, by board: "Board 1: alice – bob", with the result once decided
    ("Board 1: alice – bob (1 – 0)"), and "bob has a bye (1 point)"."""
    lines = []
    for table in sorted((table for table in tables if table.round == round), key=lambda table: table.board):
        who = [names.get(seat, str(seat)) for seat in table.seats]
        if table.bye:
            points = table.points[0] if table.points else None
            if points is None or points == 1:
                lines.append(_("{name} has a bye (1 point)", name=who[0]))
            elif points == Fraction(1, 2):
                lines.append(_("{name} has a bye (½ point)", name=who[0]))
            else:
                lines.append(_("{name} has a bye ({points})", name=who[0], points=points_text(points)))
            continue
        players = " – ".join(who)
        if table.points is None:
            lines.append(_("Board {board}: {players}", board=table.board, players=players))
            continue
        result = " – ".join(points_text(value) for value in table.points)
        if table.played:
            lines.append(_("Board {board}: {players} ({result})", board=table.board, players=players, result=result))
        else:
            # Translators: a game not played, decided by forfeit: "Board 2: alice – bob (1 – 0, forfeit)"
            lines.append(_("Board {board}: {players} ({result}, forfeit)", board=table.board, players=players,
                           result=result))
    return lines
