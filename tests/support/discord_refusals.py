"""Discord's error answer as the rules in tests.support.discord_rules raise it (`Refusal`), and the tree of
errors one body collects at their paths before it is refused (`_Errors`); UNCONFIRMED_CODES are the codes
named after the rule they enforce, where no real Discord answer showing them was found."""
from __future__ import annotations

from typing import Any

UNCONFIRMED_CODES = frozenset({
    "APPLICATION_COMMAND_OPTION_NAME_DUPLICATED", "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES", "BASE_TYPE_ARRAY",
    "BASE_TYPE_BOOLEAN", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "COMPONENT_TYPE_INVALID",
    "COMPONENT_TYPE_NOT_CHECKED", "COMPONENTS_V2_FIELD_NOT_ALLOWED", "MESSAGE_FLAGS_NOT_ALLOWED", "ATTACHMENT_NOT_REFERENCED",
    "DEFERRED_RESPONSE_FIELD_NOT_ALLOWED",
})


class Refusal(Exception):
    """Discord's error answer: HTTP status, JSON error code, message, and for 50035 the `errors` tree."""

    status: int
    code: int
    message: str
    errors: dict | None

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        self.status, self.code, self.message, self.errors = status, code, message, errors
        lines = [f"{'.'.join(path) or '(body)'}: {code} {text}" for path, code, text in self.leaves()]
        super().__init__("\n  ".join([f"{status} ({code}) {message}", *lines]))

    def body(self) -> dict:
        answer: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors is not None:
            answer["errors"] = self.errors
        return answer

    def leaves(self) -> list[tuple[tuple[str, ...], str, str]]:
        """Every error in the tree as (path, code, message)."""
        def walk(node: dict, path: tuple[str, ...]) -> list:
            here = [(path, e["code"], e["message"]) for e in node.get("_errors", [])]
            return here + [leaf for key, child in node.items() if key != "_errors" for leaf in walk(child, (*path, key))]

        return walk(self.errors or {}, ())


class _Errors:
    """Errors found so far in one body, as Discord's nested tree."""

    def __init__(self) -> None:
        self.tree: dict = {}

    def add(self, path: tuple, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_any(self) -> None:
        if self.tree:
            raise Refusal(400, 50035, "Invalid Form Body", self.tree)

    def required(self, path: tuple) -> None:
        self.add(path, "BASE_TYPE_REQUIRED", "This field is required")

    def text(self, path: tuple, value: Any, bounds: tuple[int, int], *, required: bool = False, strip: bool = False) -> None:
        if value is None:
            if required:
                self.required(path)
        elif not isinstance(value, str):
            self.add(path, "STRING_TYPE_CONVERT", f'Could not interpret "{value}" as string.')
        else:
            self.length(path, len(value.strip() if strip else value), bounds)

    def length(self, path: tuple, n: int, bounds: tuple[int, int]) -> None:
        low, high = bounds
        if low == 0 and n > high:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        elif not low <= n <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def items(self, path: tuple, value: Any, bounds: tuple[int, int]) -> list:
        if value is not None and not isinstance(value, list):
            self.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
        elif value is not None:
            self.length(path, len(value), bounds)
            return value
        return []

    def number(self, path: tuple, value: Any, bounds: tuple[float, float], *, integer: bool = True) -> None:
        kind = "int" if integer else "float"
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int if integer else (int, float)):
            self.add(path, "NUMBER_TYPE_COERCE", f'Value "{value}" is not {kind}.')
        elif value < bounds[0]:
            self.add(path, "NUMBER_TYPE_MIN", f"{kind} value should be greater than or equal to {bounds[0]}.")
        elif value > bounds[1]:
            self.add(path, "NUMBER_TYPE_MAX", f"{kind} value should be less than or equal to {bounds[1]}.")

    def choice(self, path: tuple, value: Any, allowed: tuple) -> None:
        if isinstance(value, bool) or value not in allowed:
            self.add(path, "BASE_TYPE_CHOICES", f"Value must be one of ({', '.join(map(str, allowed))}).")

    def boolean(self, path: tuple, value: Any) -> None:
        if value is not None and not isinstance(value, bool):
            self.add(path, "BASE_TYPE_BOOLEAN", "Must be either true or false.")
