"""Tournaments: /tournament create <game> (one subcommand per registered game, its options read off the
game's record as /challenge's are), join, leave, start, cancel, standings, list and computer; the Join
and Leave buttons under the sign-up post and the choice of a player leaving during their game. The
news of the rounds (their posts, threads and games) is posted by the timers
(bot.discord.tournament_posts)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord import messages as text
from bot.discord import tournament_text as words
from bot.discord.challenge_options import LEVEL_CHOICES, TURN_TIMES, challenge_options, keyword_callback
from bot.discord.cogs.challenges import THREAD_PERMISSIONS
from bot.discord.cogs.common import Feature, can_post_here, in_channel, in_guild, player, pressed, reply_to
from bot.discord.languages import in_public
from bot.discord.picker import picker_text
from bot.discord.tournament_posts import COLOUR, TournamentPosts
from bot.discord.tournament_views import LeaveChoice, SignupButton, leave_view, signup_view
from bot.discord.when import starts_at
from bot.errors import NotAllowed, NotFound
from bot.models import MatchChange, MatchStatus, Player
from bot.service.tournaments import MAX_NAME, MAX_PLAYERS, MAX_ROUNDS
from bot.tournaments.model import Format
from bot.tournaments.record import Tournament, TournamentStatus, default_name
from games import GAMES
from i18n import N_, _, speaking
from rules import Game

if TYPE_CHECKING:
    from bot.discord.client import GameBot

FORMAT_CHOICES = [
    # Translators: a choice of /tournament create's format
    app_commands.Choice(name=N_("Swiss (default)"), value="swiss"),
    # Translators: a choice of /tournament create's format
    app_commands.Choice(name=N_("Round robin"), value="round_robin"),
    # Translators: a choice of /tournament create's format
    app_commands.Choice(name=N_("Double round robin"), value="double"),
]
# What /tournament create <game> does with the options given (by name; None for those left out).
Answer = Any
SUGGESTED = 25  # tournaments an autocomplete lists at most


def create_command(game: Game, answer: Any) -> app_commands.Command:
    """`/tournament create <game>`: the format, rounds, players at each game (for a game of more than
    two), the game's own options (as /challenge has them), the time per move, the start, the most
    entrants, whether it is rated, and its name."""
    own = {spec.name for spec in game.options}
    options: list[tuple[str, Any, Any, list[app_commands.Choice]]] = [
        ("format", app_commands.Choice[str], N_("How rounds are paired"), FORMAT_CHOICES),
        ("rounds", app_commands.Range[int, 1, MAX_ROUNDS],
         N_("Rounds of a Swiss (default: as the entrants need)"), []),
    ]
    if len(game.players) > 1:
        options.append(("players", app_commands.Range[int, game.players.start, game.players.stop - 1],
                        N_("Players at each game (default: the most the game takes)"), []))
    options += [(o.name, o.annotation, o.description, list(o.choices)) for o in challenge_options(game) if o.name in own]
    options += [
        ("turn_time", app_commands.Choice[int], N_("Time per move (default 24 hours)"), TURN_TIMES),
        ("starts", app_commands.Range[str, 1, 40],
         N_("Start by itself: a Discord timestamp, or a delay like 2h"), []),
        ("max_players", app_commands.Range[int, 2, MAX_PLAYERS], N_("The most entrants it takes"), []),
        ("rated", bool, N_("Whether results move ratings (default: yes)"), []),
        ("name", app_commands.Range[str, 1, MAX_NAME], N_("Its name"), []),
    ]
    names = [name for name, *_rest in options]

    async def given(interaction: discord.Interaction[Any], values: tuple[Any, ...]) -> None:
        await answer(interaction, game, dict(zip(names, values)))

    callback = keyword_callback([annotation for _name, annotation, *_rest in options], given)
    slots = [f"option{k}" for k in range(len(options))]
    app_commands.rename(**dict(zip(slots, names)))(callback)
    app_commands.describe(**{slot: o[2] for slot, o in zip(slots, options)})(callback)
    app_commands.choices(**{slot: o[3] for slot, o in zip(slots, options) if o[3]})(callback)
    return app_commands.Command(name=game.name, description=picker_text(game.summary, f"the summary of {game.name}"),
                                callback=callback)


def manager(interaction: discord.Interaction) -> bool:
    """Whether the member manages the server (they may run any of its tournaments)."""
    return bool(interaction.permissions.manage_guild)


def playing_in(tournament: Tournament, user_id: int) -> int | None:
    """The thread of a player's game of the round while it is being played (None: no game on)."""
    entrant = tournament.entrant(user_id)
    if tournament.status != TournamentStatus.RUNNING or entrant is None or entrant.withdrawn is not None:
        return None
    table = tournament.table_of(user_id)
    if table is None or table.match_id is None or table.decided:
        return None
    return tournament.threads.get(table.match_id)


class Tournaments(Feature):
    tournament = app_commands.Group(name="tournament", description=N_("Tournaments in this server: Swiss or round robin"),
                                    guild_only=True)

    def __init__(self, bot: GameBot):
        super().__init__(bot)
        create = app_commands.Group(name="create", description=N_("Create a tournament in this channel"))
        for game in GAMES.values():
            create.add_command(create_command(game, self.create_game))
        self.tournament.add_command(create)

    @property
    def posts(self) -> TournamentPosts:
        return self.bot.timers.tournaments

    # ------------------------------------------------------------------ which tournament

    async def find(self, interaction: discord.Interaction[GameBot], given: str | None) -> Tournament:
        """The tournament named (by its id, as the autocomplete gives it, or by its name), else this
        channel's (or, in a game's thread, its channel's)."""
        guild_id = in_guild(interaction)
        if given is not None and given.strip():
            wanted = given.strip()
            if wanted.isdigit():
                try:
                    found = await self.service.tournaments.get(int(wanted))
                except NotFound:
                    found = None
                if found is not None and found.guild_id == guild_id:
                    return found
            for one in await self.service.tournaments.listing(guild_id, SUGGESTED):
                if one.name.casefold() == wanted.casefold():
                    return await self.service.tournaments.get(one.id)
            raise NotFound(_("This server has no tournament called {name}: pick one from the list as you type.",
                             name=repr(wanted)))
        try:
            return await self.service.tournaments.here(in_channel(interaction))
        except NotFound:
            parent = interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread) else None
            if parent is None:
                raise
            return await self.service.tournaments.here(parent)

    async def suggest(self, interaction: discord.Interaction[GameBot], current: str) -> list[app_commands.Choice[str]]:
        """The server's tournaments whose names hold what was typed (their ids as values)."""
        if interaction.guild_id is None:
            return []
        typed = current.casefold().strip()
        found = await self.service.tournaments.listing(interaction.guild_id, SUGGESTED)
        return [app_commands.Choice(name=words.listing_name(one)[:100], value=str(one.id))
                for one in found if typed in one.name.casefold()][:SUGGESTED]

    async def refreshed(self, interaction: discord.Interaction[GameBot], tournament: Tournament) -> None:
        """The sign-up post updated, in the language everyone there reads."""
        async with in_public(interaction):
            await self.posts.refresh_signup(tournament)

    # ------------------------------------------------------------------ create

    async def create_game(self, interaction: discord.Interaction[GameBot], game: Game, args: dict[str, Any]) -> None:
        """/tournament create <game>: the tournament made, and its sign-up post as the answer."""
        reply = reply_to(interaction)
        guild_id, channel_id = in_guild(interaction), in_channel(interaction)
        can_post_here(interaction)
        self.threads_possible(interaction)
        chosen = {key: args.pop(key, None) for key in ("format", "turn_time", "starts", "rounds", "players", "max_players",
                                                   "rated", "name")}
        kind = chosen["format"].value if chosen["format"] is not None else Format.SWISS.value
        when = starts_at(chosen["starts"], self.service.clock()) if chosen["starts"] else None
        public = await self.bot.languages.of_channel(interaction)
        name = chosen["name"]
        if name is None and kind in tuple(Format):
            with speaking(public):  # its name is read by everyone
                name = default_name(game.title, Format(kind))
        made = await self.service.tournaments.create(
            guild_id, channel_id, player(interaction.user), game.name, {k: v for k, v in args.items() if v is not None},
            format=kind, rounds=chosen["rounds"], players=chosen["players"],
            turn_seconds=chosen["turn_time"].value if chosen["turn_time"] is not None else None, starts_at=when,
            max_players=chosen["max_players"], rated=True if chosen["rated"] is None else chosen["rated"], name=name,
            manager=manager(interaction))
        async with in_public(interaction, public):
            message = await reply.send(embed=self.posts.signup_embed(made), view=signup_view(made),
                                       allowed_mentions=discord.AllowedMentions.none())
        if message is not None:
            await self.service.tournaments.set_message(made.id, message.id)

    @staticmethod
    def threads_possible(interaction: discord.Interaction) -> None:
        """A tournament's games are played in threads of its channel: a text channel, where the bot may
        open them and post in them."""
        if not isinstance(interaction.channel, discord.TextChannel):
            raise NotAllowed(_("Create tournaments in a text channel: each of their games gets a thread there."))
        have = interaction.app_permissions
        missing = [_(label) for flag, label in THREAD_PERMISSIONS.items() if not getattr(have, flag)]
        if missing:
            raise NotAllowed(_("A tournament's games are played in threads of its channel, and here I am missing the "
                               "{permissions} permission: ask a server admin to grant it.",
                               permissions=", ".join(missing)))

    # ------------------------------------------------------------------ entrants

    @tournament.command(name="join", description=N_("Take part in a tournament"))
    @app_commands.describe(tournament=N_("Which tournament (default: this channel's)"))
    async def join(self, interaction: discord.Interaction[GameBot], tournament: str | None = None) -> None:
        reply = reply_to(interaction, ephemeral=True)
        found = await self.find(interaction, tournament)
        joined = await self.service.tournaments.join(found.id, player(interaction.user))
        await self.refreshed(interaction, joined)
        await reply.send(words.joined_text(joined, interaction.user.id))

    @tournament.command(name="leave", description=N_("Leave a tournament, or withdraw from its rounds to come"))
    @app_commands.describe(tournament=N_("Which tournament (default: this channel's)"),
                           resign=N_("Resign your game of this round too (default: you are asked)"))
    async def leave(self, interaction: discord.Interaction[GameBot], tournament: str | None = None,
                    resign: bool | None = None) -> None:
        reply = reply_to(interaction, ephemeral=True)
        found = await self.find(interaction, tournament)
        thread = playing_in(found, interaction.user.id)
        if resign is None and thread is not None:
            await reply.send(words.leave_question(found, thread), view=leave_view(found))
            return
        await reply.send(await self._leave(interaction, found.id, bool(resign)))

    async def _leave(self, interaction: discord.Interaction[GameBot], tournament_id: int, resign: bool) -> str:
        """Leave (or withdraw), with the sign-up post updated and a game resigned shown in its thread;
        what the player reads about it."""
        user = player(interaction.user)
        gone = await self.service.tournaments.leave(tournament_id, user, resign=resign)
        await self.refreshed(interaction, gone.tournament)
        if gone.resigned is not None:
            async with in_public(interaction):
                await self.show_resigned(gone.resigned, user)
        playing = gone.playing.channel_id if gone.playing is not None else None
        return words.left_text(gone.tournament, playing=playing, resigned=gone.resigned is not None)

    async def show_resigned(self, change: MatchChange, user: Player) -> None:
        """A game resigned by a player leaving: shown in its thread as /resign shows one."""
        match = change.match
        seat = match.seat_of(user.id)
        if match.status == MatchStatus.ACTIVE and seat is not None:  # a game of more than two goes on
            content = text.left_text(match, seat, _("{player} resigned.", player=user.name))
        else:
            content = text.result_text(match)
        await self.poster.show_in_channel(content, change)

    @pressed(SignupButton)
    async def signup_button(self, interaction: discord.Interaction[GameBot], button: SignupButton) -> None:
        """Join or Leave under the sign-up post: the post updated in place, or (leaving during one's
        game) the question whether to resign it, privately."""
        in_guild(interaction)
        user = player(interaction.user)
        if button.action == "join":
            after = await self.service.tournaments.join(button.tournament_id, user)
        else:
            before = await self.service.tournaments.get(button.tournament_id)
            thread = playing_in(before, user.id)
            if thread is not None:
                await interaction.response.send_message(words.leave_question(before, thread), view=leave_view(before),
                                                        ephemeral=True)
                return
            gone = await self.service.tournaments.leave(button.tournament_id, user)
            after = gone.tournament
        async with in_public(interaction):
            await interaction.response.edit_message(embed=self.posts.signup_embed(after), view=signup_view(after),
                                                    allowed_mentions=discord.AllowedMentions.none())

    @pressed(LeaveChoice)
    async def leave_choice(self, interaction: discord.Interaction[GameBot], choice: LeaveChoice) -> None:
        """Keep playing this game, or resign it: the player leaves either way."""
        user = player(interaction.user)
        gone = await self.service.tournaments.leave(choice.tournament_id, user, resign=choice.choice == "resign")
        playing = gone.playing.channel_id if gone.playing is not None else None
        await interaction.response.edit_message(
            content=words.left_text(gone.tournament, playing=playing, resigned=gone.resigned is not None), view=None)
        await self.refreshed(interaction, gone.tournament)
        if gone.resigned is not None:
            async with in_public(interaction):
                await self.show_resigned(gone.resigned, user)

    @tournament.command(name="computer", description=N_("Add a computer player to your tournament, or take it out"))
    @app_commands.describe(level=N_("How strong it plays (each level plays once)"),
                           remove=N_("Take it out instead (before the start)"),
                           tournament=N_("Which tournament (default: this channel's)"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def computer(self, interaction: discord.Interaction[GameBot], level: app_commands.Choice[str],
                       remove: bool = False, tournament: str | None = None) -> None:
        reply = reply_to(interaction, ephemeral=True)
        found = await self.find(interaction, tournament)
        change = self.service.tournaments.remove_computer if remove else self.service.tournaments.add_computer
        after = await change(found.id, player(interaction.user), level.value, manager=manager(interaction))
        await self.refreshed(interaction, after)
        await reply.send(words.computer_text(after, level.value, removed=remove))

    # ------------------------------------------------------------------ the organiser's

    @tournament.command(name="start", description=N_("Close sign-up and pair round 1 (the organiser)"))
    @app_commands.describe(tournament=N_("Which tournament (default: this channel's)"))
    async def start(self, interaction: discord.Interaction[GameBot], tournament: str | None = None) -> None:
        reply = reply_to(interaction)
        found = await self.find(interaction, tournament)
        started = await self.service.tournaments.start(found.id, player(interaction.user), manager=manager(interaction))
        await self.refreshed(interaction, started)
        async with in_public(interaction):
            await reply.send(words.started_text(started), allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="cancel", description=N_("Call a tournament off (the organiser)"))
    @app_commands.describe(tournament=N_("Which tournament (default: this channel's)"))
    async def cancel(self, interaction: discord.Interaction[GameBot], tournament: str | None = None) -> None:
        reply = reply_to(interaction, ephemeral=True)
        found = await self.find(interaction, tournament)
        called_off = await self.service.tournaments.cancel(found.id, player(interaction.user), manager=manager(interaction))
        await self.refreshed(interaction, called_off)
        await reply.send(words.called_off_text(called_off))

    # ------------------------------------------------------------------ reading

    @tournament.command(name="standings", description=N_("A tournament's standings, for everyone here"))
    @app_commands.describe(tournament=N_("Which tournament (default: this channel's)"))
    async def standings(self, interaction: discord.Interaction[GameBot], tournament: str | None = None) -> None:
        reply = reply_to(interaction)
        found = await self.find(interaction, tournament)
        if not found.entrants:
            raise NotAllowed(_("Nobody has joined **{tournament}** yet.", tournament=found.name))
        async with in_public(interaction):
            await reply.send(embeds=self.posts.standings_embeds(found), file=await self.posts.standings_file(found),
                             allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="list", description=N_("This server's tournaments: open, running and finished"))
    async def listing(self, interaction: discord.Interaction[GameBot]) -> None:
        reply = reply_to(interaction, ephemeral=True)
        found = await self.service.tournaments.listing(in_guild(interaction))
        embed = discord.Embed(title=_("🏆 Tournaments in this server"), colour=COLOUR)
        embed.description = words.fitted_lines([words.listing_line(one) for one in found], words.DESCRIPTION_MAX) or _(
            "No tournament here yet. Create one with `/tournament create`.")
        await reply.send(embed=embed)

    @join.autocomplete("tournament")
    @leave.autocomplete("tournament")
    @computer.autocomplete("tournament")
    @start.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @standings.autocomplete("tournament")
    async def tournament_choices(self, interaction: discord.Interaction[GameBot],
                                 current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, current)
