"""How a result is worded wherever it is shown (the pictures and text boards, Discord's messages, the
console): who won, the scores that decided it, and its reason. Pure functions of an Outcome and the
names to call the seats by, which each caller gives as it shows them (plain, fitted to a picture,
Discord mentions with sides)."""
from __future__ import annotations

from collections.abc import Sequence

from rules import Outcome


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def who_won(outcome: Outcome, names: Sequence[str], *, past: bool = False, markdown: bool = False,
            every_place: bool = False) -> str:
    """Who won, by `names` (one a seat): "alice wins", "alice and bob win", "Draw".

    past: as a finished match in a list says it, "alice & bob won", "draw".
    every_place: where nothing else lists the places, the rest of them too, "alice wins; then bob,
    then carol", and who shares a draw, "Draw between alice and bob".
    markdown: in bold.
    """
    groups = [[names[seat] for seat in sorted(group)] for group in outcome.places]
    if outcome.is_draw:
        head = "draw" if past else f"Draw between {and_list(groups[0])}" if every_place else "Draw"
    elif past:
        head = " & ".join(groups[0]) + " won"
    else:
        head = and_list(groups[0]) + (" win" if len(groups[0]) > 1 else " wins")
        if every_place and len(groups) > 2:
            head += "; then " + ", then ".join(and_list(group) for group in groups[1:])
    return f"**{head}**" if markdown else head


def scores_text(outcome: Outcome, names: Sequence[str] | None = None) -> str:
    """The scores that decided a result, in finishing order: "30–19"; with `names` (one a seat), each
    with its player's, "carol 37, alice 30, bob 12". Empty when no score decided it."""
    if outcome.scores is None:
        return ""
    order = outcome.finishing_order
    if names is None:
        return "–".join(str(outcome.scores[seat]) for seat in order)
    return ", ".join(f"{names[seat]} {outcome.scores[seat]}" for seat in order)


def reason_sentence(outcome: Outcome) -> str:
    """The reason as the start of a sentence: capitalised ("Board full"), unless it starts with a
    player's name ("bob resigned"), which is shown as the player wrote it."""
    reason = outcome.reason
    return reason if outcome.names_a_player else reason[:1].upper() + reason[1:]


def seated(name: str, side: str) -> str:
    """A player with the side they play, as every text says it: "alice (White)". A name with brackets
    of its own gets the side after a dot, "Computer (medium) · White", and a name that already ends
    with its side (several computers told apart by their seat) stays as it is."""
    if not side or _ends_with(name, side):
        return name
    return f"{name} · {side}" if name.endswith(")") else f"{name} ({side})"


def seated_parts(name: str, side: str) -> tuple[str, str]:
    """A player and their side as `seated` words them, in two parts for a picture that sets the side
    apart (a player card): the name without a side it already ends with ("Computer (easy) · Green"
    gives "Computer (easy)" and "Green"), and the side."""
    if side and _ends_with(name, side) and name[:-len(side)].rstrip(" ·"):
        return name[:-len(side)].rstrip(" ·"), side
    return name, side


def _ends_with(name: str, side: str) -> bool:
    return name.endswith(f"· {side}")
