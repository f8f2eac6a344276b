"""The questions that set up a match at the console: the game, how many play, who plays each seat, and
the game's options. Every answer is checked as it is typed; a bad one is refused at once, with what is
accepted, and asked again."""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from bot.console_terminal import STOP_WORDS, Quit, Terminal
from bot.console_text import find_game, rules_for
from bot.models import COMPUTER_LEVELS, Player, computer
from rules import GAMES, BadOptions, Game, OptionSpec

MAX_NAME = 32


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
    return text if text.endswith((".", "!", "?")) else text + "."


class Setup:
    """The set-up questions, asked at a terminal. `quit` at any of them stops the console."""

    def __init__(self, terminal: Terminal):
        self.terminal = terminal
        self.say = terminal.say

    def ask(self, prompt: str) -> str:
        answer = self.terminal.ask(prompt)
        if answer.lower() in STOP_WORDS:
            raise Quit
        return answer

    def game(self) -> Game:
        games = list(GAMES.values())
        self.say("Games:")
        for number, game in enumerate(games, 1):
            self.say(f"  {number}. {game.name:<14} {game.summary}")
        self.say("(`rules <game>` shows a game's rules.)")
        while True:
            answer = self.ask(f"Game (name or number) [{games[0].name}]: ").lower() or games[0].name
            if answer == "rules" or answer.startswith("rules "):
                self.say(rules_for(answer[len("rules"):].strip() or games[0].name))
                continue
            found = find_game(answer)
            if found is not None:
                return found
            self.say(f"There is no game {answer!r}: type its name or its number (1–{len(games)}).")

    def count(self, game: Game) -> int:
        low, high = game.players.start, game.players.stop - 1
        if low == high:
            return low
        while True:
            answer = self.ask(f"Number of players ({low}–{high}) [{low}]: ") or str(low)
            if answer.isdigit() and int(answer) in game.players:
                return int(answer)
            self.say(f"{game.title} is played by {low} to {high} players: type a number from {low} to {high}.")

    def players(self, game: Game, count: int) -> list[Player]:
        """Who plays each seat, in turn order (the first moves first): people by name, and computers,
        as long as one player is a person."""
        players: list[Player] = []
        for seat in range(count):
            person_needed = seat == count - 1 and all(p.is_computer for p in players)
            hint = "" if person_needed else f" (or `computer`, `computer {' / '.join(COMPUTER_LEVELS)}`)"
            prompt = f"Player {seat + 1} ({game.seat_name(seat)}), your name{hint}: "
            players.append(self.seat(prompt, players, person_needed))
        return players

    def seat(self, prompt: str, seated: list[Player], person_needed: bool) -> Player:
        while True:
            name = " ".join(self.ask(prompt).split())
            words = name.lower().split()
            if words[:1] == ["computer"]:
                level = words[1] if len(words) > 1 else "medium"
                if person_needed:
                    self.say("One player at least must be a person: please type your name.")
                elif level not in COMPUTER_LEVELS or len(words) > 2:
                    self.say(f"A computer plays at {', '.join(COMPUTER_LEVELS)}: type `computer hard`, say.")
                else:
                    return computer(level)
                continue
            player = local_player(name)
            if not name:
                self.say("Please type a name.")
            elif len(name) > MAX_NAME:
                self.say(f"Please keep the name to {MAX_NAME} characters.")
            elif any(p.id == player.id for p in seated):
                self.say(f"{name} is already playing: type a different name.")
            else:
                return player

    def options(self, game: Game, count: int) -> dict[str, Any]:
        """The game's options, each checked as it is answered against the answers before it (and the
        number of players): a value no later answer could make playable is refused at once."""
        answers: dict[str, Any] = {}
        for index, spec in enumerate(game.options):
            settled = self.settled(game, answers) or self.settled(game, self.independent(game, answers))
            samples = list(settled.values())
            default = settled.get(spec.name)
            self.say(f"{spec.name}: {spec.help}{bounds(spec)}")
            while True:
                answer = self.ask(f"{spec.name} [{default if default is not None else 'default'}]: ")
                value = self.checked(spec, answer) if answer else None
                if answer and value is None:
                    continue
                problem = option_problem(game, count, {**answers, spec.name: value}, game.options[index + 1:], samples)
                if problem is None:
                    answers[spec.name] = value
                    break
                self.say(sentence(problem))
        return answers

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
        if spec.type is int and spec.min is not None and problem.endswith("whole number"):
            problem += f" from {spec.min} to {spec.max}"
        self.say(sentence(problem))
        return None

