"""How a result is worded wherever it is shown (the pictures and text boards, Discord's messages, the
console): who won, the scores that decided it, and its reason. Pure functions of an Outcome and the
names to call the seats by, which each caller gives as it shows them (plain, fitted to a picture,
Discord mentions with sides), in the language in use (`i18n.current()`).

Also the few words every picture and its alt text share: a seat's name (`side_word`), a player without
a name (`unnamed`), a place ("2nd": `ordinal`) and lists ("a, b and c": `and_list`)."""
from __future__ import annotations

from collections.abc import Sequence

from i18n import _, ngettext, pgettext
from rules import Outcome
from rules.core import seat_word


def side_word(name: str) -> str:
    """A seat's name as the game calls it ("White", "Light"), in the language in use: the one place a
    renderer turns a name from a game's `seat_names` into words (the games' own `seat_name` gives them
    translated)."""
    return seat_word(name)


def unnamed(seat: int) -> str:
    """What a picture calls a player whose name cannot be drawn (or who has none): "Player 2"."""
    return _("Player {number}", number=seat + 1)


def comma_list(items: Sequence[str]) -> str:
    """"a", "a, b", "a, b, c": items listed with nothing before the last but a comma."""
    text = items[0]
    for item in items[1:]:
        # Translators: joins one more item to a list ("alice, bob"); {items} is the list so far
        text = pgettext("list", "{items}, {item}", items=text, item=item)
    return text


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    # Translators: joins the last item to a list ("alice, bob and carol"); {items} is the rest of the list
    return _("{items} and {last}", items=comma_list(items[:-1]), last=items[-1])


def english_suffix(number: int) -> str:
    """English's ordinal suffix for `number`, which picks the message ("1st", "2nd", "3rd", "4th")."""
    return "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def ordinal(number: int) -> str:
    """A place: "1st", "2nd", "3rd", "4th", …"""
    suffix = english_suffix(number)
    if suffix == "st":
        # Translators: a place in a game (1st, 21st…)
        return pgettext("place", "{place}st", place=number)
    if suffix == "nd":
        # Translators: a place in a game (2nd, 22nd…)
        return pgettext("place", "{place}nd", place=number)
    if suffix == "rd":
        # Translators: a place in a game (3rd, 23rd…)
        return pgettext("place", "{place}rd", place=number)
    # Translators: a place in a game (4th, 5th, 11th…)
    return pgettext("place", "{place}th", place=number)


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
        if past:
            # Translators: how a drawn match is listed among finished ones, in lower case
            head = pgettext("listed", "draw")
        elif every_place:
            head = _("Draw between {players}", players=and_list(groups[0]))
        else:
            # Translators: a match's result: nobody won
            head = _("Draw")
    elif past:
        winners = groups[0][0]
        for name in groups[0][1:]:
            # Translators: joins winners of a finished match in a short list ("alice & bob won")
            winners = pgettext("listed", "{players} & {player}", players=winners, player=name)
        head = ngettext("{players} won", "{players} won", len(groups[0]), players=winners)
    else:
        head = ngettext("{players} wins", "{players} win", len(groups[0]), players=and_list(groups[0]))
        if every_place and len(groups) > 2:
            rest = and_list(groups[1])
            for group in groups[2:]:
                # Translators: the places after the winners, best first ("bob, then carol")
                rest = _("{places}, then {players}", places=rest, players=and_list(group))
            # Translators: who won, then the other places ("alice wins; then bob, then carol")
            head = _("{result}; then {places}", result=head, places=rest)
    return f"**{head}**" if markdown else head


def scores_text(outcome: Outcome, names: Sequence[str] | None = None) -> str:
    """The scores that decided a result, in finishing order: "30–19"; with `names` (one a seat), each
    with its player's, "carol 37, alice 30, bob 12". Empty when no score decided it."""
    if outcome.scores is None:
        return ""
    order = outcome.finishing_order
    if names is None:
        return "–".join(str(outcome.scores[seat]) for seat in order)
    # Translators: a player's score in a list of them ("carol 37")
    return comma_list([_("{player} {score}", player=names[seat], score=outcome.scores[seat]) for seat in order])


def reason_sentence(outcome: Outcome) -> str:
    """The reason as the start of a sentence: capitalised ("Board full"), unless it starts with a
    player's name ("bob resigned"), which is shown as the player wrote it."""
    reason = outcome.reason_text()
    return reason if outcome.names_a_player else reason[:1].upper() + reason[1:]


def seated(name: str, side: str) -> str:
    """A player with the side they play, as every text says it: "alice (White)". A name with brackets
    of its own gets the side after a dot, "Computer (medium) · White", and a name that already ends
    with its side (several computers told apart by their seat) stays as it is."""
    if not side or _ends_with(name, side):
        return name
    if name.endswith(")"):
        return _dotted(name, side)
    # Translators: a player and the side they play ("alice (White)")
    return _("{player} ({side})", player=name, side=side)


def _dotted(name: str, side: str) -> str:
    # Translators: a player whose name has brackets of its own, and the side they play ("Computer (easy) · White")
    return _("{player} · {side}", player=name, side=side)


def seated_parts(name: str, side: str) -> tuple[str, str]:
    """A player and their side as `seated` words them, in two parts for a picture that sets the side
    apart (a player card): the name without a side it already ends with ("Computer (easy) · Green"
    gives "Computer (easy)" and "Green"), and the side."""
    if side and _ends_with(name, side):
        rest = name[:-len(_side_suffix(side))].rstrip(" ·")
        if rest:
            return rest, side
    return name, side


def _side_suffix(side: str) -> str:
    """How a name that ends with its side ends: "· Green"."""
    return _dotted("", side).lstrip()


def _ends_with(name: str, side: str) -> bool:
    return name.endswith(_side_suffix(side))
