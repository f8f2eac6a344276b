"""The questions that set up a tournament at the console: the game, the format, the players at each game
(for a game of more than two), the game's options (asked as a match's are), the entrants (names and
computer levels on one line) and, for a Swiss, the rounds. As at a match's set-up, every answer is
checked as it is typed, `back` asks the question before again, and `help`, `quit` and the commands of
every prompt work at each question."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.console.setup import MAX_NAME, Answer, Anywhere, Back, Setup, local_player
from bot.console.terminal import Terminal
from bot.errors import PlayerError
from bot.models import COMPUTER_LEVELS, Player, computer
from bot.service.rounds import seat_counts
from bot.service.tournaments import MAX_PLAYERS, MAX_ROUND_ROBIN, MAX_ROUNDS
from bot.tournaments.model import Format
from bot.tournaments.pairing import default_rounds
from i18n import _, ngettext
from rules import Game

FORMATS = {"swiss": Format.SWISS, "round_robin": Format.ROUND_ROBIN, "double": Format.DOUBLE}
GAME, FORMAT, SIZE = 0, 1, 2  # the first answers' places; the options follow, then the entrants and the rounds


@dataclass(frozen=True)
class TournamentPlan:
    """A tournament as set up: its game and options, its format, the players at each game, the entrants
    (people and computers, as typed) and, for a Swiss, the rounds (None: as many as its entrants need)."""

    game: Game
    format: Format
    table_size: int
    options: dict[str, Any]
    entrants: list[Player]
    rounds: int | None

    @property
    def organiser(self) -> Player:
        """The first person named: they organise the tournament."""
        return next(p for p in self.entrants if not p.is_computer)


def least_entrants(game: Game, options: dict[str, Any], size: int) -> int:
    """The fewest entrants a tournament of games of `size` may start with (as the service counts them)."""
    return 2 if size == 2 else seat_counts(game, options, size)


def format_word(answer: str) -> Format | None:
    """The format an answer names: `swiss`, `round_robin` (or `round robin`, `round-robin`), `double`."""
    return FORMATS.get("_".join(answer.lower().replace("-", " ").split()))


def read_entrants(answer: str) -> tuple[list[Player], str | None]:
    """The entrants a line names, in order: names, and computers by their level (`hard`, or `computer
    hard`; `computer` alone plays at medium); and what is wrong with it, if anything."""
    entrants: list[Player] = []
    for item in answer.split(","):
        name = " ".join(item.split())
        if not name:
            continue
        words = name.lower().split()
        named = words[0] == "computer"
        level = (" ".join(words[1:]) or "medium") if named else name.lower()
        if level in COMPUTER_LEVELS:
            player = computer(level)
            if any(p.id == player.id for p in entrants):
                return entrants, _("Each computer level plays once in a tournament: {level} is named twice.",
                                   level=level)
        elif named:
            return entrants, _("A computer plays at {levels}: type `hard`, say.", levels=", ".join(COMPUTER_LEVELS))
        else:
            if len(name) > MAX_NAME:
                return entrants, ngettext("Please keep each name to {n} character.",
                                          "Please keep each name to {n} characters.", MAX_NAME)
            player = local_player(name)
            if any(p.id == player.id for p in entrants):
                return entrants, _("{name} is named twice: type each player once.", name=name)
        entrants.append(player)
    if not entrants:
        return entrants, _("Please type the players' names, separated by commas.")
    if all(p.is_computer for p in entrants):
        return entrants, _("One player at least must be a person: the first person named organises the tournament.")
    return entrants, None


class TournamentSetup:
    """The tournament's questions, asked at a terminal through a match's set-up questions (`Setup`):
    the same checks, `back`, `help` and the commands of every prompt (`anywhere`)."""

    def __init__(self, terminal: Terminal, anywhere: Anywhere | None = None):
        self.say = terminal.say
        self.questions = Setup(terminal, anywhere)
        self.answers: list[Answer] = self.questions.answers  # shared: its `help` names the game chosen

    async def run(self, game: Game | None = None) -> TournamentPlan | None:
        """Ask every question (`game` already answered if given); the plan, or None after `back` at the
        first question."""
        self.answers.clear()
        if game is not None:
            self.answers.append(Answer(game))
        self.say(_("Setting up a tournament: `back` at any question goes back to the one before; `help` lists "
                   "what else you can type."))
        while True:
            question = self.next_question()
            if question is None:
                return self.plan
            try:
                self.answers.append(await question())
            except Back:
                while self.answers and not self.answers[-1].asked:
                    self.answers.pop()
                if not self.answers:
                    return None
                self.answers.pop()

    @property
    def plan(self) -> TournamentPlan:
        game, kind, size = (self.answers[k].value for k in (GAME, FORMAT, SIZE))
        count = len(game.options)
        values = [answer.value for answer in self.answers[SIZE + 1:SIZE + 1 + count]]
        entrants, rounds = (answer.value for answer in self.answers[SIZE + 1 + count:])
        options = dict(zip((spec.name for spec in game.options), values))
        return TournamentPlan(game, kind, size, options, entrants, rounds)

    def next_question(self) -> Callable[[], Awaitable[Answer]] | None:
        answered = len(self.answers)
        if answered == GAME:
            return lambda: self.questions.game(leave=True)
        game: Game = self.answers[GAME].value
        if answered == FORMAT:
            return lambda: self.format(game)
        kind: Format = self.answers[FORMAT].value
        if answered == SIZE:
            return lambda: self.table_size(game, kind)
        size: int = self.answers[SIZE].value
        options = self.answers[SIZE + 1:]
        if len(options) < len(game.options):
            answers = {spec.name: answer.value for spec, answer in zip(game.options, options)}
            return lambda: self.questions.option(game, size, answers)
        settled = game.resolve_options({spec.name: answer.value for spec, answer in zip(game.options, options)})
        rest = self.answers[SIZE + 1 + len(game.options):]
        if not rest:
            return lambda: self.entrants(game, kind, size, settled)
        if len(rest) == 1:
            return lambda: self.rounds(kind, size, len(rest[0].value))
        return None

    async def format(self, game: Game) -> Answer:
        if 2 not in game.players:  # only a Swiss seats more than two at a game
            return Answer(Format.SWISS, asked=False)
        self.say(_("Formats: swiss (each round pairs players with equal scores; the rounds are set), round_robin "
                   "(everyone meets everyone once), double (everyone meets everyone twice, each side once)."))
        # Translators: the format's names (swiss, round_robin, double) are typed as they are, in every language
        prompt = _("Format (swiss / round_robin / double, or `back`) [swiss]:") + " "
        while True:
            answer = await self.questions.ask(prompt) or "swiss"
            found = format_word(answer)
            if found is not None:
                return Answer(found)
            self.say(_("There is no format {format}: choose swiss, round_robin or double.", format=repr(answer)))

    async def table_size(self, game: Game, kind: Format) -> Answer:
        """The players at each game: two in a round robin (and in games of two), else asked."""
        low, high = game.players.start, game.players.stop - 1
        if kind != Format.SWISS or low == high:
            return Answer(2 if kind != Format.SWISS else low, asked=False)
        while True:
            prompt = _("Players at each game ({low}–{high}, or `back`) [{low}]:", low=low, high=high) + " "
            answer = await self.questions.ask(prompt) or str(low)
            if answer.isdigit() and int(answer) in game.players:
                return Answer(int(answer))
            self.say(ngettext("{game} is played by {low} to {n} player: type a number from {low} to {n}.",
                              "{game} is played by {low} to {n} players: type a number from {low} to {n}.",
                              high, game=game.title, low=low))

    async def entrants(self, game: Game, kind: Format, size: int, options: dict[str, Any]) -> Answer:
        """Everyone who plays, on one line: people by name, computers by level; the first person named
        organises it."""
        try:
            least = least_entrants(game, options, size)
        except PlayerError:  # no table smaller than `size` can be played: the service says so at the start
            least = size
        most = MAX_PLAYERS if kind == Format.SWISS else MAX_ROUND_ROBIN
        prompt = _("Players, separated by commas: names, and computers as {levels} (`alice, bob, carol, hard`), "
                   "or `back`:", levels=" / ".join(COMPUTER_LEVELS)) + " "
        while True:
            entrants, problem = read_entrants(await self.questions.ask(prompt))
            if problem is None and len(entrants) < least:
                problem = ngettext("A tournament needs at least {n} player.", "A tournament needs at least {n} players.",
                                   least)
            if problem is None and len(entrants) > most:
                problem = ngettext("This tournament may take {n} player at most.",
                                   "This tournament may take {n} players at most.", most)
            if problem is None:
                return Answer(entrants)
            self.say(problem)

    async def rounds(self, kind: Format, size: int, entrants: int) -> Answer:
        """A Swiss's rounds (Enter: as many as its entrants need); a round robin has as many as it takes."""
        if kind != Format.SWISS:
            return Answer(None, asked=False)
        default = default_rounds(kind, entrants, size)
        prompt = _("Rounds (1–{most}, or `back`) [{rounds}]:", most=MAX_ROUNDS, rounds=default) + " "
        while True:
            answer = await self.questions.ask(prompt)
            if not answer:
                return Answer(None)
            if answer.isdigit() and 1 <= int(answer) <= MAX_ROUNDS:
                return Answer(int(answer))
            self.say(_("A tournament has 1 to {most} rounds: type a number from 1 to {most}.", most=MAX_ROUNDS))
