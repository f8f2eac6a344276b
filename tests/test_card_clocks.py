"""Game clocks on the pictures: a match played on a clock is drawn with `theme.Names`, which carries each
seat's time left (`theme.SeatClock`) beside the names. Every game, and a seventh added as
docs/adding-a-game.md teaches, shows them on the cards (a pill on each card's top edge, in the warning
colour with a warning sign when low, the side to move keeping its highlighted card and badge), on the
text board and in the alt text; a picture without clocks is the very same picture as before, and a
finished game's cards show the result as always."""
from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import GAMES, REGISTRY, describe, render, render_text
from i18n import pgettext, shipped, speaking
from renderers import cards
from renderers.cards import LOW_MARK, Names, SeatClock
from renderers.colours import HIGHLIGHT, LOW_TIME, NOTE
from renderers.describe import ALT_TEXT_MAX
from rules import Cause, Outcome, ended
from tests.support.images import decode, pixel
from tests.support.playouts import random_states
from tests.test_adding_a_game import NAME as SEVENTH
from tests.test_adding_a_game import example  # noqa: F401  (the fixture that registers a seventh game)

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
CLOCK_TEXTS = ("4:32", "0:25", "12:04", "1:02:03", "9:59", "0:03")


def clocks_for(players: int, low: int | None = 1) -> tuple[SeatClock, ...]:
    """A clock per seat, with distinct times; seat `low`'s clock is low."""
    return tuple(SeatClock(CLOCK_TEXTS[seat], low=seat == low) for seat in range(players))


def start(name: str, players: int | None = None):
    game = GAMES[name]
    return game.start(players=players or game.players.start, options={}, seed=0)


def middle(name: str, players: int | None = None):
    states = random_states(start(name, players), seed=1, moves=40)
    return states[len(states) // 2]


def drawn_texts(monkeypatch, draw) -> list[str]:
    """Every text `draw()` sets on the cards."""
    found: list[str] = []
    real = cards.put_text

    def put_text(draw_, xy, text, *rest):
        found.append(text)
        real(draw_, xy, text, *rest)

    with monkeypatch.context() as patch:
        patch.setattr(cards, "put_text", put_text)
        draw()
    return found


def near(colour, target, within: int = 14) -> bool:
    return max(abs(a - b) for a, b in zip(colour, target)) <= within


def colour_in(img, box: tuple[int, int, int, int], target) -> int:
    """How many pixels of `img` inside `box` are `target` (give or take the palette's rounding)."""
    x0, y0, x1, y1 = box
    return sum(near(pixel(img, (x, y)), target) for y in range(y0, y1) for x in range(x0, x1))


def card_area(img, players: int, seat: int) -> tuple[int, int, int, int]:
    """The card of `seat` with the half of its badges that stands above it."""
    box = cards.card_box(img.width, players, seat)
    half = cards.panel(img.width, players).badge_height // 2 + 1
    return box.x, box.y - half, box.x + box.width, box.y + box.height


# --- the mechanism ------------------------------------------------------------------------------------
def test_names_are_a_tuple_of_names_that_carries_clocks():
    clocks = (SeatClock("4:32"), SeatClock("0:25", low=True))
    names = Names(["alice", "bob"], clocks=clocks)
    assert names == Names(("alice", "bob"), clocks) and list(names) == ["alice", "bob"] and names[1] == "bob"
    assert names.clocks == clocks and len(names) == 2 and isinstance(names, tuple)
    plain = Names(["alice", "bob"])
    assert plain == ("alice", "bob") and hash(plain) == hash(("alice", "bob")) and plain.clocks == ()
    assert Names(["alice", "bob"], clocks=(None, None)) == plain, "no clock at all is no clocks"
    assert names != plain and names != Names(["alice", "bob"], (SeatClock("4:31"), clocks[1])), (
        "a picture cached by its names is never shown with another moment's clocks")


clock_values = st.builds(SeatClock, st.from_regex(r"\d{1,2}:\d\d(:\d\d)?", fullmatch=True), st.booleans())


@given(st.lists(st.text(max_size=32), max_size=6).flatmap(
    lambda names: st.tuples(st.just(names), st.lists(st.none() | clock_values, max_size=len(names)))))
def test_names_pickle_with_their_clocks(case):
    names, clocks = case
    given_names = Names(names, clocks=clocks)
    back = pickle.loads(pickle.dumps(given_names))
    assert type(back) is Names and back == given_names and hash(back) == hash(given_names)
    assert list(back) == names and back.clocks == given_names.clocks


def test_seats_carry_the_clocks_that_seat_has():
    state = start("permutation", 3)
    clocks = (SeatClock("4:32"), None, SeatClock("0:25", low=True))  # the second player left: a computer plays on
    seats = REGISTRY["permutation"].renderer.seats(state, Names(NAMES[:3], clocks=clocks))
    assert [seat.clock for seat in seats] == list(clocks)
    assert [seat.clock for seat in REGISTRY["permutation"].renderer.seats(state, NAMES[:3])] == [None] * 3


# --- every game -----------------------------------------------------------------------------------------
def seat_counts(name: str) -> list[int]:
    players = GAMES[name].players
    return sorted({players.start, players.stop - 1})


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_draws_its_clocks_and_nothing_else_changes_without_them(name):
    for players in seat_counts(name):
        state = start(name, players)
        names = NAMES[:players]
        before = render(state, names)
        assert render(state, Names(names)) == before == render(state, tuple(names))
        assert render(state, Names(names, clocks=clocks_for(players))) != before
        assert render(state, Names(names, clocks=clocks_for(players, low=None))) != before


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_says_its_clocks_in_words(name):
    players = GAMES[name].players.stop - 1
    state = middle(name, players)
    names = Names(NAMES[:players], clocks=clocks_for(players))
    text, alt = render_text(state, names), describe(state, names)
    for seat, clock in enumerate(names.clocks):
        said = f"{clock.text} on the clock (low)" if clock.low else f"{clock.text} on the clock"
        line = next(line for line in text.splitlines() if f": {NAMES[seat]}" in line)
        assert said in line, (line, said)
        assert f"{NAMES[seat]} ({GAMES[name].seat_name(seat)}) {clock.text}{' (low)' if clock.low else ''}" in alt
    assert "Clocks: " in alt and len(alt) <= ALT_TEXT_MAX
    assert "on the clock" not in render_text(state, NAMES[:players]) and "Clocks" not in describe(state, NAMES[:players])


def test_the_seventh_game_shows_clocks_with_no_code_of_its_own(example):  # noqa: F811
    state = GAMES[SEVENTH].start()
    names = Names(["alice", "bob"], clocks=clocks_for(2))
    assert render(state, names) != render(state, ["alice", "bob"])
    assert "4:32 on the clock" in render_text(state, names) and "0:25 on the clock (low)" in render_text(state, names)
    assert "Clocks: alice" in describe(state, names)


# --- what a player sees ---------------------------------------------------------------------------------
def test_attaxx_in_words():
    state = start("attaxx")
    names = Names(["alice", "bob"], clocks=(SeatClock("4:32"), SeatClock("0:25", low=True)))
    assert describe(state, names) == ("Attaxx board. alice (White) to move. Clocks: alice (White) 4:32, bob (Black) "
                                      "0:25 (low). No moves yet. alice (White) 2 pieces, bob (Black) 2 pieces.")
    lines = render_text(state, names).splitlines()
    assert "O White: alice — 2 pieces — 4:32 on the clock  <- to move" in lines
    assert "X Black: bob — 2 pieces — 0:25 on the clock (low)" in lines


def test_each_card_shows_its_clock_beside_its_badge(monkeypatch):
    state = middle("attaxx")
    mover = state.to_move
    clocks = [SeatClock("4:32"), SeatClock("2:59:59")]
    clocks[1 - mover] = SeatClock("0:25", low=True)
    texts = drawn_texts(monkeypatch, lambda: REGISTRY["attaxx"].renderer.image(state, Names(["alice", "bob"], clocks)))
    assert "TO MOVE" in texts and clocks[mover].text in texts and f"{LOW_MARK} 0:25" in texts


def test_a_low_clock_is_drawn_in_the_warning_colour_and_the_side_to_move_stays_marked():
    for name in sorted(REGISTRY):
        state = middle(name)
        mover = state.to_move
        players = state.players
        low = (mover + 1) % players
        img = decode(render(state, Names(NAMES[:players], clocks=clocks_for(players, low=low))))
        plain = decode(render(state, NAMES[:players]))
        for seat in range(players):
            area = card_area(img, players, seat)
            warned = colour_in(img, area, LOW_TIME)
            if seat == low:
                assert warned > 200, f"{name}: the low clock's pill is in the warning colour"
            else:
                assert warned <= colour_in(plain, area, LOW_TIME) + 5, f"{name}: no warning on seat {seat}'s card"
            box = cards.card_box(img.width, players, seat)
            edge = pixel(img, (box.x + 1, box.y + box.height // 2))  # the card's left edge, clear of the badges
            assert near(edge, HIGHLIGHT, 40) == (seat == mover), f"{name}: the card of the side to move is highlighted"


def test_a_low_clock_of_the_side_to_move_is_both_warned_and_marked(monkeypatch):
    state = middle("attaxx")
    clocks = [SeatClock("4:32"), SeatClock("4:32")]
    clocks[state.to_move] = SeatClock("0:09", low=True)
    names = Names(["alice", "bob"], clocks)
    img = decode(render(state, names))
    assert colour_in(img, card_area(img, 2, state.to_move), LOW_TIME) > 200
    assert colour_in(img, card_area(img, 2, 1 - state.to_move), LOW_TIME) == 0
    assert "TO MOVE" in drawn_texts(monkeypatch, lambda: REGISTRY["attaxx"].renderer.image(state, names))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_finished_game_shows_the_result_not_the_clocks(name, monkeypatch):
    players = GAMES[name].players.stop - 1
    state = ended(middle(name, players), Outcome.left(Cause.TIME, NAMES[0], players, (0,)))
    names = Names(NAMES[:players], clocks=(SeatClock("0:00", low=True), *clocks_for(players)[1:]))
    assert render(state, names) == render(state, NAMES[:players])
    texts = drawn_texts(monkeypatch, lambda: REGISTRY[name].renderer.image(state, names))
    assert "WINNER" in texts and not any(clock.text in texts for clock in names.clocks)
    assert "0:00 on the clock (low)" in render_text(state, names), "the text says the time each had left"


@pytest.mark.parametrize("language", shipped())
def test_the_badge_and_the_longest_clock_fit_a_card_whole_in_every_language(language, monkeypatch):
    """Six seats of Multiplications, every clock at its widest: nothing cut short, nothing past the card."""
    state = middle("permutation", 6)
    clocks = [SeatClock("2:59:59")] * 6
    clocks[state.to_move] = SeatClock("35:59", low=True)
    names = Names(NAMES, clocks)
    width = REGISTRY["permutation"].renderer.image(state, NAMES).width
    pills: list[tuple[str, int, int, int]] = []  # text, left and right end, middle
    real = cards.draw_badge

    def draw_badge(img, draw, text, lay, right_middle, *rest):
        width = real(img, draw, text, lay, right_middle, *rest)
        pills.append((text, right_middle[0] - width, right_middle[0], right_middle[1]))
        return width

    monkeypatch.setattr(cards, "draw_badge", draw_badge)
    with speaking(language):
        texts = drawn_texts(monkeypatch, lambda: REGISTRY["permutation"].renderer.image(state, names))
        to_move = pgettext("badge", "TO MOVE")
    assert to_move in texts and f"{LOW_MARK} 35:59" in texts and texts.count("2:59:59") == 5, "nothing cut short"
    assert len(pills) == 7, pills
    boxes = [cards.card_box(width, 6, seat) for seat in range(6)]
    for seat, box in enumerate(boxes):
        on_card = sorted((left, right) for _, left, right, middle in pills if middle == box.y and box.x <= left < box.x + box.width)
        assert len(on_card) == (2 if seat == state.to_move else 1)
        assert box.x < on_card[0][0] and on_card[-1][1] < box.x + box.width, "within the card"
        assert all(a[1] < b[0] for a, b in zip(on_card, on_card[1:])), "side by side, apart"
    lay = cards.panel(width, 6)
    assert cards.text_sizes(width, 6)["clocks"] == (lay.text, True), "set at the least size a phone reads"


def test_the_warning_colour_is_one_every_palette_holds():
    """The PNGs are mapped onto palettes fitted to the panels without clocks: the warning colour is the
    footer's note colour, which they all hold, so a low clock comes out in it in every game."""
    assert LOW_TIME == NOTE
    for name in sorted(REGISTRY):
        players = GAMES[name].players.stop - 1
        img = decode(render(start(name, players), Names(NAMES[:players], clocks_for(players, low=0))))
        box = card_area(img, players, 0)
        assert any(pixel(img, (x, y)) == LOW_TIME or near(pixel(img, (x, y)), LOW_TIME, 3)
                   for y in range(box[1], box[3]) for x in range(box[0], box[2])), name
