"""The renderers: PNGs that decode, keep their size, are deterministic, show the position and the last
move; and the plain-text boards."""
from __future__ import annotations

import dataclasses

import pytest

import renderers
from games import GAMES, REGISTRY, render, render_text
from renderers import attaxx, ikabegama, lettering
from rules.ikabegama import GAME as IKABEGAMA
from tests.support.images import decode
from tests.support.playouts import random_states

NAMES = ["alice", "bob"]


def playout(seed: int, moves: int | None = None):
    """The states of one random Attaxx game, start first; `moves` stops it early."""
    return random_states(GAMES["attaxx"].start(), seed, moves)



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


def test_every_registered_game_has_a_renderer_with_the_whole_contract():
    for name, registered in REGISTRY.items():
        assert registered.renderer.__name__ == f"renderers.{name}", "each game's renderer is its module in renderers/"
        assert not renderers.missing_functions(registered.renderer), name


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
    assert "Game over" in text and state.outcome.reason_text() in text
    assert "to move" not in text


# --- Ikabegamá --------------------------------------------------------------------------------------------
def hex_playout(seed: int, size: int = 5, moves: int | None = None, **nests):
    """The states of one random Ikabegamá game, start first; `moves` stops it early."""
    return random_states(IKABEGAMA.start(players=2, options={"size": size, **nests}, seed=0), seed, moves)


def hex_point(state, cell: int, dx: float = 0.0, dy: float = 0.0) -> tuple[int, int]:
    """A pixel of hex `cell`: (dx, dy) are fractions of the hex's circumradius from its centre."""
    lay = ikabegama.layout(ikabegama.side_of(state))
    x, y = lay.centres[cell]
    return round(x + dx * lay.radius), round(y + dy * lay.radius)


HEX_EDGE = (0.8, 0.0)  # towards the right-hand vertex: clear of a token, its shadow and its rings


def hex_jump_state(size: int = 5):
    """An unfinished position whose last move is a jump that flipped something."""
    for seed in range(300):
        for state in hex_playout(seed, size):
            if state.outcome is None and state.last is not None and state.last.src is not None and state.last.flipped:
                return state
    raise AssertionError("no jump with flips in 300 random games")


def test_ikabegama_is_registered():
    assert REGISTRY["ikabegama"].renderer is ikabegama


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_ikabegama_png_has_one_size_per_board(size):
    states = []
    for seed in range(2):
        states.extend(hex_playout(seed, size)[::9])
        states.append(hex_playout(seed, size)[-1])
    cells = states[0].geometry.size
    states.extend(hex_playout(7, size, light_nest=states[0].geometry.names[cells // 3],
                              dark_nest=states[0].geometry.names[cells // 3 + 1])[::5])
    assert any(state.outcome is not None for state in states)
    sizes = set()
    for state in states:
        png = render(state, NAMES)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        sizes.add(decode(png).size)
    assert sizes == {(attaxx.WIDTH, ikabegama.layout(size).height)}
    assert 600 <= ikabegama.layout(size).height <= 860


def test_ikabegama_equal_states_render_identically():
    states = hex_playout(5, 6, moves=30)
    replayed = IKABEGAMA.start(players=2, options={"size": 6}, seed=0)
    for state in states[1:]:
        replayed = replayed.play(state.last.notation)
    assert replayed is not states[-1]
    assert render(states[-1], NAMES) == render(states[-1], NAMES) == render(replayed, NAMES)


@pytest.mark.parametrize("size", [4, 5, 7])
def test_ikabegama_changed_cells_change_their_pixels(size):
    states = hex_playout(3, size, moves=20)
    before, after = states[-2], states[-1]
    changed = [cell for cell, (a, b) in enumerate(zip(before.board, after.board)) if a != b]
    marked = {after.last.dst, after.last.src, *after.last.flipped, before.last.dst, before.last.src, *before.last.flipped}
    unchanged = [cell for cell, (a, b) in enumerate(zip(before.board, after.board)) if a == b and cell not in marked]
    assert changed and unchanged
    img_before, img_after = decode(render(before, NAMES)), decode(render(after, NAMES))
    for cell in changed:
        point = hex_point(after, cell)
        assert img_before.getpixel(point) != img_after.getpixel(point), after.geometry.names[cell]
    for cell in unchanged:
        point = hex_point(after, cell)
        assert img_before.getpixel(point) == img_after.getpixel(point), after.geometry.names[cell]


def test_ikabegama_light_and_dark_tokens_look_different():
    start = IKABEGAMA.start(players=2, options={"size": 5}, seed=0)
    img = decode(render(start, NAMES))
    light, dark = (img.getpixel(hex_point(start, cell)) for cell in start.variant.nests)
    empty = img.getpixel(hex_point(start, start.geometry.index["e5"], 0.3, 0.3))
    assert sum(light) > sum(empty) > sum(dark)


@pytest.mark.parametrize("size, light_nest, dark_nest", [(4, None, None), (5, "a1", "b2"), (7, "n7", "a1")])
def test_ikabegama_nests_are_ringed(size, light_nest, dark_nest):
    state = IKABEGAMA.start(players=2, options={"size": size, "light_nest": light_nest, "dark_nest": dark_nest}, seed=0)
    img = decode(render(state, NAMES))
    lay = ikabegama.layout(size)
    apothem = (lay.radius - lay.gap) * 3 ** 0.5 / 2
    on_ring = (0.0, -(apothem - lay.nest_width / 2) / lay.radius)  # in the band, above the token
    ordinary = next(cell for cell in range(state.geometry.size)
                    if cell not in state.variant.nests and state.board[cell] == 0
                    and all(n not in state.variant.nests for n in state.geometry.near[cell]))
    plain = img.getpixel(hex_point(state, ordinary, *on_ring))
    rings = [img.getpixel(hex_point(state, nest, *on_ring)) for nest in state.variant.nests]
    assert plain not in rings
    assert rings[0] != rings[1]
    assert sum(rings[0]) > sum(plain) > sum(rings[1])  # Light's ring is pale, Dark's is deep


def test_ikabegama_last_move_marks_source_target_and_flips():
    state = hex_jump_state()
    plain = dataclasses.replace(state, last=None)
    marked_img, plain_img = decode(render(state, NAMES)), decode(render(plain, NAMES))
    src, dst = state.last.src, state.last.dst
    for cell in (src, dst):
        point = hex_point(state, cell, *HEX_EDGE)
        assert marked_img.getpixel(point) != plain_img.getpixel(point), state.geometry.names[cell]
    assert marked_img.getpixel(hex_point(state, src, *HEX_EDGE)) != marked_img.getpixel(hex_point(state, dst, *HEX_EDGE))
    lay = ikabegama.layout(5)
    for cell in state.last.flipped:  # a ring around each flipped token
        point = hex_point(state, cell, 0.0, -(lay.flip - 1.5) / 2 / lay.radius)
        assert marked_img.getpixel(point) != plain_img.getpixel(point), state.geometry.names[cell]
    # away from the move nothing changes
    far = [cell for cell in range(state.geometry.size) if cell not in (src, dst, *state.last.flipped)]
    for cell in far:
        point = hex_point(state, cell, *HEX_EDGE)
        assert marked_img.getpixel(point) == plain_img.getpixel(point), state.geometry.names[cell]


def test_ikabegama_growth_marks_its_target():
    start = IKABEGAMA.start(players=2, options={"size": 5}, seed=0)
    state = start.play("e2")
    plain = dataclasses.replace(state, last=None)
    point = hex_point(state, state.geometry.index["e2"], *HEX_EDGE)
    assert decode(render(state, NAMES)).getpixel(point) != decode(render(plain, NAMES)).getpixel(point)


def test_ikabegama_names_are_drawn_outside_the_board():
    state = hex_playout(4, 5, moves=12)[-1]
    one, other = decode(render(state, ["alice", "bob"])), decode(render(state, ["Bartholomew", "Xi"]))
    top, bottom = ikabegama.BOARD_TOP, ikabegama.layout(5).footer_y
    assert one.crop((0, 0, one.width, top)).tobytes() != other.crop((0, 0, one.width, top)).tobytes()
    assert one.crop((0, top, one.width, bottom)).tobytes() == other.crop((0, top, one.width, bottom)).tobytes()


@pytest.mark.parametrize("size", [4, 5, 7])
def test_ikabegama_text_board(size):
    state = hex_jump_state(size)
    text = render_text(state, ["alice", "bob"])
    lines = text.splitlines()
    g = state.geometry
    assert lines[0].split() == list(g.files)
    end = lines.index("", 1)
    board_part = "\n".join(lines[1:end - 1])
    assert len(lines[1:end - 1]) == 2 * (2 * size - 1) - 1  # half a cell per line
    light, dark = state.counts
    assert board_part.count("O") == light and board_part.count("X") == dark
    assert f"[ {'OX'[state.last.seat]}]" in board_part
    src_number = g.coords[state.last.src][1] + 1
    assert f"({src_number:>2})" in board_part
    assert board_part.count("*") == len(state.last.flipped)
    assert board_part.count("<") == 2 - (state.last.dst in state.variant.nests) - (state.last.src in state.variant.nests)
    # the first board line holds one cell, the top of the middle file, right under its letter
    first = lines[1].rstrip()
    assert len(first.strip()) <= 4
    assert len(first) - 4 <= lines[0].index(g.files[size - 1]) < len(first)
    assert "alice" in text and "bob" in text
    assert state.last.notation in text
    assert "to move" in text
    light_nest, dark_nest = (g.names[cell] for cell in state.variant.nests)
    assert f"Light {light_nest}, Dark {dark_nest}" in text


def test_ikabegama_text_of_a_finished_game_gives_the_result():
    state = hex_playout(11)[-1]
    text = render_text(state, ["alice", "bob"])
    assert "Game over" in text and state.outcome.reason_text() in text
    assert "to move" not in text


def test_cached_text_draws_the_same_pixels_as_pillow():
    """The player cards and the footer draw their text through renderers.lettering.put_text, which
    renders each string once into a mask and reuses it in any colour; what it draws must be exactly
    what ImageDraw.text draws, partly off the picture and at a negative position too."""
    from PIL import Image, ImageDraw

    from renderers import theme

    cases = [("alice", 22, True, "ls", (68.0, 41.0)), ("Black", 16, False, "ls", (70.5, 60.25)),
             ("12", 21, True, "rs", (300.0, 60.0)), ("", 15, False, "rs", (10.0, 10.0)),
             ("Zoë · b6 → c5", 16, False, "ls", (17.75, 53.5)), ("Ωmega (White) to move", 21, True, "ls", (3.0, 29.0)),
             (" pieces", 15, False, "rs", (338.0, 68.0)), ("Ωmega (White) to move", 21, True, "rs", (40.5, 79.0)),
             ("Gj", 18, True, "mm", (-3.5, 20.25))]
    for mode, background in (("RGB", (43, 45, 49)), ("RGBA", (43, 45, 49, 255)), ("RGBA", (0, 0, 0, 0))):
        for line, size, bold, anchor, xy in cases:
            for fill in (theme.TEXT, theme.MUTED, theme.TEXT):  # the second and third time from the cache
                expected, cached = Image.new(mode, (340, 80), background), Image.new(mode, (340, 80), background)
                ImageDraw.Draw(expected).text(xy, line, font=lettering.font(size, bold), fill=fill, anchor=anchor)
                lettering.put_text(ImageDraw.Draw(cached), xy, line, lettering.font(size, bold), fill, anchor)
                assert cached.tobytes() == expected.tobytes(), (mode, line, fill)
