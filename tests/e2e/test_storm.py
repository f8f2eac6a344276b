"""A redelivery storm's short form (tests/support/soak.py): three matches played through two shard
processes on one PostgreSQL database, every interaction (commands, autocompletes, buttons and the Move
panel's menus) delivered to both processes at nearly the same moment, one of them killed now and then
between a storm's delivery and its answer, and the boards of answers slow to upload (10 to 14 seconds:
past their notes' grace, and past the time a reply is waited for). Each interaction is answered once,
each change posted once, nothing stored goes unposted. The long form, with its figures, is
`bench/soak.py --shards 2`."""
from __future__ import annotations

import asyncio

from tests.support.postgres import empty_database
from tests.support.soak import Soak


async def test_a_storm_of_redeliveries_through_two_processes_answers_and_posts_everything_once(tmp_path, postgres_server):
    async with empty_database(postgres_server) as url:
        soak = Soak(tmp_path, seed=11, tables=3, database_url=url, shards=2, storm=1.0, slow_uploads=(10.0, 14.0),
                    note_grace=1.0)
        figures = await asyncio.wait_for(soak.run(kill_every=(1.0, 2.5), kills=2, moves=12), 300)
    report = "\n".join(figures.lines())
    assert figures.redelivered >= 30 and figures.kills >= 2 and figures.stored >= 12, report
    assert figures.duplicated == figures.pinged_twice == figures.answered_twice == 0, report
    assert figures.lost == figures.unstored == 0 and figures.shown == figures.stored, report
    assert figures.failures == [], report
