"""Plain values the service hands to adapters: players, challenges, matches and results."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.game_clock import GameClock, TimeControl
from games import GAMES
from i18n import _, ngettext, number, pgettext
from rules import Game, Outcome, State

COMPUTER_LEVELS = ("easy", "medium", "hard")  # engines.LEVELS, weakest first (identifiers: level_word shows them)
SIDES = ("random", "first", "second")  # the seat a challenger may ask for (the first seat moves first)
COMPUTER_IDS = {level: k + 1 for k, level in enumerate(COMPUTER_LEVELS)}
# The server id of the console's local matches (Discord's ids are positive). Timers and computer turns
# are the console's own business there: a bot sharing the database leaves those matches alone.
LOCAL_GUILD = 0


class ChallengeStatus(StrEnum):
    """Where a challenge stands: open until enough players accept (then accepted, its match started),
    or closed unanswered."""

    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"  # by a player it named
    WITHDRAWN = "withdrawn"  # by its challenger, or its match abandoned
    EXPIRED = "expired"


class MatchStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


class NoticeKind(StrEnum):
    """What change an outbox note is to show."""

    CHALLENGE = "challenge"  # a challenge made, answered or expired
    START = "start"
    MOVE = "move"
    OFFER = "offer"  # a draw offered
    DRAW = "draw"  # a draw agreed
    RESIGN = "resign"
    TIMEOUT = "timeout"
    REMINDER = "reminder"  # most of a long turn used
    LOW_TIME = "low-time"  # a live match's player to move has little time left on their clock
    TAKEBACK_ASK = "takeback-ask"
    TAKEBACK = "takeback"  # moves taken back
    TAKEBACK_NO = "takeback-no"  # a takeback request declined


def level_word(level: str) -> str:
    """A computer's level as a word of the current language ("easy", "medium", "hard")."""
    if level == "easy":
        # Translators: a computer player's level of play, the weakest
        return pgettext("computer level", "easy")
    if level == "medium":
        # Translators: a computer player's level of play, between easy and hard
        return pgettext("computer level", "medium")
    if level == "hard":
        # Translators: a computer player's level of play, the strongest
        return pgettext("computer level", "hard")
    return level


def computer_name(level: str) -> str:
    """The computer player of a level by name, in the current language: "Computer (hard)"."""
    # Translators: the name of a computer player; {level} is its level (easy, medium or hard)
    return _("Computer ({level})", level=level_word(level))


@dataclass(frozen=True)
class Player:
    id: int
    name: str  # as stored: a computer's is the English "Computer (hard)" (shown: `shown`)

    @property
    def shown(self) -> str:
        """The name as people read it: a computer's in the current language, a person's as it is."""
        level = self.level
        return self.name if level is None else computer_name(level)

    @property
    def level(self) -> str | None:
        """The computer's level, for a computer player; None for a person."""
        return COMPUTER_LEVELS[self.id - 1] if 1 <= self.id <= len(COMPUTER_LEVELS) else None

    @property
    def is_computer(self) -> bool:
        return self.level is not None


def computer(level: str) -> Player:
    """The computer player of a level, as it is stored and appears on leaderboards: "Computer (hard)"
    (English, as stored: `Player.shown` is its name in the current language)."""
    return Player(COMPUTER_IDS[level], f"Computer ({level})")


@dataclass(frozen=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    players: int
    challenger: Player
    invited: tuple[Player, ...]  # named players, challenger excluded
    accepted: tuple[Player, ...]  # everyone seated so far, challenger first, in seat order
    turn_seconds: int
    status: ChallengeStatus
    expires_at: float
    seed: int
    message_id: int | None = None
    closed_by: int | None = None
    # Seat by seat, the id of the player who takes it, or None for whoever joins next (empty: the
    # challenger first, then everyone in the order they joined).
    seating: tuple[int | None, ...] = ()
    clock: TimeControl | None = None  # a live challenge's game clock (None: a time per move, turn_seconds)

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def challenger_seat(self) -> int:
        """The seat the challenger takes (0 moves first)."""
        return self.seating.index(self.challenger.id) if self.seating else 0

    def seated(self) -> tuple[Player, ...]:
        """Everyone accepted so far, in the order of the seats they take: those the seating names in
        their seats, those who joined in the open seats in the order they joined (seats left empty
        dropped)."""
        if not self.seating:
            return self.accepted
        pool = list(self.accepted)
        order: list[Player | None] = []
        for uid in self.seating:
            if uid is None:
                order.append(None)
                continue
            found = next((p for p in pool if p.id == uid), None)
            if found is not None:
                pool.remove(found)
                order.append(found)
        joiners = iter(pool)
        placed = [p for p in (o or next(joiners, None) for o in order) if p is not None]
        return tuple(placed) + tuple(joiners)

    @property
    def has_open_seats(self) -> bool:
        """Anyone may take a seat (some seats are not reserved for named players)."""
        return self.players > 1 + len(self.invited)

    @property
    def waiting_for(self) -> tuple[Player, ...]:
        seated = {p.id for p in self.accepted}
        return tuple(p for p in self.invited if p.id not in seated)

    @property
    def free_seats(self) -> int:
        return self.players - len(self.accepted) - len(self.waiting_for)

    @property
    def may_start_early(self) -> bool:
        """The challenger may begin before the open seats are filled (games for a range of counts)."""
        return self.has_open_seats and self.players > self.rules.players.start

    @property
    def can_start(self) -> bool:
        """Start early is possible now: everybody named has accepted and enough players are seated."""
        return self.may_start_early and not self.waiting_for and len(self.accepted) >= self.rules.players.start


@dataclass(frozen=True)
class RatingChange:
    seat: int
    player: Player
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class Match:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[Player, ...]
    state: State
    status: MatchStatus
    turn_seconds: int
    deadline: float | None
    draw_offer: int | None
    moves: tuple[str, ...]
    outcome: Outcome | None = None  # the final result, also for resignations, timeouts and agreed draws
    ratings: tuple[RatingChange, ...] = field(default=())
    finished_at: float | None = None
    stand_ins: tuple[str | None, ...] = ()  # per seat: the level of the computer playing for a player who left
    leavers: tuple[int, ...] = ()  # the seats whose players left, first to leave first
    # per seat: how many moves had been played when its player left (None: never left), so that a seat's moves
    # are credited to its player before and to the computer standing in after; read for analyses
    # (bot.service.analyses), empty elsewhere
    left_plies: tuple[int | None, ...] = ()
    board_message: int | None = None  # the message with the latest board posted, in channel_id (None: none known)
    takeback: int | None = None  # the seat asking to take its last move back (two-player matches)
    undone: int = 0  # moves taken back so far
    # A number stored with the match that grows with every change of the position, a move (by 1) or a
    # takeback (by the moves taken back): a panel or button made at another stamp was made for another
    # position. It is moves played + 2 · moves taken back, as it was worked out before it was stored.
    stamp: int = 0
    tournament_id: int | None = None  # a tournament's game: the tournament's id, and its round
    tournament_round: int | None = None
    rated: bool = True  # whether its result moves ratings (a tournament's game may be unrated)
    clock: GameClock | None = None  # a live match's game clocks (None: played by correspondence, turn_seconds a move)
    ping_message: int | None = None  # a live match's message pinging the player to move (None: none)

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def names(self) -> list[str]:
        """Each seat's name as boards, histories and replays show it: a seat a computer took over says
        so, and when several computers play each is told apart by its seat ("Computer (easy) · Green").
        In the current language (computers' names and seats)."""
        computers = sum(p.is_computer for p in self.seats)
        names = []
        for seat, player in enumerate(self.seats):
            if self.stand_in(seat) is not None:
                # Translators: a seat whose player left, played on by the computer; {player} is their name
                names.append(_("Computer for {player}", player=player.name))
            elif player.is_computer and computers > 1:
                # Translators: a computer player told apart from the others by its seat: "Computer (easy) · Green"
                names.append(_("{computer} · {side}", computer=player.shown, side=self.rules.seat_name(seat)))
            else:
                names.append(player.shown)
        return names

    def stand_in(self, seat: int) -> str | None:
        return self.stand_ins[seat] if seat < len(self.stand_ins) else None

    def plays(self, seat: int) -> Player:
        """Who makes the moves of a seat: its player, or the computer standing in for one who left."""
        level = self.stand_in(seat)
        return self.seats[seat] if level is None else computer(level)

    @property
    def to_move(self) -> Player | None:
        """Who is to move: a person, or a computer (a computer seat, or one standing in)."""
        seat = self.state.to_move if self.status == MatchStatus.ACTIVE else None
        return None if seat is None else self.plays(seat)

    @property
    def seat_to_move(self) -> int:
        """The seat to move in an active match; ValueError once it is over (nobody is to move)."""
        seat = self.state.to_move if self.status == MatchStatus.ACTIVE else None
        if seat is None:
            raise ValueError(f"nobody is to move in match {self.id}: it is over")
        return seat

    @property
    def computer_to_move(self) -> str | None:
        """The level of the computer to move, if a computer is to move."""
        player = self.to_move
        return player.level if player is not None else None

    @property
    def people(self) -> list[Player]:
        """The people still playing: not computers, not players who left."""
        return [p for seat, p in enumerate(self.seats) if not p.is_computer and self.stand_in(seat) is None]

    @property
    def live(self) -> bool:
        """Played on a game clock: one board message, edited after every move."""
        return self.clock is not None

    def seat_of(self, user_id: int) -> int | None:
        for seat, player in enumerate(self.seats):
            if player.id == user_id:
                return seat
        return None


@dataclass(frozen=True)
class ChallengeChange:
    """A challenge as a change just left it (made, answered, expired), with the change's outbox note
    for whoever shows it (None where the service keeps no notes: the console)."""

    challenge: Challenge
    note: int | None = None

    @property
    def record(self) -> Challenge:
        """The challenge (as MatchChange.record is the match: code that takes either reads this)."""
        return self.challenge


@dataclass(frozen=True)
class MatchChange:
    """A match as a change just left it (started, a move, a resignation, a time-out, …), with the
    change's outbox note for whoever shows it and the notes of the match's earlier changes not shown
    yet, oldest first: they are shown before this one, so that the channel reads in order."""

    match: Match
    note: int | None = field(default=None, kw_only=True)
    earlier: tuple[int, ...] = field(default=(), kw_only=True)

    @property
    def record(self) -> Match:
        """The match (as ChallengeChange.record is the challenge)."""
        return self.match


@dataclass(frozen=True)
class MoveResult(MatchChange):
    seat: int
    notation: str


@dataclass(frozen=True)
class DrawOffer(MatchChange):
    seat: int


@dataclass(frozen=True)
class Takeback(MatchChange):
    """A takeback asked for, granted (at once against the computer, or accepted) or declined. `match` as
    it stands after it; `seat` asked; `moves` were taken back, oldest first (none unless granted)."""

    seat: int
    status: str  # "asked", "granted" or "declined"
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard or of a player's stats."""

    player: Player
    game: str
    rating: float
    rd: float
    wins: int
    losses: int
    draws: int
    rank: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def record(self) -> str:
        """"12 games · 8W 3L 1D", as leaderboards and stats show it."""
        # Translators: a player's record: games played, then wins (W), losses (L) and draws (D)
        return ngettext("{n} game · {wins}W {losses}L {draws}D", "{n} games · {wins}W {losses}L {draws}D", self.games,
                        wins=number(self.wins), losses=number(self.losses), draws=number(self.draws))

    @property
    def provisional(self) -> bool:
        return self.rd > 110


@dataclass(frozen=True)
class Notice:
    """A change stored but not shown yet: an outbox note that fell due (its poster stopped, or Discord
    refused the post), with what it is about as it stood after that change.

    id: its note. kind: what changed. challenge: the challenge (a match's, for the match's notes). match:
    the match after the change (for an older move, the position then). seat: who moved, offered,
    resigned or ran out of time. via: the interaction whose first reply was to post it ("<id>:<token>").
    latest: no later note about the same match, so it may ping whoever is to move now. behind: made while
    earlier changes of the match were not shown yet (its reply, if still "thinking…", may be above them).
    earlier: the notes of the match's changes before it still not shown, oldest first.
    """

    id: int
    kind: NoticeKind
    challenge: Challenge
    match: Match | None
    seat: int | None
    via: str | None
    created_at: float
    latest: bool = True
    behind: bool = False
    earlier: tuple[int, ...] = ()


@dataclass(frozen=True)
class Expired:
    """What a background sweep closed: challenges that ran out and matches whose turn timer fired."""

    challenges: tuple[ChallengeChange, ...]
    matches: tuple[MatchChange, ...]


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
