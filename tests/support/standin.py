"""A local stand-in for Discord's REST API and gateway (127.0.0.1), recording everything the bot sends.

Tests act as users do ("alice runs /move b6", "bob presses Accept") and read back what they would see:
messages, edits, private replies, attachments and buttons. The stand-in refuses what Discord refuses:
every body is checked against Discord's documented limits (tests.support.discord_rules), an interaction
is answered once and first within 3 seconds (10062 after that, 40060 for a second answer), follow-ups
and edits only within the token's 15 minutes, files over the size limit (40005). Refusals are recorded,
and a test that did not expect one fails.

Faults can be injected on any route (`inject`, `latency`): slow answers, 429s with `retry_after`, 5xx
answers and dropped connections, before or after the request took effect; and on the gateway, a closed
connection that the bot resumes (missed events replayed) or must identify anew (`drop_gateway`).
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import BodyPartReader, web

from tests.support.discord_rules import Refusal, check_callback, check_commands, check_message, check_thread

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
ALL_PERMISSIONS = (1 << 50) - 1
EPHEMERAL = 1 << 6
LOADING = 1 << 7
FIRST_REPLY_SECONDS = 3.0  # https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
TOKEN_SECONDS = 15 * 60  # https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
# "checked for uniqueness in the past few minutes":
# https://discord.com/developers/docs/resources/message#create-message-jsonform-params (nonce, enforce_nonce)
NONCE_SECONDS = 180.0
CHANNEL_FILE_LIMIT = 10 * 1024 * 1024  # https://discord.com/developers/docs/reference#uploading-files
# Answers that mean Discord refused the request (a 404 for a message or webhook that is gone is news,
# not a refusal: the bot asks for such things on purpose).
REFUSED = (400, 401, 403, 413)
ARRIVED = web.RequestKey("arrived", float)  # when a request reached the stand-in, on its clock
DISCORD_EPOCH_MS = 1_420_070_400_000  # https://discord.com/developers/docs/reference#snowflakes
_increments = itertools.count()
T = TypeVar("T")


def snowflake(at: float | None = None) -> int:
    """A Discord id made at `at` (seconds since 1970; now by default): ids sort by when they were made,
    and the bot reads that time back from them (discord.utils.snowflake_time)."""
    ms = int((time.time() if at is None else at) * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_increments) & 0x3FFFFF)


def user_json(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0", "avatar": None, "bot": bot}


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py wants exactly "application/json" (aiohttp's json_response adds a charset).
    return web.Response(status=status, body=json.dumps(data).encode(),
                        headers={"Content-Type": "application/json", **(headers or {})})


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status)


@dataclass
class Message:
    """A message as a user sees it, with its history of edits."""

    id: int
    channel_id: int
    content: str = ""
    ephemeral: bool = False
    files: dict[str, bytes] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)  # each file's alt text
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)  # users the message notified when it was posted
    loading: bool = False  # a deferred "is thinking…" placeholder
    deleted: bool = False
    edits: int = 0
    contents: list[str] = field(default_factory=list)  # every text it has shown, first to last
    interaction_id: int | None = None
    nonce: str | None = None
    standin: StandIn | None = field(default=None, repr=False, compare=False)  # where it was posted

    async def pinged(self) -> list[int]:
        """Whom this message's post notified. An interaction's answer that came after a deferral is an
        edit, which notifies nobody: the follow-up that pings for it says whom (waited for)."""
        interaction_id = self.interaction_id
        if self.mentions or interaction_id is None or self.standin is None:
            return self.mentions
        answers = self.standin.answers
        return await self.standin.wait_for(lambda: next(
            (m.mentions for m in answers.get(interaction_id, ()) if m.mentions and not m.deleted), None))

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
                 "proxy_url": f"https://cdn.invalid/{name}", **({"description": self.descriptions[name]}
                                                               if name in self.descriptions else {})}
                for i, (name, data) in enumerate(self.files.items())
            ],
            "embeds": self.embeds, "pinned": False, "type": 0, "components": self.components,
            "flags": (EPHEMERAL if self.ephemeral else 0) | (LOADING if self.loading else 0),
            **({"nonce": self.nonce} if self.nonce is not None else {}),
        }


@dataclass
class Interaction:
    id: int
    token: str
    payload: dict[str, Any]
    created: float  # on the stand-in's clock
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    response_type: int | None = None
    original: Message | None = None
    choices: list[dict] | None = None
    error: str | None = None
    deliveries: int = 0  # how many times the gateway delivered it

    @property
    def attachment_limit(self) -> int:
        return int(self.payload.get("attachment_size_limit") or CHANNEL_FILE_LIMIT)


@dataclass
class Fault:
    """A failure the stand-in plays on the next `times` requests of a route (a name from StandIn.start,
    or "*"): "429" (rate limited, `retry_after` seconds), "5xx" (`status`), "drop" (the connection
    closes with no answer), or "hold" (no answer until `released`: a test kills the bot meanwhile; a
    request whose client is gone by then is dropped). `processed`: the request takes effect first
    (Discord acted, the bot never heard); `uploads`: only requests that carry files."""

    route: str
    kind: str
    times: int = 1
    processed: bool = False
    uploads: bool = False
    retry_after: float = 0.25
    status: int = 502
    hits: int = 0
    held: asyncio.Event = field(default_factory=asyncio.Event)  # set when a request is being held
    released: asyncio.Event = field(default_factory=asyncio.Event)


# Discord's answers to requests it refuses for a documented reason, by JSON error code, as `refuse` plays
# them: https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes
DOCUMENTED_REFUSALS: dict[int, tuple[int, str]] = {
    10003: (404, "Unknown Channel"),
    50001: (403, "Missing Access"),
    50013: (403, "Missing Permissions"),
    50083: (400, "Thread is archived"),
    160005: (400, "Thread is locked"),
    160006: (400, "Maximum number of active threads reached"),
    160007: (400, "Maximum number of active announcement threads reached"),
}


@dataclass
class Refusing(Fault):
    """A documented refusal played on a route (see StandIn.refuse): `status` with Discord's JSON body."""

    code: int = 0
    message: str = ""


@dataclass
class Session:
    """A gateway session: the dispatches sent in it, kept for a RESUME to replay."""

    id: str
    shard: int
    count: int
    sent: list[dict] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    resumable: bool = True


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

    def __init__(self, guilds: dict[int, list[int]] | None = None, shard_count: int = 1,
                 wall: Callable[[], float] = time.time) -> None:
        self.guilds = guilds or {}
        self.wall = wall  # the date and time in the ids it makes (a test's clock, when the bot runs on one)
        self.shard_count = shard_count
        self.sockets: dict[int, web.WebSocketResponse] = {}  # the connection of each shard
        self.shard_sessions: dict[int, Session] = {}  # the latest session of each shard
        self.identified = asyncio.Event()  # some shard identified (set again at every IDENTIFY)
        self.sessions = 0
        self.resumes = 0
        self.identifies: list[tuple[int, int]] = []  # the shard field of every accepted IDENTIFY, in order
        self.messages: dict[int, Message] = {}
        self.answers: dict[int, list[Message]] = {}  # the messages of each interaction (replies, follow-ups)
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: list[dict] = []
        self.changed = asyncio.Condition()
        self.requests: list[tuple[str, str]] = []
        self.refusals: list[tuple[str, str, dict]] = []  # (method, path, Discord's error) for each refused request
        self.bodies: list[tuple[str, dict]] = []  # (route name, JSON body) of every request with a body
        self.faults: list[Fault] = []
        self.latency: dict[str, float] = {}  # seconds each route takes to answer, by route name ("*": all)
        self.offset = 0.0  # how far the stand-in's clock runs ahead of the machine's
        self.nonces: dict[tuple[int, str], tuple[Message, float]] = {}
        self.voice_channels: set[int] = set()  # channels whose chat is a voice channel's (type 2): no threads
        self._runner: web.AppRunner | None = None
        self.url = ""
        self.typings: list[tuple[int, float]] = []
        self.threads: dict[int, dict[str, Any]] = {}  # public threads the bot opened, by id

    # ------------------------------------------------------------------ server

    async def start(self) -> str:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._route])
        r = app.router
        api = "/api/v10"
        r.add_get(f"{api}/users/@me", self.me, name="me")
        r.add_get(f"{api}/oauth2/applications/@me", self.application, name="application")
        r.add_put(f"{api}/applications/{{app}}/commands", self.put_commands, name="commands")
        r.add_put(f"{api}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands, name="guild_commands")
        r.add_post(f"{api}/interactions/{{iid}}/{{token}}/callback", self.callback, name="callback")
        r.add_route("*", f"{api}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_message, name="webhook_message")
        r.add_post(f"{api}/webhooks/{{app}}/{{token}}", self.followup, name="followup")
        r.add_post(f"{api}/channels/{{cid}}/messages", self.channel_post, name="channel_post")
        r.add_patch(f"{api}/channels/{{cid}}/messages/{{mid}}", self.channel_edit, name="channel_edit")
        r.add_post(f"{api}/channels/{{cid}}/typing", self.typing, name="typing")
        r.add_post(f"{api}/channels/{{cid}}/threads", self.open_thread, name="thread")
        r.add_get("/gateway", self.gateway, name="gateway")
        r.add_get(f"{api}/gateway/bot", self.gateway_bot, name="gateway_bot")
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]  # the port the system chose: (host, port)
        self.url = f"http://127.0.0.1:{port}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        return self.url

    async def stop(self) -> None:
        for fault in self.faults:
            fault.released.set()
        if self._runner:
            await self._runner.cleanup()

    def now(self) -> float:
        """The stand-in's clock (seconds): the machine's monotonic clock, moved on by `advance`."""
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Let `seconds` pass for Discord's own deadlines (tokens, nonces) without waiting for them."""
        self.offset += seconds

    def snowflake(self) -> int:
        """A new id, made now by the stand-in's wall clock."""
        return snowflake(self.wall() + (self.offset if self.wall is time.time else 0.0))

    # ------------------------------------------------------------------ faults

    def inject(self, route: str, kind: str, **how: Any) -> Fault:
        """Fail the next requests of `route` (see Fault); returns the fault, whose `hits` count them."""
        fault = Fault(route, kind, **how)
        self.faults.append(fault)
        return fault

    def refuse(self, route: str, code: int, times: int = 1) -> Fault:
        """Refuse the next `times` requests of `route` as Discord does for its JSON error `code` (one of
        DOCUMENTED_REFUSALS): that status, with the body {"code": …, "message": …}, the request not acted
        on. 160006 on "thread": the server has too many active threads; 50013 on "channel_post": a
        permission the bot lacks. The test asked for it, so it is not among the refusals that fail one."""
        status, message = DOCUMENTED_REFUSALS[code]
        fault = Refusing(route, "refuse", times=times, status=status, code=code, message=message)
        self.faults.append(fault)
        return fault

    def _fault(self, route: str, request: web.Request) -> Fault | None:
        for fault in self.faults:
            if fault.hits < fault.times and fault.route in (route, "*") and (
                    not fault.uploads or request.content_type.startswith("multipart/")):
                fault.hits += 1
                return fault
        return None

    @web.middleware
    async def _route(self, request: web.Request, handler):
        route = request.match_info.route.name or ""
        self.requests.append((request.method, request.path))
        request[ARRIVED] = self.now()
        fault = self._fault(route, request)
        if fault is not None and not fault.processed:
            failed = await self._fail(request, fault)
            if failed is not None:
                return failed
        try:
            response = await handler(request)
        except ConnectionResetError:  # the bot died while sending it (a test killed it): nobody to answer
            return web.Response(status=500)
        if fault is not None and fault.processed:
            return await self._fail(request, fault) or response
        delay = self.latency.get(route, self.latency.get("*", 0.0))
        if delay and route != "gateway":
            await asyncio.sleep(delay)
        if response.status in REFUSED or (response.status == 404 and json.loads(response.body)["code"] == 10062):
            self.refusals.append((request.method, request.path, json.loads(response.body)))
        return response

    async def _fail(self, request: web.Request, fault: Fault) -> web.StreamResponse | None:
        """The fault's answer; None when a held request goes on after its release."""
        await self._changed()  # a test may be waiting for the fault to happen
        if fault.kind == "hold":
            fault.held.set()
            await fault.released.wait()
            if request.transport is not None and not request.transport.is_closing():
                return None
            return web.Response(status=500)  # the bot that sent it is gone: nobody to answer
        if fault.kind == "drop":
            await request.read()
            if request.transport is not None:  # else the bot has already hung up
                request.transport.close()
            return web.Response(status=500)  # never reaches the bot
        if fault.kind == "429":
            # discord.py retries a 429 only when it carries a Via header (else it takes it for a ban).
            # https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit
            return json_response(
                {"message": "You are being rate limited.", "retry_after": fault.retry_after, "global": False},
                429, {"Via": "1.1 google", "Retry-After": str(max(1, round(fault.retry_after))),
                      "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                      "X-RateLimit-Reset-After": str(fault.retry_after), "X-RateLimit-Bucket": "standin",
                      "X-RateLimit-Scope": "shared"})
        if isinstance(fault, Refusing):
            return error(fault.status, fault.code, fault.message)
        return json_response({"message": "Server error", "code": 0}, fault.status)

    # ------------------------------------------------------------------ gateway

    def shard_of(self, guild_id: int) -> int:
        """The shard that receives a guild's events: Discord's formula."""
        return (guild_id >> 22) % self.shard_count

    async def _send(self, ws: web.WebSocketResponse, op: int, d: Any, t: str | None = None,
                    session: Session | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == 0 and session is not None:
            frame["s"] = len(session.sent) + 1
            session.sent.append(frame)
        await ws.send_str(json.dumps(frame))

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """Where to connect and how many shards to run (asked by discord.py's AutoShardedClient)."""
        return json_response({"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO, heartbeat ACKs; IDENTIFY → READY and one GUILD_CREATE per guild of the shard named
        (close 4010 for a shard that does not exist, 4011 when sharding is required but none was named);
        RESUME → the dispatches the session missed, then RESUMED, or INVALID_SESSION when it can't."""
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        await self._send(ws, 10, {"heartbeat_interval": 41250})
        session: Session | None = None
        async for frame in ws:
            message = json.loads(frame.data)
            op = message["op"]
            if op == 1:
                await self._send(ws, 11, None)
            elif op == 2:
                session = await self._identify(ws, message["d"])
                if session is None:
                    break
            elif op == 6:
                session = await self._resume(ws, message["d"])
        if session is not None and session.ws is ws:
            session.ws = None
            if self.sockets.get(session.shard) is ws:
                del self.sockets[session.shard]
            if not self.sockets:
                self.identified.clear()
            await self._changed()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: dict) -> Session | None:
        if d.get("token") not in ("Bot test-token", "test-token"):
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        named = d.get("shard")
        if named is None and self.shard_count > 1:
            await ws.close(code=4011, message=b"Sharding required.")
            return None
        shard, count = named or (0, 1)
        if count != self.shard_count or not 0 <= shard < count:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        self.sessions += 1
        session = Session(f"session-{self.sessions}", shard, count, ws=ws)
        self.shard_sessions[shard] = session
        self.sockets[shard] = ws
        mine = {g: c for g, c in self.guilds.items() if self.shard_of(g) == shard}
        await self._send(ws, 0, {
            "v": 10, "user": user_json(BOT_ID, "Boardgames", bot=True),
            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
            "session_id": session.id, "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0}, "shard": [shard, count],
        }, "READY", session)
        for guild_id, channels in mine.items():
            await self._send(ws, 0, guild_json(guild_id, channels), "GUILD_CREATE", session)
        self.identifies.append((shard, count))
        self.identified.set()
        await self._changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict) -> Session | None:
        session = next((s for s in self.shard_sessions.values() if s.id == d.get("session_id")), None)
        if session is None or not session.resumable or session.ws is not None:
            await self._send(ws, 9, False)  # invalid session: the client identifies afresh
            return None
        session.ws = ws
        self.sockets[session.shard] = ws
        self.resumes += 1
        for frame in session.sent[int(d.get("seq") or 0):]:
            await ws.send_str(json.dumps(frame))
        await self._send(ws, 0, {}, "RESUMED", session)
        self.identified.set()
        await self._changed()
        return session

    async def drop_gateway(self, shard: int = 0, *, resumable: bool = True, code: int = 4000) -> None:
        """Close a shard's connection as Discord does now and then: with a code the client may RESUME
        after (4000, unknown error), or, with `resumable` False, a session that must be identified anew."""
        session = self.shard_sessions[shard]
        session.resumable = resumable
        ws = session.ws
        if ws is not None:
            await ws.close(code=code, message=b"Unknown error.")

    async def dispatch(self, payload: dict[str, Any]) -> None:
        """Deliver an INTERACTION_CREATE to the shard that has its guild. While that shard's session is
        between connections it is kept for the RESUME to replay, as Discord does; before any session,
        it waits for one."""
        shard = self.shard_of(int(payload["guild_id"])) if payload.get("guild_id") else 0
        session = self.shard_sessions.get(shard)
        if session is None:
            session = await self.wait_for(lambda: self.shard_sessions.get(shard), timeout=30)
        self._delivered(payload)
        if session.ws is None:
            frame = {"op": 0, "d": payload, "s": len(session.sent) + 1, "t": "INTERACTION_CREATE"}
            session.sent.append(frame)
            return
        with contextlib.suppress(ConnectionResetError):  # closing under it: kept for a RESUME, as above
            await self._send(session.ws, 0, payload, "INTERACTION_CREATE", session)

    async def broadcast(self, payload: dict[str, Any]) -> None:
        """Deliver one INTERACTION_CREATE to every connected shard at once (Discord never does; a test
        of what happens if several processes see the same interaction)."""
        for session in list(self.shard_sessions.values()):
            if session.ws is not None:
                self._delivered(payload)
                await self._send(session.ws, 0, payload, "INTERACTION_CREATE", session)

    async def storm(self, payload: dict[str, Any], order: list[tuple[int, float]]) -> None:
        """Deliver one INTERACTION_CREATE to several shards (Discord never does; a redelivery storm
        through several processes): to each (shard, gap) of `order` in turn, `gap` seconds after the one
        before (0: in the same breath). A shard between connections keeps it for a RESUME, as in
        `dispatch` (and loses it if the shard identifies anew)."""
        for shard, gap in order:
            if gap:
                await asyncio.sleep(gap)
            session = self.shard_sessions.get(shard)
            if session is None:
                continue
            self._delivered(payload)
            if session.ws is None:
                session.sent.append({"op": 0, "d": payload, "s": len(session.sent) + 1, "t": "INTERACTION_CREATE"})
                continue
            with contextlib.suppress(ConnectionResetError):
                await self._send(session.ws, 0, payload, "INTERACTION_CREATE", session)

    def _delivered(self, payload: dict[str, Any]) -> None:
        interaction = self.interactions.get(int(payload["id"]))
        if interaction is not None:
            interaction.deliveries += 1

    # ------------------------------------------------------------------ REST: set-up

    async def me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bot test-token":
            return error(401, 0, "401: Unauthorized")
        return json_response(user_json(BOT_ID, "Boardgames", bot=True))

    async def application(self, request: web.Request) -> web.Response:
        return json_response({
            "id": str(APP_ID), "name": "Boardgames", "icon": None, "description": "", "bot_public": True,
            "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
            "owner": user_json(1, "owner"), "interactions_endpoint_url": None, "team": None,
        })

    async def put_commands(self, request: web.Request) -> web.Response:
        commands = await request.json()
        try:
            check_commands(commands)
        except Refusal as refusal:
            return json_response(refusal.body(), refusal.status)
        self.commands = commands
        return json_response([dict(c, id=str(self.snowflake()), application_id=str(APP_ID), version="1") for c in commands])

    # ------------------------------------------------------------------ REST: messages

    async def _body(self, request: web.Request) -> tuple[dict, dict[str, bytes], dict[str, int]]:
        """The JSON body, the files by name, and each file part's size by part name (files[n])."""
        payload, files, parts = await self._read(request)
        self.bodies.append((request.match_info.route.name or "", payload))
        return payload, files, parts

    @staticmethod
    async def _read(request: web.Request) -> tuple[dict, dict[str, bytes], dict[str, int]]:
        if request.content_type.startswith("multipart/"):
            payload, files, parts = {}, {}, {}
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    raise ValueError(f"a nested multipart body in {request.path}: Discord takes flat form data")
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    if part.name is None or part.filename is None:
                        raise ValueError(f"a file part without a name or a filename in {request.path}")
                    data = bytes(await part.read())
                    files[part.filename] = data
                    parts[part.name] = len(data)
            return payload, files, parts
        if request.can_read_body:
            return await request.json(), {}, {}
        return {}, {}, {}

    @staticmethod
    def _checked(check, *args: Any, **kwargs: Any) -> web.Response | None:
        try:
            check(*args, **kwargs)
        except Refusal as refusal:
            return json_response(refusal.body(), refusal.status)
        return None

    def _apply(self, message: Message, data: dict, files: dict[str, bytes]) -> None:
        if "content" in data:
            message.content = data["content"] or ""
            message.contents.append(message.content)
        if "embeds" in data:
            message.embeds = data["embeds"] or []
        if "components" in data:
            message.components = data["components"] or []
        if "attachments" in data:
            kept = {a.get("filename") for a in data["attachments"] or [] if "filename" in a}
            message.files = {k: v for k, v in message.files.items() if k in kept}
            message.descriptions = {a["filename"]: a["description"] for a in data["attachments"] or []
                                    if a.get("filename") and a.get("description")}
        message.files.update(files)

    @staticmethod
    def _notified(message: Message, data: dict) -> None:
        """Whom a new message notifies: the users mentioned in it that allowed_mentions lets through.
        An edit notifies nobody (Discord never notifies for edits)."""
        mentioned = list(dict.fromkeys(int(m) for m in re.findall(r"<@!?(\d+)>", message.content or "")))
        allowed = data.get("allowed_mentions")
        if allowed is not None:
            users = allowed.get("users")
            if users is not None:
                mentioned = [m for m in mentioned if str(m) in {str(u) for u in users}]
            elif "users" not in allowed.get("parse", []):
                mentioned = []
        message.mentions = mentioned

    def _add(self, message: Message) -> None:
        message.standin = self
        self.messages[message.id] = message
        if message.interaction_id is not None:
            self.answers.setdefault(message.interaction_id, []).append(message)

    async def _changed(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    def _interaction(self, token: str) -> Interaction | web.Response:
        """The interaction a webhook token belongs to, while the token is valid."""
        interaction = self.by_token.get(token)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        if self.now() - interaction.created > TOKEN_SECONDS:
            return error(401, 50027, "Invalid Webhook Token")
        return interaction

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(int(request.match_info["iid"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            return error(404, 10062, "Unknown interaction")
        if request[ARRIVED] - interaction.created > FIRST_REPLY_SECONDS:
            interaction.error = "first reply came after 3 seconds"
            return error(404, 10062, "Unknown interaction")
        if interaction.response_type is not None:
            interaction.error = "answered twice"
            return error(400, 40060, "Interaction has already been acknowledged.")
        body, files, parts = await self._body(request)
        refused = self._checked(check_callback, body, parts,
                                attachment_limit=interaction.attachment_limit)
        if refused is not None:
            return refused
        kind, data = body["type"], body.get("data") or {}
        interaction.response_type = kind
        channel_id = int(interaction.payload["channel_id"])
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):  # a message, or "thinking…" that a later edit fills in
            message = Message(id=self.snowflake(), channel_id=channel_id, interaction_id=interaction.id,
                              ephemeral=bool(data.get("flags", 0) & EPHEMERAL), loading=kind == 5)
            self._apply(message, data, files)
            if kind == 4:
                self._notified(message, data)
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
        interaction = self._interaction(request.match_info["token"])
        if isinstance(interaction, web.Response):
            return interaction
        mid = request.match_info["mid"]
        message = interaction.original if mid == "@original" else self.messages.get(int(mid))
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        if request.method == "DELETE":
            message.deleted = True
            await self._changed()
            return web.Response(status=204)
        if request.method == "PATCH":
            body, files, parts = await self._body(request)
            refused = self._checked(check_message, body, parts,
                                    attachment_limit=interaction.attachment_limit, edit=True, interaction=True)
            if refused is not None:
                return refused
            self._apply(message, body, files)
            message.loading = False
            message.edits += 1
            await self._changed()
        return json_response(message.json())

    async def followup(self, request: web.Request) -> web.Response:
        """A follow-up message. The first one after a deferral replaces its "thinking…" placeholder,
        public or private as the deferral was, whatever it asks for (and, as an edit, notifies nobody)."""
        interaction = self._interaction(request.match_info["token"])
        if isinstance(interaction, web.Response):
            return interaction
        if interaction.response_type is None:
            return error(404, 10015, "Unknown Webhook")
        body, files, parts = await self._body(request)
        refused = self._checked(check_message, body, parts, attachment_limit=interaction.attachment_limit,
                                interaction=True)
        if refused is not None:
            return refused
        original = interaction.original
        if original is not None and original.loading and not original.deleted:
            self._apply(original, body, files)
            original.loading = False
            original.edits += 1
            await self._changed()
            return json_response(original.json())
        message = Message(id=self.snowflake(), channel_id=int(interaction.payload["channel_id"]),
                          ephemeral=bool(body.get("flags", 0) & EPHEMERAL), interaction_id=interaction.id)
        self._apply(message, body, files)
        self._notified(message, body)
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
        if parent in self.threads or parent in self.voice_channels:
            return error(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        refused = self._checked(check_thread, body)
        if refused is not None:
            return refused
        thread_id = self.snowflake()
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
        """A message in a channel. With a `nonce` and `enforce_nonce`, a second post of the same nonce in
        the channel within a few minutes creates nothing and answers with the first message."""
        channel_id = int(request.match_info["cid"])
        body, files, parts = await self._body(request)
        refused = self._checked(check_message, body, parts,
                                attachment_limit=CHANNEL_FILE_LIMIT)
        if refused is not None:
            return refused
        nonce = str(body["nonce"]) if body.get("nonce") is not None else None
        if nonce is not None and body.get("enforce_nonce"):
            seen = self.nonces.get((channel_id, nonce))
            if seen is not None and self.now() - seen[1] < NONCE_SECONDS:
                return json_response(seen[0].json())
        message = Message(id=self.snowflake(), channel_id=channel_id, nonce=nonce)
        self._apply(message, body, files)
        self._notified(message, body)
        self._add(message)
        if nonce is not None:
            self.nonces[(channel_id, nonce)] = (message, self.now())
        await self._changed()
        return json_response(message.json())

    async def channel_edit(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["mid"]))
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        body, files, parts = await self._body(request)
        refused = self._checked(check_message, body, parts,
                                attachment_limit=CHANNEL_FILE_LIMIT, edit=True)
        if refused is not None:
            return refused
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

    def failures(self) -> list[str]:
        """What went wrong with interactions (answered late or twice), requests Discord would refuse,
        and, the project's own rule, a picture posted without alt text for screen readers."""
        unread = [f"message {m.id}: {name} has no alt text" for m in self.messages.values() if not m.deleted
                  for name in m.files if name.endswith((".png", ".gif")) and not m.descriptions.get(name)]
        return [f"interaction {i.id}: {i.error}" for i in self.interactions.values() if i.error] + [
            f"{method} {path} → {answer}" for method, path, answer in self.refusals] + unread

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 10.0) -> T:
        """Wait until predicate() returns something truthy, and return it (woken by every change, no polling)."""
        async def waiting() -> T:
            async with self.changed:
                while not (result := predicate()):
                    await self.changed.wait()
                return result
        return await asyncio.wait_for(waiting(), timeout)
