"""A tournament as the service hands it to the adapters: its settings, entrants, every round's tables and
where they are played, with its standings worked out from them (bot.tournaments.standings)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from bot.models import Match, MatchChange, Player
from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.pairing import default_rounds
from bot.tournaments.standings import Row, standings
from games import GAMES
from i18n import _
from rules import Game


class TournamentStatus(StrEnum):
    OPEN = "open"  # taking sign-ups
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class NewsKind(StrEnum):
    """What a tournament's channel is still to read."""

    ROUND = "round"  # a round paired: its tables, and the standings after the round before
    FINAL = "final"  # the final standings and the podium
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    name: str
    game: str
    options: dict[str, Any]
    format: Format
    rounds: int | None  # planned (None before the start when left to the bot: see planned_rounds)
    table_size: int
    turn_seconds: int
    rated: bool
    max_players: int | None
    organiser: Player
    status: TournamentStatus
    round: int  # the round being played (0 before the start; the last once finished)
    starts_at: float | None
    created_at: float
    message_id: int | None
    entrants: tuple[Entrant, ...]  # everyone who joined: by starting number once started, else as they joined
    tables: tuple[Table, ...]  # every round's, by round and board
    table_ids: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (round, board) -> the table's id
    threads: Mapping[int, int] = field(default_factory=dict)  # match id -> the channel (thread) it is played in

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def planned_rounds(self) -> int:
        """The rounds it will have: as set, else as many as its entrants need (bot.tournaments.pairing)."""
        if self.rounds is not None:
            return self.rounds
        return default_rounds(self.format, max(len(self.entrants), 2), self.table_size)

    @property
    def swiss(self) -> bool:
        return self.format == Format.SWISS

    @property
    def live(self) -> bool:
        """Open or running."""
        return self.status in (TournamentStatus.OPEN, TournamentStatus.RUNNING)

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.id == user_id), None)

    @property
    def playing(self) -> tuple[Entrant, ...]:
        """The entrants not withdrawn."""
        return tuple(e for e in self.entrants if e.withdrawn is None)

    @property
    def late_joining(self) -> bool:
        """Whether someone may still join a running tournament: a Swiss, until half its rounds have started."""
        return self.status == TournamentStatus.RUNNING and self.swiss and 2 * self.round < self.planned_rounds

    @property
    def full(self) -> bool:
        return self.max_players is not None and len(self.entrants) >= self.max_players

    def round_tables(self, round: int) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if t.round == round)

    def table_of(self, user_id: int, round: int | None = None) -> Table | None:
        """The table of a player in a round (the current one by default)."""
        wanted = self.round if round is None else round
        return next((t for t in self.tables if t.round == wanted and user_id in t.seats), None)

    def standings(self, through: int | None = None) -> list[Row]:
        """The standings after the decided games (of rounds up to `through`)."""
        tables = [t for t in self.tables if t.decided and (through is None or t.round <= through)]
        return standings(self.entrants, tables, self.format)

    @property
    def names(self) -> dict[int, str]:
        """Each entrant's name by id, as people read it (computers' in the current language)."""
        return {e.id: shown(e) for e in self.entrants}

    def localized(self) -> Tournament:
        """The tournament with its computers' names in the current language ("Computer (schwer)"): what
        text and pictures of it are made from (the store keeps the English name)."""
        return replace(self, entrants=tuple(replace(e, name=shown(e)) for e in self.entrants))


@dataclass(frozen=True)
class News:
    """News a tournament's channel is to read, taken by this process to post (bot.service.tournaments)."""

    id: int
    kind: NewsKind
    round: int
    tournament: Tournament


@dataclass(frozen=True)
class Withdrawal:
    """A player who left a running tournament: the tournament after, and their game of the round, which
    goes on (`playing`) or was resigned (`resigned`, the change to show)."""

    tournament: Tournament
    playing: Match | None = None
    resigned: MatchChange | None = None


def default_name(game: str, kind: Format) -> str:
    """A tournament's name when its organiser gives none (`game`: the game's title), in the current
    language: the language of those who will read it."""
    if kind == Format.SWISS:
        # Translators: a tournament's name when its organiser gives none; {game} is the game's title
        return _("{game} Swiss", game=game)
    if kind == Format.DOUBLE:
        return _("{game} double round robin", game=game)
    return _("{game} round robin", game=game)


def shown(entrant: Entrant) -> str:
    """An entrant's name as people read it: a computer's in the current language."""
    return Player(entrant.id, entrant.name).shown
