"""The renderers: PNGs that decode, keep their size, are deterministic, show the position and the last
move; and the plain-text boards."""
from __future__ import annotations

import dataclasses
import io
import random

import pytest
from PIL import Image

import renderers
from renderers import attaxx, render, render_text
from rules import GAMES

NAMES = ["alice", "bob"]


def playout(seed: int, moves: int | None = None):
    """The states of one random Attaxx game, start first; `moves` stops it early."""
    rng = random.Random(seed)
    state = GAMES["attaxx"].start()
    states = [state]
    while state.outcome is None and (moves is None or len(states) <= moves):
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def square_point(state, name: str, dx: float = 0.5, dy: float = 0.5) -> tuple[int, int]:
    """A pixel inside square `name`: (dx, dy) are fractions of the square from its top-left."""
    x, y = attaxx.square_origin(*state.geometry.coords[state.geometry.index[name]])
    return round(x + dx * attaxx.TILE), round(y + dy * attaxx.TILE)


CORNER = (0.15, 0.15)  # on the felt, clear of the piece and its shadow


@pytest.fixture(scope="module")
def game_states():
    states = []
    for seed in range(3):
        states.extend(playout(seed)[::7])
    finished = playout(11)[-1]
    assert finished.outcome is not None
    return [*states, finished]


def test_every_renderer_is_a_registered_game():
    assert set(renderers.RENDERERS) <= set(GAMES)
    assert "attaxx" in renderers.RENDERERS


def test_unknown_game_is_a_key_error():
    fake = dataclasses.make_dataclass("Fake", [("game", str)])("no-such-game")
    with pytest.raises(KeyError):
        render(fake, NAMES)
    with pytest.raises(KeyError):
        render_text(fake, NAMES)


def test_png_decodes_with_one_size_for_every_position(game_states):
    sizes = set()
    for state in game_states:
        png = render(state, NAMES)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        sizes.add(decode(png).size)
    assert len(sizes) == 1
    (width, height), = sizes
    assert 560 <= width <= 640
    assert 500 <= height <= 800


def test_equal_states_render_identically():
    states = playout(5, moves=30)
    moves = [s.last.notation for s in states[1:]]
    replayed = GAMES["attaxx"].start()
    for move in moves:
        replayed = replayed.play(move)
    assert replayed is not states[-1]
    assert render(states[-1], NAMES) == render(states[-1], NAMES) == render(replayed, NAMES)


def test_changed_squares_change_their_pixels():
    states = playout(2, moves=25)
    before, after = states[-2], states[-1]
    changed = [cell for cell, (a, b) in enumerate(zip(before.board, after.board, strict=True)) if a != b]
    unchanged = [cell for cell, (a, b) in enumerate(zip(before.board, after.board, strict=True))
                 if a == b and cell not in (after.last.dst, after.last.src, *after.last.flipped)
                 and cell not in (before.last.dst, before.last.src, *before.last.flipped)]
    assert changed and unchanged
    img_before, img_after = decode(render(before, NAMES)), decode(render(after, NAMES))
    names = after.geometry.names
    for cell in changed:
        point = square_point(after, names[cell])
        assert img_before.getpixel(point) != img_after.getpixel(point), names[cell]
    for cell in unchanged:
        point = square_point(after, names[cell])
        assert img_before.getpixel(point) == img_after.getpixel(point), names[cell]


def test_white_and_black_pieces_look_different():
    start = GAMES["attaxx"].start()
    img = decode(render(start, NAMES))
    white, black, empty = (img.getpixel(square_point(start, n)) for n in ("a7", "a1", "d4"))
    assert sum(white) > sum(empty) > sum(black)


def jump_state():
    """A position whose last move is a jump that flipped something."""
    for seed in range(200):
        for state in playout(seed, moves=40):
            if state.last is not None and state.last.src is not None and state.last.flipped:
                return state
    raise AssertionError("no jump with flips in 200 random games")


def test_last_move_marks_source_target_and_flips():
    state = jump_state()
    plain = dataclasses.replace(state, last=None)
    marked_img, plain_img = decode(render(state, NAMES)), decode(render(plain, NAMES))
    names = state.geometry.names
    src, dst = names[state.last.src], names[state.last.dst]
    for name in (src, dst):
        point = square_point(state, name, *CORNER)
        assert marked_img.getpixel(point) != plain_img.getpixel(point), name
    # source and target are marked differently
    assert marked_img.getpixel(square_point(state, src, *CORNER)) != marked_img.getpixel(square_point(state, dst, *CORNER))
    for cell in state.last.flipped:  # a ring around each flipped piece
        ring_point = square_point(state, names[cell], 0.5, 0.5 - (attaxx.DISC + 7) / 2 / attaxx.TILE)
        assert marked_img.getpixel(ring_point) != plain_img.getpixel(ring_point), names[cell]


def test_clone_marks_its_target():
    state = GAMES["attaxx"].start().play("b6")
    plain = dataclasses.replace(state, last=None)
    point = square_point(state, "b6", *CORNER)
    assert decode(render(state, NAMES)).getpixel(point) != decode(render(plain, NAMES)).getpixel(point)


@pytest.mark.parametrize("names", [
    ["a", "b"],
    ["x" * 40, "W" * 40],
    ["Zoë Åberg", "Дмитрий Ελένη"],
    ["李小龍", "🎲🐉"],  # glyphs the bundled font lacks
    ["e\u0301\u200d", "שלום עליכם"],  # combining mark, zero-width joiner, right-to-left
    ["", "  \n\t "],  # blank names
    ["alice"],  # too few names
])
def test_any_names_render_at_the_same_size(names, game_states):
    reference = decode(render(game_states[0], NAMES)).size
    for state in (game_states[0], game_states[-1]):
        assert decode(render(state, names)).size == reference


def test_names_are_drawn_outside_the_board():
    state = playout(4, moves=12)[-1]
    one, other = decode(render(state, ["alice", "bob"])), decode(render(state, ["Bartholomew", "Xi"]))
    top = attaxx.BOARD_Y - attaxx.FRAME
    bottom = attaxx.BOARD_Y + attaxx.RANKS * attaxx.TILE + attaxx.FRAME
    assert one.crop((0, 0, one.width, top)).tobytes() != other.crop((0, 0, one.width, top)).tobytes()
    assert one.crop((0, top, one.width, bottom)).tobytes() == other.crop((0, top, one.width, bottom)).tobytes()


def test_turn_marker_moves_with_the_turn():
    start = GAMES["attaxx"].start()
    after = start.play("b6")
    assert start.to_move != after.to_move
    panel = (0, 0, attaxx.WIDTH, attaxx.BOARD_Y - attaxx.FRAME)
    a, b = decode(render(start, NAMES)).crop(panel), decode(render(after, NAMES)).crop(panel)
    assert a.tobytes() != b.tobytes()


def test_text_board():
    state = jump_state()
    text = render_text(state, ["alice", "bob"])
    lines = text.splitlines()
    rank_lines = [line for line in lines if line[:2].strip().isdigit()]
    assert [int(line[:2]) for line in rank_lines] == [7, 6, 5, 4, 3, 2, 1]
    assert all(f in lines[0] for f in "abcdefg")
    board_part = "\n".join(rank_lines)
    white, black = state.counts
    assert board_part.count("O") == white and board_part.count("X") == black
    assert "alice" in text and "bob" in text
    assert f"[{'OX'[state.last.seat]}]" in board_part
    assert "(.)" in board_part
    assert state.last.notation in text
    assert "to move" in text


def test_text_of_a_finished_game_gives_the_result():
    state = playout(11)[-1]
    text = render_text(state, ["alice", "bob"])
    assert "Game over" in text and state.outcome.reason in text
    assert "to move" not in text
