"""The questions that set up a match at the console: the game, how many play, who plays each seat, the
game's options, and whether it is played on a game clock. Every answer is checked as it is typed; a bad one is refused at once, with what is
accepted, and asked again; `back` asks the question before it again."""
from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.console.terminal import STOP_WORDS, Quit, Terminal
from bot.console.text import find_game, setup_help
from bot.errors import NotAllowed
from bot.game_clock import PRESETS, TimeControl
from bot.models import COMPUTER_LEVELS, Player, computer
from games import GAMES
from i18n import _, ngettext
from rules import BadOptions, Game, OptionSpec

MAX_NAME = 32
NO_CLOCK = ("", "none", "no")  # the answers to the clock question that play without one (typed so in every language)


def local_player(name: str) -> Player:
    """A local player: a stable negative id from the name (case and spacing ignored), so the same
    name keeps its rating. Negative ids never collide with Discord users."""
    name = " ".join(name.split())
    digest = hashlib.sha256(name.casefold().encode()).digest()
    return Player(-1 - int.from_bytes(digest[:7], "big"), name)


def bounds(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return f" ({' / '.join(map(str, spec.choices))})"
    if spec.min is not None and spec.max is not None:
        return f" ({spec.min}–{spec.max})"
    return ""


def candidates(spec: OptionSpec, samples: Sequence[Any]) -> list[Any]:
    """Values worth trying for an option not asked yet: all of them where there are few, else the
    values of its type among `samples` (the options' defaults: a nest may take the other's)."""
    if spec.choices is not None:
        return list(spec.choices)
    if spec.type is int and spec.min is not None and spec.max is not None:
        return list(range(spec.min, spec.max + 1))
    return [None, *(value for value in samples if isinstance(value, spec.type))]


def option_problem(game: Game, players: int, answers: Mapping[str, Any], later: Sequence[OptionSpec],
                   samples: Sequence[Any]) -> str | None:
    """Why the options answered so far (None for a default) cannot start the game whatever the options
    still to ask say; None when they can (with their defaults, or with some other answer to one)."""
    try:
        game.start(players, answers)
        return None
    except BadOptions as error:
        problem = str(error)
    for spec in later:
        for value in candidates(spec, samples):
            try:
                game.start(players, {**answers, spec.name: value})
                return None
            except BadOptions:
                continue
    return problem


def sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "。", "！", "？")) else text + "."


def whole(answer: str) -> bool:
    """Whether an answer is a whole number, as an option of whole numbers reads it."""
    try:
        int(answer.strip())
    except ValueError:
        return False
    return True


class Back(Exception):
    """`back` at a set-up question: the question before it again."""


@dataclass(frozen=True)
class Answer:
    value: Any
    asked: bool = True  # False: settled without a question (a game for one number of players)


@dataclass(frozen=True)
class Plan:
    """A match as set up: the game, how many play, who plays each seat in turn order, the options, and
    the game clock it is played on (None: none, a turn waits as long as it takes)."""

    game: Game
    count: int
    players: list[Player]
    options: dict[str, Any]
    clock: TimeControl | None = None


# The console's commands of every prompt (`rules`, `analyse`, `replay`), given the answer and the game to
# speak of by default: whether the answer was one of them.
Anywhere = Callable[[str, Game], Awaitable[bool]]


class Setup:
    """The set-up questions, asked at a terminal, each answer checked as it is typed. `back` at any of
    them asks the one before again; `quit` stops the console; `help` and the console's commands of every
    prompt (`anywhere`) are answered and the question asked again."""

    OWN = ("back", "help", *STOP_WORDS)  # the words every question takes as commands of its own, not answers

    def __init__(self, terminal: Terminal, anywhere: Anywhere | None = None):
        self.terminal = terminal
        self.say = terminal.say
        self.anywhere = anywhere
        self.answers: list[Answer] = []  # the game, the number of players, each seat's player, each option

    async def ask(self, prompt: str) -> str:
        while True:
            answer = self.terminal.ask(prompt)
            word = " ".join(answer.lower().split())
            game = self.game_chosen
            if word in STOP_WORDS:
                raise Quit
            if word == "back":
                raise Back
            if word == "help":
                self.say(setup_help(game))
            elif self.anywhere is None or not await self.anywhere(answer, game or next(iter(GAMES.values()))):
                return answer

    @property
    def game_chosen(self) -> Game | None:
        return self.answers[0].value if self.answers else None

    async def run(self, game: Game | None = None, leave: bool = False) -> Plan | None:
        """Ask every question, `game` already answered if given; the plan, or None after `back` at the
        first question when `leave` (there is somewhere to go back to)."""
        self.answers = [Answer(game)] if game is not None else []
        self.say(_("Setting up a match: `back` at any question goes back to the one before; `help` lists what else "
                   "you can type."))
        return await self.resume(leave)

    async def resume(self, leave: bool = False) -> Plan | None:
        """Ask the questions not answered yet (after `retry_options`, say)."""
        while True:
            question = self.next_question(leave)
            if question is None:
                return self.plan
            try:
                self.answers.append(await question())
            except Back:
                while self.answers and not self.answers[-1].asked:
                    self.answers.pop()
                if self.answers:
                    self.answers.pop()
                elif leave:
                    return None
                else:
                    self.say(_("This is the first question: answer it, or `quit` to stop."))

    def retry_options(self) -> None:
        """Forget the options' answers (and the clock's, asked after them), to ask them again."""
        del self.answers[2 + self.answers[1].value:]

    @property
    def plan(self) -> Plan:
        game, count = self.answers[0].value, self.answers[1].value
        players = [answer.value for answer in self.answers[2:2 + count]]
        first = 2 + count + len(game.options)
        values = [answer.value for answer in self.answers[2 + count:first]]
        clock = self.answers[first].value if len(self.answers) > first else None
        return Plan(game, count, players, dict(zip((spec.name for spec in game.options), values)), clock)

    def next_question(self, leave: bool) -> Callable[[], Awaitable[Answer]] | None:
        answered = len(self.answers)
        if answered == 0:
            return lambda: self.game(leave)
        game = self.answers[0].value
        if answered == 1:
            return lambda: self.count(game)
        count = self.answers[1].value
        seated = [answer.value for answer in self.answers[2:2 + count]]
        if len(seated) < count:
            return lambda: self.player(game, count, seated)
        options = self.answers[2 + count:]
        if len(options) < len(game.options):
            answers = {spec.name: answer.value for spec, answer in zip(game.options, options)}
            return lambda: self.option(game, count, answers)
        if len(options) == len(game.options):
            return self.clock
        return None

    async def game(self, leave: bool) -> Answer:
        games = list(GAMES.values())
        self.say(_("Games:"))
        for number, game in enumerate(games, 1):
            self.say(f"  {number}. {game.name:<14} {game.summary_text()}")
        self.say(_("(`rules <game>` shows a game's rules.)"))
        if leave:
            prompt = _("Game (name or number, or `back` to leave set-up) [{game}]:", game=games[0].name) + " "
        else:
            prompt = _("Game (name or number) [{game}]:", game=games[0].name) + " "
        while True:
            answer = (await self.ask(prompt)).lower() or games[0].name
            if answer.startswith("new "):  # `new <game>`, as at the other prompts, is the game here
                answer = answer.removeprefix("new ").strip()
            found = find_game(answer)
            if found is not None:
                return Answer(found)
            self.say(_("There is no game {name}: type its name or its number (1–{last}).", name=repr(answer),
                       last=len(games)))

    async def count(self, game: Game) -> Answer:
        low, high = game.players.start, game.players.stop - 1
        if low == high:
            return Answer(low, asked=False)
        while True:
            prompt = _("Number of players ({low}–{high}, or `back`) [{low}]:", low=low, high=high) + " "
            answer = await self.ask(prompt) or str(low)
            if answer.isdigit() and int(answer) in game.players:
                return Answer(int(answer))
            self.say(ngettext("{game} is played by {low} to {n} player: type a number from {low} to {n}.",
                              "{game} is played by {low} to {n} players: type a number from {low} to {n}.",
                              high, game=game.title, low=low))

    async def player(self, game: Game, count: int, seated: list[Player]) -> Answer:
        """Who plays the next seat, in turn order (the first moves first): a person by name, or a
        computer, as long as one player is a person."""
        seat = len(seated)
        person_needed = seat == count - 1 and all(p.is_computer for p in seated)
        if person_needed:
            prompt = _("Player {number} ({side}), your name (or `back`):", number=seat + 1,
                       side=game.seat_name(seat)) + " "
        else:
            prompt = _("Player {number} ({side}), your name (or `computer`, `computer {levels}`, `back`):",
                       number=seat + 1, side=game.seat_name(seat), levels=" / ".join(COMPUTER_LEVELS)) + " "
        while True:
            name = " ".join((await self.ask(prompt)).split())
            words = name.lower().split()
            if words[:1] == ["computer"]:
                level = words[1] if len(words) > 1 else "medium"
                if person_needed:
                    self.say(_("One player at least must be a person: please type your name."))
                elif level not in COMPUTER_LEVELS or len(words) > 2:
                    self.say(_("A computer plays at {levels}: type `computer hard`, say.",
                               levels=", ".join(COMPUTER_LEVELS)))
                else:
                    return Answer(computer(level))
                continue
            player = local_player(name)
            if not name:
                self.say(_("Please type a name."))
            elif len(name) > MAX_NAME:
                self.say(ngettext("Please keep the name to {n} character.", "Please keep the name to {n} characters.",
                                  MAX_NAME))
            elif any(p.id == player.id for p in seated):
                self.say(_("{name} is already playing: type a different name.", name=name))
            else:
                return Answer(player)

    async def option(self, game: Game, count: int, answers: dict[str, Any]) -> Answer:
        """The next option, checked against the answers before it (and the number of players): a value
        no later answer could make playable is refused at once."""
        index = len(answers)
        spec = game.options[index]
        settled = self.settled(game, answers) or self.settled(game, self.independent(game, answers))
        samples = list(settled.values())
        default = settled.get(spec.name)
        self.say(f"{spec.name_text()}: {spec.help_text()}{bounds(spec)}")
        if default is not None:
            # Translators: in brackets, the answer Enter gives
            prompt = _("{option} (or `back`) [{default}]:", option=spec.name_text(), default=default) + " "
        else:
            # Translators: in brackets: Enter leaves the option to the game's default
            prompt = _("{option} (or `back`) [default]:", option=spec.name_text()) + " "
        while True:
            answer = await self.ask(prompt)
            value = self.checked(spec, answer) if answer else None
            if answer and value is None:
                continue
            problem = option_problem(game, count, {**answers, spec.name: value}, game.options[index + 1:], samples)
            if problem is None:
                return Answer(value)
            self.say(sentence(problem))

    async def clock(self) -> Answer:
        """Whether the match is played on a game clock: none (Enter), one of the presets, or any minutes
        and increment typed as they are (5+3), within TimeControl's bounds."""
        self.say(_("Clock: each player's time for the whole game in minutes, and the seconds added after each of "
                   "their moves, as 5+3; a player whose time runs out loses. Without one, a turn waits as long as it "
                   "takes."))
        # Translators: in brackets, what Enter gives: no clock ("none" is typed as it is, in every language)
        prompt = _("Clock ({presets}, other minutes+seconds, or `back`) [none]:", presets=" / ".join(PRESETS)) + " "
        while True:
            answer = await self.ask(prompt)
            if answer.lower() in NO_CLOCK:
                return Answer(None)
            try:
                return Answer(TimeControl.parse(answer))
            except NotAllowed as error:
                self.say(str(error))

    @staticmethod
    def settled(game: Game, answers: Mapping[str, Any]) -> dict[str, Any]:
        """Every option as the answers so far make it (defaults for the rest), or nothing if they clash."""
        try:
            return game.resolve_options(answers)
        except BadOptions:
            return {}

    @staticmethod
    def independent(game: Game, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The answers to options whose default is fixed (not drawn from the other options)."""
        fixed = {spec.name for spec in game.options if spec.default is not None}
        return {name: value for name, value in answers.items() if name in fixed}

    def checked(self, spec: OptionSpec, answer: str) -> Any:
        """The answer as the option's value, or None after saying what is accepted."""
        try:
            return spec.check(answer)
        except BadOptions as error:
            problem = str(error)
        if spec.type is int and spec.min is not None and not whole(answer):
            problem = _("{option} must be a whole number from {low} to {high}", option=spec.name_text(), low=spec.min,
                        high=spec.max)
        self.say(sentence(problem))
        return None

