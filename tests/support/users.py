"""People using Discord, as tests describe them: run a command, press a button, type for autocomplete.

Each action builds the INTERACTION_CREATE payload Discord would send and hands it to `deliver` (straight
into discord.py's parser, or over a gateway); what the bot answers is read back from the stand-in.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.support.standin import ALL_PERMISSIONS, APP_ID, Interaction, Message, StandIn, user_json

OPTION_TYPES = {str: 3, int: 4, bool: 5}


@dataclass(frozen=True)
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"  # the language of their Discord client, sent with each interaction

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


class Action:
    """One interaction a user started, and what the bot answered."""

    def __init__(self, standin: StandIn, interaction: Interaction):
        self.standin = standin
        self.interaction = interaction
        self.after = max(standin.messages, default=0)  # messages with larger ids came after the action

    def _messages(self) -> list[Message]:
        return [m for m in self.standin.answers.get(self.interaction.id, ()) if not m.deleted]

    async def messages(self, count: int = 1, timeout: float = 60.0) -> list[Message]:
        """The first `count` finished messages this interaction produced (waits for them)."""
        def ready():
            done = [m for m in self._messages() if not m.loading]
            return done if len(done) >= count and not any(m.loading for m in self._messages()) else None
        return (await self.standin.wait_for(ready, timeout))[:count]

    async def reply(self, timeout: float = 60.0) -> Message:
        return (await self.messages(1, timeout))[0]

    async def board(self) -> Message:
        """The board everyone sees after this action: its public answer with a picture, or else the
        first picture the bot posted in the action's channel after it (a button's board is posted in
        the channel, not as the button's answer)."""
        channel = int(self.interaction.payload["channel_id"])

        def found() -> Message | None:
            mine = [m for m in self._messages() if not m.loading and not m.ephemeral and m.files]
            later = [m for m in self.standin.channel(channel) if m.id > self.after and m.files and not m.loading]
            return next(iter(mine or later), None)
        return await self.standin.wait_for(found)

    async def updated(self) -> Message:
        """The message the pressed button was on, after the bot updated it."""
        await self.standin.wait_for(lambda: self.interaction.response_type == 7)
        return self.standin.messages[int(self.interaction.payload["message"]["id"])]

    async def _suggested(self) -> list[dict]:
        """The autocomplete answer's choices, once the bot has given them (there may be none)."""
        await self.standin.wait_for(lambda: self.interaction.choices is not None)
        choices = self.interaction.choices
        assert choices is not None, "wait_for returned before the bot answered"
        return choices

    async def choices(self) -> list[str]:
        return [c["value"] for c in await self._suggested()]

    async def labelled(self) -> list[tuple[str, str]]:
        """The suggestions as Discord shows them: (name, value)."""
        return [(c["name"], c["value"]) for c in await self._suggested()]


class Discord:
    def __init__(self, standin: StandIn, deliver: Callable[[dict], Awaitable[None] | None], guild_id: int):
        self.standin = standin
        self.deliver = deliver
        self.guild_id = guild_id
        self.guild_locale = "en-US"  # the server's own language in Discord, sent with each interaction

    def _payload(self, kind: int, user: User, channel_id: int, data: dict, permissions: int) -> dict[str, Any]:
        iid = self.standin.snowflake()
        thread = self.standin.threads.get(channel_id)
        kind_of_channel = 2 if channel_id in self.standin.voice_channels else 0
        channel = {"id": str(channel_id), "type": kind_of_channel, "guild_id": str(self.guild_id), "name": f"games-{channel_id}",
                   "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}
        if kind_of_channel == 2:
            channel.update(bitrate=64000, user_limit=0, rtc_region=None)
        if thread is not None:
            channel = dict(thread, guild_id=str(self.guild_id))
        return {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": f"token-{iid}", "version": 1,
            "attachment_size_limit": 10 * 1024 * 1024, "data": data, "guild_id": str(self.guild_id),
            "channel_id": str(channel_id),
            "channel": channel,
            "member": {"user": user_json(user.id, user.name, user.bot), "roles": [], "flags": 0, "nick": None,
                       "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                       "permissions": str(ALL_PERMISSIONS)},
            "app_permissions": str(permissions), "locale": user.locale, "guild_locale": self.guild_locale,
            "entitlements": [], "authorizing_integration_owners": {"0": str(self.guild_id)}, "context": 0,
        }

    async def _send(self, payload: dict) -> Action:
        interaction = Interaction(id=int(payload["id"]), token=payload["token"], payload=payload, created=self.standin.now())
        self.standin.interactions[interaction.id] = interaction
        self.standin.by_token[interaction.token] = interaction
        result = self.deliver(payload)
        if asyncio.iscoroutine(result):
            await result
        return Action(self.standin, interaction)

    async def again(self, action: Action) -> None:
        """Deliver the same interaction once more (Discord retrying, or two processes receiving it)."""
        result = self.deliver(action.interaction.payload)
        if asyncio.iscoroutine(result):
            await result

    @staticmethod
    def _options(values: dict[str, Any], resolved: dict) -> list[dict]:
        options = []
        for name, value in values.items():
            if value is None:
                continue
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = user_json(value.id, value.name, value.bot)
                resolved.setdefault("members", {})[str(value.id)] = {
                    "roles": [], "flags": 0, "nick": None, "joined_at": "2026-01-01T00:00:00+00:00",
                    "permissions": str(ALL_PERMISSIONS)}
                options.append({"name": name, "type": 6, "value": str(value.id)})
            else:
                options.append({"name": name, "type": OPTION_TYPES[type(value)], "value": value})
        return options

    async def command(self, user: User, channel_id: int, name: str, sub: str | None = None, /, *,
                      permissions: int = ALL_PERMISSIONS, member_permissions: int = ALL_PERMISSIONS,
                      **values: Any) -> Action:
        """`user` runs `/name [sub] option:value …` in the channel (`permissions`: the bot's there,
        `member_permissions`: the user's). `sub` may name a subcommand in a group: "create attaxx"."""
        resolved: dict = {}
        options = self._options(values, resolved)
        if sub is not None:
            group, _, leaf = sub.rpartition(" ")
            options = [{"name": leaf, "type": 1, "options": options}]
            if group:
                options = [{"name": group, "type": 2, "options": options}]
        data = {"id": str(self.standin.snowflake()), "name": name, "type": 1, "options": options, "resolved": resolved}
        payload = self._payload(2, user, channel_id, data, permissions)
        payload["member"]["permissions"] = str(member_permissions)
        return await self._send(payload)

    async def autocomplete(self, user: User, channel_id: int, name: str, option: str, typed: str,
                           sub: str | None = None) -> list[str]:
        """`user` types `typed` into `/name [sub] option:` and reads the suggested values."""
        return [value for _, value in await self.suggestions(user, channel_id, name, option, typed, sub)]

    async def suggestions(self, user: User, channel_id: int, name: str, option: str, typed: str,
                          sub: str | None = None) -> list[tuple[str, str]]:
        """`user` types `typed` into `/name [sub] option:` and reads the suggestions: (name, value) each."""
        return await (await self.typing(user, channel_id, name, option, typed, sub)).labelled()

    async def typing(self, user: User, channel_id: int, name: str, option: str, typed: str,
                     sub: str | None = None) -> Action:
        """`user` types `typed` into `/name [sub] option:`; the Action's `labelled()` gives the suggestions."""
        options: list[dict] = [{"name": option, "type": 3, "value": typed, "focused": True}]
        if sub is not None:
            options = [{"name": sub, "type": 1, "options": options}]
        data = {"id": str(self.standin.snowflake()), "name": name, "type": 1, "options": options}
        return await self._send(self._payload(4, user, channel_id, data, ALL_PERMISSIONS))

    async def press(self, user: User, message: Message, label: str, *, permissions: int = ALL_PERMISSIONS,
                    stale: bool = False) -> Action:
        """`user` presses the button labelled `label` on `message`. A disabled button can't be pressed,
        unless `stale`: a client that still shows the message as it was before the last edit."""
        button = message.button(label)
        assert stale or not button.get("disabled"), f"{label!r} is disabled: Discord would not let anyone press it"
        data = {"custom_id": button["custom_id"], "component_type": 2}
        payload = self._payload(3, user, message.channel_id, data, permissions)
        payload["message"] = message.json()
        return await self._send(payload)

    async def choose(self, user: User, message: Message, label: str, *, permissions: int = ALL_PERMISSIONS) -> Action:
        """`user` picks the option labelled `label` (or with that value) in one of `message`'s select menus."""
        menu, option = message.option(label)
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": [option["value"]]}
        payload = self._payload(3, user, message.channel_id, data, permissions)
        payload["message"] = message.json()
        return await self._send(payload)
