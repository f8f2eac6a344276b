"""The analysis graph of a finished match (renderers.graph): a deterministic PNG in the seat colours, each
line ending in its seat's letter as the legend pairs them, labels that read on a phone, and alt text
that says who was ahead, where the marks are and what was proven, within Discord's limit."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines import SEVERITIES
from games import GAMES, REGISTRY, seats
from renderers import graph, graph_alt, lettering, theme
from rules import State
from tests.support.playouts import random_states

PAIR = ["alice", "bob"]
NAMES = ["alice", "Maximilian Alexander Worthington", "carol", "dave"]


def finished(name: str, players: int, seed: int = 1) -> State:
    return random_states(GAMES[name].start(players=players, seed=seed), seed=seed)[-1]


def curve(moves: int, players: int, seed: int) -> tuple[list[tuple[float, ...]], list[bool]]:
    """Values wandering from an even start to a proven end: seat 0 wins in the last fifth."""
    rng = random.Random(seed)
    values, exact = [], []
    for k in range(moves + 1):
        proven = k >= moves - moves // 5
        if proven:
            vals = (1.0,) + tuple((players - 1 - r) / (players - 1) for r in range(1, players))
        else:
            vals = tuple(round(rng.random(), 3) for _ in range(players))
            if players == 2:
                vals = (vals[0], round(1 - vals[0], 3))
        values.append(vals)
        exact.append(proven)
    return values, exact


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


# every registered game with its most players, and graphs of one move and of 300
GRAPHED = [(name, game.players[-1], 60) for name, game in GAMES.items()] + [
    ("xlines", 2, 1), ("permutation", 4, 300), ("elevation", 2, 300)]


@pytest.mark.parametrize(("name", "players", "moves"), GRAPHED)
def test_the_graph_is_a_deterministic_png_in_the_seat_colours(name, players, moves):
    state = finished(name, players)
    values, exact = curve(moves, players, seed=moves)
    marks = [(0, 0, "blunder")] + ([(moves // 3, 1, "mistake"), (moves // 2, 0, "inaccuracy")] if moves > 1 else [])
    png = graph.render(state, seats(state, NAMES[:players]), values, exact, marks)
    assert png == graph.render(state, seats(state, NAMES[:players]), values, exact, marks)
    img = decoded(png)
    assert img.width == graph.WIDTH and graph.BASE_HEIGHT <= img.height <= graph.BASE_HEIGHT + players * graph.ROW
    assert (img.height - graph.BASE_HEIGHT) % graph.ROW == 0, "a whole number of legend rows"
    colours = {colour for _, colour in img.getcolors(1 << 16)}
    for seat in seats(state, NAMES[:players]):
        line = graph.line_colour(seat.style)
        assert any(max(abs(a - b) for a, b in zip(line, c)) <= 6 for c in colours), (seat.side, line)
    for severity in {mark[2] for mark in marks}:
        assert any(max(abs(a - b) for a, b in zip(graph.MARK_COLOURS[severity], c)) <= 6 for c in colours), severity


def test_every_label_of_the_graph_reads_on_a_phone():
    for size, bold in graph.label_sizes().values():
        assert size >= lettering.phone_size(graph.WIDTH, bold)


def test_the_alt_text_says_who_was_ahead_where_the_marks_are_and_what_was_proven():
    state = finished("attaxx", 2)
    winner = min(state.outcome.places[0])
    values = [(0.5, 0.5), (0.7, 0.3), (0.75, 0.25), (0.2, 0.8), (0.0, 1.0), (0.0, 1.0)]
    if winner == 0:
        values = [(b, a) for a, b in values]
    exact = [False, False, False, False, True, True]
    loser = 1 - winner
    title, shown = GAMES["attaxx"].title, seats(state, NAMES[:2])
    alt = graph_alt.alt_text(title, state, shown, values, exact, [(2, loser, "blunder")])
    assert len(alt) <= 1024
    names = [NAMES[winner], NAMES[loser]]
    assert f"Proven won for {names[0]}, lost for {names[1]} from move 4 to the end." in alt
    assert "1 blunder (move 3)" in alt and f"{names[1]} ahead moves 1–2" in alt
    assert "move 3, " in alt.partition("Biggest swings: ")[2]


def test_the_alt_text_of_a_long_game_with_many_marks_stays_within_discords_limit():
    state = finished("permutation", 4)
    values, exact = curve(300, 4, seed=7)
    marks = [(ply, ply % 4, SEVERITIES[ply % 3]) for ply in range(0, 300, 3)]
    shown = seats(state, [name * 3 for name in NAMES])
    alt = graph_alt.alt_text(GAMES["permutation"].title, state, shown, values, exact, marks)
    assert len(alt) <= 1024 and "expected place" in alt and alt.endswith(".")


# --- each line's end -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), [("permutation", 6), ("xlines", 2), ("attaxx", 2)])
def test_every_line_of_the_graph_ends_in_its_seats_letter_as_the_legend_pairs_them(name, players, monkeypatch):
    """Lines told apart by more than colour: each ends in a disc with its seat's letter, clear of the
    others even where the lines end together, and the legend sets the same disc before its player."""
    state = random_states(GAMES[name].start(players=players), seed=3)[-1]
    values = [tuple(1 / players for _ in range(players))] * 30  # every line ends at the same height
    letters = theme.seat_marks([seat.side for seat in REGISTRY[name].renderer.seats(state, [])])
    assert len(set(letters)) == players
    discs = []
    real = graph.end_disc

    def spy(colour, letter):
        sprite = real(colour, letter)
        discs.append((colour, letter))
        return sprite

    monkeypatch.setattr(graph, "end_disc", spy)
    seats = REGISTRY[name].renderer.seats(state, PAIR * 3)
    img = graph.image(state, seats, values, [False] * 30, [])
    assert sorted(letter for _, letter in discs) == sorted(letters * 2), "one at each line's end, one in the legend"
    layout = graph.Layout(29, len(graph.flow(graph.legend_entries(state, seats, values, [False] * 30))), 0)
    ends = graph.line_ends(layout, values[-1])
    assert [seat for seat, _ in ends] == list(range(players))
    ys = [y for _, y in ends]
    assert all(b - a >= graph.END for a, b in zip(ys, ys[1:])), "discs that do not touch"
    assert all(layout.top - graph.END < y < layout.bottom + graph.END for y in ys)
    assert img.width == graph.WIDTH
