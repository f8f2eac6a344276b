"""How a match ends, or goes on without a player who left: the players who left placed last, and the
result recorded with everyone's new rating."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot import ratings as glicko
from bot.db import Tx
from bot.errors import Conflict
from bot.models import Match, dumps
from bot.service import repository
from bot.service.timekeeping import restart
from rules import Cause, Outcome
from rules.core import Words

STAND_IN = "medium"  # the computer that plays on for someone who left a game of more than two


def leavers_last(outcome: Outcome, leavers: Sequence[int]) -> Outcome:
    """A result with the players who left moved below everyone, the first to leave last."""
    if not leavers:
        return outcome
    kept = tuple(group - set(leavers) for group in outcome.places)
    places = tuple(g for g in kept if g) + tuple(frozenset({s}) for s in reversed(leavers))
    return replace(outcome, places=places)


def rated_seats(match: Match, place_of: dict[int, int]) -> list[int]:
    """The seats whose player is rated, in order: each player once, from their best place (a computer
    level may hold several seats)."""
    rated: list[int] = []
    for seat in sorted(range(len(match.seats)), key=lambda k: (place_of[k], k)):
        if not any(match.seats[other].id == match.seats[seat].id for other in rated):
            rated.append(seat)
    rated.sort()
    return rated


def stored_words(words: Words) -> str | None:
    """A reason's arguments as the matches table keeps them: a JSON array of [name, value] pairs, in order
    (None for none). `bot.service.context` reads them back."""
    return dumps([list(pair) for pair in words]) if words else None


async def record_result(db: Tx, match: Match, outcome: Outcome, now: float) -> None:
    """Record the result and update everyone's rating (unless the match is unrated), in the caller's
    transaction. Players who left are placed last; a computer level in several seats is rated once, from
    its best place. A tournament's game tells its tournament, whose round may now be over."""
    outcome = leavers_last(outcome, match.leavers)
    changed = await repository.records.finish_match(db, match.id, now, outcome.reason, outcome.cause.value,
                                            dumps([sorted(group) for group in outcome.places]),
                                            stored_words(outcome.words))
    if changed != 1:
        raise Conflict("This match has already ended.")
    if match.clock is not None:  # the clocks stop as they stand (a player out of time at 0:00)
        await repository.matches.save_clock(db, match.id, match.clock.stopped(now), None)
    if match.tournament_id is not None:
        await repository.tournaments.game_ended(db, match.id, now)
    place_of = {seat: place for place, group in enumerate(outcome.places) for seat in group}
    rated = rated_seats(match, place_of) if match.rated else []
    before = []
    for seat in rated:
        row = await repository.records.rating_row(db, match.guild_id, match.game, match.seats[seat].id)
        if row is None:
            before.append(glicko.Rating())
        else:
            rating = glicko.Rating(row["rating"], row["rd"], row["volatility"])
            before.append(glicko.age(rating, (now - row["updated_at"]) / 86400))
    index = {seat: k for k, seat in enumerate(rated)}
    groups = [frozenset(index[s] for s in group if s in index) for group in outcome.places]
    after = glicko.rate_game(before, [g for g in groups if g]) if rated else []
    for seat, player in enumerate(match.seats):
        score = outcome.scores[seat] if outcome.scores is not None else None
        k = index.get(seat)
        await repository.records.seat_result(db, match.id, seat, place_of[seat], score,
                                     before[k].rating if k is not None else None,
                                     after[k].rating if k is not None else None)
        if k is None:
            continue
        record = outcome.record(seat)
        await repository.records.save_rating(db, match.guild_id, match.game, player.id, after[k].rating, after[k].rd,
                                     after[k].volatility, int(record == "win"), int(record == "loss"),
                                     int(record == "draw"), now)


async def leave(db: Tx, match: Match, seat: int, cause: Cause, name: str, now: float) -> None:
    """The player of `seat` leaves (resigned, or ran out of time), in the caller's transaction: a
    two-player match ends, and so does one with no other person left (the others ranked by the game's
    running score, where it keeps one); else a computer plays on for them."""
    stays = [p for p in match.people if p != match.seats[seat]]
    if len(match.seats) == 2 or not stays:
        leavers = match.leavers + (seat,)
        outcome = Outcome.left(cause, name, len(match.seats), leavers, match.state.scores)
        await record_result(db, match, outcome, now)
    else:
        await repository.matches.stand_in(db, match.id, seat, STAND_IN, now)
        if match.clock is not None:  # the clock that ran stops; whoever is to move now, if a person, starts theirs
            await restart(db, match, now, gone=seat)
        else:
            await repository.matches.set_deadline(db, match.id, now + match.turn_seconds)
