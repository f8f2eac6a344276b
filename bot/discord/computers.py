"""Computer players' turns: played in the background, one task per match, each move shown in its channel."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

import i18n
from bot.discord import messages as text
from bot.discord.posting import Poster
from bot.models import Match, MatchStatus
from bot.service import MatchService

log = logging.getLogger(__name__)

ServerLanguage = Callable[[int | None], Awaitable[str]]  # the language a server's channels read (Languages.of_server)


class ComputerTurns:
    """Plays the computers' turns of the matches handed to it, each shown by the poster before the next,
    in the language of the match's server."""

    def __init__(self, client: discord.Client, service: MatchService, poster: Poster, language_of: ServerLanguage):
        self.client = client
        self.service = service
        self.poster = poster
        self.language_of = language_of
        self._thinking: set[int] = set()  # matches whose computer is choosing a move
        self._tasks: set[asyncio.Task] = set()

    def play(self, match: Match, owed: bool = False) -> None:
        """If a computer is to move in `match`, let it play (in the background, one task per match).
        `owed`: a turn found in the database, not one that a move in this process just handed over."""
        if match.status != MatchStatus.ACTIVE or match.computer_to_move is None or match.id in self._thinking:
            return
        self._thinking.add(match.id)
        task = asyncio.create_task(self._turns(match.id, match.channel_id, match.guild_id, owed),
                                   name=f"computer-{match.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _speak_language_of(self, guild_id: int | None, match_id: int) -> None:
        try:
            i18n.use(await self.language_of(guild_id))
        except Exception:  # the database unreachable for a moment: the moves are still worth playing
            log.exception("could not read the language of match %s's server; its computer's moves are told in English",
                          match_id)
            i18n.use(i18n.ENGLISH)

    async def _turns(self, match_id: int, channel_id: int, guild_id: int | None, owed: bool = False) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            await self._speak_language_of(guild_id, match_id)
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
