"""A local stand-in for Discord's REST API and gateway (127.0.0.1), recording everything the bot sends.

Tests act as users do ("alice runs /move b6", "bob presses Accept") and read back what they would see:
messages, edits, private replies, attachments and buttons. The stand-in refuses what Discord refuses:
every body is checked against Discord's documented limits (tests.support.discord_rules), an interaction
is answered once and first within 3 seconds (10062 after that, 40060 for a second answer), follow-ups
and edits only within the token's 15 minutes, files over the size limit (40005). Refusals are recorded,
and a test that did not expect one fails.

Faults can be injected on any route (`inject`, `latency`): slow answers, 429s with `retry_after`, 5xx
answers and dropped connections, before or after the request took effect; and on the gateway, a closed
connection that the bot resumes (missed events replayed) or must identify anew (`drop_gateway`). A route can
be rate limited as Discord limits it (`rate_limit`, tests.support.standin_limits): headers that discord.py
paces itself by, a 429 beyond the limit.

Every accepted edit is kept in order (`edit_log`, `edits_of`: which message, when, what it carried and what
it showed after), and every deletion (`deletions`).

The record and what it holds (messages, interactions, faults) are in tests.support.standin_records, the
gateway in tests.support.standin_gateway, how a message request is read and applied in
tests.support.standin_messages; this module serves the HTTP routes.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from aiohttp import web

from tests.support.discord_rules import Refusal, check_callback, check_commands, check_message, check_thread
from tests.support.standin_limits import RateLimit
from tests.support.standin_messages import Messages
from tests.support.standin_records import (
    ALL_PERMISSIONS,
    APP_ID,
    ARRIVED,
    BOT_ID,
    CHANNEL_FILE_LIMIT,
    DISCORD_EPOCH_MS,
    DOCUMENTED_REFUSALS,
    EPHEMERAL,
    FIRST_REPLY_SECONDS,
    IS_COMPONENTS_V2,
    LOADING,
    NONCE_SECONDS,
    REFUSED,
    TOKEN_SECONDS,
    Deletion,
    Edit,
    Fault,
    Interaction,
    Message,
    Records,
    Refusing,
    Session,
    error,
    guild_json,
    json_response,
    snowflake,
    user_json,
)

# What tests import from here, wherever it is defined.
__all__ = [
    "ALL_PERMISSIONS", "APP_ID", "ARRIVED", "BOT_ID", "CHANNEL_FILE_LIMIT", "DISCORD_EPOCH_MS", "DOCUMENTED_REFUSALS",
    "EPHEMERAL", "FIRST_REPLY_SECONDS", "IS_COMPONENTS_V2", "LOADING", "NONCE_SECONDS", "REFUSED", "TOKEN_SECONDS",
    "Deletion", "Edit", "Fault", "Interaction", "Message", "RateLimit", "Records", "Refusing", "Session", "StandIn",
    "error", "guild_json", "json_response", "snowflake", "user_json",
]


class StandIn(Messages):
    """The fake Discord: REST routes, a gateway, and a record of what happened in each channel."""

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
        r.add_delete(f"{api}/channels/{{cid}}/messages/{{mid}}", self.channel_delete, name="channel_delete")
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

    # ------------------------------------------------------------------ faults

    def inject(self, route: str, kind: str, **how: Any) -> Fault:
        """Fail the next requests of `route` (see Fault); returns the fault, whose `hits` count them."""
        fault = Fault(route, kind, **how)
        self.faults.append(fault)
        return fault

    def refuse(self, route: str, code: int, times: int = 1, *, uploads: bool = False) -> Fault:
        """Refuse the next `times` requests of `route` as Discord does for its JSON error `code` (one of
        DOCUMENTED_REFUSALS): that status, with the body {"code": …, "message": …}, the request not acted
        on. 160006 on "thread": the server has too many active threads; 50013 on "channel_post": a
        permission the bot lacks. `uploads`: only requests that carry files. The test asked for it, so it is not among the refusals that fail one."""
        status, message = DOCUMENTED_REFUSALS[code]
        fault = Refusing(route, "refuse", times=times, status=status, code=code, message=message, uploads=uploads)
        self.faults.append(fault)
        return fault

    def rate_limit(self, route: str, *, per: int, seconds: float) -> RateLimit:
        """Let `per` requests of `route` (a name from `start`, e.g. "channel_edit": PATCH
        /channels/{id}/messages/{id}) through per `seconds` for each channel (or guild, or webhook), answering
        the rest with a 429 as Discord does, and every accepted one with the X-RateLimit-* headers discord.py
        paces itself by. Returns the limit, which records what it accepted and what it refused."""
        limit = RateLimit(route, per, seconds)
        self.rate_limits.append(limit)
        return limit

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
        limit = next((limit for limit in self.rate_limits if limit.route == route), None)
        if limit is not None and (limited := limit.take(request)) is not None:
            await self._changed()
            return limited
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
        if limit is not None:
            response.headers.update(limit.headers(request))
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
        pressed = self.messages.get(int((interaction.payload.get("message") or {}).get("id", 0)))
        kind = body.get("type")
        names = self._names(pressed if kind == 7 else None, body.get("data") or {}, files)
        refused = self._checked(check_callback, body, parts, attachment_limit=interaction.attachment_limit,
                                current=pressed.json() if pressed is not None else None, names=names)
        if refused is not None:
            return refused
        data = body.get("data") or {}
        interaction.response_type = kind
        channel_id = int(interaction.payload["channel_id"])
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):  # a message, or "thinking…" that a later edit fills in
            message = Message(id=self.snowflake(), channel_id=channel_id, interaction_id=interaction.id,
                              ephemeral=bool(data.get("flags", 0) & EPHEMERAL), loading=kind == 5)
            self._apply(message, data, files, new=True)
            if kind == 4:
                self._notified(message, data)
            self._add(message)
            interaction.original = message
            resource["message"] = message.json()
        elif kind == 7:  # update the message the button is on
            message = self.messages[int(interaction.payload["message"]["id"])]
            self._apply(message, data, files)
            self._edited(message, request, data, files)
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
            return await self._delete(message, request)
        if request.method == "PATCH":
            body, files, parts = await self._body(request)
            refused = self._checked(check_message, body, parts, attachment_limit=interaction.attachment_limit, edit=True,
                                    interaction=True, current=message.json(), names=self._names(message, body, files))
            if refused is not None:
                return refused
            self._apply(message, body, files)
            message.loading = False
            self._edited(message, request, body, files)
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
                                interaction=True, names=self._names(None, body, files))
        if refused is not None:
            return refused
        original = interaction.original
        if original is not None and original.loading and not original.deleted:
            self._apply(original, body, files)
            original.loading = False
            self._edited(original, request, body, files)
            await self._changed()
            return json_response(original.json())
        message = Message(id=self.snowflake(), channel_id=int(interaction.payload["channel_id"]),
                          ephemeral=bool(body.get("flags", 0) & EPHEMERAL), interaction_id=interaction.id)
        self._apply(message, body, files, new=True)
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
        refused = self._checked(check_message, body, parts, attachment_limit=CHANNEL_FILE_LIMIT,
                                names=self._names(None, body, files))
        if refused is not None:
            return refused
        nonce = str(body["nonce"]) if body.get("nonce") is not None else None
        if nonce is not None and body.get("enforce_nonce"):
            seen = self.nonces.get((channel_id, nonce))
            if seen is not None and self.now() - seen[1] < NONCE_SECONDS:
                return json_response(seen[0].json())
        message = Message(id=self.snowflake(), channel_id=channel_id, nonce=nonce)
        self._apply(message, body, files, new=True)
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
        refused = self._checked(check_message, body, parts, attachment_limit=CHANNEL_FILE_LIMIT, edit=True,
                                current=message.json(), names=self._names(message, body, files))
        if refused is not None:
            return refused
        self._apply(message, body, files)
        self._edited(message, request, body, files)
        await self._changed()
        return json_response(message.json())

    async def channel_delete(self, request: web.Request) -> web.Response:
        """A message deleted from its channel: 204, or 404 (10008) for one the channel does not have."""
        message = self.messages.get(int(request.match_info["mid"]))
        if message is None or message.deleted or message.channel_id != int(request.match_info["cid"]):
            return error(404, 10008, "Unknown Message")
        return await self._delete(message, request)
