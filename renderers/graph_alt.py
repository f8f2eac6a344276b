"""The analysis graph's description (renderers.graph draws it): what it shows, the result, each
player's marked moves, who was ahead when, the proven stretches and the big swings, in the language in
use, within Discord's 1,024 characters of alt text."""
from __future__ import annotations

from collections.abc import Sequence

from i18n import _, ngettext, pgettext
from renderers import theme
from renderers.describe import plain_name, within_limit
from renderers.graph import (
    MARGIN,
    SEVERITIES,
    SWING,
    Handed,
    percent,
    proven_runs,
    run_words,
    taken_over,
    winner,
)
from renderers.results import comma_list, seated


def alt_text(title: str, state, seats: Sequence[theme.Seat], values: Sequence[Sequence[float]],
             exact: Sequence[bool], marks: Sequence[tuple[int, int, str]], handed: Handed = ()) -> str:
    """What a screen reader says for the graph, at most ALT_TEXT_MAX characters: what it shows, the
    result, each player's marked moves, who was ahead when, the proven stretches and the big swings."""
    who = [plain_name(seat) for seat in seats]
    short = [" ".join((seat.name or "").split()) or seat.side for seat in seats]
    players = state.players
    moves = len(values) - 1
    if players <= 2:
        # Translators: the first sentence of an analysis graph's description; {game} is the game's title
        opening = ngettext("Analysis graph of {game}: each player's chance of winning after each of {n} move.",
                           "Analysis graph of {game}: each player's chance of winning after each of {n} moves.",
                           moves, game=title)
    else:
        # Translators: the first sentence of an analysis graph's description; {game} is the game's title
        opening = ngettext("Analysis graph of {game}: each player's expected place (100% first, 0% last) after each "
                           "of {n} move.",
                           "Analysis graph of {game}: each player's expected place (100% first, 0% last) after each "
                           "of {n} moves.", moves, game=title)
    sentences = [opening]
    if state.outcome is not None:
        sentences.append(_("Result: {result}.", result=theme.result_text(state.outcome, seats, plain=True)))
    sentences.extend(marks_sentences(who, marks, handed, [seat.side for seat in seats]))
    sentences.append(leads_sentence(values, short))
    sentences.extend(proven_sentences(values, exact, short))
    swings = swings_sentence(values, short)
    if swings:
        sentences.append(swings)
    text = ""
    for sentence in sentences:  # whole sentences, as many as fit
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > 1024:
            return within_limit(text or candidate)
        text = candidate
    return text


def moves_list(plies: Sequence[int]) -> str:
    """"move 4", "moves 4, 9, 12", "moves 4, 9, 12, 15, 20, 3 more"."""
    numbers = [str(p + 1) for p in sorted(plies)]
    if len(numbers) > 6:
        # Translators: ends a list of moves that is too long to give in full ("4, 9, 12, 15, 20, 3 more")
        numbers = numbers[:5] + [ngettext("{n} more", "{n} more", len(numbers) - 5)]
    # Translators: the moves a player's marks are on, in an analysis graph's description ("moves 4, 9, 12")
    return ngettext("move {moves}", "moves {moves}", len(plies), moves=comma_list(numbers))


def severity_count(severity: str, count: int, moves: str) -> str:
    """"2 blunders (moves 4, 9)"."""
    if severity == "inaccuracy":
        # Translators: a player's inaccuracies in an analysis graph's description; {moves} lists them ("moves 4, 9")
        return ngettext("{n} inaccuracy ({moves})", "{n} inaccuracies ({moves})", count, moves=moves)
    if severity == "mistake":
        # Translators: a player's mistakes in an analysis graph's description; {moves} lists them ("moves 4, 9")
        return ngettext("{n} mistake ({moves})", "{n} mistakes ({moves})", count, moves=moves)
    # Translators: a player's blunders in an analysis graph's description; {moves} lists them ("moves 4, 9")
    return ngettext("{n} blunder ({moves})", "{n} blunders ({moves})", count, moves=moves)


def marks_sentences(who: Sequence[str], marks: Sequence[tuple[int, int, str]], handed: Handed = (),
                    sides: Sequence[str] = ()) -> list[str]:
    """Each player's marks, seat by seat; a seat a computer took over has a sentence for its player
    ("bob (Green), until move 12: …") and one for the computer ("…, from move 13: …")."""
    if not marks:
        return [_("No inaccuracies, mistakes or blunders.")]
    sentences = []
    for seat, name in enumerate(who):
        took = taken_over(handed, seat)
        if took is None:
            hands = [(name, range(0, 1 << 30))]
        else:
            side = sides[seat] if seat < len(sides) else ""
            # Translators: in an analysis graph's description: a player who left, until the move a computer took over
            until = _("{player}, until move {move}", player=seated(took[0], side), move=took[1])
            # Translators: in an analysis graph's description: the computer that played on in a seat, from that move
            after = _("{player}, from move {move}", player=name, move=took[1] + 1)
            hands = [(until, range(0, took[1])), (after, range(took[1], 1 << 30))]
        for label, plies_held in hands:
            parts = []
            for severity in reversed(SEVERITIES):
                plies = [ply for ply, s, kind in marks if s == seat and kind == severity and ply in plies_held]
                if plies:
                    parts.append(severity_count(severity, len(plies), moves_list(plies)))
            # Translators: a player with no marked move, in an analysis graph's description
            found = comma_list(parts) if parts else _("no marks")
            # Translators: a player's marked moves in an analysis graph's description ("alice (White): 1 blunder (move 3).")
            sentences.append(_("{player}: {marks}.", player=label, marks=found))
    return sentences


def leader(vals: Sequence[float]) -> int | None:
    order = sorted(range(len(vals)), key=lambda s: -vals[s])
    return order[0] if vals[order[0]] - vals[order[1]] >= MARGIN else None


def ahead_at(names: Sequence[str], top: int | None, move: int) -> str:
    """"even at move 4", "alice ahead at move 4"."""
    if top is None:
        # Translators: in an analysis graph's description: nobody led after that move
        return _("even at move {move}", move=move)
    # Translators: in an analysis graph's description: {player} led after that move
    return _("{player} ahead at move {move}", player=names[top], move=move)


def ahead_over(names: Sequence[str], top: int | None, first: int, end: int, last: int) -> str:
    """Who was ahead over moves `first` to `end` of `last`: "even at move 4", "alice ahead moves 5–20",
    "bob ahead from move 21 to the end"."""
    if first == end:
        return ahead_at(names, top, first)
    if end == last and first > 0:
        if top is None:
            # Translators: in an analysis graph's description: nobody led from that move on
            return _("even from move {first} to the end", first=first)
        # Translators: in an analysis graph's description: {player} led from that move on
        return _("{player} ahead from move {first} to the end", player=names[top], first=first)
    if top is None:
        # Translators: in an analysis graph's description: nobody led over those moves
        return _("even moves {first}–{last}", first=first, last=end)
    # Translators: in an analysis graph's description: {player} led over those moves
    return _("{player} ahead moves {first}–{last}", player=names[top], first=first, last=end)


def leads_sentence(values: Sequence[Sequence[float]], names: Sequence[str]) -> str:
    """Who was ahead when: "Ahead: even to move 4, alice moves 5–20, bob from move 21 to the end."."""
    runs: list[list] = []
    for k, vals in enumerate(values):
        top = leader(vals) if len(vals) > 1 else None
        if runs and runs[-1][0] == top:
            runs[-1][2] = k
        else:
            runs.append([top, k, k])
    last = len(values) - 1
    if len(runs) > 8:
        points = sorted({0, last // 4, last // 2, 3 * last // 4, last})
        said = [ahead_at(names, leader(values[k]), k) for k in points]
        # Translators: in an analysis graph's description, when the lead changed too often to list; {points} says who led at a few moves
        return ngettext("The lead changed often ({n} time): {points}.", "The lead changed often ({n} times): {points}.",
                        len(runs) - 1, points=comma_list(said))
    parts = [ahead_over(names, top, first, end, last) for top, first, end in runs]
    # Translators: in an analysis graph's description: who led when ("Ahead: even moves 0–4, alice ahead from move 5 to the end.")
    return _("Ahead: {stretches}.", stretches=comma_list(parts))


def proven_sentences(values: Sequence[Sequence[float]], exact: Sequence[bool], names: Sequence[str]) -> list[str]:
    """The proven stretches in words: "Proven won for bob, lost for alice from move 50 to the end."."""
    sentences = []
    last = len(values) - 1
    for first, end, vals in proven_runs(values, exact):
        top = winner(vals)
        if top is not None and len(vals) == 2:
            # Translators: a stretch of an analysis graph of two players where the result is proven
            words = _("won for {winner}, lost for {loser}", winner=names[top], loser=names[1 - top])
        else:
            words = run_words(vals, names)
        if first == end and end == last:
            # Translators: in an analysis graph's description; {result} is "won for bob, lost for alice", "drawn" or "proven"
            sentences.append(_("Proven {result} at the end.", result=words))
        elif first == end:
            # Translators: in an analysis graph's description; {result} is "won for bob, lost for alice", "drawn" or "proven"
            sentences.append(_("Proven {result} at move {move}.", result=words, move=first))
        elif end == last:
            # Translators: in an analysis graph's description; {result} is "won for bob, lost for alice", "drawn" or "proven"
            sentences.append(_("Proven {result} from move {first} to the end.", result=words, first=first))
        else:
            # Translators: in an analysis graph's description; {result} is "won for bob, lost for alice", "drawn" or "proven"
            sentences.append(_("Proven {result} at moves {first}–{last}.", result=words, first=first, last=end))
    return sentences


def swings_sentence(values: Sequence[Sequence[float]], names: Sequence[str]) -> str:
    """The three biggest changes of one player's value from one move to the next, if big enough."""
    found = []
    for k in range(1, len(values)):
        before, after = values[k - 1], values[k]
        seat = max(range(len(after)), key=lambda s: abs(after[s] - before[s]))
        change = after[seat] - before[seat]
        if abs(change) >= SWING:
            found.append((abs(change), k, seat, before[seat], after[seat]))
    if not found:
        return ""
    biggest = sorted(found, key=lambda f: (-f[0], f[1]))[:3]
    swings = ""
    for _change, k, seat, a, b in sorted(biggest, key=lambda f: f[1]):
        # Translators: one of the biggest changes in an analysis graph's description ("move 12, alice 40% to 85%")
        swing = _("move {move}, {player} {before} to {after}", move=k, player=names[seat], before=percent(a), after=percent(b))
        # Translators: joins one more item to a list whose items have commas of their own ("move 3, alice 40% to 85%; move 9, …")
        swings = pgettext("list", "{items}; {item}", items=swings, item=swing) if swings else swing
    # Translators: in an analysis graph's description: the biggest changes between two moves
    return _("Biggest swings: {swings}.", swings=swings)
