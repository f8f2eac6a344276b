"""The game contract shared by every game: errors, outcomes, option specs and the game record."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol, TypeVar, runtime_checkable

from i18n import N_, _, ngettext, pgettext


class IllegalMove(ValueError):
    """A move the rules refuse; the message is one line meant for the player."""


class InvalidNotation(IllegalMove):
    """The move could not be read at all (a syntax error, not a rules error)."""


QUOTED = 24  # the most of a player's text a refusal quotes


def shown(text: str) -> str:
    """How a refusal names a move it could not read: quoted as typed (control characters escaped),
    cut short when long, or "an empty move"."""
    text = text.strip()
    if not text:
        # Translators: stands for the move in "Can't read {text}: …" when nothing was typed
        return _("an empty move")
    return repr(text if len(text) <= QUOTED else text[: QUOTED - 1] + "…")


def translated(message: str) -> str:
    """`message` (English, marked with N_ where it was written) in the current language; "" stays ""
    (gettext would give the catalog's header for it)."""
    return _(message) if message else ""


def seat_word(name: str) -> str:
    """A side's name as a game calls it ("White", "Light") in the current language: its translation in
    the context "seat", else the name's own entry (the names are marked with N_ where a game defines
    them, which the catalog keeps without a context), else the English name."""
    found = pgettext("seat", name)
    return _(name) if found == name else found


Words = tuple[tuple[str, str | int], ...]
"""A message's named arguments, in order: kept with its English template and filled in where it is shown."""

COUNTED: dict[str, Callable[..., str]] = {}
"""The messages kept as templates with a count `{n}`, by template: how each is worded for its count in the
current language (a function calling i18n.ngettext, where the catalog finds its forms). See `counted_words`."""

Wording = TypeVar("Wording", bound=Callable[..., str])


def counted_words(template: str) -> Callable[[Wording], Wording]:
    """Registers the function below it as the wording of `template`, a reason kept with a count `{n}`
    among its arguments: it is called with the arguments (the count as `n`) and calls
    ngettext with the singular and plural of the message (whose plural is `template`)."""
    def register(wording: Wording) -> Wording:
        COUNTED[template] = wording
        return wording

    return register


def worded(template: str, words: Words = ()) -> str:
    """A message kept as its English `template` and named arguments, in the current language: an
    argument whose name ends in `side` is a side's name (`seat_word`), a template registered with
    `counted_words` is worded by its function; a template with no arguments is translated as it is
    (a reason stored before reasons kept their arguments is a whole English sentence)."""
    if not words:
        return translated(template)
    params = {key: seat_word(value) if key.endswith("side") and isinstance(value, str) else value
              for key, value in words}
    if template in COUNTED:
        return COUNTED[template](**params)
    return _(template, **params)


class BadOptions(ValueError):
    """Game options that cannot start a game; the message is meant for the player."""


class Cause(StrEnum):
    """Why a match ended, for code to decide by (`Outcome.reason_text()` is the words for people). Stored with
    every finished match, so a new value needs no migration, only the code that reads it."""

    RULES = "rules"  # the game's own end: a full board, a nest reached, no move left, a repetition…
    RESIGNATION = "resignation"  # a player gave up
    TIME = "time"  # a player's turn timer ran out
    AGREEMENT = "agreement"  # the players agreed a draw


LEAVING = {  # the reason when a player leaves, with the player's name as {player}
    # Translators: why a match ended; {player} is the name of the player who gave up
    Cause.RESIGNATION: N_("{player} resigned"),
    # Translators: why a match ended; {player} is the name of the player whose time for a turn ran out
    Cause.TIME: N_("{player} ran out of time"),
}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    places: groups of seats, best first: ({0}, {1}) means seat 0 won, ({0, 1},) is a draw.
    scores: one number per seat (pieces, points) when they decided the places; None otherwise (a
    nest reached, a resignation, an agreed draw, a game that keeps no score), so that a result is
    never shown with a score that had nothing to do with it.
    reason: why, as the English template of a message for people ("board full", "{player} resigned",
    "{side} has no pieces left"), with its named arguments in `words` ((("player", "alice"),)); both
    are stored with a finished match, and `reason_text()` says it in the language of whoever reads it
    (a position and its outcome are shared by players of every language). cause: what ended it, for code.

    Build one with the constructors below rather than by hand; their `**words` are the reason's arguments.
    """

    places: tuple[frozenset[int], ...]
    scores: tuple[int, ...] | None
    reason: str
    cause: Cause = Cause.RULES
    words: Words = ()

    @classmethod
    def won(cls, winner: int, reason: str, players: int = 2, **words: str | int) -> Outcome:
        """The rules' end with `winner` first and every other seat sharing second place."""
        return cls(places=(frozenset({winner}), frozenset(range(players)) - {winner}), scores=None, reason=reason,
                   words=tuple(words.items()))

    @classmethod
    def drawn(cls, reason: str, players: int = 2, **words: str | int) -> Outcome:
        """The rules' end with every seat sharing one place."""
        return cls(places=(frozenset(range(players)),), scores=None, reason=reason, words=tuple(words.items()))

    @classmethod
    def ranked(cls, scores: Sequence[int], reason: str, **words: str | int) -> Outcome:
        """The rules' end with places from scores, highest first; equal scores share a place (two
        players with equal scores draw)."""
        levels = sorted(set(scores), reverse=True)
        places = tuple(frozenset(s for s, v in enumerate(scores) if v == level) for level in levels)
        return cls(places=places, scores=tuple(scores), reason=reason, words=tuple(words.items()))

    @classmethod
    def agreed_draw(cls, players: int = 2) -> Outcome:
        """A draw the players agreed: "draw agreed"."""
        # Translators: why a match ended: the players agreed a draw
        return replace(cls.drawn(N_("draw agreed"), players), cause=Cause.AGREEMENT)

    @classmethod
    def left(cls, cause: Cause, name: str, players: int, leavers: Sequence[int],
             scores: Sequence[int] | None = None) -> Outcome:
        """The end when `name`, the last of `leavers` (first to leave first), resigned (Cause.RESIGNATION:
        "alice resigned") or ran out of time (Cause.TIME: "alice ran out of time"): the others share
        the first place, or with `scores` (the game's running score) and two or more of them left,
        are ranked by them; then the leavers, the first to leave last."""
        reason = LEAVING[cause]
        others = [seat for seat in range(players) if seat not in leavers]
        if scores is None or len(others) < 2:  # the scores decide nothing: they are not part of the result
            above: tuple[frozenset[int], ...] = (frozenset(others),) if others else ()
            scores = None
        else:
            ranked = cls.ranked([scores[s] for s in others], reason).places
            above = tuple(frozenset(others[i] for i in group) for group in ranked)
        below = tuple(frozenset({s}) for s in reversed(leavers))
        return cls(places=above + below, scores=tuple(scores) if scores is not None else None, reason=reason,
                   cause=cause, words=(("player", name),))

    def reason_text(self) -> str:
        """The reason in the current language, its arguments filled in: "alice resigned", "Black has no
        pieces left"."""
        return worded(self.reason, self.words)

    @property
    def winners(self) -> frozenset[int]:
        return self.places[0] if len(self.places) > 1 else frozenset()

    @property
    def is_draw(self) -> bool:
        return len(self.places) == 1

    @property
    def finishing_order(self) -> list[int]:
        """Every seat, best placed first (seats sharing a place in seat order)."""
        return [seat for group in self.places for seat in sorted(group)]

    @property
    def names_a_player(self) -> bool:
        """Whether the reason starts with a player's name ("alice resigned"), so must be shown as written."""
        return self.cause in LEAVING

    def record(self, seat: int) -> str:
        """How the game counts in `seat`'s record: "draw" only when every player shares one place,
        else "win" for each player in the first place (shared or not) and "loss" for the others."""
        if self.is_draw:
            return "draw"
        return "win" if seat in self.places[0] else "loss"


GAME_OVER = N_("The game is over")


def still_playing(to_move: int | None) -> int:
    """The seat to move, or IllegalMove when the game is over (nobody is to move)."""
    if to_move is None:
        raise IllegalMove(_(GAME_OVER))
    return to_move


@dataclass(frozen=True)
class LastMove:
    """What the last move did, for the bot's message and the renderer.

    effect: a short phrase in English ("clone, 3 flipped"), empty when there is nothing to add; people
    read it as `effect_text()`, in their language (a position is shared by players of every language).
    passed: seats that had no legal move afterwards and were skipped automatically.
    """

    seat: int
    notation: str
    effect: str = ""
    passed: tuple[int, ...] = ()

    def effect_text(self) -> str:
        """The effect in the current language: the effect translated as it is (a fixed phrase marked
        with N_ where it is made); a game whose effects carry numbers or names words them from its own
        last move's fields, overriding this."""
        return translated(self.effect)


@dataclass(frozen=True)
class OptionSpec:
    """One typed game option, as the bot offers it at challenge time."""

    name: str
    type: type
    default: Any
    help: str
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None

    @property
    def default_text(self) -> str:
        """' (default 5)' in the current language, or nothing where the default depends on other options
        (the help says how)."""
        # Translators: follows an option's help; {value} is the option's value as typed (5, flat)
        return "" if self.default is None else _(" (default {value})", value=self.default)

    def name_text(self) -> str:
        """The option's name as the current language's commands call it (its Discord name there)."""
        return pgettext("option name", self.name)

    def help_text(self) -> str:
        """The option's help in the current language (`help` is the English, marked with N_)."""
        return translated(self.help)

    def check(self, value: Any) -> Any:
        if self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                try:
                    value = int(str(value).strip())
                except ValueError:
                    raise BadOptions(_("{option} must be a whole number", option=self.name)) from None
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise BadOptions(_("{option} must be between {low} and {high}, not {value}",
                                   option=self.name, low=self.min, high=self.max, value=value))
        elif self.type is str:
            value = str(value).strip().lower()
        if self.choices is not None and value not in self.choices:
            raise BadOptions(_("{option} must be one of {choices}", option=self.name,
                               choices=", ".join(map(str, self.choices))))
        return value


@runtime_checkable
class State(Protocol):
    """A position of any game: an immutable value (equal positions compare equal), which pickles,
    because boards are drawn and computer players search in worker processes.

    game: the registered name. players: how many seats. to_move: the seat to move, 0 first, None
    once the game is over. last: what the last move did (None at the start). outcome: None while the
    game runs. legal_moves(): every legal move now, in canonical notation, no duplicates.
    play(text): the position after the move `text` names in any accepted spelling, recording its
    canonical notation in `last`, with automatic passes already made; IllegalMove (InvalidNotation
    when it cannot be read) with a one-line reason for the player.

    The last four are the optional hooks: a game's state class gets their defaults by inheriting
    `rules.contract.Hooks` and overrides those its game needs (see rules/contract.py).
    """

    @property
    def game(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def last(self) -> LastMove | None: ...
    @property
    def outcome(self) -> Outcome | None: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> State: ...
    def move_parts(self, move: str) -> tuple[str, ...]: ...
    def describe(self, prefix: str, count: int) -> str: ...
    def place_note(self, name: str) -> str: ...
    @property
    def scores(self) -> tuple[int, ...] | None: ...


@dataclass(frozen=True)
class EndedEarly:
    """A position whose match ended outside the rules (a resignation, a time-out, an agreed draw):
    the position as play stopped, with that result and nobody to move.

    Every other attribute (the board, the last move, whatever a game's states carry) is the
    position's own, so a renderer draws it as a finished game without knowing how it ended.
    """

    state: State
    outcome: Outcome

    @property
    def to_move(self) -> None:
        return None

    def legal_moves(self) -> list[str]:
        return []

    def play(self, move: str) -> State:
        raise IllegalMove(_(GAME_OVER))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "state":  # copying and pickling look these up before `state` is set
            raise AttributeError(name)
        return getattr(self.state, name)


def ended(state: State, outcome: Outcome) -> State:
    """`state` with `outcome` as its result: itself when the rules ended it so, else an EndedEarly."""
    return state if state.outcome == outcome else EndedEarly(state, outcome)


class NewGame(Protocol):
    """A game's `new(players, options, seed)`: the start position for a player count already checked
    and options already resolved (defaults filled in); the seed decides anything random about it."""

    def __call__(self, players: int, options: Mapping[str, Any], seed: int, /) -> State: ...


@dataclass(frozen=True)
class Game:
    """A registered game: its names, player counts, options and how to start it.

    seat_names are the sides as the game calls them ("White", "Light"); rules_text and notation are
    shown by /rules; house_rules lists every decision this project made beyond the original text.
    Every text here (the title aside, a proper name) is English, marked with N_ where the game defines
    it, and read in the current language through the methods below (`seat_name`, `summary_text`,
    `rules_paragraphs`, `notation_text`, `house_rules_text`; an option's `help_text` and `default_text`).
    rules_text holds one paragraph a line, each its own message, so a translator works paragraph by paragraph.
    """

    name: str
    title: str
    players: range
    options: tuple[OptionSpec, ...]
    seat_names: tuple[str, ...]
    summary: str
    rules_text: str
    house_rules: tuple[str, ...]
    notation: str
    new: NewGame = field(repr=False)
    settle: Callable[[dict[str, Any]], dict[str, Any]] | None = field(default=None, repr=False)
    """Fills in defaults that depend on other options and checks options together (BadOptions)."""

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in and every value checked, or BadOptions."""
        options = dict(options or {})
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadOptions(_("{game} has no option {option}", game=self.title, option=repr(unknown[0])))
        resolved = {
            name: spec.check(options[name]) if options.get(name) is not None else spec.default
            for name, spec in known.items()
        }
        return self.settle(resolved) if self.settle else resolved

    def start(self, players: int = 2, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        if players not in self.players:
            low, high = self.players.start, self.players.stop - 1
            if low == high:
                raise BadOptions(ngettext("{game} is played by {n} player, not {players}",
                                          "{game} is played by {n} players, not {players}", low,
                                          game=self.title, players=players))
            raise BadOptions(ngettext("{game} is played by {low} to {n} player, not {players}",
                                      "{game} is played by {low} to {n} players, not {players}", high,
                                      game=self.title, low=low, players=players))
        return self.new(players, self.resolve_options(options), seed)

    def summary_text(self) -> str:
        return translated(self.summary)

    def rules_paragraphs(self) -> tuple[str, ...]:
        """The rules, a paragraph (a line of `rules_text`) at a time, in the current language."""
        return tuple(translated(paragraph) for paragraph in self.rules_text.split("\n"))

    def notation_text(self) -> str:
        return translated(self.notation)

    def house_rules_text(self) -> tuple[str, ...]:
        return tuple(translated(rule) for rule in self.house_rules)

    def seat_name(self, seat: int) -> str:
        """The side `seat` plays, as the game calls it, in the current language ("White"; "Seat 7" past
        the game's names)."""
        if seat < len(self.seat_names):
            return seat_word(self.seat_names[seat])
        # Translators: a side of a game that has no name for it; {number} counts from 1
        return _("Seat {number}", number=seat + 1)
