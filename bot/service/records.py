"""Records: a server's leaderboards, a player's ratings and record against the computers, the matches a
player is in, the finished matches (history), and the match a replay shows."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot import replays
from bot.db import Row
from bot.errors import NotFound
from bot.models import COMPUTER_LEVELS, Match, Player, Standing, computer
from bot.service import repository
from bot.service.context import Context
from bot.work import Kind, Owner
from games import GAMES
from i18n import _

Waiting = Callable[[int], Awaitable[None]]  # told how many jobs are ahead in the line


def standing(row: Row, rank: int) -> Standing:
    """A player's place in a ranking, from their rating's row (with their name)."""
    return Standing(
        player=Player(row["user_id"], row["name"]), game=row["game"], rating=row["rating"], rd=row["rd"],
        wins=row["wins"], losses=row["losses"], draws=row["draws"], rank=rank,
    )


class Records:
    """Leaderboards, stats, a player's running matches (with where each one's latest board was posted),
    history, and the match a replay shows."""

    def __init__(self, context: Context):
        self.context = context

    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = 10) -> tuple[list[Standing], int]:
        """One page of this server's ranking for a game, and how many players it has."""
        if game not in GAMES:
            raise NotFound(_("There is no game called {game}.", game=repr(game)))
        async with self.context.store.reading() as db:
            total = await repository.records.rated_players(db, guild_id, game)
            rows = await repository.records.ranking(db, guild_id, game, per_page, (page - 1) * per_page)
        return [standing(row, (page - 1) * per_page + i + 1) for i, row in enumerate(rows)], total

    async def games(self, guild_id: int, user_id: int, page: int = 1, per_page: int = 10) -> tuple[list[Match], int]:
        """One page of the matches a player is playing in this server (those where it is their turn
        first, each group by the soonest deadline), and how many there are in all."""
        async with self.context.store.reading() as db:
            matches = [await self.context.load_match(db, match_id)
                       for match_id in await repository.matches.running_match_ids(db, guild_id, user_id)]
        matches.sort(key=lambda match: match.to_move is None or match.to_move.id != user_id)  # stable sort
        start = (max(page, 1) - 1) * per_page
        return matches[start:start + per_page], len(matches)

    async def stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """A player's record for every game they have finished in this server, with their rank."""
        async with self.context.store.reading() as db:
            rows = await repository.records.ratings_of(db, guild_id, user_id)
        return [standing(row, row["rank"]) for row in rows]

    async def against_computers(self, guild_id: int, user_id: int) -> list[tuple[str, Player, int, int, int]]:
        """A person's record against each computer level in this server, per game: (game, computer,
        wins, losses, draws), a win being a better place than the computer's best seat in the match."""
        async with self.context.store.reading() as db:
            rows = await repository.records.places_against_computers(db, guild_id, user_id)
        records: dict[tuple[str, int], list[int]] = {}
        for row in rows:
            tally = records.setdefault((row["game"], row["user_id"]), [0, 0, 0])
            tally[0 if row["mine"] < row["theirs"] else 1 if row["mine"] > row["theirs"] else 2] += 1
        return [(game, computer(COMPUTER_LEVELS[uid - 1]), wins, losses, draws)
                for (game, uid), (wins, losses, draws) in sorted(records.items())]

    async def history(self, guild_id: int, limit: int = 5, page: int = 1) -> tuple[list[Match], int]:
        """A page of the server's finished matches, the latest first, and how many there are in all."""
        async with self.context.store.reading() as db:
            total = await repository.records.finished_matches(db, guild_id)
            ids = await repository.records.finished_match_ids(db, guild_id, limit, (max(page, 1) - 1) * limit)
            return [await self.context.load_match(db, match_id) for match_id in ids], total

    async def replay_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        """The match /replay shows: the one asked for (of this server), else the last finished in this
        channel, else the user's own last finished one in this server."""
        async with self.context.store.reading() as db:
            if match_id is not None:
                found = await repository.records.match_in_guild(db, match_id, guild_id)
                if found is None:
                    raise NotFound(_("There is no match #{match} in this server: /history lists them.", match=match_id))
            else:
                found = await repository.records.last_finished_in_channel(db, channel_id)
                if found is None:
                    found = await repository.records.last_finished_of(db, guild_id, user_id)
                if found is None:
                    raise NotFound(_("No match has finished here yet, and you have none in this server: "
                                     "once one ends, /replay shows it."))
            return await self.context.load_match(db, found)

    async def replay(self, match: Match, user_id: int, limit: int = replays.LIMIT, waiting: Waiting | None = None) -> list[bytes]:
        """The GIF(s) of `match`'s replay, drawn in a worker when its turn in the line comes: one replay
        at a time per player and a few per server (NotAllowed beyond that). `waiting(ahead)` is awaited
        first when replays asked for before it in this server are still being made."""
        owner = Owner(match.guild_id, user_id)
        async with self.context.computers.job(Kind.REPLAY, owner, match.id) as job:
            if job.ahead and waiting is not None:
                await waiting(job.ahead)
            return await self.context.computers.run(replays.draw, *replays.replay_args(match, limit), kind=Kind.REPLAY,
                                            owner=owner)
