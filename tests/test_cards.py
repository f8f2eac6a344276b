"""The player cards and the footer of every game's picture: the seats the cards show are the renderer's
`seats`, counts and scores in the right number, names set at the largest size that fits, on two lines
or cut only where two lines cannot hold them, seat letters where the board has them, and the footer's
detail wrapped between words."""
from __future__ import annotations

import dataclasses

import pytest

from games import GAMES, REGISTRY, render, render_text
from renderers import attaxx, lettering
from tests.support.images import decode, pixels

NAMES = ["alice", "bob"]


# --- every game: the seats the cards show ----------------------------------------------------------------
def most_players(name: str):
    game = GAMES[name]
    return game.start(players=game.players.stop - 1)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_seats_are_what_the_cards_show(name, monkeypatch):
    from renderers import theme

    game, module = GAMES[name], REGISTRY[name].renderer
    state = most_players(name)
    names = [f"player {seat}" for seat in range(state.players)]
    drawn = []
    monkeypatch.setattr(theme, "draw_players", lambda img, top, seats, *rest, **how: drawn.append(list(seats)))
    module.image(state, names)
    seats = module.seats(state, names)
    assert [seat.name for seat in seats] == names
    assert [seat.side for seat in seats] == [game.seat_name(k) for k in range(state.players)]
    (cards,) = drawn
    assert [(s.name, s.score, s.score_label, s.style) for s in seats] == [(c.name, c.score, c.score_label, c.style) for c in cards]
    assert all(card.side.startswith(seat.side) for seat, card in zip(seats, cards))  # Ascent adds its rows' direction
    assert all(bool(seat.score) == bool(seat.score_label) for seat in seats)


def with_pieces(state, light: int, dark: int):
    """`state` with only `light` pieces of the first seat and `dark` of the second on the board."""
    board = [0] * len(state.board)
    for cell in range(light):
        board[cell] = 1
    for cell in range(light, light + dark):
        board[cell] = 2
    return dataclasses.replace(state, board=tuple(board))


@pytest.mark.parametrize(("name", "unit"), [("attaxx", "piece"), ("ikabegama", "token")])
def test_a_count_of_one_is_singular(name, unit):
    state = with_pieces(GAMES[name].start(), 1, 2)
    module = REGISTRY[name].renderer
    assert [(seat.score, seat.score_label) for seat in module.seats(state, NAMES)] == [("1", unit), ("2", unit + "s")]
    text = render_text(state, NAMES)
    assert f"alice — 1 {unit}  <- to move" in text and f"bob — 2 {unit}s" in text
    assert f"1 {unit}s" not in text


def test_a_score_of_one_point_is_singular():
    from renderers import permutation

    state = dataclasses.replace(GAMES["permutation"].start(players=3), scores=(1, 0, 12))
    assert [(s.score, s.score_label) for s in permutation.seats(state, NAMES)] == [("1", "point"), ("0", "points"), ("12", "points")]
    text = render_text(state, ["alice", "bob", "carol"])
    assert "alice — 1 point" in text and "bob — 0 points" in text and "1 points" not in text
    # four-digit scores on a three-to-a-row panel are labelled short, in the right number too
    short = dataclasses.replace(state, scores=(1, 1000, 5))
    assert [s.score_label for s in permutation.seats(short, NAMES)] == ["pt", "pts", "pts"]
    assert "alice — 1 point" in render_text(short, ["alice", "bob", "carol"])


# --- names on the cards ----------------------------------------------------------------------------------
LONG_NAMES = ["Maximilian Alexander Worthington", "Computer (medium)", "Computer (easy) · Green",
              "maximilian_alexander_worthington", "Computer (hard) · Orange", "Computer (easy) · Purple"]


def layouts():
    """(game, players) for every card layout of every game: two cards to a row, three, and two by two."""
    for name in sorted(REGISTRY):
        for players in GAMES[name].players:
            yield name, players


def drawn_text(monkeypatch, state, names) -> list[tuple[float, float, str, int]]:
    """Every line the player cards and the footer set, as (x, y, text, font size), in drawing order."""
    from renderers import cards, footer, lettering

    drawn = []
    real = lettering.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        drawn.append((xy[0], xy[1], line, face.size, anchor))
        real(draw, xy, line, face, fill, anchor)

    for module in (cards, footer):  # each looks put_text up in its own namespace
        monkeypatch.setattr(module, "put_text", spy)
    REGISTRY[state.game].renderer.image(state, names)
    return drawn


def two_lines_fit(name: str, size: int, room: int) -> bool:
    """Whether `name` can be broken anywhere into two lines no wider than `room` at `size`."""
    face = lettering.font(size, True)
    return any(face.getlength(name[:k].rstrip()) <= room and face.getlength(name[k:].lstrip()) <= room
               for k in range(1, len(name)))


def test_name_layout_prefers_smaller_type_then_two_lines_then_an_ellipsis():
    from renderers import cards

    assert cards.name_layout("alice", 204, 22, 19) == (22, ("alice",))
    wide = "Bartholomew Kay"  # too wide at 22 px, not at 19
    assert lettering.font(22, True).getlength(wide) > 190 >= lettering.font(19, True).getlength(wide)
    size, lines = cards.name_layout(wide, 190, 22, 19)
    assert lines == (wide,) and 19 <= size < 22
    size, lines = cards.name_layout("Computer (medium) · Green", 204, 22, 19)
    assert size == 19 and lines == ("Computer", "(medium) · Green")  # never a line ending in "·"
    size, lines = cards.name_layout("Maximilian Alexander Worthington", 260, 22, 19)
    assert lines == ("Maximilian Alexander", "Worthington") and size == 19  # between words
    size, lines = cards.name_layout("maximilian_alexander_worthington", 260, 22, 19)
    assert lines == ("maximilian_alexander_", "worthington")
    size, lines = cards.name_layout("W" * 32, 204, 22, 19)  # too wide for two lines at the least size
    assert size == 19 and len(lines) == 2 and lines[1].endswith("…") and "…" not in lines[0]
    for name in (*LONG_NAMES, "W" * 32, "x" * 40, "MaximilianAlexanderWorthington32"):
        for room, largest, least in ((204, 22, 19), (230, 23, 20), (260, 26, 23)):
            size, lines = cards.name_layout(name, room, largest, least)
            assert least <= size <= largest, "never smaller than a phone can read"
            assert all(lettering.font(size, True).getlength(line) <= room for line in lines), (name, room)
            if lines[-1].endswith("…"):
                assert not two_lines_fit(name, least, room), (name, room)
            else:  # whole, a hyphen added only where a word is broken
                hyphened = lines[0].endswith("-") and not name.replace(" ", "").startswith(lines[0].replace(" ", ""))
                first = lines[0][:-1] if hyphened else lines[0]
                assert (first + "".join(lines[1:])).replace(" ", "") == name.replace(" ", ""), (name, room)
    assert cards.name_layout("Maximilian Alexander Worthington", 204, 22, 19) == (
        19, ("Maximilian Alexa-", "nder Worthington"))  # too long for two lines between words


@pytest.mark.parametrize(("name", "players"), list(layouts()))
def test_no_card_cuts_a_name_that_two_lines_can_hold(name, players, monkeypatch):
    from renderers import cards

    game = GAMES[name]
    state = game.start(players=players, options={"k": 3} if name == "permutation" else None)
    names = [LONG_NAMES[(k + players) % len(LONG_NAMES)] for k in range(players)]
    names[0] = "Maximilian Alexander Worthington"
    width = REGISTRY[name].renderer.image(state, names).width
    lay = cards.panel(width, players)
    on_cards = [line for line in drawn_text(monkeypatch, state, names) if line[1] < lay.height]
    assert not any("…" in text for _, _, text, _, _ in on_cards)
    for seat, full in enumerate(names):
        side = game.seat_name(seat)
        box = cards.card_box(width, players, seat)
        shown = [(x, text, size) for x, y, text, size, _ in on_cards if box.y < y < box.y + box.height
                 and x == box.text_x and text != side and not text.startswith(side + " ·")]
        # a name that ends with its side ("Computer (easy) · Green") leaves it to the side's own line
        expected = full.removesuffix(f" · {side}")
        joined = "".join(text.removesuffix("-") if k == 0 and "-" not in expected else text
                         for k, (_, text, _) in enumerate(shown))
        assert joined.replace(" ", "") == expected.replace(" ", ""), (seat, shown)
        for x, text, size in shown:
            assert x + lettering.font(size, True).getlength(text) <= box.right
            assert size >= lay.text


def test_cards_carry_seat_letters_where_the_board_does():
    from renderers import cards, permutation, theme

    assert theme.seat_marks(["Red", "Blue", "Green", "Yellow", "Purple", "Orange"]) == list("RBGYPO")
    assert theme.seat_marks(["Red", "Rose", "Blue"]) == ["1", "2", "3"]  # initials that clash give way to numbers

    def ink_on_disc(state, seat: int, styles) -> int:
        """How many pixels of the disc's middle are in the ink that stands out on the seat's colour."""
        img = decode(render(state, ["a"] * state.players))
        lay = cards.panel(img.width, state.players)
        box = cards.card_box(img.width, state.players, seat)
        cx, cy = box.x + lay.inset + lay.disc // 2, box.y + box.height // 2
        ink = theme.ink_on(styles[seat].base)
        middle = pixels(img.crop((cx - 8, cy - 8, cx + 8, cy + 8)))
        return sum(1 for pixel in middle if max(abs(a - b) for a, b in zip(pixel, ink)) < 40)

    assert all(ink_on_disc(GAMES["attaxx"].start(), seat, attaxx.STYLES) == 0 for seat in range(2))
    for players in (2, 3, 6):  # Multiplications letters every x and number, so its cards say which is whose
        state = GAMES["permutation"].start(players=players)
        assert all(ink_on_disc(state, seat, permutation.STYLES) > 10 for seat in range(players))


# --- the footer ------------------------------------------------------------------------------------------
def test_detail_wraps_between_words_onto_two_lines_and_cuts_only_the_last():
    from renderers import footer, theme

    text, muted = theme.TEXT, theme.MUTED
    detail = (("Blue has no pieces left · ", text), ("Red e5-e6-f6", text),
              (" · captured Blue's samurai on e6, captured Blue's dragon on f6", muted))
    size = footer.footer(600).detail
    face = lettering.font(size)
    for room in (532, 500, 300):
        lines = footer.wrap_detail(detail, room, size)
        assert 1 <= len(lines) <= 2
        for line in lines:
            shown = "".join(part for part, _ in line)
            assert sum(face.getlength(part) for part, _ in line) <= room
            assert not shown.rstrip().endswith("·") and not shown.startswith(("·", " "))
        joined = " ".join("".join(part for part, _ in line).strip() for line in lines)
        if room >= 500:  # it all fits on two lines: nothing is cut, nothing lost but a "·" at the break
            assert "…" not in joined
            assert joined.replace(" · ", " ") == "Blue has no pieces left Red e5-e6-f6 captured Blue's samurai on e6, captured Blue's dragon on f6" \
                or joined == "Blue has no pieces left · Red e5-e6-f6 · captured Blue's samurai on e6, captured Blue's dragon on f6"
        else:
            assert joined.endswith("…") and "…" not in "".join(part for part, _ in lines[0])
        assert {colour for line in lines for _, colour in line} == {text, muted}
    # a segment that starts with BREAK starts a line of its own
    lines = footer.wrap_detail((("Last move ", muted), ("Red c8", text), (footer.BREAK + "The first line", muted)), 532, size)
    assert ["".join(part for part, _ in line) for line in lines] == ["Last move Red c8", "The first line"]
