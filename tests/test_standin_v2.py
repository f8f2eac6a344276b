"""The stand-in with discord.py as the bot uses it: a live board sent as components V2 (LayoutView) through a
channel and through an interaction is taken within Discord's limits and refused beyond them; people read it
(text, alt text, buttons, colour); edits under a rate limit all land, in order, with discord.py pacing
itself; deletions are recorded."""
from __future__ import annotations

import io
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest

from tests.support.standin import IS_COMPONENTS_V2, StandIn
from tests.support.users import Discord, User

ALICE, BOB = User(11, "alice"), User(12, "bob")
GUILD, CHANNEL, OTHER = 5555, 7777, 7778
ALT = "Attaxx board after 3 moves. alice (White) to move."


class Unchecked(discord.ui.LayoutView):
    """A LayoutView without discord.py's own count of 40 children: what Discord answers to a 41st."""

    def _add_count(self, value: int) -> None:
        self._total_children = max(0, self._total_children + value)


def board(move: int = 3, *, picture: str = "board.png", texts: tuple[str, ...] = (), custom_ids: tuple[str, str] = (
        "move:7", "resign:7"), view: discord.ui.LayoutView | None = None) -> discord.ui.LayoutView:
    """A clocked match's live board: the title, the picture, the clocks beside a button, the moves, the buttons."""
    view = view or discord.ui.LayoutView()
    clocks: discord.ui.Section = discord.ui.Section("▶ **alice** (White) 4:32", "bob (Black) 5:00",
                                accessory=discord.ui.Button(label="All moves", custom_id="moves:7"))
    view.add_item(discord.ui.Container(
        discord.ui.TextDisplay(f"## Attaxx #7: alice vs bob, move {move}"),
        discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}", description=ALT)),
        clocks, discord.ui.Separator(), *(discord.ui.TextDisplay(t) for t in texts),
        discord.ui.ActionRow(discord.ui.Button(label="Move", custom_id=custom_ids[0], style=discord.ButtonStyle.primary),
                             discord.ui.Button(label="Resign", custom_id=custom_ids[1], style=discord.ButtonStyle.danger)),
        accent_colour=0x3BA55C))
    return view


def png(name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG picture"), filename=name)


@pytest.fixture
async def bot(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[StandIn, discord.Client]]:
    standin = StandIn()
    monkeypatch.setattr(discord.http.Route, "BASE", await standin.start())
    client = discord.Client(intents=discord.Intents(guilds=True))
    await client.login("test-token")
    yield standin, client
    await client.close()
    await standin.stop()


def codes(tree: dict) -> set[str]:
    """Every code in Discord's tree of errors."""
    return {e["code"] for e in tree.get("_errors", [])} | {c for k, v in tree.items() if k != "_errors" for c in codes(v)}


def refused_with(standin: StandIn, caught: pytest.ExceptionInfo[discord.HTTPException], code: str) -> bool:
    """Whether discord.py met Discord's answer (400, 50035) and the stand-in's last refusal names `code`."""
    return (caught.value.status, caught.value.code) == (400, 50035) and code in codes(standin.refusals[-1][2]["errors"])


async def test_a_live_board_reads_as_people_see_it(bot) -> None:
    standin, client = bot
    sent = await client.get_partial_messageable(CHANNEL).send(view=board(), file=png())
    [message] = standin.channel(CHANNEL)
    assert message.id == sent.id and message.v2 and message.content == "" and sent.flags.components_v2
    assert message.text == "## Attaxx #7: alice vs bob, move 3\n▶ **alice** (White) 4:32\nbob (Black) 5:00"
    assert message.descriptions == {"board.png": ALT} and standin.failures() == []
    assert [b["label"] for b in message.buttons] == ["All moves", "Move", "Resign"] and message.accent == 0x3BA55C
    assert message.button("Move")["custom_id"] == "move:7"
    users = Discord(standin, lambda payload: None, GUILD)
    pressed = await users.press(BOB, message, "Move")  # the payload carries the message as Discord shows it
    shown = pressed.interaction.payload["message"]
    assert shown["flags"] & IS_COMPONENTS_V2
    assert shown["components"][0]["components"][1]["items"][0]["media"]["url"] == "https://cdn.invalid/board.png"


@pytest.mark.parametrize(("how", "code"), [
    pytest.param(lambda: {"view": board(view=Unchecked(), texts=tuple(f"line {i}" for i in range(30)))},
                 "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED", id="41 components"),
    pytest.param(lambda: {"view": board(texts=("x" * (4001 - board().content_length()),))},
                 "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED", id="4001 characters"),
    pytest.param(lambda: {"view": board(custom_ids=("move:7", "moves:7"))}, "COMPONENT_CUSTOM_ID_DUPLICATED",
                 id="duplicate custom_id"),
    pytest.param(lambda: {"view": board(), "content": "alice to move"}, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                 id="content beside"),
    pytest.param(lambda: {"view": board(picture="old.png")}, "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND",
                 id="attachment not uploaded"),
])
async def test_a_board_beyond_discords_limits_is_refused_in_a_channel_and_as_an_answer(bot, how, code: str) -> None:
    standin, client = bot
    with pytest.raises(discord.HTTPException) as caught:
        await client.get_partial_messageable(CHANNEL).send(file=png(), **how())
    assert refused_with(standin, caught, code), caught.value.text
    payloads: list[dict] = []
    users = Discord(standin, payloads.append, GUILD)
    await users.command(ALICE, CHANNEL, "board")
    interaction = discord.Interaction(data=payloads[-1], state=client._connection)  # type: ignore[arg-type]
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.response.send_message(file=png(), **how())
    assert refused_with(standin, caught, code), caught.value.text
    assert standin.channel(CHANNEL) == [] and len(standin.refusals) == 2
    await interaction.response.send_message(view=board(), file=png())  # within the limits: taken
    assert (await interaction.original_response()).flags.components_v2 and standin.channel(CHANNEL)[0].v2


async def test_a_deferred_answer_becomes_a_board_and_a_board_stays_one(bot) -> None:
    standin, client = bot
    payloads: list[dict] = []
    await Discord(standin, payloads.append, GUILD).command(ALICE, CHANNEL, "board")
    interaction = discord.Interaction(data=payloads[-1], state=client._connection)  # type: ignore[arg-type]
    await interaction.response.defer(thinking=True)
    answer = await interaction.edit_original_response(view=board(), attachments=[png()])
    assert answer.flags.components_v2 and standin.channel(CHANNEL)[0].text.startswith("## Attaxx #7")
    with pytest.raises(discord.HTTPException) as caught:  # a board cannot become a plain message again
        await answer.edit(content="alice to move", view=None)
    assert refused_with(standin, caught, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2")
    async with aiohttp.ClientSession() as http, http.patch(
            f"{standin.url}/channels/{CHANNEL}/messages/{answer.id}", json={"flags": 0}) as response:
        assert response.status == 400 and "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in await response.text()


async def test_a_plain_message_becomes_a_board_only_with_its_content_gone(bot) -> None:
    standin, client = bot
    posted = await client.get_partial_messageable(CHANNEL).send(content="alice challenges bob")
    with pytest.raises(discord.HTTPException) as caught:
        await posted.edit(view=board(), attachments=[png()])
    assert refused_with(standin, caught, "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2")
    await posted.edit(content=None, view=board(), attachments=[png()])
    [message] = standin.channel(CHANNEL)
    assert message.v2 and message.content == "" and message.descriptions == {"board.png": ALT}
    assert message.contents == ["alice challenges bob", message.text]


async def test_quick_edits_under_a_rate_limit_all_land_in_order(bot) -> None:
    """Discord lets 5 edits a channel through in 5 s (here 0.4 s, to keep the test short); discord.py reads
    the headers and waits for the window to pass instead of being refused."""
    standin, client = bot
    limit = standin.rate_limit("channel_edit", per=5, seconds=0.4)
    message = await client.get_partial_messageable(CHANNEL).send(view=board(0, picture="board-0.png"),
                                                                 file=png("board-0.png"))
    for move in range(1, 13):
        message = await message.edit(view=board(move, picture=f"board-{move}.png"), attachments=[png(f"board-{move}.png")])
    edits = standin.edits_of(message.id)
    assert [e.files for e in edits] == [(f"board-{move}.png",) for move in range(1, 13)], "newest board each time"
    assert [e.text.splitlines()[0] for e in edits] == [f"## Attaxx #7: alice vs bob, move {m}" for m in range(1, 13)]
    assert limit.limited == [], "discord.py paced itself by the headers"
    times = [at for _, at in limit.accepted]
    assert len(times) == 12 and times[-1] - times[0] >= 2 * 0.4, "12 edits take three windows"
    assert standin.channel(CHANNEL)[0].descriptions == {"board-12.png": ALT}


async def test_an_edit_past_the_limit_is_answered_429_and_discord_py_tries_again(bot) -> None:
    """Another process has used up the channel's edits: the bot's edit is refused with a 429 carrying
    retry_after and the headers discord.py reads; it waits and lands."""
    standin, client = bot
    limit = standin.rate_limit("channel_edit", per=2, seconds=0.3)
    message = await client.get_partial_messageable(CHANNEL).send(view=board(0), file=png())
    url = f"{standin.url}/channels/{CHANNEL}/messages/{message.id}"
    async with aiohttp.ClientSession() as http:
        for expected in (200, 200, 429):
            async with http.patch(url, json={}) as response:
                assert response.status == expected
                assert response.headers["X-RateLimit-Limit"] == "2" and "X-RateLimit-Reset-After" in response.headers
                body = await response.json()
        assert 0 < body["retry_after"] <= 0.3 and not body["global"] and response.headers["Via"]
        async with http.patch(f"{standin.url}/channels/{OTHER}/messages/{message.id}", json={}) as other:
            assert other.status != 429, "each channel has its own bucket"
    await message.edit(view=board(1), attachments=[png()])
    assert len(limit.limited) >= 2, "the bot's first try was refused too"
    assert standin.edits_of(message.id)[-1].text.splitlines()[0].endswith("move 1")


async def test_deleting_a_ping_is_recorded_and_a_second_delete_finds_nothing(bot) -> None:
    standin, client = bot
    ping = await client.get_partial_messageable(CHANNEL).send(content=f"{ALICE.mention}, your move")
    await ping.delete()
    assert standin.channel(CHANNEL) == [] and [(d.message_id, d.channel_id) for d in standin.deletions] == [(ping.id, CHANNEL)]
    with pytest.raises(discord.NotFound) as caught:
        await ping.delete()
    assert caught.value.code == 10008 and len(standin.deletions) == 1
