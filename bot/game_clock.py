"""Game clocks for live play: a time control ("5+3": minutes each, and seconds added after every move),
each seat's time left in a match played on one, and the clocks as people read them.

A clock runs only on its seat's turn. `GameClock.left` is each seat's time when its clock last stopped;
for the seat to move (`running`) it is the time it had when its clock started, at `since`, so the time
it has now is `left - (now - since)` and its clock runs out at `deadline`.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from bot.errors import NotAllowed
from i18n import _
from renderers.cards import Names, SeatClock

MIN_MINUTES, MAX_MINUTES = 1, 180
MAX_INCREMENT = 180
PRESETS = ("3+2", "5+3", "10+5", "15+10", "30+20")  # offered by /challenge's clock: and the console
LOW_SHARE, LOW_LEAST = 0.2, 30.0  # time is low under this share of the starting time, or this many seconds
CONTROL = re.compile(r"^\s*(\d{1,4})\s*(?:[+|]\s*(\d{1,4})\s*)?$")


@dataclass(frozen=True)
class TimeControl:
    """Each player's time at the start, and the seconds added after each of their moves."""

    seconds: int
    increment: int = 0

    @property
    def text(self) -> str:
        """"5+3": minutes, then the increment in seconds."""
        minutes = self.seconds // 60 if self.seconds % 60 == 0 else round(self.seconds / 60, 1)
        return f"{minutes}+{self.increment}"

    @property
    def low_mark(self) -> float:
        """Under this many seconds left, a player's time is low (they are warned once)."""
        return max(LOW_SHARE * self.seconds, LOW_LEAST)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """A time control as typed: "5+3" (minutes + increment seconds), "10" (no increment). NotAllowed,
        saying what is accepted, for anything else or out of bounds."""
        found = CONTROL.match(text or "")
        if found is None:
            raise NotAllowed(_("A clock is written minutes+increment, as 5+3: five minutes each, and three "
                               "seconds more after every move."))
        minutes, increment = int(found.group(1)), int(found.group(2) or 0)
        if not MIN_MINUTES <= minutes <= MAX_MINUTES or increment > MAX_INCREMENT:
            raise NotAllowed(_("A clock must give {least} to {most} minutes each, and an increment of at most "
                               "{increment} seconds.", least=MIN_MINUTES, most=MAX_MINUTES, increment=MAX_INCREMENT))
        return cls(minutes * 60, increment)


@dataclass(frozen=True)
class GameClock:
    """The clocks of a match played on a time control (see the module docstring)."""

    control: TimeControl
    left: tuple[float, ...]
    running: int | None = None
    since: float | None = None
    warned: tuple[bool, ...] = ()

    def time_left(self, seat: int, now: float) -> float:
        """The seconds `seat` has left at `now` (never below 0)."""
        left = self.left[seat]
        if seat == self.running and self.since is not None:
            left -= max(0.0, now - self.since)
        return max(0.0, left)

    @property
    def deadline(self) -> float | None:
        """When the running clock runs out (None: no clock runs)."""
        if self.running is None or self.since is None:
            return None
        return self.since + self.left[self.running]

    def is_low(self, seat: int, now: float) -> bool:
        return self.time_left(seat, now) < self.control.low_mark

    def moved(self, seat: int, received: float) -> GameClock:
        """`seat` moved, its move received at `received`: its clock stops, charged the time since it
        started, and gains the increment (a seat whose clock was not running, a computer's standing in
        for a player who left, gains nothing); no clock runs until `started`."""
        left = list(self.left)
        left[seat] = self.time_left(seat, received) + (self.control.increment if seat == self.running else 0)
        return replace(self, left=tuple(left), running=None, since=None)

    def stopped(self, now: float) -> GameClock:
        """The running clock stopped at `now`, charged the time since it started (no increment)."""
        if self.running is None:
            return self
        left = list(self.left)
        left[self.running] = self.time_left(self.running, now)
        return replace(self, left=tuple(left), running=None, since=None)

    def started(self, seat: int | None, now: float) -> GameClock:
        """`seat`'s clock runs from `now` (None: no clock runs: the game is over, or a computer stands in)."""
        return replace(self, running=seat, since=None if seat is None else now)

    def effort(self, seat: int, cap: float) -> float:
        """How much of its level's budget a computer playing `seat` searches with, whose search would
        take up to `cap` seconds: all of it while it has time, less when its time left at the start of
        its turn (a stored value, so the same position searches the same way again) would not cover
        about twenty more moves like it, never below a twentieth."""
        target = self.left[seat] / 20 + 0.8 * self.control.increment
        return max(0.05, min(1.0, target / cap)) if cap > 0 else 1.0

    def faces(self, now: float) -> tuple[SeatClock, ...]:
        """Every seat's clock as a picture shows it at `now`."""
        return tuple(SeatClock(clock_text(self.time_left(seat, now)), self.is_low(seat, now))
                     for seat in range(len(self.left)))


def clock_text(seconds: float) -> str:
    """Time left as a clock shows it: "4:32", "0:07", "1:02:03", in whole seconds rounded up, so that a
    clock reads 0:00 only once it has run out."""
    whole = max(0, math.ceil(seconds - 1e-6))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def with_clocks(names: list[str], clock: GameClock | None, now: float) -> list[str] | Names:
    """The names a picture of a match is drawn with: with each seat's clock at `now`, for a match on a clock."""
    return names if clock is None else Names(names, clocks=clock.faces(now))
