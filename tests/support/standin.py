"""A local stand-in for Discord's REST API (127.0.0.1), recording everything the bot sends.

Tests act as users do ("alice runs /move b6", "bob presses Accept") and read back what they would see:
messages, edits, private replies, attachments and buttons. Discord's rules that bots trip over are
enforced: an interaction is answered once, and its first answer must come within 3 seconds (404,
code 10062 otherwise).
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
ALL_PERMISSIONS = (1 << 50) - 1
EPHEMERAL = 64
FIRST_REPLY_SECONDS = 3.0
_ids = itertools.count(1_000_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def user_json(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0", "avatar": None, "bot": bot}


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py wants exactly "application/json" (aiohttp's json_response adds a charset).
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


@dataclass
class Message:
    """A message as a user sees it, with its history of edits."""

    id: int
    channel_id: int
    content: str = ""
    ephemeral: bool = False
    files: dict[str, bytes] = field(default_factory=dict)
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)  # users the message notifies
    loading: bool = False  # a deferred "is thinking…" placeholder
    deleted: bool = False
    edits: int = 0
    interaction_id: int | None = None

    @property
    def buttons(self) -> list[dict]:
        return [c for row in self.components for c in row.get("components", [])]

    def button(self, label: str) -> dict:
        found = [b for b in self.buttons if b.get("label") == label]
        if not found:
            raise LookupError(f"no {label!r} button; the message has {[b.get('label') for b in self.buttons]}")
        return found[0]

    @property
    def menus(self) -> list[dict]:
        """The select menus, in order."""
        return [c for c in self.buttons if c.get("type") == 3]

    def options(self) -> list[str]:
        """The labels of every select menu's options, in order."""
        return [option["label"] for menu in self.menus for option in menu["options"]]

    def option(self, label: str) -> tuple[dict, dict]:
        """(menu, option) for the option labelled `label` (or, failing that, whose value is `label`)."""
        for key in ("label", "value"):
            for menu in self.menus:
                for option in menu["options"]:
                    if option[key] == label:
                        return menu, option
        raise LookupError(f"no option {label!r}; the menus offer {self.options()}")

    @property
    def png(self) -> bytes:
        [data] = [v for k, v in self.files.items() if k.endswith(".png")]
        return data

    def json(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": user_json(BOT_ID, "Boardgames", bot=True),
            "content": self.content, "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [
                {"id": str(i), "filename": name, "size": len(data), "url": f"https://cdn.invalid/{name}",
                 "proxy_url": f"https://cdn.invalid/{name}"}
                for i, (name, data) in enumerate(self.files.items())
            ],
            "embeds": self.embeds, "pinned": False, "type": 0, "flags": EPHEMERAL if self.ephemeral else 0,
            "components": self.components,
        }


@dataclass
class Interaction:
    id: int
    token: str
    payload: dict[str, Any]
    created: float
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    response_type: int | None = None
    original: Message | None = None
    choices: list[dict] | None = None
    error: str | None = None


def guild_json(guild_id: int, channels: list[int]) -> dict[str, Any]:
    """A GUILD_CREATE payload with every key discord.py's parser reads unconditionally."""
    return {
        "id": str(guild_id), "name": f"Server {guild_id}", "member_count": 3, "unavailable": False,
        "owner_id": "1", "large": False, "icon": None, "features": [], "emojis": [], "stickers": [],
        "roles": [{"id": str(guild_id), "name": "@everyone", "permissions": str(ALL_PERMISSIONS), "position": 0,
                   "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
        "channels": [{"id": str(c), "type": 0, "name": f"games-{c}", "position": i, "permission_overwrites": [],
                      "nsfw": False, "parent_id": None, "guild_id": str(guild_id)} for i, c in enumerate(channels)],
        "threads": [], "stage_instances": [], "guild_scheduled_events": [], "members": [], "voice_states": [],
        "presences": [], "joined_at": "2026-01-01T00:00:00+00:00", "preferred_locale": "en-US",
    }


class StandIn:
    """The fake Discord: REST routes, a gateway, and a record of what happened in each channel."""

    def __init__(self, guilds: dict[int, list[int]] | None = None, shard_count: int = 1) -> None:
        self.guilds = guilds or {}
        self.shard_count = shard_count
        self.sockets: dict[int, web.WebSocketResponse] = {}  # the connection of each shard
        self.sequences: dict[int, int] = {}  # the last sequence number sent on each connection (by id())
        self.identified = asyncio.Event()  # some shard identified (set again at every IDENTIFY)
        self.sessions = 0
        self.identifies: list[tuple[int, int]] = []  # the shard field of every accepted IDENTIFY, in order
        self.messages: dict[int, Message] = {}
        self.answers: dict[int, list[Message]] = {}  # the messages of each interaction (replies, follow-ups)
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: list[dict] = []
        self.changed = asyncio.Condition()
        self.requests: list[tuple[str, str]] = []
        self._runner: web.AppRunner | None = None
        self.url = ""
        self.typings: list[tuple[int, float]] = []
        self.threads: dict[int, dict[str, Any]] = {}  # public threads the bot opened, by id

    # ------------------------------------------------------------------ server

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        r = app.router
        api = "/api/v10"
        r.add_get(f"{api}/users/@me", self.me)
        r.add_get(f"{api}/oauth2/applications/@me", self.application)
        r.add_put(f"{api}/applications/{{app}}/commands", self.put_commands)
        r.add_put(f"{api}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands)
        r.add_post(f"{api}/interactions/{{iid}}/{{token}}/callback", self.callback)
        r.add_route("*", f"{api}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_message)
        r.add_post(f"{api}/webhooks/{{app}}/{{token}}", self.followup)
        r.add_post(f"{api}/channels/{{cid}}/messages", self.channel_post)
        r.add_patch(f"{api}/channels/{{cid}}/messages/{{mid}}", self.channel_edit)
        r.add_post(f"{api}/channels/{{cid}}/typing", self.typing)
        r.add_post(f"{api}/channels/{{cid}}/threads", self.open_thread)
        r.add_get("/gateway", self.gateway)
        r.add_get(f"{api}/gateway/bot", self.gateway_bot)
        app.middlewares.append(self._log)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        return self.url

    async def stop(self) -> None:
        if self._runner:
            await self._runner.cleanup()

    @web.middleware
    async def _log(self, request: web.Request, handler):
        self.requests.append((request.method, request.path))
        return await handler(request)

    # ------------------------------------------------------------------ gateway

    def shard_of(self, guild_id: int) -> int:
        """The shard that receives a guild's events: Discord's formula."""
        return (guild_id >> 22) % self.shard_count

    async def _send(self, ws: web.WebSocketResponse, op: int, d: Any, t: str | None = None) -> None:
        sequence = None
        if op == 0:
            sequence = self.sequences[id(ws)] = self.sequences.get(id(ws), 0) + 1
        await ws.send_str(json.dumps({"op": op, "d": d, "s": sequence, "t": t}))

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """Where to connect and how many shards to run (asked by discord.py's AutoShardedClient)."""
        return json_response({"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO, heartbeat ACKs, IDENTIFY → READY and one GUILD_CREATE per guild of the shard named in
        the IDENTIFY (close 4010 for a shard that does not exist, 4011 when sharding is required but
        none was named); resumes are refused."""
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        await self._send(ws, 10, {"heartbeat_interval": 41250})
        shard = None
        async for frame in ws:
            message = json.loads(frame.data)
            op = message["op"]
            if op == 1:
                await self._send(ws, 11, None)
            elif op == 2:
                if message["d"].get("token") != "Bot test-token" and message["d"].get("token") != "test-token":
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                named = message["d"].get("shard")
                if named is None and self.shard_count > 1:
                    await ws.close(code=4011, message=b"Sharding required.")
                    break
                shard, count = named or (0, 1)
                if count != self.shard_count or not 0 <= shard < count:
                    await ws.close(code=4010, message=b"Invalid shard.")
                    break
                self.sessions += 1
                self.sequences[id(ws)] = 0
                self.sockets[shard] = ws
                mine = {g: c for g, c in self.guilds.items() if self.shard_of(g) == shard}
                await self._send(ws, 0, {
                    "v": 10, "user": user_json(BOT_ID, "Boardgames", bot=True),
                    "guilds": [{"id": str(g), "unavailable": True} for g in mine],
                    "session_id": f"session-{self.sessions}", "resume_gateway_url": self.gateway_url,
                    "application": {"id": str(APP_ID), "flags": 0}, "shard": [shard, count],
                }, "READY")
                for guild_id, channels in mine.items():
                    await self._send(ws, 0, guild_json(guild_id, channels), "GUILD_CREATE")
                self.identifies.append((shard, count))
                self.identified.set()
                await self._changed()
            elif op == 6:
                await self._send(ws, 9, False)  # invalid session: the client identifies afresh
        if shard is not None and self.sockets.get(shard) is ws:
            del self.sockets[shard]
            if not self.sockets:
                self.identified.clear()
            await self._changed()
        return ws

    async def dispatch(self, payload: dict[str, Any]) -> None:
        """Deliver an INTERACTION_CREATE to the shard that has its guild (waiting for it to connect)."""
        shard = self.shard_of(int(payload["guild_id"])) if payload.get("guild_id") else 0
        ws = await self.wait_for(lambda: self.sockets.get(shard), timeout=30)
        await self._send(ws, 0, payload, "INTERACTION_CREATE")

    async def broadcast(self, payload: dict[str, Any]) -> None:
        """Deliver one INTERACTION_CREATE to every connected shard at once (Discord never does; a test
        of what happens if several processes see the same interaction)."""
        for ws in list(self.sockets.values()):
            await self._send(ws, 0, payload, "INTERACTION_CREATE")

    async def me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bot test-token":
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        return json_response(user_json(BOT_ID, "Boardgames", bot=True))

    async def application(self, request: web.Request) -> web.Response:
        return json_response({
            "id": str(APP_ID), "name": "Boardgames", "icon": None, "description": "", "bot_public": True,
            "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
            "owner": user_json(1, "owner"), "interactions_endpoint_url": None, "team": None,
        })

    async def put_commands(self, request: web.Request) -> web.Response:
        self.commands = await request.json()
        return json_response([dict(c, id=str(snowflake()), application_id=str(APP_ID), version="1") for c in self.commands])

    async def _body(self, request: web.Request) -> tuple[dict, dict[str, bytes]]:
        if request.content_type.startswith("multipart/"):
            payload, files = {}, {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    files[part.filename] = bytes(await part.read())
            return payload, files
        if request.can_read_body:
            return await request.json(), {}
        return {}, {}

    def _apply(self, message: Message, data: dict, files: dict[str, bytes]) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = data["embeds"] or []
        if "components" in data:
            message.components = data["components"] or []
        if "attachments" in data:
            kept = {a.get("filename") for a in data["attachments"] or [] if "filename" in a}
            message.files = {k: v for k, v in message.files.items() if k in kept}
        message.files.update(files)
        mentions = data.get("allowed_mentions")
        if mentions is not None:
            users = mentions.get("users")
            parse = mentions.get("parse", [])
            if users is not None:
                message.mentions = [int(u) for u in users]
            elif "users" in parse:
                message.mentions = [int(m) for m in _mentioned(message.content)]
            else:
                message.mentions = []
        else:
            message.mentions = [int(m) for m in _mentioned(message.content)]

    def _add(self, message: Message) -> None:
        self.messages[message.id] = message
        if message.interaction_id is not None:
            self.answers.setdefault(message.interaction_id, []).append(message)

    async def _changed(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(int(request.match_info["iid"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            return json_response({"message": "Unknown interaction", "code": 10062}, 404)
        if time.monotonic() - interaction.created > FIRST_REPLY_SECONDS:
            interaction.error = "first reply came after 3 seconds"
            return json_response({"message": "Unknown interaction", "code": 10062}, 404)
        if interaction.response_type is not None:
            interaction.error = "answered twice"
            return json_response({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
        body, files = await self._body(request)
        kind, data = body["type"], body.get("data") or {}
        interaction.response_type = kind
        channel_id = int(interaction.payload["channel_id"])
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):  # a message, or "thinking…" that a later edit fills in
            message = Message(id=snowflake(), channel_id=channel_id, interaction_id=interaction.id,
                              ephemeral=bool(data.get("flags", 0) & EPHEMERAL), loading=kind == 5)
            self._apply(message, data, files)
            self._add(message)
            interaction.original = message
            resource["message"] = message.json()
        elif kind == 7:  # update the message the button is on
            message = self.messages[int(interaction.payload["message"]["id"])]
            self._apply(message, data, files)
            message.edits += 1
            resource["message"] = message.json()
        elif kind == 8:
            interaction.choices = data.get("choices", [])
        interaction.answered.set()
        await self._changed()
        original = interaction.original
        return json_response({
            "interaction": {
                "id": str(interaction.id), "type": interaction.payload["type"],
                "response_message_id": str(original.id) if original else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(original and original.ephemeral),
            },
            "resource": resource,
        })

    async def webhook_message(self, request: web.Request) -> web.Response:
        interaction = self.by_token.get(request.match_info["token"])
        if interaction is None:
            return json_response({"message": "Unknown Webhook", "code": 10015}, 404)
        mid = request.match_info["mid"]
        message = interaction.original if mid == "@original" else self.messages.get(int(mid))
        if message is None:
            return json_response({"message": "Unknown Message", "code": 10008}, 404)
        if request.method == "DELETE":
            message.deleted = True
            await self._changed()
            return web.Response(status=204)
        if request.method == "PATCH":
            body, files = await self._body(request)
            self._apply(message, body, files)
            message.loading = False
            message.edits += 1
            await self._changed()
        return json_response(message.json())

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self.by_token.get(request.match_info["token"])
        if interaction is None:
            return json_response({"message": "Unknown Webhook", "code": 10015}, 404)
        body, files = await self._body(request)
        message = Message(id=snowflake(), channel_id=int(interaction.payload["channel_id"]),
                          ephemeral=bool(body.get("flags", 0) & EPHEMERAL), interaction_id=interaction.id)
        self._apply(message, body, files)
        self._add(message)
        await self._changed()
        return json_response(message.json())

    async def typing(self, request: web.Request) -> web.Response:
        """The bot shows it is typing in a channel: remembered (channel id, when), answered 204."""
        self.typings.append((int(request.match_info["cid"]), time.monotonic()))
        return web.Response(status=204)

    async def open_thread(self, request: web.Request) -> web.Response:
        """A public thread without a starter message (type 11), in a text channel only."""
        parent = int(request.match_info["cid"])
        if parent in self.threads:
            return json_response({"message": "Cannot execute action on this channel type", "code": 50024}, 400)
        body = await request.json()
        thread_id = snowflake()
        thread = {
            "id": str(thread_id), "type": body.get("type", 11), "parent_id": str(parent), "owner_id": str(BOT_ID),
            "name": body["name"], "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": body.get("auto_archive_duration", 4320),
                                "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False},
        }
        self.threads[thread_id] = thread
        await self._changed()
        return json_response(thread, 201)

    async def channel_post(self, request: web.Request) -> web.Response:
        body, files = await self._body(request)
        message = Message(id=snowflake(), channel_id=int(request.match_info["cid"]))
        self._apply(message, body, files)
        self._add(message)
        await self._changed()
        return json_response(message.json())

    async def channel_edit(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["mid"]))
        if message is None:
            return json_response({"message": "Unknown Message", "code": 10008}, 404)
        body, files = await self._body(request)
        self._apply(message, body, files)
        message.edits += 1
        await self._changed()
        return json_response(message.json())

    # ------------------------------------------------------------------ reading what users see

    def channel(self, channel_id: int, *, ephemeral: bool = False) -> list[Message]:
        """The messages of a channel in order (public ones only, unless asked)."""
        return [
            m for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and (ephemeral or not m.ephemeral)
        ]

    async def wait_for(self, predicate, timeout: float = 10.0):
        """Wait until predicate() returns something truthy (woken by every change, no polling)."""
        async def waiting():
            async with self.changed:
                while not (result := predicate()):
                    await self.changed.wait()
                return result
        return await asyncio.wait_for(waiting(), timeout)


def _mentioned(content: str) -> list[str]:
    import re

    return re.findall(r"<@!?(\d+)>", content or "")
