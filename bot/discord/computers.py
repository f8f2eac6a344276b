"""Computer players' turns: played in the background, one task per match, each move shown in its channel."""
from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.discord import messages as text
from bot.discord.posting import Poster
from bot.models import Match, MatchStatus
from bot.service import MatchService

log = logging.getLogger(__name__)


class ComputerTurns:
    """Plays the computers' turns of the matches handed to it, each shown by the poster before the next."""

    def __init__(self, client: discord.Client, service: MatchService, poster: Poster):
        self.client = client
        self.service = service
        self.poster = poster
        self._thinking: set[int] = set()  # matches whose computer is choosing a move
        self._tasks: set[asyncio.Task] = set()

    def play(self, match: Match, owed: bool = False) -> None:
        """If a computer is to move in `match`, let it play (in the background, one task per match).
        `owed`: a turn found in the database, not one that a move in this process just handed over."""
        if match.status != MatchStatus.ACTIVE or match.computer_to_move is None or match.id in self._thinking:
            return
        self._thinking.add(match.id)
        task = asyncio.create_task(self._turns(match.id, match.channel_id, owed), name=f"computer-{match.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _turns(self, match_id: int, channel_id: int, owed: bool = False) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            async def typing() -> None:  # "<bot> is typing…" while it thinks (Discord shows it ~10 s)
                with contextlib.suppress(discord.HTTPException):
                    await channel.typing()

            while True:
                result = await self.service.computer_move(match_id, thinking=typing)
                if result is None:
                    return
                if owed:
                    log.info("played the computer's move owed in match %s (ply %d)", match_id, len(result.match.moves))
                    owed = False
                match = result.match
                # (its own play is a no-op: this match is being played here)
                if not await self.poster.show_unseen(text.move_text(result), result, "the computer's move"):
                    return  # the next move waits until this one is shown (its poster then goes on)
                if match.status == MatchStatus.FINISHED or match.computer_to_move is None:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer's turn in match %s failed", match_id)
        finally:
            self._thinking.discard(match_id)
