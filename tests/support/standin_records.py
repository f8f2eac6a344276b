"""What the Discord stand-in (tests.support.standin) records and answers with: its ids, deadlines and
limits, the messages and interactions users see, the faults it plays, gateway sessions, and the base of the
stand-in: its record of what happened, its clock, and reading that record back (channel, failures, wait_for)."""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

if TYPE_CHECKING:
    from tests.support.standin_limits import RateLimit

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
ALL_PERMISSIONS = (1 << 50) - 1
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2 = 1 << 2, 1 << 12, 1 << 15
INTERACTIVE = (2, 3, 5, 6, 7, 8)  # buttons and select menus: https://discord.com/developers/docs/components/reference
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


def walk(components: list) -> Iterator[dict]:
    """Every component, nested ones included, in reading order (a section's texts before its accessory)."""
    for component in components:
        if isinstance(component, dict):
            yield component
            yield from walk(component.get("components") or [])
            yield from walk([component.get("accessory")])


@dataclass
class Message:
    """A message as a user sees it, with its history of edits. A message with components V2
    (IS_COMPONENTS_V2) has no content: `text` reads it, `descriptions` its pictures' alt text, `buttons`
    its buttons wherever they are nested, `accent` its container's colour."""

    id: int
    channel_id: int
    content: str = ""
    ephemeral: bool = False
    files: dict[str, bytes] = field(default_factory=dict)
    file_alt: dict[str, str] = field(default_factory=dict)  # alt text given with each file's upload
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)  # users the message notified when it was posted
    loading: bool = False  # a deferred "is thinking…" placeholder
    deleted: bool = False
    edits: int = 0
    edited_at: float | None = None  # when it was last edited, by the stand-in's wall clock (Discord's edited_timestamp)
    contents: list[str] = field(default_factory=list)  # every text it has shown, first to last
    interaction_id: int | None = None
    nonce: str | None = None
    flags: int = 0  # those it keeps: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2
    attachment_ids: dict[str, int] = field(default_factory=dict)  # each file's attachment id
    standin: Records | None = field(default=None, repr=False, compare=False)  # where it was posted

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
    def v2(self) -> bool:
        return bool(self.flags & IS_COMPONENTS_V2)

    @property
    def texts(self) -> list[str]:
        """The text displays' contents, in reading order, wherever they are nested."""
        return [c.get("content") or "" for c in walk(self.components) if c.get("type") == 10]

    @property
    def text(self) -> str:
        """All the text the message shows, as people read it: its content and its text displays, a line apart."""
        return "\n".join(t for t in [self.content, *self.texts] if t)

    @property
    def media(self) -> list[dict]:
        """Its media gallery items and thumbnails, in reading order: each {"url", "description"}."""
        found = [item for c in walk(self.components) if c.get("type") == 12 for item in c.get("items") or []]
        found += [c for c in walk(self.components) if c.get("type") == 11]
        return [{"url": (m.get("media") or {}).get("url"), "description": m.get("description")} for m in found]

    @property
    def descriptions(self) -> dict[str, str]:
        """Each file's alt text, as a screen reader gets it: given with its upload or, with components V2, by
        the gallery item or thumbnail that shows it (`attachment://name`)."""
        alt = dict(self.file_alt)
        for item in self.media:
            url = item["url"] if isinstance(item["url"], str) else ""
            if url.startswith("attachment://") and url[13:] in self.files and item["description"]:
                alt[url[13:]] = item["description"]
        return alt

    @property
    def accent(self) -> int | None:
        """The accent colour of its first container (None: none, or no colour)."""
        return next((c.get("accent_color") for c in walk(self.components) if c.get("type") == 17), None)

    @property
    def buttons(self) -> list[dict]:
        """Its buttons and select menus, in reading order, wherever they are nested."""
        return [c for c in walk(self.components) if c.get("type") in INTERACTIVE]

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

    def _shown(self, components: list) -> list:
        """The components as Discord answers with them: `attachment://name` as the attachment's address."""
        def media(item: dict) -> dict:
            url = item.get("url")
            if isinstance(url, str) and url.startswith("attachment://") and url[13:] in self.files:
                name = url[13:]
                return dict(item, url=f"https://cdn.invalid/{name}", proxy_url=f"https://cdn.invalid/{name}",
                            attachment_id=str(self.attachment_ids.get(name, 0)))
            return item

        def shown(component: Any) -> Any:
            if not isinstance(component, dict):
                return component
            out = {k: shown(v) if k == "accessory" else v for k, v in component.items()}
            if isinstance(component.get("components"), list):
                out["components"] = [shown(c) for c in component["components"]]
            for key in ("media", "file"):
                if isinstance(component.get(key), dict):
                    out[key] = media(component[key])
            if isinstance(component.get("items"), list):
                out["items"] = [dict(i, media=media(i["media"])) if isinstance((i or {}).get("media"), dict) else i
                                for i in component["items"]]
            return out
        return [shown(c) for c in components]

    def json(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": user_json(BOT_ID, "Boardgames", bot=True),
            "content": self.content, "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None if self.edited_at is None else datetime.fromtimestamp(self.edited_at, UTC).isoformat(),
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [
                {"id": str(self.attachment_ids.get(name, i)), "filename": name, "size": len(data),
                 "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}",
                 **({"description": self.file_alt[name]} if name in self.file_alt else {})}
                for i, (name, data) in enumerate(self.files.items())
            ],
            "embeds": self.embeds, "pinned": False, "type": 0,
            "components": self._shown(self.components) if self.v2 else self.components,
            "flags": self.flags | (EPHEMERAL if self.ephemeral else 0) | (LOADING if self.loading else 0),
            **({"nonce": self.nonce} if self.nonce is not None else {}),
        }


@dataclass
class Edit:
    """An edit the stand-in accepted: of which message, when (the event loop's clock), through which route,
    the body it carried and the files it uploaded, and what the message showed after it (its text, files and
    components)."""

    message_id: int
    channel_id: int
    at: float
    route: str
    body: dict
    uploaded: tuple[str, ...]
    files: tuple[str, ...]
    text: str
    components: list[dict]


@dataclass
class Deletion:
    """A message deleted: which, when (the event loop's clock), through which route."""

    message_id: int
    channel_id: int
    at: float
    route: str


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


class Records:
    """What the stand-in has recorded (messages, interactions, requests, refusals), its clock, and what
    users see of it; tests.support.standin.StandIn serves it over HTTP and the gateway."""

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
        self.edit_log: list[Edit] = []  # every edit accepted, in order
        self.deletions: list[Deletion] = []  # every message deleted, in order
        self.rate_limits: list[RateLimit] = []  # the routes' rate limits a test asked for (StandIn.rate_limit)

    def now(self) -> float:
        """The stand-in's clock (seconds): the machine's monotonic clock, moved on by `advance`."""
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Let `seconds` pass for Discord's own deadlines (tokens, nonces) without waiting for them."""
        self.offset += seconds

    def snowflake(self) -> int:
        """A new id, made now by the stand-in's wall clock."""
        return snowflake(self.wall() + (self.offset if self.wall is time.time else 0.0))


    async def _changed(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    # ------------------------------------------------------------------ reading what users see

    def channel(self, channel_id: int, *, ephemeral: bool = False) -> list[Message]:
        """The messages of a channel in order (public ones only, unless asked)."""
        return [
            m for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and (ephemeral or not m.ephemeral)
        ]

    def edits_of(self, message_id: int) -> list[Edit]:
        """The edits accepted of one message, in order."""
        return [e for e in self.edit_log if e.message_id == message_id]

    def failures(self) -> list[str]:
        """What went wrong with interactions (answered late or twice), requests Discord would refuse,
        and, the project's own rule, a picture posted without alt text for screen readers (given with the
        upload, or by the V2 component that shows it)."""
        unread = [f"message {m.id}: {name} has no alt text" for m in self.messages.values() if not m.deleted
                  for name in m.files if name.endswith((".png", ".gif")) and not m.descriptions.get(name)]
        return [f"interaction {i.id}: {i.error}" for i in self.interactions.values() if i.error] + [
            f"{method} {path} → {answer}" for method, path, answer in self.refusals] + unread

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 60.0) -> T:
        """Wait until predicate() returns something truthy, and return it (woken by every change, no polling)."""
        async def waiting() -> T:
            async with self.changed:
                while not (result := predicate()):
                    await self.changed.wait()
                return result
        return await asyncio.wait_for(waiting(), timeout)
