"""A tournament's standings and podium as pictures, for both adapters: the Sheet (renderers.standings)
built from a Tournament with every word in the current language, and the functions that draw it, which
Discord runs in a worker process like boards (they take and give plain, picklable values)."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.tournaments.model import Format
from bot.tournaments.record import Tournament, TournamentStatus, shown
from bot.tournaments.standings import Row, crosstable, tiebreak_short
from bot.tournaments.text import points_text
from i18n import _, pgettext
from renderers.standings import Line, Sheet, podium, render
from renderers.standings_alt import alt_text, podium_alt

PODIUM = 3  # places on the podium

__all__ = ["PODIUM", "alt_text", "draw_podium", "draw_standings", "podium_alt", "podium_places", "podium_title",
           "sheet", "sheet_title"]


def sheet_title(tournament: Tournament) -> str:
    """"Spring Swiss · Attaxx": the tournament and its game (its name alone when it names the game, as a
    default name does: "Attaxx Swiss")."""
    if tournament.rules.title.casefold() in tournament.name.casefold():
        return tournament.name
    # Translators: a tournament's name and its game, as its standings are titled ("Spring Swiss · Attaxx")
    return _("{tournament} · {game}", tournament=tournament.name, game=tournament.rules.title)


def subtitle(tournament: Tournament, through: int | None = None) -> str:
    """Where the standings stand: before the first round, during or after a round, or final (`through`:
    after that round; None: as things are now)."""
    if tournament.status == TournamentStatus.FINISHED and (through is None or through >= tournament.round):
        return _("Final standings")
    if tournament.round == 0 or through == 0:
        return _("Before the first round")
    if through is None and not all(t.decided for t in tournament.round_tables(tournament.round)):
        return _("During round {round} of {rounds}", round=tournament.round, rounds=tournament.planned_rounds)
    return _("After round {round} of {rounds}", round=tournament.round if through is None else through,
             rounds=tournament.planned_rounds)


def heads(format: Format) -> tuple[str, ...]:
    """The column heads: place, name, points, the format's tie-breaks, rating, games."""
    return (
        # Translators: a column head of the standings: the place (keep it very short)
        pgettext("standings", "#"),
        # Translators: a column head of the standings: the entrant's name
        pgettext("standings", "Player"),
        # Translators: a column head of the standings: the points scored (keep it short)
        pgettext("standings", "Pts"),
        *(_(short) for short in tiebreak_short(format)),
        # Translators: a column head of the standings: the entrant's rating at the start
        pgettext("standings", "Rating"),
        # Translators: a column head of the standings: the games played (keep it short)
        pgettext("standings", "Games"),
    )


def line(row: Row) -> Line:
    return Line(place=str(row.place), name=shown(row.entrant), points=points_text(row.points),
                tiebreaks=tuple(points_text(value) for value in row.tiebreaks), rating=f"{row.entrant.rating:.0f}",
                games=str(row.games))


def cross_cells(tournament: Tournament, through: int | None = None) -> tuple[tuple[str, ...], ...]:
    """A round robin's crosstable: a row per entrant by starting number, each cell the points scored
    against that opponent ("1", "½", "1½"), "×" against themself, "" while they have not met."""
    tables = [t for t in tournament.tables if through is None or t.round <= through]
    scored = crosstable(tournament.entrants, tables)
    rows = []
    for entrant in tournament.entrants:
        cells = []
        for other in tournament.entrants:
            values = scored.get((entrant.id, other.id))
            cells.append("×" if other.id == entrant.id else points_text(sum(values, Fraction(0))) if values else "")
        rows.append(tuple(cells))
    return tuple(rows)


def sheet(tournament: Tournament, through: int | None = None) -> Sheet:
    """The standings after round `through` (default: every game decided so far), with the crosstable
    drawn under them in a round robin."""
    rows = tournament.standings(through)
    cross = None
    if tournament.format != Format.SWISS:
        cross = cross_cells(tournament, through)
    return Sheet(title=sheet_title(tournament), subtitle=subtitle(tournament, through), heads=heads(tournament.format),
                 lines=tuple(line(row) for row in rows), cross=cross,
                 cross_names=tuple(shown(e) for e in tournament.entrants) if cross is not None else ())


def podium_title(tournament: Tournament) -> str:
    return sheet_title(tournament)


def podium_places(tournament: Tournament) -> list[tuple[str, str, int]]:
    """The first three of the final standings: (name, points, place) each (a shared place shared on the
    podium too)."""
    return [(shown(row.entrant), points_text(row.points), row.place) for row in tournament.standings()[:PODIUM]]


def draw_standings(drawn: Sheet) -> bytes:
    """The standings as PNG bytes (in a worker process)."""
    return render(drawn)


def draw_podium(title: str, places: Sequence[tuple[str, str, int]]) -> bytes:
    """The podium as PNG bytes (in a worker process)."""
    return podium(title, list(places))
