"""The soak's short form (tests/support/soak.py): three matches of different games, one against the
computer, played while the bot process is SIGKILLed and started again at random moments. The long form,
with its figures, is `bench/soak.py`."""
from __future__ import annotations

import asyncio

from tests.support.soak import Soak


async def test_moves_survive_kills_at_random_moments_each_posted_once(tmp_path):
    soak = Soak(tmp_path, seed=5, tables=3)
    figures = await asyncio.wait_for(soak.run(kill_every=(0.7, 2.5), kills=4, moves=10), 300)
    report = "\n".join(figures.lines())
    assert figures.kills >= 4 and figures.stored >= 10, report
    assert figures.lost == figures.duplicated == figures.unstored == 0, report
    assert figures.failures == [], report
    assert figures.shown == figures.stored, report
