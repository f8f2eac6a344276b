"""Live play's game clocks in the service, on a real SQLite file and PostgreSQL, with a clock moved by
hand: each clock runs only on its player's turn, from the moment the board was shown to the moment the
move was received, gains the increment, runs out into a loss (or, in a game of more than two, a computer
playing on), warns once when low, and survives a restart, a takeback and a computer opponent."""
from __future__ import annotations

import pytest

from bot.errors import NotAllowed
from bot.game_clock import GameClock, TimeControl, clock_text
from bot.models import MatchChange, MatchStatus, NoticeKind
from bot.service import MatchService
from rules import Cause
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, start_match

BLITZ = TimeControl.parse("5+3")


async def fresh(service: MatchService, clock) -> MatchService:
    """The same database read by another process (nothing kept in memory)."""
    return MatchService(service.store, clock=clock, notes=False)


async def test_each_clock_runs_on_its_turn_from_the_board_shown_to_the_move_received(service, clock):
    match = await start_match(service, clock=BLITZ)  # attaxx: alice first
    started = clock()
    assert match.live and match.clock is not None and match.clock.left == (300.0, 300.0)
    assert match.clock.running == 0 and match.deadline == pytest.approx(started + 300)

    clock.advance(4)  # the board took 4 s to reach the channel: alice's clock starts then
    shown = await service.clocks.board_shown(match, clock())
    assert shown.deadline == pytest.approx(started + 304)
    clock.advance(20)
    moved = (await service.play.move(CHANNEL, ALICE, "b6", received=clock() - 2)).match  # Discord had it 2 s earlier
    assert moved.clock is not None
    assert moved.clock.left[0] == pytest.approx(300 - 18 + 3), "18 s charged, 3 s increment"
    assert moved.clock.running == 1 and moved.clock.left[1] == 300
    assert moved.deadline == pytest.approx(clock() + 300)

    clock.advance(100)
    again = await fresh(service, clock)
    stored = await again.context.get_match(match.id)
    assert stored.clock == moved.clock, "the clocks are stored with the match"
    assert stored.clock is not None and clock_text(stored.clock.time_left(1, clock())) == "3:20"
    assert clock_text(stored.clock.time_left(0, clock())) == "4:45", "alice's clock stands still on bob's turn"
    bob = (await again.play.move(CHANNEL, BOB, "a2")).match
    assert bob.clock is not None and bob.clock.left[1] == pytest.approx(203)


async def test_a_clock_that_runs_out_loses_the_game_and_a_late_move_is_refused(service, clock):
    await start_match(service, clock=TimeControl.parse("1+0"))
    await service.play.move(CHANNEL, ALICE, "b6")
    clock.advance(61)
    with pytest.raises(NotAllowed, match="run out"):
        await service.play.move(CHANNEL, BOB, "a2")
    expired = await service.clocks.expire_due()
    [change] = expired.matches
    over = change.match
    assert over.status == MatchStatus.FINISHED and over.outcome is not None
    assert over.outcome.cause == Cause.TIME and over.outcome.places[0] == frozenset({0})
    assert over.clock is not None and over.clock.running is None and over.clock.time_left(1, clock()) == 0
    assert over.clock.time_left(0, clock() + 1000) == 60, "the clocks stop at the end"
    assert (await service.clocks.expire_due()).matches == ()


async def test_a_player_out_of_time_in_a_game_of_three_leaves_and_the_next_clock_runs(service, clock):
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL],
                                              clock=TimeControl.parse("1+5"))
    await service.challenges.accept(made.challenge.id, BOB)
    match = (await service.challenges.accept(made.challenge.id, CAROL)).match
    first = match.to_move
    assert first is not None and match.clock is not None and match.clock.running == match.seat_to_move
    clock.advance(61)
    [change] = (await service.clocks.expire_due()).matches
    left = change.match
    assert left.status == MatchStatus.ACTIVE and left.stand_in(match.seat_to_move) is not None
    assert left.clock is not None and left.clock.running is None, "the computer standing in plays on no clock"
    assert left.deadline is None
    moved = await service.play.computer_move(left.id)
    assert moved is not None
    after = moved.match
    assert after.clock is not None and after.clock.running == after.seat_to_move
    assert after.deadline == pytest.approx(clock() + 60)


async def test_low_time_is_warned_once_a_player(service, clock):
    match = await start_match(service, clock=TimeControl.parse("3+0"))
    clock.advance(180 - 36 - 1)  # 20 % of 3 minutes is 36 s: not low yet
    assert await service.clocks.low_time_due() == []
    assert await service.clocks.next_deadline() == pytest.approx(clock() + 1)
    clock.advance(2)
    [warning] = await service.clocks.low_time_due()
    assert isinstance(warning, MatchChange) and warning.match.to_move == ALICE
    assert warning.match.clock is not None and warning.match.clock.is_low(0, clock())
    assert await service.clocks.low_time_due() == []
    await service.play.move(CHANNEL, ALICE, "b6")
    await service.play.move(CHANNEL, BOB, "a2")
    clock.advance(20)
    assert await service.clocks.low_time_due() == [], "alice was warned already this match"
    del match


async def test_a_takeback_leaves_time_spent_spent(service, clock):
    match = await start_match(service, clock=BLITZ)
    clock.advance(10)
    await service.play.move(CHANNEL, ALICE, "b6")
    clock.advance(30)
    await service.takebacks.takeback(CHANNEL, ALICE)
    clock.advance(5)
    granted = await service.takebacks.takeback(CHANNEL, BOB)
    after = granted.match
    assert after.moves == () and after.clock is not None
    assert after.clock.left == (pytest.approx(293), pytest.approx(265)), "bob's 35 s are spent; alice keeps her increment"
    assert after.clock.running == 0 and after.deadline == pytest.approx(clock() + 293)
    del match


async def test_a_computer_spends_its_own_clock_and_thinks_less_when_short(service, clock):
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"], clock=BLITZ)
    match = made.record
    await service.play.move(CHANNEL, ALICE, "b6")
    thinking = clock()
    clock.advance(7)  # the computer's search "took" 7 s by the service's clock
    result = await service.play.computer_move(match.id)
    assert result is not None and result.match.clock is not None
    assert result.match.clock.left[1] == pytest.approx(300 - 7 + 3)
    assert result.match.deadline == pytest.approx(clock() + 303)
    del thinking
    bullet = TimeControl.parse("1+0")
    assert GameClock(bullet, left=(60.0, 60.0)).effort(1, 1.5) == 1.0, "a full minute: the level's whole budget"
    assert GameClock(bullet, left=(60.0, 4.0)).effort(1, 1.5) == pytest.approx(0.2 / 1.5), "4 s left: far less"
    assert GameClock(bullet, left=(60.0, 0.0)).effort(1, 1.5) == 0.05


async def test_the_console_ends_a_local_game_on_time(service, clock):
    made = await service.challenges.challenge(0, CHANNEL, ALICE, "attaxx", [BOB], clock=TimeControl.parse("1+0"))
    started = await service.challenges.accept(made.challenge.id, BOB)
    assert (await service.clocks.expire_due()).matches == ()
    assert await service.out_of_time(started.record.id) is None
    clock.advance(61)
    assert (await service.clocks.expire_due()).matches == (), "no timer loop watches the console's matches"
    ended = await service.out_of_time(started.record.id)
    assert ended is not None and ended.match.outcome is not None and ended.match.outcome.cause == Cause.TIME


async def test_correspondence_matches_are_unchanged(service, clock):
    match = await start_match(service)
    assert match.clock is None and not match.live and match.deadline == pytest.approx(clock() + 86400)
    moved = (await service.play.move(CHANNEL, ALICE, "b6", received=clock() - 50)).match
    assert moved.deadline == pytest.approx(clock() + 86400)


@pytest.mark.parametrize("typed, seconds, increment", [("5+3", 300, 3), (" 10 + 5 ", 600, 5), ("1", 60, 0),
                                                       ("180+180", 10800, 180)])
def test_time_controls_as_typed(typed, seconds, increment):
    control = TimeControl.parse(typed)
    assert (control.seconds, control.increment) == (seconds, increment)


@pytest.mark.parametrize("typed", ["", "0+5", "181+0", "5+181", "5:00", "five", "-3+2"])
def test_time_controls_refused(typed):
    with pytest.raises(NotAllowed):
        TimeControl.parse(typed)


async def test_a_low_time_note_is_stored_for_the_outbox(store, clock):
    service = MatchService(store, clock=clock)
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], clock=TimeControl.parse("1+0"))
    await service.posted(made.note)
    started = await service.challenges.accept(made.record.id, BOB)
    clock.advance(31)
    assert await service.clocks.low_time_due() == [], "nobody is warned of a turn they were not shown yet"
    await service.posted(started.note)
    [warning] = await service.clocks.low_time_due()
    assert warning.note is not None
    [notice] = await service.take_notices([warning.note])
    assert notice.kind == NoticeKind.LOW_TIME and notice.seat == 0 and notice.match is not None


@pytest.mark.parametrize("seconds, shown", [(300, "5:00"), (299.2, "5:00"), (59.9, "1:00"), (0.3, "0:01"), (0, "0:00"),
                                            (3723, "1:02:03"), (-4, "0:00")])
def test_a_clock_reads_zero_only_once_it_has_run_out(seconds, shown):
    assert clock_text(seconds) == shown
