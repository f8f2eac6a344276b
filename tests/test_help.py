"""/help, and the descriptions Discord's command picker shows."""
from __future__ import annotations

import re

import pytest

from bot.discord.picker import DESCRIPTION_LIMIT, picker_text
from games import GAMES
from tests.support.inprocess import CHANNEL
from tests.support.users import User

ALICE = User(11, "alice")


def descriptions(payload: dict, path: str = ""):
    """(where, text) for every description and choice name in a command's registration payload."""
    where = f"{path} {payload['name']}".strip()
    if "description" in payload:
        yield where, payload["description"]
    for choice in payload.get("choices") or []:
        yield f"{where} choice", choice["name"]
    for option in payload.get("options") or []:
        yield from descriptions(option, where)


async def test_every_description_fits_the_command_picker_whole(env):
    found = [pair for command in env.standin.commands for pair in descriptions(command)]
    assert len(found) > 60
    for where, text in found:
        assert 1 <= len(text) <= DESCRIPTION_LIMIT, f"{where}: {len(text)} characters"
        assert text == text.strip() and not text.endswith("…") and "  " not in text, where


def test_a_description_too_long_for_the_picker_stops_the_bot_with_its_name():
    """Discord would refuse the whole command list; a cut text would read badly. Neither is silent."""
    assert picker_text("x" * DESCRIPTION_LIMIT, "fits") == "x" * DESCRIPTION_LIMIT
    with pytest.raises(ValueError, match="option size of hexes is 101 characters"):
        picker_text("x" * 101, "option size of hexes")


async def test_help_explains_the_bot_its_commands_and_games(env):
    reply = await (await env.command(ALICE, CHANNEL, "help")).reply()
    assert reply.ephemeral and not reply.files
    [embed] = reply.embeds
    intro = embed["description"].splitlines()
    assert len(intro) == 3 and "board games" in intro[0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert list(fields) == ["Play someone here", "Tournaments", "Commands", "More commands", "Games"]
    assert "`/tournament create attaxx`" in fields["Tournaments"]
    assert all(len(f["value"]) <= 1024 for f in embed["fields"])
    assert "`/challenge attaxx opponent:@someone`" in fields["Play someone here"]
    assert re.search(r"`/challenge attaxx opponent:@\S+ level:hard` plays the computer", fields["Play someone here"])

    commands = fields["Commands"].splitlines() + fields["More commands"].splitlines()
    registered = [c["name"] for c in env.standin.commands]
    assert [line.split()[0].strip("`/") for line in commands] == registered, "one line per command, in order"
    assert "`/move <notation>` — Play your move in this channel's match" in commands
    assert "`/board [public] [text]` — Show this channel's board" in commands
    assert "`/challenge <game>` — Challenge people in this channel to a game" in commands
    assert "`/help [public]` — What this bot does, its commands and its games" in commands

    for name, game in GAMES.items():
        assert f"**{game.title}** · " in fields["Games"] and f"`/rules {name}`" in fields["Games"]
    assert "**Attaxx** · 2 players · `/rules attaxx`" in fields["Games"]
    assert "**Multiplications Within The Permutation** · 2–6 players · `/rules permutation`" in fields["Games"]

    public = await (await env.command(ALICE, CHANNEL, "help", public=True)).reply()
    assert not public.ephemeral and public.embeds == reply.embeds
