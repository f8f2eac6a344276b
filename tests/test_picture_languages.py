"""The pictures, their alt text and the text boards in the language spoken: a picture drawn in another
language differs from the English one only where its words are, the alt text and text board are in the
language asked for, and what is cached with words in it is never shown in another language."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import i18n
from games import GAMES, describe, render, render_text
from renderers import ascent, attaxx, elevation, theme
from renderers.elevation_ground import LEGEND_HEIGHT
from tests.support.catalogs import forget, ship
from tests.support.playouts import random_states

NAMES = ["alice", "bob"]
GERMAN = {  # (context, English): German
    ("seat", "White"): "Weiß",
    ("seat", "Black"): "Schwarz",
    ("badge", "TO MOVE"): "AM ZUG",
    (None, "{player} to move"): "{player} am Zug",
    (None, "Last move <b>{side} {move}</b>"): "Letzter Zug <b>{side} {move}</b>",
    (None, "New game · <b>clone</b> next to a piece or <b>jump</b> two squares"):
        "Neues Spiel · neben einem Stein <b>klonen</b> oder zwei Felder weit <b>springen</b>",
    (None, "{game} board."): "Brett von {game}.",
    (None, "{player} to move."): "{player} ist am Zug.",
    (None, "No moves yet."): "Noch keine Züge.",
    (None, "Last move: {player} played {move}."): "Letzter Zug: {player} spielte {move}.",
    (None, "Last move: {player} played {move}, {effect}."): "Letzter Zug: {player} spielte {move}, {effect}.",
    (None, "Last move: {side} {move}"): "Letzter Zug: {side} {move}",
    (None, "{symbol} {side}: {player}"): "{symbol} {side}: {player}",
    ("status", "to move"): "am Zug",
    ("piece", "samurai"): "Samurai",
    ("piece", "fish"): "Fisch",
    ("piece", "dragon"): "Drache",
    (None, "tile put"): "Plättchen aufgelegt",
    (None, "tile dug"): "Plättchen abgetragen",
}
PIECES = (("piece", "pieces"), ("Stein", "Steine"))


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A German catalog of some of the pictures' words, the only language besides English."""
    ship(monkeypatch, tmp_path, {"de": {**GERMAN, PIECES[0]: PIECES[1]}})
    forget_pictures()
    yield
    forget()
    forget_pictures()


def forget_pictures() -> None:
    """Forget the pictures with words cached by language, so that neither this catalog nor the shipped
    one is seen in the other's place."""
    ascent._base.cache_clear()
    elevation._base.cache_clear()


def picture(state) -> Image.Image:
    return Image.open(io.BytesIO(render(state, NAMES))).convert("RGB")


def changed_rows(a: Image.Image, b: Image.Image) -> set[int]:
    """The rows of pixels in which the two pictures differ."""
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    width = diff.width
    data = diff.tobytes()
    return {y for y in range(diff.height) if any(data[y * width:(y + 1) * width])}


def attaxx_states():
    states = random_states(GAMES["attaxx"].start(), seed=4, moves=3)
    return states[0], states[-1]


def test_a_picture_in_german_differs_from_the_english_only_in_its_words(german):
    for state in attaxx_states():
        english = picture(state)
        with i18n.speaking("de"):
            translated = picture(state)
        rows = changed_rows(english, translated)
        cards, footer = theme.panel_height(2, attaxx.WIDTH), attaxx.FOOTER_Y
        assert any(y < cards for y in rows), "the badge, sides and units on the cards are in German"
        assert any(y >= footer for y in rows), "the footer is in German"
        assert not any(cards <= y < footer for y in rows), "the board itself has no words to change"
        assert picture(state).tobytes() == english.tobytes(), "English again, nothing German cached"


def test_the_alt_text_and_the_text_board_are_in_the_language_asked_for(german):
    start, played = attaxx_states()
    with i18n.speaking("de"):
        assert describe(start, NAMES) == "Brett von Attaxx. alice (Weiß) ist am Zug. Noch keine Züge. alice (Weiß) 2 Steine, bob (Schwarz) 2 Steine."
        alt, board = describe(played, NAMES), render_text(played, NAMES)
    last = played.last
    mover = ["Weiß", "Schwarz"][last.seat]
    assert alt.startswith("Brett von Attaxx. ") and f"Letzter Zug: {NAMES[last.seat]} ({mover}) spielte {last.notation}" in alt
    assert "to move" not in alt and "Last move" not in alt
    assert f"Letzter Zug: {mover} {last.notation}" in board and "<- am Zug" in board and "O Weiß: alice —" in board
    english = describe(played, NAMES)
    assert english.startswith("Attaxx board. ") and "Last move: " in english


def test_the_elevation_legend_is_drawn_in_the_language_spoken_and_cached_by_it(german):
    state = GAMES["elevation"].start()
    english = picture(state)
    with i18n.speaking("de"):
        translated = picture(state)
    lay = elevation.layout()
    rows = changed_rows(english, translated)
    board = range(theme.panel_height(2, elevation.WIDTH), lay.board_y + lay.side)  # the cards' bottom to the grid's
    assert rows & set(range(lay.footer_y - LEGEND_HEIGHT, lay.footer_y)), "the legend names the pieces and chips in German"
    assert not any(y in board for y in rows), "the board itself has no words to change"
    assert picture(state).tobytes() == english.tobytes()
    with i18n.speaking("de"):
        assert picture(state).tobytes() == translated.tobytes()
