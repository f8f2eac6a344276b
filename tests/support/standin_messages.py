"""How the stand-in (tests.support.standin) reads a message request and applies it to the message users
see: the body and its files, Discord's checks, the files kept and uploaded, the flags, whom a new message
notifies, and the record of each edit and deletion."""
from __future__ import annotations

import asyncio
import copy
import json
import re
from typing import Any

import discord
from aiohttp import BodyPartReader, web

from tests.support.discord_rules import Refusal
from tests.support.standin_gateway import Gateway
from tests.support.standin_records import (
    IS_COMPONENTS_V2,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    TOKEN_SECONDS,
    Deletion,
    Edit,
    Interaction,
    Message,
    error,
    json_response,
)


class Messages(Gateway):
    """The stand-in's handling of messages, shared by its routes."""

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

    @staticmethod
    def _listed(message: Message, entries: list) -> dict[str, dict]:
        """The attachment entries of a body by the file each names: by filename, or by the id of one the
        message has (an upload's id is its part's index, a kept file's its attachment id)."""
        by_id = {str(ident): name for name, ident in message.attachment_ids.items()}
        named = {}
        for entry in entries:
            if isinstance(entry, dict):
                name = entry.get("filename") or by_id.get(str(entry.get("id")))
                if name:
                    named[name] = entry
        return named

    def _names(self, message: Message | None, data: dict, files: dict[str, bytes]) -> set[str]:
        """The files the message has once `data` is applied: those uploaded, and those an edit keeps."""
        if message is None:
            return set(files)
        if "attachments" in data:
            return (set(self._listed(message, data["attachments"] or [])) & set(message.files)) | set(files)
        return set(message.files) | set(files)

    def _apply(self, message: Message, data: dict, files: dict[str, bytes], *, new: bool = False) -> None:
        flags = data.get("flags")
        if isinstance(flags, int) and new:
            message.flags = flags & (SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2)
        elif isinstance(flags, int):  # an edit changes SUPPRESS_EMBEDS and may add IS_COMPONENTS_V2 (never remove it)
            message.flags = message.flags & (SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2) | flags & (SUPPRESS_EMBEDS | IS_COMPONENTS_V2)
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = data["embeds"] or []
        if "components" in data:
            message.components = data["components"] or []
        if "attachments" in data:
            listed = self._listed(message, data["attachments"] or [])
            message.files = {k: v for k, v in message.files.items() if k in listed}
            message.file_alt = {name: entry["description"] for name, entry in listed.items() if entry.get("description")}
        message.files.update(files)
        for name in files:
            message.attachment_ids[name] = self.snowflake()
        message.attachment_ids = {k: v for k, v in message.attachment_ids.items() if k in message.files}
        if "content" in data or (message.v2 and "components" in data):
            message.contents.append(message.text)

    def _edited(self, message: Message, request: web.Request, body: dict, files: dict[str, bytes]) -> None:
        """Count an accepted edit and keep it in the edit log."""
        message.edits += 1
        message.edited_at = discord.utils.snowflake_time(self.snowflake()).timestamp()
        self.edit_log.append(Edit(
            message_id=message.id, channel_id=message.channel_id, at=asyncio.get_running_loop().time(),
            route=request.match_info.route.name or "", body=body, uploaded=tuple(files), files=tuple(message.files),
            text=message.text, components=copy.deepcopy(message.components)))

    @staticmethod
    def _notified(message: Message, data: dict) -> None:
        """Whom a new message notifies: the users mentioned in it that allowed_mentions lets through.
        An edit notifies nobody (Discord never notifies for edits)."""
        mentioned = list(dict.fromkeys(int(m) for m in re.findall(r"<@!?(\d+)>", message.text)))
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

    def _interaction(self, token: str) -> Interaction | web.Response:
        """The interaction a webhook token belongs to, while the token is valid."""
        interaction = self.by_token.get(token)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        if self.now() - interaction.created > TOKEN_SECONDS:
            return error(401, 50027, "Invalid Webhook Token")
        return interaction

    async def _delete(self, message: Message, request: web.Request) -> web.Response:
        message.deleted = True
        self.deletions.append(Deletion(message_id=message.id, channel_id=message.channel_id,
                                       at=asyncio.get_running_loop().time(), route=request.match_info.route.name or ""))
        await self._changed()
        return web.Response(status=204)
