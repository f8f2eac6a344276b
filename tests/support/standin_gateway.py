"""The Discord stand-in's gateway (tests.support.standin): HELLO and heartbeats, IDENTIFY and RESUME per
shard, INTERACTION_CREATE delivered to the shard that has its guild (kept for a RESUME while the shard is
away), and connections closed as Discord closes them (drop_gateway)."""
from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from aiohttp import web

from tests.support.standin_records import APP_ID, BOT_ID, Records, Session, guild_json, json_response, user_json


class Gateway(Records):
    """The stand-in's gateway: a websocket per shard, its sessions, and the interactions delivered."""

    gateway_url: str  # where shards connect, set by StandIn.start


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
