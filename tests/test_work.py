"""The line in front of the workers (bot.work): who is served first when a worker frees, that one server
or player cannot make the others wait, and the limits on what one player or server may have in it."""
from __future__ import annotations

import asyncio

import pytest

from bot.computer import LEAST_SECONDS, ComputerPlayers
from bot.errors import NotAllowed
from bot.work import Kind, Limit, Limits, Line, Owner, ordinal
from games import GAMES


class Workers:
    """Stand-in workers: each call the line starts waits until the test finishes it, and the order the
    calls were started in is kept."""

    def __init__(self) -> None:
        self.started: list[tuple] = []
        self._ends: dict[tuple, asyncio.Future] = {}

    async def start(self, fn, args):
        name = args[0]
        self.started.append(name)
        end = self._ends[name] = asyncio.get_running_loop().create_future()
        return await end

    async def finish(self, name, result=None) -> None:
        self._ends[name].set_result(result if result is not None else name)
        await settle()  # the line's task ends and the next piece is started

    @property
    def running(self) -> list:
        return [name for name, end in self._ends.items() if not end.done()]


async def settle() -> None:
    """Let the tasks started so far run as far as they can without a worker finishing."""
    for _ in range(5):
        await asyncio.sleep(0)


def call(name):
    return lambda: (str, (name,))


async def submit(line: Line, kind: Kind, owner: Owner, name) -> asyncio.Task:
    task = asyncio.create_task(line.run(kind, owner, call(name)))
    await settle()  # the piece joins the line, and is started if a worker is free
    return task


@pytest.fixture
def workers() -> Workers:
    return Workers()


async def test_a_computer_move_goes_before_analyses_and_replays_already_waiting(workers):
    line = Line(1, workers.start)
    alice, bob = Owner(1, 10), Owner(2, 20)
    await submit(line, Kind.ANALYSIS, alice, "position 0")
    await submit(line, Kind.ANALYSIS, alice, "position 1")
    await submit(line, Kind.REPLAY, alice, "replay")
    move = await submit(line, Kind.MOVE, bob, "move")
    assert workers.running == ["position 0"]
    await workers.finish("position 0")
    assert workers.running == ["move"]
    await workers.finish("move")
    assert await move == "move"
    assert workers.running == ["position 1"]


async def test_servers_take_turns_so_one_servers_twenty_matches_do_not_make_another_wait(workers):
    line = Line(2, workers.start)
    busy = [await submit(line, Kind.MOVE, Owner(1, 100 + k), f"busy {k}") for k in range(20)]
    other = await submit(line, Kind.MOVE, Owner(2, 200), "other server")
    assert workers.running == ["busy 0", "busy 1"]
    await workers.finish("busy 0")
    assert workers.running == ["busy 1", "other server"]  # next, not 19th
    await workers.finish("other server")
    assert await other == "other server"
    for task in busy:
        task.cancel()


async def test_within_a_server_players_take_turns_with_their_computer_moves(workers):
    line = Line(1, workers.start)
    await submit(line, Kind.MOVE, Owner(1, 10), "alice 0")
    for k in range(1, 4):
        await submit(line, Kind.MOVE, Owner(1, 10), f"alice {k}")
    await submit(line, Kind.MOVE, Owner(1, 20), "bob 0")
    order = []
    for _ in range(5):
        [running] = workers.running
        order.append(running)
        await workers.finish(running)
    assert order == ["alice 0", "alice 1", "bob 0", "alice 2", "alice 3"]


async def test_a_servers_analyses_are_made_in_the_order_asked_while_servers_take_turns(workers):
    line = Line(1, workers.start)
    await submit(line, Kind.ANALYSIS, Owner(1, 10), "a1")
    for name, owner in (("a2", Owner(1, 10)), ("b1", Owner(1, 20)), ("b2", Owner(1, 20)), ("c1", Owner(2, 30))):
        await submit(line, Kind.ANALYSIS, owner, name)
    order = []
    while workers.running:
        [running] = workers.running
        order.append(running)
        await workers.finish(running)
    assert order == ["a1", "c1", "a2", "b1", "b2"]  # server 2 had not been served yet


async def test_replays_never_take_every_worker_so_a_move_starts_at_once(workers):
    line = Line(2, workers.start)
    for k in range(3):
        await submit(line, Kind.REPLAY, Owner(1, 10 + k), f"replay {k}")
    assert workers.running == ["replay 0"]
    move = await submit(line, Kind.MOVE, Owner(2, 20), "move")
    assert workers.running == ["replay 0", "move"]
    await workers.finish("move")
    assert await move == "move"
    assert workers.running == ["replay 0"]  # the free worker waits for a move, not for the next replay
    await workers.finish("replay 0")
    assert workers.running == ["replay 1"]


async def test_work_given_up_while_it_waits_leaves_the_line_and_is_never_started(workers):
    line = Line(1, workers.start)
    await submit(line, Kind.MOVE, Owner(1, 10), "first")
    gone = await submit(line, Kind.MOVE, Owner(1, 10), "gone")
    kept = await submit(line, Kind.MOVE, Owner(1, 10), "kept")
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert line.waiting() == 1
    await workers.finish("first")
    await workers.finish("kept")
    assert await kept == "kept"
    assert workers.started == ["first", "kept"]


async def test_an_error_in_the_work_reaches_whoever_waits_and_the_line_goes_on(workers):
    async def failing(fn, args):
        if args[0] == "bad":
            raise ValueError("the search failed")
        return await workers.start(fn, args)

    line = Line(1, failing)
    bad = await submit(line, Kind.MOVE, Owner(1, 10), "bad")
    good = await submit(line, Kind.MOVE, Owner(1, 10), "good")
    with pytest.raises(ValueError, match="the search failed"):
        await bad
    await workers.finish("good")
    assert await good == "good"


async def test_a_computer_moves_time_counts_from_when_it_was_asked_for(workers):
    now = [100.0]
    computers = ComputerPlayers(workers=1, seconds=4.0, clock=lambda: now[0])
    seen = []

    async def start(fn, args):
        seen.append(args[3])  # choose_move(state, level, seed, seconds)
        return await workers.start(fn, (f"search {len(seen)}",))

    computers.line = Line(1, start)
    state = GAMES["attaxx"].start(players=2, options={}, seed=1)
    moves = []
    for seed, owner in enumerate((Owner(1, 10), Owner(2, 20), Owner(3, 30))):
        moves.append(asyncio.create_task(computers.choose(state, "hard", seed, owner)))
        await settle()
    now[0] += 3.0  # the first search takes three seconds: the second waited that long for a worker
    await workers.finish("search 1")
    now[0] += 2.0  # and the third five, more than its whole time
    await workers.finish("search 2")
    await workers.finish("search 3")
    await asyncio.gather(*moves)
    assert seen == [4.0, 1.0, LEAST_SECONDS]
    fresh = asyncio.create_task(computers.choose(state, "hard", 4, Owner(3, 30)))
    await settle()
    await workers.finish("search 4")
    await fresh
    assert seen[-1] == 4.0
    computers.close()


async def test_one_analysis_a_player_a_few_a_server_each_told_its_place_in_line():
    limits = Limits({Kind.ANALYSIS: Limit(1, 3, "analysis")})
    async with limits.job(Kind.ANALYSIS, Owner(1, 10), 4) as first:
        assert first.ahead == 0
        with pytest.raises(NotAllowed, match="Your analysis of match #4 is still being made: one at a time"):
            async with limits.job(Kind.ANALYSIS, Owner(1, 10), 5):
                pass
        async with limits.job(Kind.ANALYSIS, Owner(1, 20)) as second, limits.job(Kind.ANALYSIS, Owner(1, 30)) as third:
            assert (second.ahead, third.ahead) == (1, 2)
            with pytest.raises(NotAllowed, match="This server already has 3 analyses being made"):
                async with limits.job(Kind.ANALYSIS, Owner(1, 40)):
                    pass
            async with limits.job(Kind.ANALYSIS, Owner(2, 40)) as elsewhere:  # another server's line
                assert elsewhere.ahead == 0
    async with limits.job(Kind.ANALYSIS, Owner(1, 10), 5) as again:  # the first was posted
        assert again.ahead == 0


def test_places_in_line_read_as_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
