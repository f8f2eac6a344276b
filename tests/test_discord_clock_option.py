"""/challenge … clock: as players use it: the usual time controls offered as they type, any M+S within
bounds taken, the challenge saying which clock it is, and bad input refused privately, changing nothing."""
from __future__ import annotations

from tests.support.inprocess import CHANNEL
from tests.test_discord import ALICE, BOB


async def test_the_clock_option_offers_the_usual_controls_and_what_was_typed(env):
    offered = await env.suggestions(ALICE, CHANNEL, "challenge", "clock", "", sub="attaxx")
    assert [value for _, value in offered] == ["3+2", "5+3", "10+5", "15+10", "30+20"]
    assert offered[1][0] == "⏱️ 5+3 clock: 5 minutes each, 3 seconds more a move"
    assert await env.autocomplete(ALICE, CHANNEL, "challenge", "clock", "1", sub="attaxx") == ["1+0", "10+5", "15+10"]
    assert await env.autocomplete(ALICE, CHANNEL, "challenge", "clock", "7+1", sub="attaxx") == ["7+1"]
    assert await env.autocomplete(ALICE, CHANNEL, "challenge", "clock", "999+0", sub="attaxx") == []


async def test_a_challenge_on_a_clock_says_so_and_bad_clocks_are_refused(env):
    refused = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=BOB, clock="5:00")).reply()
    assert refused.ephemeral and "minutes+increment" in refused.content
    both = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=BOB, clock="5+3",
                                    turn_time=300)).reply()
    assert both.ephemeral and "not both" in both.content
    assert [m for m in env.standin.channel(CHANNEL) if not m.ephemeral] == [], "nothing was posted"

    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=BOB, clock="7+2")).reply()
    assert not challenge.ephemeral
    assert "⏱️ 7+2 clock: 7 minutes each, 2 seconds more a move" in challenge.content
    assert "per move" not in challenge.content
