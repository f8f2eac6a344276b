"""A live match's clocks kept in step with its changes, in the caller's transaction: whose clock runs
after a change, when the match's turn then runs out, and the clocks stored."""
from __future__ import annotations

from dataclasses import replace

from bot.db import Tx
from bot.game_clock import GameClock
from bot.models import Match
from bot.service import repository
from rules import State


def running_seat(match: Match, state: State, gone: int | None = None) -> int | None:
    """The seat whose clock runs in `state` of `match`: the seat to move, unless the game is over or a
    computer stands in for a player who left (`gone` too: a seat leaving now), whose turns take no clock."""
    seat = state.to_move if state.outcome is None else None
    if seat is None or seat == gone or match.stand_in(seat) is not None:
        return None
    return seat


def turn_deadline(match: Match, clock: GameClock) -> float | None:
    """When the match's turn runs out: when the running clock does, if a person plays that seat. A
    computer spends its clock too, but never loses on time: the bot's own load is not a player's fault."""
    if clock.running is None or match.plays(clock.running).is_computer:
        return None
    return clock.deadline


async def save(db: Tx, match: Match, clock: GameClock) -> Match:
    """Store `clock` as the match's clocks, with the turn's deadline; the match with them."""
    deadline = turn_deadline(match, clock)
    await repository.matches.save_clock(db, match.id, clock, deadline)
    return replace(match, clock=clock, deadline=deadline)


async def restart(db: Tx, match: Match, now: float, gone: int | None = None) -> Match:
    """The running clock stopped at `now` (charged the time since it started) and the clock of whoever
    is to move in `match` as it now stands started (see running_seat); a match without clocks as it is."""
    if match.clock is None:
        return match
    return await save(db, match, match.clock.stopped(now).started(running_seat(match, match.state, gone), now))
