"""A tournament read from the store: its row, entrants and tables made into a bot.tournaments Tournament,
the points of each played game worked out from its match's places."""
from __future__ import annotations

import json
from fractions import Fraction

from bot.db import Row, Tx
from bot.errors import NotFound
from bot.models import MatchStatus, Player
from bot.service import repository
from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.record import Tournament, TournamentStatus
from bot.tournaments.scores import place_points
from i18n import _

DEFAULT_RATING = 1500.0  # a player with no rating in the game yet (bot.ratings' starting rating)


def stored_points(points: tuple[Fraction, ...]) -> str:
    """A bye's or a forfeit's points as a table row keeps them."""
    return json.dumps([str(p) for p in points])


def table_from(row: Row) -> Table:
    seats = tuple(json.loads(row["seats"]))
    points: tuple[Fraction, ...] | None
    if row["points"] is not None:
        return Table(row["round"], row["board"], seats, tuple(Fraction(p) for p in json.loads(row["points"])),
                     played=False)
    if row["match_id"] is not None and row["match_status"] == MatchStatus.FINISHED:
        points = place_points(json.loads(row["places"]), len(seats))
    else:
        points = None
    return Table(row["round"], row["board"], seats, points, played=True, match_id=row["match_id"])


async def load_tournament(db: Tx, tournament_id: int, *, lock: bool = False, tables: bool = True) -> Tournament:
    """A tournament with its entrants and (unless `tables` is False: a summary, for lists) every round's
    tables; its row held until the transaction ends with `lock`."""
    row = await repository.tournaments.tournament_row(db, tournament_id, lock=lock)
    if row is None:
        raise NotFound(_("That tournament no longer exists."))
    entrant_rows = await repository.tournaments.entrant_rows(db, tournament_id)
    entrants = [
        Entrant(id=r["user_id"], name=r["name"],
                rating=r["rating"] if r["rating"] is not None else (r["current"] or DEFAULT_RATING),
                number=r["number"] if r["number"] is not None else k + 1, joined=r["joined_round"],
                withdrawn=r["withdrawn_round"])
        for k, r in enumerate(entrant_rows)
    ]
    if row["status"] != TournamentStatus.OPEN:
        entrants.sort(key=lambda e: e.number)
    played, ids, threads = [], {}, {}
    for t in await repository.tournaments.table_rows(db, tournament_id) if tables else []:
        table = table_from(t)
        played.append(table)
        ids[table.round, table.board] = t["id"]
        if t["match_id"] is not None:
            threads[t["match_id"]] = t["match_channel"]
    organiser = await repository.tournaments.player_name(db, row["organiser"])
    return Tournament(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], name=row["name"], game=row["game"],
        options=json.loads(row["options"]), format=Format(row["format"]), rounds=row["rounds"],
        table_size=row["table_size"], turn_seconds=row["turn_seconds"], rated=bool(row["rated"]),
        max_players=row["max_players"], organiser=Player(row["organiser"], organiser or "?"),
        status=TournamentStatus(row["status"]), round=row["round"], starts_at=row["starts_at"],
        created_at=row["created_at"], message_id=row["message_id"], entrants=tuple(entrants), tables=tuple(played),
        table_ids=ids, threads=threads,
    )
