"""Challenges: made, answered (accepted, declined, withdrawn), started early or once every seat is
taken, and made again from a finished match (rematch); the seating they start with."""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot.db import Tx
from bot.errors import Conflict, Duplicate, NotAllowed, NotFound
from bot.game_clock import GameClock, TimeControl
from bot.models import (
    COMPUTER_LEVELS,
    LOCAL_GUILD,
    SIDES,
    Challenge,
    ChallengeChange,
    ChallengeStatus,
    MatchChange,
    MatchStatus,
    NoticeKind,
    Player,
    computer,
    dumps,
)
from bot.service import repository, timekeeping
from bot.service.context import Context
from games import GAMES
from i18n import N_, _, ngettext
from rules import BadOptions, Game

COMPUTER_MATCHES_PER_PLAYER = 5  # running matches against the computer a player may have in a server
COMPUTER_MATCHES_PER_SERVER = 25  # and a server in all
MIN_TURN_SECONDS = 60
MAX_TURN_SECONDS = 14 * 24 * 3600
# shown with _(CHANNEL_HAS_CHALLENGE)
CHANNEL_HAS_CHALLENGE = N_("There is already an open challenge here: answer it first, or challenge from the channel, "
                           "where a new match gets a thread of its own.")


def most_players(rules: Game, options: Mapping[str, Any], seed: int) -> int:
    """The seats of an open challenge nobody was named for: as many as the game and its options allow
    (the challenger may start early with fewer)."""
    for players in reversed(rules.players):
        try:
            rules.start(players, options, seed)
        except BadOptions:
            continue
        return players
    return rules.players.start  # no count works: the caller's start() names the problem


def too_many(seats: int, named: int, computers: bool) -> str:
    """The refusal of a challenge naming more players than it has seats."""
    there = ngettext("{n} seat", "{n} seats", seats)
    if computers:
        # Translators: {seats} is a number of seats ("2 seats"); {n} players were named, with computers
        return ngettext("That is {seats}, but you named {n} player counting yourself and the computers.",
                        "That is {seats}, but you named {n} players counting yourself and the computers.", named,
                        seats=there)
    # Translators: {seats} is a number of seats ("2 seats"); {n} players were named
    return ngettext("That is {seats}, but you named {n} player counting yourself.",
                    "That is {seats}, but you named {n} players counting yourself.", named, seats=there)


def closed(status: ChallengeStatus) -> str:
    """The refusal of an answer to a challenge that is closed, saying how it was closed."""
    if status == ChallengeStatus.ACCEPTED:
        return _("This challenge was accepted and is closed.")
    if status == ChallengeStatus.DECLINED:
        return _("This challenge was declined and is closed.")
    if status == ChallengeStatus.WITHDRAWN:
        return _("This challenge was withdrawn and is closed.")
    if status == ChallengeStatus.EXPIRED:
        return _("This challenge was expired and is closed.")
    return _("This challenge is closed.")


class Challenges:
    """Challenges made, answered, started, and made again from a finished match."""

    def __init__(self, context: Context):
        self.context = context
        self.notes = context.notes

    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger: Player,
        game: str,
        opponents: Sequence[Player] = (),
        options: Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        turn_seconds: int | None = None,
        clock: TimeControl | None = None,
        computers: Sequence[str] = (),
        side: str = "first",
        seating: Sequence[int] | None = None,
        elsewhere: Callable[[], Awaitable[int]] | None = None,
        via: str | None = None,
    ) -> ChallengeChange | MatchChange:
        """Post a challenge: to named opponents, or open to anyone for the seats nobody was named for.
        `computers` (levels) take seats at once; a challenge whose every seat is then taken starts at
        once, and the started match is returned. `side`: the challenger's seat, one of SIDES (the others
        take the remaining seats in the order named, computers after people, then whoever joins);
        `seating` instead: every player's id in seat order. Where the channel is busy, `elsewhere` (if
        given) is asked for another channel (a thread it opens) once the challenge is known to be valid.
        `via`: the interaction whose first reply will post the result (see Notes.add). `clock`: a live
        match's game clock (bot.game_clock), in place of a time per move."""
        if game not in GAMES:
            raise NotFound(_("There is no game called {game}. Games: {games}", game=repr(game), games=", ".join(GAMES)))
        rules = GAMES[game]
        if challenger.is_computer or any(p.is_computer for p in opponents):
            raise NotAllowed(_("Computer players are chosen with the level option, not by name."))
        unknown = [level for level in computers if level not in COMPUTER_LEVELS]
        if unknown:
            # Translators: {levels} are the values to choose from, as typed: easy, medium, hard
            raise NotAllowed(_("There is no computer level {level}: choose {levels}.", level=repr(unknown[0]),
                               levels=", ".join(COMPUTER_LEVELS)))
        ids = [challenger.id] + [p.id for p in opponents]
        if challenger.id in ids[1:]:
            raise NotAllowed(_("You can't challenge yourself."))
        if len(set(ids)) != len(ids):
            raise NotAllowed(_("Each opponent can only be named once."))
        options = rules.resolve_options(options)
        seed = self.context.rng.randrange(2**31)
        bots = [computer(level) for level in computers]
        named = len(ids) + len(bots)
        if players is None:
            players = named if named > 1 else most_players(rules, options, seed)
        if named > players:
            raise NotAllowed(too_many(players, named, bool(bots)))
        rules.start(players, options, seed)  # BadOptions reaches the player before anything is stored
        order = self._seating(ids + [bot.id for bot in bots], players, side, seating)
        turn = self._turn_seconds(turn_seconds)
        if elsewhere is not None and await self.channel_busy(channel_id):
            channel_id = await elsewhere()
        now = self.context.clock()
        try:
            async with self.notes.changing() as db:
                await self._check_channel_free(db, channel_id)
                if bots and guild_id != LOCAL_GUILD:
                    await self._check_computer_room(db, guild_id, challenger)
                await repository.players.remember_players(db, (challenger, *opponents, *bots))
                challenge_id = await repository.challenges.add_challenge(
                    db, guild_id=guild_id, channel_id=channel_id, game=game, options=dumps(options), players=players,
                    challenger=challenger.id, turn_seconds=turn, seed=seed, now=now,
                    expires_at=now + self.context.challenge_seconds, seating=dumps(order),
                    clock=None if clock is None else (clock.seconds, clock.increment),
                )
                seated = [(uid, int(seat > 0), int(seat == 0)) for seat, uid in enumerate(ids)]
                seated += [(bot.id, 1, 1) for bot in bots]
                await repository.challenges.add_challenge_players(db, challenge_id, seated)
                made = await self.context.load_challenge(db, challenge_id)
                found: ChallengeChange | MatchChange
                if len(made.accepted) == players:
                    found = await self.begin(db, made, now, via)
                else:
                    found = ChallengeChange(made, await self.notes.add(db, NoticeKind.CHALLENGE, made.id, now, via=via))
        except Duplicate:  # another process stored a challenge here between our check and our insert
            raise NotAllowed(_(CHANNEL_HAS_CHALLENGE)) from None
        self.context.deadlines_changed.set()
        return found

    async def _check_computer_room(self, db: Tx, guild_id: int, challenger: Player) -> None:
        """Refuse a match against the computer beyond what one player, or one server, may have running
        at once: each match's computer moves take the workers' time, shared by every server."""
        mine, total = await repository.matches.computer_matches(db, guild_id, challenger.id)
        if mine >= COMPUTER_MATCHES_PER_PLAYER:
            raise NotAllowed(ngettext("You already play {n} match against the computer in this server, the most at once: "
                                      "finish one (or /resign it) before starting another.",
                                      "You already play {n} matches against the computer in this server, the most at once: "
                                      "finish one (or /resign it) before starting another.", mine))
        if total >= COMPUTER_MATCHES_PER_SERVER:
            raise NotAllowed(ngettext("This server already has {n} match against the computer running, the most at once: "
                                      "try again when one has finished.",
                                      "This server already has {n} matches against the computer running, the most at once: "
                                      "try again when one has finished.", total))

    def _seating(self, named: list[int], players: int, side: str, seating: Sequence[int] | None) -> list[int | None]:
        """The seat order of a new challenge: `named` (the challenger first) and open seats (None)."""
        if seating is not None:
            if sorted(seating) != sorted(named):
                raise NotAllowed(_("A seating must name every player once."))
            return list(seating) + [None] * (players - len(named))
        if side not in SIDES:
            # Translators: {sides} are the values to choose from, as typed: random, first, second
            raise NotAllowed(_("There is no side {side}: choose {sides}.", side=repr(side), sides=", ".join(SIDES)))
        others: list[int | None] = [*named[1:], *[None] * (players - len(named))]
        at = self.context.rng.randrange(players) if side == "random" else ("first", "second").index(side)
        others.insert(at, named[0])
        return others

    async def channel_busy(self, channel_id: int) -> bool:
        """Whether a match is being played or a challenge is open in this channel."""
        async with self.context.store.reading() as db:
            try:
                await self._check_channel_free(db, channel_id)
            except NotAllowed:
                return True
            return False

    async def set_challenge_message(self, challenge_id: int, message_id: int, note: int | None = None) -> Challenge:
        """Remember the message showing a challenge (posted for outbox note `note`, now done); returns
        the challenge as it now stands (it may have been answered or have expired while its message was
        being posted)."""
        async with self.notes.changing() as db:
            await repository.challenges.set_challenge_message(db, challenge_id, message_id)
            if note is not None:
                await repository.outbox.delete_note(db, note)
            return await self.context.load_challenge(db, challenge_id)

    async def challenge_here(self, channel_id: int, user_id: int) -> Challenge:
        """The open challenge in this channel that concerns the user (for /accept and /decline)."""
        async with self.context.store.reading() as db:
            challenge_id = await repository.challenges.open_challenge_id(db, channel_id)
            if challenge_id is None:
                raise NotFound(_("There is no open challenge in this channel."))
            return await self.context.load_challenge(db, challenge_id)

    async def accept(self, challenge_id: int, user: Player, via: str | None = None) -> ChallengeChange | MatchChange:
        """Take a seat. Returns the started match once every seat is taken, else the updated challenge."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            challenge = await self.context.lock_challenge(db, challenge_id)
            self._check_open(challenge, now)
            if user.id == challenge.challenger.id:
                raise NotAllowed(_("You can't accept your own challenge."))
            if any(p.id == user.id for p in challenge.accepted):
                raise NotAllowed(_("You have already accepted this challenge."))
            await repository.players.remember_players(db, (user,))
            if any(p.id == user.id for p in challenge.invited):
                await repository.challenges.accept_invitation(db, challenge_id, user.id)
            elif challenge.free_seats > 0:
                await repository.challenges.join_challenge(db, challenge_id, user.id)
            elif challenge.has_open_seats or len(challenge.invited) > 1:
                raise NotAllowed(_("This challenge is full."))
            else:
                raise NotAllowed(_("Only the challenged player can accept this challenge."))
            challenge = await self.context.load_challenge(db, challenge_id)
            if len(challenge.accepted) < challenge.players:
                return ChallengeChange(challenge, await self.notes.add(db, NoticeKind.CHALLENGE, challenge_id, now,
                                                                       via=via))
            match = await self.begin(db, challenge, now, via)
        self.context.deadlines_changed.set()
        return match

    async def start_now(self, challenge_id: int, user: Player, via: str | None = None) -> MatchChange:
        """The challenger starts an open challenge before every seat is taken (n is then fixed by the
        players seated); everybody named must have accepted."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            challenge = await self.context.lock_challenge(db, challenge_id)
            self._check_open(challenge, now)
            if user.id != challenge.challenger.id:
                raise NotAllowed(_("Only {player}, who made the challenge, can start it early.",
                                   player=challenge.challenger.name))
            if challenge.waiting_for:
                names = ", ".join(p.name for p in challenge.waiting_for)
                raise NotAllowed(_("Everybody you named must accept first: waiting for {players}.", players=names))
            least = challenge.rules.players.start
            if len(challenge.accepted) < least:
                raise NotAllowed(ngettext("{game} needs at least {n} player: wait for someone to join.",
                                          "{game} needs at least {n} players: wait for someone to join.", least,
                                          game=challenge.rules.title))
            match = await self.begin(db, challenge, now, via)
        self.context.deadlines_changed.set()
        return match

    async def decline(self, challenge_id: int, user: Player, via: str | None = None) -> ChallengeChange:
        """A challenged player declines, a player who joined leaves, or the challenger withdraws."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            challenge = await self.context.lock_challenge(db, challenge_id)
            self._check_open(challenge, now)
            if user.id == challenge.challenger.id:
                status = ChallengeStatus.WITHDRAWN
            elif any(p.id == user.id for p in challenge.invited):
                status = ChallengeStatus.DECLINED
            elif any(p.id == user.id for p in challenge.accepted):
                await repository.challenges.leave_challenge(db, challenge_id, user.id)
                left = await self.context.load_challenge(db, challenge_id)
                return ChallengeChange(left, await self.notes.add(db, NoticeKind.CHALLENGE, challenge_id, now, via=via))
            elif challenge.has_open_seats:
                # Translators: Join is the label of the button that takes a seat
                raise NotAllowed(_("This is an open challenge: press Join to play, or simply ignore it."))
            else:
                raise NotAllowed(_("Only the challenged player can decline this challenge."))
            await repository.challenges.close_challenge(db, challenge_id, status, now, user.id)
            closed = await self.context.load_challenge(db, challenge_id)
            return ChallengeChange(closed, await self.notes.add(db, NoticeKind.CHALLENGE, challenge_id, now, via=via))

    async def rematch(self, match_id: int, user: Player, elsewhere: Callable[[], Awaitable[int]] | None = None,
                      via: str | None = None) -> ChallengeChange | MatchChange:
        """A new challenge from a finished match: same players, game, options and turn time, in the
        match's channel (or, where that is busy, where `elsewhere` says)."""
        match = await self.context.get_match(match_id)
        if match.status != MatchStatus.FINISHED:
            raise NotAllowed(_("This match is still being played."))
        if match.seat_of(user.id) is None:
            raise NotAllowed(_("Only the players of this match can ask for a rematch."))
        others = [p for p in match.seats if p.id != user.id]
        turned = match.seats[1:] + match.seats[:1]  # everyone one seat on: in two, the sides swap
        return await self.challenge(
            match.guild_id, match.channel_id, user, match.game, [p for p in others if not p.is_computer],
            match.options, players=len(match.seats), turn_seconds=match.turn_seconds,
            clock=None if match.clock is None else match.clock.control, computers=[p.level for p in others if p.level is not None], seating=[p.id for p in turned],
            elsewhere=elsewhere, via=via,
        )

    def _turn_seconds(self, seconds: int | None) -> int:
        if seconds is None:
            return self.context.turn_seconds
        if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
            raise NotAllowed(_("The time per turn must be between 1 minute and 14 days."))
        return int(seconds)

    def _check_open(self, challenge: Challenge, now: float) -> None:
        if challenge.status != ChallengeStatus.OPEN:
            raise NotAllowed(closed(challenge.status))
        if challenge.expires_at <= now:
            raise NotAllowed(_("This challenge has expired."))

    async def _check_channel_free(self, db: Tx, channel_id: int) -> None:
        if await repository.matches.has_active_match(db, channel_id):
            raise NotAllowed(_("A match is already being played here: finish it first, or challenge from the "
                               "channel, where a new match gets a thread of its own."))
        if await repository.challenges.open_challenge_id(db, channel_id) is not None:
            raise NotAllowed(_(CHANNEL_HAS_CHALLENGE))

    async def begin(self, db: Tx, challenge: Challenge, now: float, via: str | None = None) -> MatchChange:
        """Start the match of a challenge every seat of which is taken, in the caller's transaction."""
        if await repository.challenges.accept_challenge(db, challenge.id, now) != 1:
            raise Conflict(_("This challenge was already answered."))
        control = challenge.clock
        await repository.matches.add_match(
            db, match_id=challenge.id, guild_id=challenge.guild_id, channel_id=challenge.channel_id,
            game=challenge.game, options=dumps(challenge.options), seed=challenge.seed,
            players=len(challenge.accepted), turn_seconds=challenge.turn_seconds,
            deadline=now + challenge.turn_seconds, now=now,
            clock=None if control is None else (control.seconds, control.increment),
        )
        await repository.matches.add_seats(db, challenge.id, [p.id for p in challenge.seated()])
        note = await self.notes.add(db, NoticeKind.START, challenge.id, now, match_id=challenge.id, version=0, via=via)
        match = await self.context.load_match(db, challenge.id)
        if control is not None:  # every clock full; the first to move's runs from now (from the board shown, once it is)
            full = GameClock(control, left=(float(control.seconds),) * len(match.seats))
            match = await timekeeping.save(db, match, full.started(timekeeping.running_seat(match, match.state), now))
        return MatchChange(match, note=note)
