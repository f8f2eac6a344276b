"""The console's terminal: what it says, and the answers it reads."""
from __future__ import annotations

from collections.abc import Callable

InputFn = Callable[[str], str]
PrintFn = Callable[[str], object]
STOP_WORDS = ("quit", "exit")


class Quit(Exception):
    """The players left (quit, Ctrl-D, Ctrl-C): every match stays where it stands."""


class Terminal:
    def __init__(self, input_fn: InputFn = input, print_fn: PrintFn = print):
        self.input_fn = input_fn
        self.print_fn = print_fn

    def say(self, text: str = "") -> None:
        self.print_fn(text)

    def ask(self, prompt: str) -> str:
        """The answer, without surrounding spaces; Quit at the end of input or on Ctrl-C."""
        try:
            return self.input_fn(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.say()
            raise Quit from None

    def yes(self, prompt: str, default: bool = False) -> bool:
        while True:
            answer = self.ask(prompt).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say("Please answer y or n.")
