"""The Elevation renderer: PNGs that decode at one size, deterministic, each square shaded by its height
with the height written in it, the last turn's step arrow, dig chips, ring and captured ghost, the
result on the cards; and the text board."""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from games import GAMES, REGISTRY, render, render_text
from renderers import cards, elevation, footer, theme
from rules import Outcome
from rules.core import EndedEarly
from rules.elevation import BOARD, NAMES, OWNER
from tests.support.images import decode
from tests.support.playouts import random_states

GAME = GAMES["elevation"]
PLAYERS = ["alice", "bob"]
INSIDE = elevation.CELL - 1  # a square's inside, px


def start(terrain: str = "flat", seed: int = 0):
    return GAME.start(2, {"height": 3, "terrain": terrain}, seed)


def playout(seed: int, moves: int, terrain: str = "random") -> list:
    """The states of one random game, start first, `moves` turns long at most."""
    return random_states(start(terrain, seed), seed, moves)


def picture(state) -> Image.Image:
    return decode(render(state, PLAYERS))


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def origin(name: str) -> tuple[int, int]:
    return elevation.layout().origin(*BOARD.coords[BOARD.index[name]])


def at(name: str, dx: float, dy: float) -> tuple[int, int]:
    """A pixel of square `name`, (dx, dy) px from the top-left of its inside."""
    x, y = origin(name)
    return round(x + dx), round(y + dy)


GROUND = (6, INSIDE // 2)  # by the left edge, clear of the piece, the number and the chips


def chip_point(name: str, text: str, put: bool) -> tuple[int, int]:
    """A pixel of the fill of a dig chip in the square's top-right corner, left of its text."""
    sprite = elevation.chip(text, put)
    x, y = elevation.CHIP_INSET
    return at(name, INSIDE - x - sprite.width + 4, y + sprite.height // 2)


@pytest.fixture(scope="module")
def fought() -> list:
    """The states of a game played to its end by the rules, captures preferred, start first."""
    for seed in range(20):
        rng = random.Random(seed)
        state = start("random", seed)
        states = [state]
        while state.outcome is None and len(states) <= 300:
            moves = state.legal_moves()
            captures = [move for move in moves if any(state.pieces[BOARD.index[name]] for name in stepped_onto(move))]
            state = state.play(rng.choice(captures or moves))
            states.append(state)
        if state.outcome is not None:
            return states
    raise AssertionError("no game ended in 20 tries")


def stepped_onto(move: str) -> list[str]:
    """The squares a turn's steps land on: one holding a piece now is a capture."""
    chain = next((part for part in move.replace(":", " ").split() if "-" in part), "")
    return chain.split("-")[1:]


@pytest.fixture(scope="module")
def finished(fought):
    return fought[-1]


def test_elevation_is_registered_and_fits():
    assert REGISTRY["elevation"].renderer is elevation
    lay = elevation.layout()
    assert 600 <= lay.width <= 900 and 600 <= lay.height <= 900
    assert lay.footer_y + theme.footer_height(lay.width, elevation.DETAIL_LINES) == lay.height


def test_png_decodes_at_one_size(finished):
    states = playout(1, 40)
    resigned = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="alice resigned")
    sample = [start(), start("random", 5), *states[1::8], finished, EndedEarly(states[-1], resigned)]
    lay = elevation.layout()
    for state in sample:
        png = render(state, PLAYERS)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert decode(png).size == (lay.width, lay.height)


def test_renders_are_deterministic_and_follow_the_position():
    states = playout(2, 30)
    replayed = start("random", 2)
    for later in states[1:]:
        replayed = replayed.play(later.last.notation)
    assert replayed is not states[-1]
    assert render(states[-1], PLAYERS) == render(states[-1], PLAYERS) == render(replayed, PLAYERS)
    assert render_text(states[-1], PLAYERS) == render_text(replayed, PLAYERS)
    pictures = {render(state, PLAYERS) for state in (start(), start("random", 1), start("random", 2), *states[1:4])}
    assert len(pictures) == 6


def test_every_square_shows_its_height_by_shade_and_number() -> None:
    state = start("random", 3)
    img = picture(state)
    shades: dict[int, set] = {}
    numbers: dict[int, set] = {}
    for cell, height in enumerate(state.heights):
        name = NAMES[cell]
        shades.setdefault(height, set()).add(img.getpixel(at(name, *GROUND)))
        x, y = origin(name)
        numbers.setdefault(height, set()).add(img.crop((x + 3, y + 2, x + 21, y + 18)).tobytes())  # clear of the piece
    assert len(shades) >= 5  # heights 0..5 dealt
    assert all(len(seen) == 1 for seen in shades.values()) and all(len(seen) == 1 for seen in numbers.values())
    light = [elevation.luminance(next(iter(shades[h]))) for h in sorted(shades)]
    assert light == sorted(light) and len(set(light)) == len(light)  # lighter the higher
    assert len({next(iter(seen)) for seen in numbers.values()}) == len(numbers)
    # the shade stops changing at the top of the ramp; the number never does
    assert elevation.shade(12) == elevation.shade(23) != elevation.shade(11)
    assert elevation.number(12).tobytes() != elevation.number(23).tobytes()


@pytest.mark.parametrize(("moves", "path", "taken", "put"), [
    ("c1-c2 d3>b3", ["c1", "c2"], ["d3"], ["b3"]),  # a step, then a dig
    ("d2>b2 c1-c2", ["c1", "c2"], ["d2"], ["b2"]),  # a dig, then a step
    ("c1: b2>c2 b2>d2", ["c1"], ["b2"], ["c2", "d2"]),  # a dragon's two digs
    ("b1-d3 c2>c3", ["b1", "c2", "d3"], ["c2"], ["c3"]),  # a fish's double step, then a dig from its middle
])
def test_the_last_turn_is_marked(moves, path, taken, put):
    state = start().play(moves)
    plain = dataclasses.replace(state, last=None)
    img, bare = picture(state), picture(plain)
    mid = INSIDE / 2
    for name in path[:-1]:  # the arrow runs through the centres of the squares it left
        assert distance(img.getpixel(at(name, mid, mid)), elevation.ARROW) <= 12, name
        assert distance(bare.getpixel(at(name, mid, mid)), elevation.ARROW) > 100, name
    ring = at(path[-1], mid, mid - (elevation.RING - 3.5) / 2)  # the top of the ring round the piece that moved
    assert distance(img.getpixel(ring), theme.HIGHLIGHT) <= 16
    assert distance(bare.getpixel(ring), theme.HIGHLIGHT) > 100
    counts = elevation.dig_counts(state.last)
    for name in taken + put:
        text = elevation.chip_text(*counts[BOARD.index[name]])
        point = chip_point(name, text, name in put)
        fill = (elevation.PUT if name in put else elevation.TAKEN)[0]
        assert distance(img.getpixel(point), fill) <= 12, name
        assert img.getpixel(point) != bare.getpixel(point), name
    untouched = [name for name in ("a4", "f4", "e5", "a6") if name not in path + taken + put]
    for name in untouched:
        x, y = origin(name)
        assert img.crop((x, y, x + INSIDE, y + INSIDE)).tobytes() == bare.crop((x, y, x + INSIDE, y + INSIDE)).tobytes()


def capture_states(states: list) -> tuple:
    """A capture whose captor stands on the captured piece's square, and a dragon's capture on the
    first of its two steps, after which it moved on."""
    stays = next(s for s in states[1:] if s.last.captured and s.pieces[s.last.captured[0][0]])
    for state in states:
        for move in state.legal_moves():
            squares = stepped_onto(move)
            if len(squares) == 2 and ":" not in move and ">" not in move and state.pieces[BOARD.index[squares[0]]]:
                return stays, state.play(move)
    raise AssertionError("no dragon could capture and move on")


def test_a_capture_shows_a_crossed_ghost_and_the_cards_count_by_kind(fought):
    stays, moves_on = capture_states(fought)
    assert stays.pieces[stays.last.captured[0][0]] and not moves_on.pieces[moves_on.last.captured[0][0]]
    for state in (stays, moves_on):
        cell, code = state.last.captured[0]
        img, bare = picture(state), picture(dataclasses.replace(state, last=None))
        x, y = origin(NAMES[cell])
        if state.pieces[cell]:  # a small ghost in a lower corner, beside the captor
            corner = elevation.moved("br", cell, cell, elevation.head_corner(state.last))
            left = x + (0 if corner == "bl" else INSIDE - 30)
            box = (left, y + INSIDE - 30, left + 30, y + INSIDE)
        else:  # the ghost where the piece stood
            box = (x + 20, y + 20, x + INSIDE - 20, y + INSIDE - 20)
        assert img.crop(box).tobytes() != bare.crop(box).tobytes(), NAMES[cell]
        assert f"captured {elevation.SEAT_NAMES[OWNER[code]]}'s" in state.last.effect_text()
    # the victim's card counts the piece lost; put it back on a free square and only that count changes
    state = stays
    cell, code = state.last.captured[0]
    free = next(c for c in range(36) if not state.pieces[c] and c != cell)
    restored = dataclasses.replace(state, pieces=tuple(code if c == free else p for c, p in enumerate(state.pieces)))
    victim = OWNER[code]
    text = cards.panel(elevation.WIDTH, 2).text
    boxes = [cards.card_box(elevation.WIDTH, 2, seat) for seat in range(2)]
    counts = [(box.x + box.width // 2, box.baseline - 2 * text, box.right + 2, box.baseline + 6) for box in boxes]
    now, before = picture(state), picture(restored)
    assert now.crop(counts[victim]).tobytes() != before.crop(counts[victim]).tobytes()
    assert now.crop(counts[1 - victim]).tobytes() == before.crop(counts[1 - victim]).tobytes()


def badge_point(seat: int) -> tuple[int, int]:
    """A pixel of the badge on a card's top edge (a HIGHLIGHT pill for the winner or the player to move)."""
    box = cards.card_box(elevation.WIDTH, 2, seat)
    inset = round(cards.panel(elevation.WIDTH, 2).text * 0.7)
    return box.x + box.width - inset - 4, box.y - 6  # right of its text, above the card's edge


def test_reds_pieces_are_round_and_blues_square(fought):
    """Told apart by more than colour: beside a piece, level with its middle, a round piece still
    covers the ground where a square one, its side a little shorter, has left it bare."""
    state = fought[10]
    reach = elevation.DISC / 2 - 1.5  # inside the round piece, outside the square one
    seen = set()
    for cell, code in enumerate(state.pieces):
        if not code or cell in (state.last.start, *(dst for _, dst in state.last.steps)):
            continue  # no ring round it
        x, y = elevation.layout().centre(*BOARD.coords[cell])
        img = picture(state)
        ground = elevation.shade(state.heights[cell])
        beside = [img.getpixel((round(x + dx), round(y))) for dx in (-reach, reach)]
        square = OWNER[code] == 1
        assert all((distance(pixel, ground) <= 40) == square for pixel in beside), (NAMES[cell], beside, ground)
        seen.add(OWNER[code])
    assert seen == {0, 1}
    lay = cards.panel(elevation.WIDTH, 2)
    shapes = [seat.corner for seat in elevation.seats(state, PLAYERS)]
    assert shapes == [0.0, elevation.CORNER] and lay.disc > 0, "each card's disc is shaped as its pieces are"


def test_finished_games_show_the_winner(finished):
    resigned = Outcome(places=(frozenset({0}), frozenset({1})), scores=None, reason="bob resigned")
    ended = EndedEarly(playout(4, 20)[-1], resigned)
    for state in (finished, ended):
        winner = next(iter(state.outcome.places[0]))
        img = picture(state)
        assert distance(img.getpixel(badge_point(winner)), theme.HIGHLIGHT) <= 12
        assert distance(img.getpixel(badge_point(1 - winner)), theme.HIGHLIGHT) > 100
        text = render_text(state, PLAYERS)
        assert text.count("<- winner") == 1 and "to move" not in text
        assert text.rstrip().splitlines()[-1].startswith(f"Game over: {PLAYERS[winner]} wins")
    loser, = finished.outcome.places[1]
    assert finished.kinds_left(loser) == (0, 0, 0) or finished.outcome.reason_text().endswith("no legal turn")


def test_text_board_shows_heights_pieces_and_the_last_turn():
    start_text = render_text(start(), PLAYERS)
    lines = start_text.splitlines()
    assert lines[0].split() == list("abcdef") and lines[7].split() == list("abcdef")
    assert lines[1].split() == ["6", "3s", "3f", "3d", "3d", "3f", "3s", "6"]
    assert lines[6].split() == ["1", "3S", "3F", "3D", "3D", "3F", "3S", "1"]
    assert "SFD Red: alice — 2 samurai, 2 fish, 2 dragons left  <- to move" in start_text
    assert "Last move" not in start_text
    text = render_text(start().play("c1-c2 d3>b3"), PLAYERS)
    rows = {line.split()[0]: line for line in text.splitlines()[1:7]}
    assert rows["1"].split() == ["1", "3S", "3F", "3.o", "3D", "3F", "3S", "1"]
    assert rows["2"].split() == ["2", "3.", "3.", "3D*", "3.", "3.", "3.", "2"]
    assert rows["3"].split() == ["3", "3.", "4.+", "3.", "2.-", "3.", "3.", "3"]
    assert len({len(line) for line in text.splitlines()[1:7]}) == 1  # the right-hand rank labels line up
    assert "Last move: Red c1-c2 d3>b3" in text and "sfd Blue: bob — 2 samurai, 2 fish, 2 dragons left  <- to move" in text


# A dragon's two steps that capture twice, from a game on random terrain (seed 8), and the moves before it.
DOUBLE_CAPTURE = [
    "c2>e2 d1-c2", "c6-d5 e6>c5", "c2: d2>b3 d3>c3", "d5-c4 d5>c3", "c2: b2>b3 b3>d2", "b5>c3 c4-b4",
    "c1: c2>b2 c2>d2", "b4: a3>a4 c4>a3", "c2: b1>d3 d2>c3", "b4: b3>a3 b5>c5", "c2: c3>b2 b2>b3",
    "b4: c3>c4 a3>c5", "b1-a2 a3>b2", "b6-b5 c4>c6", "c2: d3>b3 b1>b3", "b4: c3>a3 c5>a4", "c2: b3>d3 d2>b3",
    "b4: c3>b3 c3>c4", "c2: d1>c3 b3>b2", "b4: a4>b3 a3>a4", "e1-d2 d1>c3", "b4: b5>a5 a5>c3", "c3>b1 c2-d3",
    "b4: c5>c3 b3>a4", "e2>c2 d3-c4", "a3>c5 b4-a4", "d2-c2 d2>b2", "d6: c5>d5 c6>c5", "c4: d3>c5 c3>b4",
    "d6: e5>d5 c5>d5", "c4: c5>d4 c3>d5", "d6: e5>c5 c6>c5", "d2>b1 c2-d3", "d6: c5>c6 e5>d5", "c1: d2>b1 d2>b1",
    "a4-b4 a5>a3", "c4: c5>d4 c5>d4", "d6: c5>c6 e6>e5", "c4: d3>b3 c5>b3", "b4-c4-d3",
]


def footer_lines(monkeypatch, state, names) -> list[str]:
    """The footer's detail lines as drawn, top to bottom (the status line left out)."""
    lay = elevation.layout()
    drawn: dict[int, str] = {}
    real = footer.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        if xy[1] > lay.footer_y + 40:  # under the status line
            drawn[xy[1]] = drawn.get(xy[1], "") + line
        real(draw, xy, line, face, fill, anchor)

    monkeypatch.setattr(footer, "put_text", spy)
    elevation.image(state, names)
    return [drawn[y].strip() for y in sorted(drawn)]


def test_a_long_last_move_takes_more_footer_lines_not_an_ellipsis(monkeypatch):
    state = start("random", 8)
    for move in DOUBLE_CAPTURE:
        state = state.play(move)
    effect = state.last.effect_text()
    assert effect == "captured Red's dragon on c4, captured Red's fish on d3"
    names = ["Maximilian Alexander Worthington", "Computer (medium)"]
    timed_out = EndedEarly(state, Outcome(places=(frozenset({1}), frozenset({0})), scores=None,
                                          reason="Maximilian Alexander Worthington ran out of time"))
    for shown in (state, timed_out):
        lines = footer_lines(monkeypatch, shown, names)
        monkeypatch.undo()
        assert 2 <= len(lines) <= elevation.DETAIL_LINES and not any("…" in line for line in lines)
        joined = " ".join(lines)
        assert "Blue b4-c4-d3" in joined and all(part in joined for part in effect.split(", "))
        assert picture(shown).size == picture(start()).size  # one line or three, the picture keeps its size
    assert " ".join(lines).replace(" · ", " ").startswith("Maximilian Alexander Worthington ran out of time Blue b4-c4-d3")


@given(st.lists(st.integers(1, 200), min_size=1, max_size=6), st.integers(10, 400))
def test_the_legends_labels_share_the_room_they_have(widths, room):
    """However long a language's legend words are, each keeps its width while all fit; otherwise the
    narrow ones keep theirs and the wide ones are cut to an equal share, and together they fit (this
    once looped for ever on labels that only just overflowed, such as [90, 73, 68, 48, 59] in 327 px)."""
    rooms = elevation.legend_rooms(widths, room)
    assert all(0 <= r <= w for r, w in zip(rooms, widths))
    if sum(widths) <= room:
        assert rooms == widths
    else:
        assert sum(rooms) <= room
        cut = [r for r, w in zip(rooms, widths) if r < w]
        assert cut and max(cut) - min(cut) <= 0 and all(w <= cut[0] + 1 for r, w in zip(rooms, widths) if r == w)


def test_labels_that_only_just_overflow_are_cut_to_fit():
    assert elevation.legend_rooms([90, 73, 68, 48, 59], 327) == [79, 73, 68, 48, 59]
