"""The match service: the life of challenges and matches, with no knowledge of Discord.

Adapters call it with plain ids and get plain values back (bot.models); a call that changes a challenge
or a match returns the change with its outbox note (bot.models.ChallengeChange, MatchChange). Every
change is one transaction of the store (bot.db), taken under the store's lock, that re-reads what it
depends on: two requests for the same match are applied one after the other, and the second sees what
the first did.

MatchService is made of parts, each an object over one shared context (bot.service.context.Context:
the store, the clock, the computer players, the outbox's bookkeeping, challenges and matches as loaded):
bot.service.challenges, .play, .takebacks, .clocks, .outbox, .records, .analyses, .preferences, and
.tournaments with .rounds (a tournament's commands, and its rounds paired and games opened). Each
takes what it needs from the others in its constructor; what they share besides is in modules of
functions (bot.service.checks, .results). Every statement they run is in bot.service.repository.
"""
from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot import replays
from bot.computer import ComputerPlayers
from bot.db import Store
from bot.game_clock import TimeControl
from bot.models import (
    Challenge,
    ChallengeChange,
    DrawOffer,
    Expired,
    Match,
    MatchChange,
    MoveResult,
    Notice,
    Player,
    Standing,
    Takeback,
)
from bot.move_list import PlayedMove
from bot.service.analyses import Analysed, Analyses, Progress
from bot.service.challenges import CHANNEL_HAS_CHALLENGE, MAX_TURN_SECONDS, MIN_TURN_SECONDS, Challenges, most_players
from bot.service.clocks import Clocks
from bot.service.context import CHALLENGE_SECONDS, STATE_CACHE, TURN_SECONDS, Context
from bot.service.notes import NOTE_GRACE
from bot.service.offered import Run
from bot.service.outbox import SHOWN_FLUSH, Outbox
from bot.service.play import Play
from bot.service.preferences import Preferences, ReminderSettings
from bot.service.records import Records, Waiting
from bot.service.results import STAND_IN, leavers_last
from bot.service.rounds import Rounds
from bot.service.suggestions import refusal, suggestions
from bot.service.takebacks import Takebacks
from bot.service.tournaments import Tournaments
from rules.parts import Branch

__all__ = [
    "Analysed", "CHALLENGE_SECONDS", "CHANNEL_HAS_CHALLENGE", "MAX_TURN_SECONDS", "MIN_TURN_SECONDS", "NOTE_GRACE", "SHOWN_FLUSH",
    "STAND_IN", "STATE_CACHE", "TURN_SECONDS", "Context", "MatchService", "ReminderSettings", "leavers_last",
    "most_players", "refusal", "suggestions",
]


class MatchService:
    """The match service as the adapters use it: MatchService(store, clock=…, computers=…, notes=…).

    Its parts by name (`service.play.move(…)`), and for the adapters each method they call, forwarded
    as it is to the part of the same concern."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        challenge_seconds: int = CHALLENGE_SECONDS,
        turn_seconds: int = TURN_SECONDS,
        rng: random.Random | None = None,
        computers: ComputerPlayers | None = None,
        notes: bool = True,
        note_grace: float = NOTE_GRACE,
        suggest: Run | None = None,
    ):
        self.context = Context(store, clock=clock, challenge_seconds=challenge_seconds, turn_seconds=turn_seconds,
                               rng=rng, computers=computers, notes=notes, note_grace=note_grace)
        self.store = self.context.store
        self.computers = self.context.computers
        self.challenges = Challenges(self.context)
        self.play = Play(self.context, suggest)
        self.takebacks = Takebacks(self.context)
        self.clocks = Clocks(self.context)
        self.outbox = Outbox(self.context)
        self.records = Records(self.context)
        self.analyses = Analyses(self.context, self.records)
        self.preferences = Preferences(self.context)
        self.rounds = Rounds(self.context, self.challenges)
        self.tournaments = Tournaments(self.context, self.rounds, self.play)

    def clock(self) -> float:
        return self.context.clock()

    # ------------------------------------------------------------------ challenges

    async def get_challenge(self, challenge_id: int) -> Challenge:
        return await self.context.get_challenge(challenge_id)

    async def challenge(self, guild_id: int, channel_id: int, challenger: Player, game: str,
                        opponents: Sequence[Player] = (), options: Mapping[str, Any] | None = None, *,
                        players: int | None = None, turn_seconds: int | None = None, clock: TimeControl | None = None,
                        computers: Sequence[str] = (), side: str = "first", seating: Sequence[int] | None = None,
                        elsewhere: Callable[[], Awaitable[int]] | None = None,
                        via: str | None = None) -> ChallengeChange | MatchChange:
        return await self.challenges.challenge(guild_id, channel_id, challenger, game, opponents, options,
                                               players=players, turn_seconds=turn_seconds, clock=clock,
                                               computers=computers, side=side, seating=seating, elsewhere=elsewhere,
                                               via=via)

    async def accept(self, challenge_id: int, user: Player, via: str | None = None) -> ChallengeChange | MatchChange:
        return await self.challenges.accept(challenge_id, user, via)

    async def start_now(self, challenge_id: int, user: Player, via: str | None = None) -> MatchChange:
        return await self.challenges.start_now(challenge_id, user, via)

    async def decline(self, challenge_id: int, user: Player, via: str | None = None) -> ChallengeChange:
        return await self.challenges.decline(challenge_id, user, via)

    async def rematch(self, match_id: int, user: Player, elsewhere: Callable[[], Awaitable[int]] | None = None,
                      via: str | None = None) -> ChallengeChange | MatchChange:
        return await self.challenges.rematch(match_id, user, elsewhere, via)

    async def channel_busy(self, channel_id: int) -> bool:
        return await self.challenges.channel_busy(channel_id)

    async def challenge_here(self, channel_id: int, user_id: int) -> Challenge:
        return await self.challenges.challenge_here(channel_id, user_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int, note: int | None = None) -> Challenge:
        return await self.challenges.set_challenge_message(challenge_id, message_id, note)

    # ------------------------------------------------------------------ play

    async def get_match(self, match_id: int) -> Match:
        return await self.context.get_match(match_id)

    async def current(self, channel_id: int) -> Match:
        return await self.play.current(channel_id)

    async def latest(self, channel_id: int) -> Match:
        return await self.play.latest(channel_id)

    async def active_matches(self, guild_id: int) -> list[Match]:
        return await self.play.active_matches(guild_id)

    async def move(self, channel_id: int, user: Player, notation: str, via: str | None = None,
                   received: float | None = None) -> MoveResult:
        return await self.play.move(channel_id, user, notation, via, received)

    async def builder(self, match_id: int, user: Player, stamp: int | None = None) -> Match:
        return await self.play.builder(match_id, user, stamp)

    async def move_at(self, match_id: int, user: Player, notation: str, stamp: int, via: str | None = None,
                      received: float | None = None) -> MoveResult:
        return await self.play.move_at(match_id, user, notation, stamp, via, received)

    async def moves_played(self, match: Match) -> list[PlayedMove]:
        return await self.play.moves_played(match)

    async def move_choices(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[Branch]:
        return await self.play.move_choices(channel_id, user_id, typed, limit)

    async def legal_moves(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[str]:
        return await self.play.legal_moves(channel_id, user_id, typed, limit)

    async def computer_turns_due(self) -> list[int]:
        return await self.play.computer_turns_due()

    async def computer_move(self, match_id: int,
                            thinking: Callable[[], Awaitable[None]] | None = None) -> MoveResult | None:
        return await self.play.computer_move(match_id, thinking)

    async def resign(self, channel_id: int, user: Player, via: str | None = None) -> MatchChange:
        return await self.play.resign(channel_id, user, via)

    async def draw(self, channel_id: int, user: Player, via: str | None = None) -> DrawOffer | MatchChange:
        return await self.play.draw(channel_id, user, via)

    async def abandon(self, match_id: int, user: Player) -> Match:
        return await self.play.abandon(match_id, user)

    # ------------------------------------------------------------------ takebacks

    async def takeback(self, channel_id: int, user: Player, via: str | None = None) -> Takeback:
        return await self.takebacks.takeback(channel_id, user, via)

    async def takeback_at(self, match_id: int, user: Player, stamp: int, via: str | None = None) -> Takeback:
        return await self.takebacks.takeback_at(match_id, user, stamp, via)

    async def answer_takeback(self, match_id: int, user: Player, stamp: int, accept: bool,
                              via: str | None = None) -> Takeback:
        return await self.takebacks.answer_takeback(match_id, user, stamp, accept, via)

    # ------------------------------------------------------------------ clocks

    async def expire_due(self) -> Expired:
        return await self.clocks.expire_due()

    async def shown_late(self, match: Match) -> Match:
        return await self.clocks.shown_late(match)

    async def board_shown(self, match: Match, at: float) -> Match:
        return await self.clocks.board_shown(match, at)

    async def out_of_time(self, match_id: int) -> MatchChange | None:
        return await self.clocks.out_of_time(match_id)

    async def live_ping(self, match_id: int, message_id: int | None) -> int | None:
        return await self.play.live_ping(match_id, message_id)

    # ------------------------------------------------------------------ outbox

    async def posted(self, note: int | None, board: tuple[int, int, int] | None = None) -> None:
        await self.outbox.posted(note, board)

    async def board_posted(self, board: tuple[int, int, int]) -> None:
        await self.outbox.board_posted(board)

    async def postpone(self, note: int | None, seconds: float) -> None:
        await self.outbox.postpone(note, seconds)

    async def take_notices(self, notes: Sequence[int]) -> list[Notice]:
        return await self.outbox.take_notices(notes)

    async def first_delivery(self, key: int, at: float) -> bool:
        return await self.outbox.first_delivery(key, at)

    async def close(self) -> None:
        await self.outbox.close()

    # ------------------------------------------------------------------ records and analyses

    async def leaderboard(self, guild_id: int, game: str, page: int = 1,
                          per_page: int = 10) -> tuple[list[Standing], int]:
        return await self.records.leaderboard(guild_id, game, page, per_page)

    async def games(self, guild_id: int, user_id: int, page: int = 1, per_page: int = 10) -> tuple[list[Match], int]:
        return await self.records.games(guild_id, user_id, page, per_page)

    async def stats(self, guild_id: int, user_id: int) -> list[Standing]:
        return await self.records.stats(guild_id, user_id)

    async def against_computers(self, guild_id: int, user_id: int) -> list[tuple[str, Player, int, int, int]]:
        return await self.records.against_computers(guild_id, user_id)

    async def history(self, guild_id: int, limit: int = 5, page: int = 1) -> tuple[list[Match], int]:
        return await self.records.history(guild_id, limit, page)

    async def replay_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        return await self.records.replay_target(guild_id, channel_id, user_id, match_id)

    async def replay(self, match: Match, user_id: int, limit: int = replays.LIMIT,
                     waiting: Waiting | None = None) -> list[bytes]:
        return await self.records.replay(match, user_id, limit, waiting)

    async def analysis_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        return await self.analyses.analysis_target(guild_id, channel_id, user_id, match_id)

    async def stored_analysis(self, match: Match) -> Analysed | None:
        return await self.analyses.stored_analysis(match)

    async def analyse(self, match: Match, progress: Progress | None = None, user_id: int = 0,
                      waiting: Waiting | None = None) -> Analysed:
        return await self.analyses.analyse(match, progress, user_id, waiting)

    # ------------------------------------------------------------------ preferences

    async def reminder_settings(self, guild_id: int, user: Player, *, mine: bool | None = None,
                                server: bool | None = None, manages_server: bool = False) -> ReminderSettings:
        return await self.preferences.reminder_settings(guild_id, user, mine=mine, server=server,
                                                        manages_server=manages_server)
