"""Reading typed moves (rules.notation): every game accepts the same spellings of a square and of the
separators between squares, and refuses what it cannot read in the same words."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAMES
from rules import IllegalMove, InvalidNotation
from rules.notation import canonical, closed, compact, on_grid, square_name, squares

SQUARE = re.compile(r"[a-z][0-9]{1,2}")


def test_squares_read_any_case_spaces_and_dashes():
    for text in ("c3b5", "c3-b5", "C3 B5", "  c3 - b5\t", "c03b05", "c 3 b-5", "-c3b5-"):
        assert squares(text, "a jump like c3b5") == ["c3", "b5"], text
    assert squares("d5", "a square", most=1) == ["d5"]
    assert squares("d5-g5-g2", "a line", most=3) == ["d5", "g5", "g2"]
    assert squares("e1 1", "a cell") == ["e11"], "separators are optional anywhere, as they always were"


@pytest.mark.parametrize("text", ["", "   ", "c", "3c", "c3b", "c3:b5", "c3,b5", "c3b5d7", "c333", "é3", "resign"])
def test_squares_refuse_what_is_not_one_or_two_squares(text):
    with pytest.raises(InvalidNotation) as refused:
        squares(text, "a jump like c3b5")
    shown = "an empty move" if not text.strip() else repr(text.strip())
    assert str(refused.value) == f"Can't read {shown}: write a jump like c3b5"


def test_how_many_squares_a_move_names_is_the_games_to_say():
    with pytest.raises(InvalidNotation, match="Can't read 'a1': write two tiles"):
        squares("a1", "two tiles", least=2)
    with pytest.raises(InvalidNotation, match="Can't read 'd5d6': write a square"):
        squares("d5d6", "a square", most=1)


def test_square_names_and_grids():
    assert canonical("c03") == "c3" and canonical("e10") == "e10" and canonical("a0") == "a0"
    assert square_name((3, 4)) == "d5" and on_grid("d5", 8) == (3, 4)
    for name in ("i1", "a9", "a0", "z25"):
        with pytest.raises(InvalidNotation, match=f"^{name} is off the board: files a–h, ranks 1–8$"):
            on_grid(name, 8)
    assert compact(" C1: d2>B2, d1 - b1") == "c1:d2>b2d1b1"


def test_a_separator_after_a_square_ends_it():
    for text in ("b1-", "b1 ", "B1 - ", "a1-b1,", "c1: d2>b2\t"):
        assert closed(text), text
    for text in ("", "b1", "b", "a1-b1", "c1:", "c1: d2>"):
        assert not closed(text), text


def test_every_game_refuses_an_unreadable_move_in_the_same_words():
    for game in GAMES.values():
        with pytest.raises(InvalidNotation, match=r"^Can't read 'zz!': write "):
            game.start(game.players.start).play("zz!")
        with pytest.raises(InvalidNotation, match=r"^Can't read an empty move: write "):
            game.start(game.players.start).play("  ")


# --- a legal move, spelt every way a player may type it, plays to the same position -------------------
def respelt_squares(move: str, draw: st.DrawFn, reorder: bool) -> str:
    """A move of squares (every game but Elevation) with its separators, case and zeros changed."""
    names = SQUARE.findall(move)
    if reorder and draw(st.booleans()):
        names.reverse()  # Ascent: the two tiles in either order
    written = []
    for name in names:
        zeros = "0" * draw(st.integers(0, 1)) if len(name) == 2 else ""  # "c03" is c3
        inside = draw(st.sampled_from(["", "", " ", "-"]))  # between the letter and the number
        written.append(name[0] + inside + zeros + name[1:])
    text = written[0]
    for name in written[1:]:
        text += draw(st.sampled_from(["", "-", " ", " - ", "  ", "\t"])) + name
    return text


def respelt_turn(move: str, draw: st.DrawFn) -> str:
    """An Elevation turn with spaces around its signs, commas between actions, zeros, the piece named
    first and a fish's or dragon's two-square step written by its ends."""
    actions = move.split(": ", 1)
    piece, body = (actions[0], actions[1]) if len(actions) == 2 else (None, actions[0])
    written = []
    for action in body.split():
        if "-" in action and action.count("-") == 2:
            a, m, b = action.split("-")
            (fa, ra), (fm, rm), (fb, rb) = ((ord(s[0]), int(s[1:])) for s in (a, m, b))
            if (fa + fb, ra + rb) == (2 * fm, 2 * rm) and draw(st.booleans()):
                action = f"{a}-{b}"  # the middle square is implied
        written.append(action)
    if piece is None and draw(st.booleans()):
        piece = next(action for action in written if "-" in action).split("-")[0]
    text = draw(st.sampled_from([" ", ", ", " , ", "   "])).join(written)
    if piece is not None:
        text = piece + draw(st.sampled_from([": ", ":", " : "])) + text
    text = re.sub(r"[->]", lambda sign: draw(st.sampled_from(["", " "])) + sign[0] + draw(st.sampled_from(["", " "])), text)
    return SQUARE.sub(lambda name: name[0][0] + "0" * draw(st.integers(0, 1)) * (len(name[0]) == 2) + name[0][1:], text)


@st.composite
def respelt(draw: st.DrawFn, name: str) -> tuple[object, str, str]:
    """A position of `name` reached by random moves, a legal move and another spelling of it."""
    game = GAMES[name]
    rng = random.Random(draw(st.integers(0, 2**31 - 1)))
    state = game.start(game.players.start if name != "permutation" else 3)
    for _ in range(draw(st.integers(0, 60))):
        moves = state.legal_moves()
        if not moves:
            break
        after = state.play(rng.choice(moves))
        if after.outcome is not None:
            break
        state = after
    move = rng.choice(state.legal_moves())
    text = respelt_turn(move, draw) if name == "elevation" else respelt_squares(move, draw, reorder=name == "ascent")
    if draw(st.booleans()):
        text = text.upper()
    return state, move, draw(st.sampled_from(["", " ", "\t"])) + text + draw(st.sampled_from(["", " ", "\n"]))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_legal_move_respelt_plays_to_the_same_position(name):
    @settings(max_examples=40, deadline=None)
    @given(case=respelt(name))
    def same(case):
        state, move, text = case
        try:
            played = state.play(text)
        except IllegalMove as refused:
            raise AssertionError(f"{text!r} (for {move}) was refused: {refused}") from None
        assert played == state.play(move), text
        assert played.last.notation == move

    same()
