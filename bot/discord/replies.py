"""Answering interactions: within Discord's 3 seconds, once, and privately when something is refused."""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import aiohttp
import discord

from bot.discord.payloads import custom_id
from bot.errors import PlayerError
from i18n import N_, _
from rules import BadOptions, IllegalMove

log = logging.getLogger(__name__)

STALE_COMMAND = N_("That command is not part of this bot any more; type / to see the current ones.")
STALE_BUTTON = N_("That button is not part of this bot any more; type / to see the current commands.")
# A command Discord still offers but this bot no longer has, or has with other options: left in a
# client's cache after an update, or registered by another instance of the bot.
STALE_COMMAND_ERRORS = (discord.app_commands.CommandNotFound, discord.app_commands.CommandSignatureMismatch)

DEFER_AFTER = 1.5  # seconds; Discord drops a first reply that comes after 3
TOKEN_SECONDS = 15 * 60  # how long an interaction's token answers (its follow-ups and edits)
TOKEN_MARGIN = 60  # seconds before that when an answer goes to the channel instead (uploads take a while)
ALREADY_ANSWERED = 40060  # Discord's error code for a second first reply to one interaction
CONTENT_MAX = 2000  # characters of a message's content, as Discord takes them from a bot
PLAYER_ERRORS = (PlayerError, IllegalMove, BadOptions)
NEEDED = {  # each permission by the name Discord shows for it (translated where shown: missing_permissions)
    # Translators: a Discord permission, as Discord names it in your language
    "view_channel": N_("View Channel"),
    # Translators: a Discord permission, as Discord names it in your language
    "send_messages": N_("Send Messages"),
    # Translators: a Discord permission, as Discord names it in your language
    "attach_files": N_("Attach Files"),
    # Translators: a Discord permission, as Discord names it in your language
    "embed_links": N_("Embed Links"),
}


# Discord's documented refusals that answering a player can meet (its JSON error codes:
# https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes), with what the
# player is told to do. They come from a server's settings and limits, not from a bug: each is answered
# and logged as a warning with its code, never as an error with a traceback. A refusal that means the
# bot sent something wrong (an invalid body, a file too large) is a bug, and not here.
REFUSALS: dict[int, str] = {  # the words are translated where they are told (refusal)
    10003: N_("This channel is gone, as far as Discord tells me: play in another channel."),
    10008: N_("That message is gone: /board shows the match afresh."),
    10062: N_("Discord stopped waiting for my answer to this: please try again."),
    20016: N_("This channel's slow mode held my message back: try again in a moment."),
    30033: N_("This thread has as many members as Discord allows: challenge in another channel."),
    30046: N_("Discord allows only so many edits of a message over an hour old for now: try again later, "
              "or use /board for a fresh board."),
    50001: N_("I can't see this channel: ask a server admin to give me the View Channel permission here."),
    50008: N_("I can't post in this kind of channel: play in a text channel."),
    50013: N_("Discord refused me a permission I need in this channel (View Channel, Send Messages, Send Messages "
              "in Threads, Attach Files, Embed Links): ask a server admin to grant them here."),
    50024: N_("This kind of channel can't do that: play in a text channel."),
    50027: N_("Discord stopped waiting for my answer to this: please try again."),
    50083: N_("This thread is archived: send a message in it to open it again, or challenge in the channel."),
    160004: N_("A thread was already started from that message: play in that thread."),
    160005: N_("This thread is locked: ask a moderator to unlock it, or challenge in another channel."),
    160006: N_("This server has too many active threads for a new one: finish or archive a match's thread, or "
               "challenge in another channel."),
    160007: N_("This server has too many active announcement threads for a new one: finish or archive one, or "
               "challenge in another channel."),
}


class Refused(Exception):
    """A documented refusal of Discord's (`error`, one of REFUSALS) met while doing something for a
    player, with what to tell them in the words of what was being done."""

    def __init__(self, error: discord.HTTPException, message: str):
        super().__init__(message)
        self.error = error
        self.message = message


def refusal(error: BaseException) -> str | None:
    """What to tell a player about `error` when it is one of Discord's documented refusals (REFUSALS),
    else None, in the current language. Posting may call this too: a refused post is not worth trying again."""
    if isinstance(error, Refused):
        return error.message
    if isinstance(error, discord.HTTPException) and error.code in REFUSALS:
        return _(REFUSALS[error.code])
    return None


def refused_how(error: BaseException) -> str:
    """A refusal for the log: "160006 Maximum number of active threads reached" (Discord's code and
    words; the HTTP status when it sent no code)."""
    if isinstance(error, Refused):
        error = error.error
    if isinstance(error, discord.HTTPException):
        return f"{error.code or error.status} {error.text or ''}".strip()
    return type(error).__name__


def passing(error: BaseException) -> bool:
    """Whether a failed request may succeed later: Discord's server errors and rate limits (once
    discord.py's own retries are spent), a dropped or refused connection, a timeout."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, (aiohttp.ClientError, OSError, asyncio.TimeoutError))


async def shown(update: Awaitable[Any]) -> None:
    """Await `update` of a message that only tells how work goes on (a progress line, a place in line):
    if Discord does not take it, the work goes on all the same (logged)."""
    try:
        await update
    except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
        log.info("a progress line could not be shown: %s", error or type(error).__name__)


def fitted(content: str | None) -> str | None:
    """A message's content within Discord's CONTENT_MAX: a translation may run longer than the English
    it was written to fit (cut short, with an ellipsis, rather than refused)."""
    if content is None or len(content) <= CONTENT_MAX:
        return content
    return content[:CONTENT_MAX - 1] + "…"


def see_above(user_ids: Iterable[int]) -> str:
    """The ping that follows an edit (which notifies nobody) for the people it concerns."""
    # Translators: after an edited message (which notifies nobody), the people it concerns: look at it
    return _("🔔 {users}: see above.", users=" ".join(f"<@{user_id}>" for user_id in user_ids))


async def taken_back(delete: Callable[[], Awaitable[Any]], interaction_id: int | str) -> bool:
    """Delete an interaction's "thinking…" placeholder through `delete`: whether it is gone (already
    gone counts; a failure is logged, and the placeholder stays)."""
    try:
        await delete()
    except discord.NotFound:
        pass
    except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
        log.info("could not take back the placeholder of interaction %s: %s", interaction_id,
                 error or type(error).__name__)
        return False
    return True


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot needs to post boards in this channel and does not have."""
    have = interaction.app_permissions
    needed = dict(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        # Translators: a Discord permission, as Discord names it in your language
        needed["send_messages_in_threads"] = N_("Send Messages in Threads")
        del needed["send_messages"]
    return [_(label) for flag, label in needed.items() if not getattr(have, flag)]


def defer_in(age: float) -> float:
    """How long to wait before deferring an interaction made `age` seconds ago: until DEFER_AFTER from
    when it was made, not from when a busy bot got round to it, and never longer than DEFER_AFTER from
    now, whatever the two clocks say."""
    return min(DEFER_AFTER, max(0.0, DEFER_AFTER - age))


class Reply:
    """The answer to one interaction.

    If the work behind it takes longer than DEFER_AFTER, the interaction is deferred first, so Discord
    never shows "The application did not respond". `send` then delivers the answer whichever way is
    still open: the first response, an edit of the deferred message, or — when a refusal must be
    private but the deferral was public — a private follow-up replacing the public placeholder.
    """

    def __init__(self, interaction: discord.Interaction, *, ephemeral: bool = False,
                 clock: Callable[[], float] = time.time):
        self.interaction = interaction
        self.ephemeral = ephemeral
        self.clock = clock  # the time now, as the interaction's own (its id's) time is told
        self._lock = asyncio.Lock()
        self._deferred: bool | None = None  # the ephemerality of the deferral, once deferred
        self._placeholder = 0  # the id of the deferral's "thinking…" message, when Discord said it
        self._timer = asyncio.create_task(self._defer_later())

    async def _defer_later(self) -> None:
        await asyncio.sleep(defer_in(self.clock() - self.interaction.created_at.timestamp()))
        async with self._lock:
            if not self.interaction.response.is_done():
                try:
                    deferral = await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=True)
                except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
                    # The answer itself will find out what Discord has (see send).
                    log.info("could not defer interaction %s: %s", self.interaction.id, error or type(error).__name__)
                    return
                self._deferred = self.ephemeral
                self._placeholder = (deferral.message_id if deferral else None) or 0

    @property
    def expired(self) -> bool:
        """Whether the interaction's token is too old to answer through (Discord's 15 minutes, less the
        time an answer may take to upload): what is still to be said goes to the channel."""
        made = self.interaction.created_at.timestamp()
        return self.clock() - made > TOKEN_SECONDS - TOKEN_MARGIN

    async def send(self, content: str | None = None, *, ephemeral: bool | None = None, **kwargs: Any) -> discord.Message | None:
        """Send the answer; returns the message when it is public. Work that took longer than the
        interaction's token lasts is posted in the channel instead, for the user who asked for it."""
        ephemeral = self.ephemeral if ephemeral is None else ephemeral
        content = fitted(content)
        mentions = kwargs.pop("allowed_mentions", discord.AllowedMentions(users=True, roles=False, everyone=False))
        if self.expired and not ephemeral:
            async with self._lock:
                self._timer.cancel()
                return await self._in_channel(content, kwargs)
        async with self._lock:
            # With the lock held, the timer is asleep or waiting for the lock, and has sent nothing.
            # (Cancelled while its deferral is on the way, it would leave one that Discord has seen
            # and discord.py has not.)
            self._timer.cancel()
            if not self.interaction.response.is_done():
                try:
                    sent = await self.interaction.response.send_message(
                        content, ephemeral=ephemeral, allowed_mentions=mentions, **kwargs)
                except discord.HTTPException as error:
                    if error.code != ALREADY_ANSWERED:
                        raise
                    return await self._acknowledged(content, ephemeral, mentions, kwargs)
                except (aiohttp.ClientError, OSError):
                    # The connection dropped: Discord may have taken the answer. Its original response
                    # says whether it did.
                    if not await self._answered():
                        raise
                    return await self._acknowledged(content, ephemeral, mentions, kwargs)
                message = sent.resource if sent is not None else None
                return message if isinstance(message, discord.InteractionMessage) and not ephemeral else None
            return await self._after_deferral(self._deferred, content, ephemeral, mentions, kwargs)

    async def follow(self, content: str | None = None, **kwargs: Any) -> discord.Message | None:
        """A further public message after the answer (a replay's next part): a follow-up of the
        interaction while its token lasts, else a message in the channel for the user."""
        if self.expired:
            return await self._in_channel(content, kwargs)
        return await self.interaction.followup.send(fitted(content) or "\u200b", wait=True, **kwargs)

    async def _in_channel(self, content: str | None, kwargs: dict[str, Any]) -> discord.Message:
        """A public answer posted in the channel, mentioning the user, once the token is too old."""
        kwargs.pop("allowed_mentions", None)
        user, channel_id = self.interaction.user, self.interaction.channel_id
        if channel_id is None:  # Discord sends it with every command and press
            raise RuntimeError(f"interaction {self.interaction.id} has no channel to answer in")
        channel = self.interaction.client.get_partial_messageable(channel_id)
        log.info("interaction %s outlived its token: its answer goes to channel %s", self.interaction.id, channel_id)
        return await channel.send(fitted(f"{user.mention} {content or ''}".rstrip()), **kwargs,
                                  allowed_mentions=discord.AllowedMentions(users=[user], roles=False, everyone=False))

    async def progress(self, content: str) -> None:
        """Show how long work is going on: the answer deferred at once (if it was not), then its
        "thinking…" placeholder edited to `content`, until `send` replaces it with the answer. Once the
        token is too old to edit it, the placeholder stays as it is."""
        if self.expired:
            return
        async with self._lock:
            self._timer.cancel()
            if not self.interaction.response.is_done():
                deferral = await self.interaction.response.defer(ephemeral=self.ephemeral, thinking=True)
                self._deferred = self.ephemeral
                self._placeholder = (deferral.message_id if deferral else None) or 0
            if self._deferred is None:  # answered already, or answered some other way
                return
            await self.interaction.edit_original_response(content=fitted(content),
                                                          allowed_mentions=discord.AllowedMentions.none())

    async def withdraw(self, below: int) -> bool:
        """Take back a public "thinking…" placeholder that is above message `below` (True when there was
        one): the answer is to come below that message, and so is posted in the channel instead."""
        async with self._lock:
            if self._deferred is not False or not 0 < self._placeholder < below:
                return False
            if not await taken_back(self.interaction.delete_original_response, self.interaction.id):
                return False
            self._deferred = None
            return True

    async def _after_deferral(self, deferred: bool | None, content: str | None, ephemeral: bool,
                              mentions: discord.AllowedMentions, kwargs: dict[str, Any]) -> discord.Message | None:
        """The answer after a deferral (`deferred`: whether it was private): the placeholder edited,
        or replaced by a follow-up when the answer must be private and the placeholder is public."""
        if deferred == ephemeral:
            files = kwargs.pop("files", None) or ([kwargs.pop("file")] if "file" in kwargs else [])
            message = await self.interaction.edit_original_response(
                content=content, attachments=files, allowed_mentions=mentions, **kwargs)
            if ephemeral:
                return None
            notified = mentions.users if isinstance(mentions.users, list) else []
            if notified:  # an edit notifies nobody: the people the answer is for get a message of their own
                await self.interaction.followup.send(see_above(user.id for user in notified),
                                                     allowed_mentions=mentions, wait=True)
            return message
        if deferred is not None:
            await self.interaction.delete_original_response()
        return await self.interaction.followup.send(
            content or "\u200b", ephemeral=ephemeral, allowed_mentions=mentions, wait=True, **kwargs)

    async def _answered(self) -> bool:
        """Whether Discord holds a first response to the interaction."""
        try:
            await self.interaction.original_response()
        except discord.NotFound:
            return False
        return True

    async def _acknowledged(self, content: str | None, ephemeral: bool, mentions: discord.AllowedMentions,
                            kwargs: dict[str, Any]) -> discord.Message | None:
        """Discord says the interaction was already answered, by a request of ours whose reply never
        came back (the connection dropped after Discord took it). Its original response tells which:
        a "thinking…" placeholder is answered as after any deferral; an answer already there stands."""
        original = await self.interaction.original_response()
        for file in [*(kwargs.get("files") or []), *([kwargs["file"]] if kwargs.get("file") else [])]:
            file.reset()  # the refused request read it to the end
        if original.flags.loading:
            return await self._after_deferral(original.flags.ephemeral, content, ephemeral, mentions, kwargs)
        log.info("interaction %s was already answered; its answer stands", self.interaction.id)
        return None if original.flags.ephemeral else original

    async def refuse(self, reason: str) -> None:
        await self.send(f"⚠️ {reason}", ephemeral=True)


async def report_error(interaction: discord.Interaction, error: BaseException, reply: Reply | None = None) -> None:
    """Player mistakes become a short private message, and so do Discord's documented refusals (logged as
    warnings with their code) and Discord being unreachable; anything else is a bug, logged with context."""
    if isinstance(error, discord.app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, STALE_COMMAND_ERRORS):
        await answer_stale(interaction, STALE_COMMAND, str(error))  # (translated there)
        return
    command = interaction.command.qualified_name if interaction.command else custom_id(interaction)
    if isinstance(error, PLAYER_ERRORS):
        message = str(error)
    elif isinstance(error, discord.app_commands.CheckFailure):
        message = str(error) or _("You can't use this command here.")
    elif (told := refusal(error)) is not None:  # the server's limits or settings: nothing to trace
        log.warning("Discord refused (%s) while answering %s from user %s in guild %s channel %s",
                    refused_how(error), command, interaction.user.id, interaction.guild_id, interaction.channel_id)
        message = told
    elif passing(error):  # Discord or the network, not the bot: nothing to trace
        log.warning("Discord could not be reached while answering user %s in channel %s: %s",
                    interaction.user.id, interaction.channel_id, error or type(error).__name__)
        message = _("Discord did not answer me just now. Please try again in a moment.")
    else:
        log.error(
            "error handling %s from user %s in guild %s channel %s",
            command, interaction.user.id, interaction.guild_id, interaction.channel_id, exc_info=error,
        )
        message = _("Something went wrong on our side and has been logged. Please try again in a moment.")
    try:
        await (reply or Reply(interaction)).refuse(message)
    except discord.HTTPException:
        log.warning("could not tell user %s about: %s", interaction.user.id, message)


async def answer_stale(interaction: discord.Interaction, message: str, what: str) -> None:
    """Answer an interaction for a command or button this bot does not have (`what` says which, for
    the log): it is not a bug, so nothing is logged as an error, and the user is told what to do
    (`message`, STALE_COMMAND or STALE_BUTTON, in the current language)."""
    log.info("stale %s from user %s in guild %s: %s", interaction.type.name, interaction.user.id, interaction.guild_id, what)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await Reply(interaction).refuse(_(message))
    except discord.HTTPException as error:
        log.info("could not answer a stale %s from user %s: %s", interaction.type.name, interaction.user.id, error)
