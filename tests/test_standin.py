"""The stand-in answers as Discord does where bots go wrong: a first reply after three seconds (10062), a
second first reply (40060), a follow-up once the token's 15 minutes are over (50027), a file over the
size limit (40005), a malformed body (50035, naming the field), and a post whose nonce it has seen."""
from __future__ import annotations

import json

import aiohttp
import pytest

from tests.support.standin import StandIn
from tests.support.users import Discord, User

ALICE = User(11, "alice")
CHANNEL = 7777


@pytest.fixture
async def discord_():
    standin = StandIn()
    await standin.start()
    async with aiohttp.ClientSession() as http:
        yield standin, http, Discord(standin, lambda payload: None, 5555)
    await standin.stop()


async def call(http: aiohttp.ClientSession, method: str, url: str, body: dict,
               files: dict[str, bytes] | None = None) -> tuple[int, dict]:
    if files:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps(body), content_type="application/json")
        for k, (name, data) in enumerate(files.items()):
            form.add_field(f"files[{k}]", data, filename=name)
        request = http.request(method, url, data=form)
    else:
        request = http.request(method, url, json=body)
    async with request as response:
        return response.status, (await response.json() if response.status != 204 else {})


async def test_first_replies_come_once_and_within_three_seconds(discord_):
    standin, http, users = discord_
    late = (await users.command(ALICE, CHANNEL, "board")).interaction
    standin.advance(3.1)
    fresh = (await users.command(ALICE, CHANNEL, "board")).interaction
    answer = {"type": 4, "data": {"content": "hello"}}
    assert await call(http, "POST", f"{standin.url}/interactions/{late.id}/{late.token}/callback", answer) == (
        404, {"message": "Unknown interaction", "code": 10062})
    assert (await call(http, "POST", f"{standin.url}/interactions/{fresh.id}/{fresh.token}/callback", answer))[0] == 200
    status, body = await call(http, "POST", f"{standin.url}/interactions/{fresh.id}/{fresh.token}/callback", answer)
    assert (status, body["code"]) == (400, 40060)
    assert sorted(f.split(": ", 1)[1] for f in standin.failures() if f.startswith("interaction")) == [
        "answered twice", "first reply came after 3 seconds"]


async def test_follow_ups_end_with_the_token_and_files_have_a_size_limit(discord_):
    standin, http, users = discord_
    interaction = (await users.command(ALICE, CHANNEL, "board")).interaction
    url = f"{standin.url}/webhooks/900/{interaction.token}"
    assert (await call(http, "POST", f"{standin.url}/interactions/{interaction.id}/{interaction.token}/callback",
                       {"type": 5}))[0] == 200
    limit = interaction.attachment_limit
    big = {"content": "a board", "attachments": [{"id": 0, "filename": "board.png"}]}
    status, body = await call(http, "POST", url, big, {"board.png": b"x" * (limit + 1)})
    assert (status, body["code"]) == (413, 40005)
    assert (await call(http, "POST", url, big, {"board.png": b"x" * limit}))[0] == 200
    standin.advance(15 * 60 + 1)
    status, body = await call(http, "POST", url, {"content": "too late"})
    assert (status, body["code"]) == (401, 50027)


async def test_a_malformed_message_is_refused_with_the_field_named(discord_):
    standin, http, _ = discord_
    status, body = await call(http, "POST", f"{standin.url}/channels/{CHANNEL}/messages", {
        "content": "x" * 2001,
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "a", "label": "y" * 81}]}]})
    assert status == 400 and body["code"] == 50035
    assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert body["errors"]["components"]["0"]["components"]["0"]["label"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert standin.channel(CHANNEL) == [] and len(standin.refusals) == 1


async def test_a_second_post_with_the_same_nonce_is_the_first_message(discord_):
    standin, http, _ = discord_
    post = {"content": "a board", "nonce": "note-7", "enforce_nonce": True}
    first = await call(http, "POST", f"{standin.url}/channels/{CHANNEL}/messages", post)
    again = await call(http, "POST", f"{standin.url}/channels/{CHANNEL}/messages", post)
    assert first == again and len(standin.channel(CHANNEL)) == 1
    standin.advance(600)  # Discord remembers a nonce for a few minutes only
    later = await call(http, "POST", f"{standin.url}/channels/{CHANNEL}/messages", post)
    assert later[1]["id"] != first[1]["id"] and len(standin.channel(CHANNEL)) == 2
