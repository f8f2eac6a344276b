"""A tournament's standings as a picture (renderers.standings) and in words (renderers.standings_alt): the
table by place with the first three marked gold, silver and bronze, a round robin's crosstable under it,
the podium; every word legible on a phone, long names cut short, the same bytes for the same sheet, and
alt text within Discord's limit that names the leader."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from renderers import lettering, standings, standings_alt
from renderers.standings import Line, Sheet
from tests.support.images import decode, pixel

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj",
         "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter", "xena", "yusuf"]
LONG = "Maximilian Alexander Worthington-Smythe of Lower Puddleby"
CJK = "山田太郎"
CYRILLIC = "Сергей Петров"
SWISS_HEADS = ("#", "Name", "Pts", "BH", "SB", "Rating", "Games")
ROUND_ROBIN_HEADS = ("#", "Name", "Pts", "SB", "Rating", "Games")


def written(halves: int) -> str:
    """A score counted in half points as the caller writes it: "3½", "½", "0"."""
    whole, half = divmod(halves, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def places(halves: list[int]) -> list[str]:
    """Standard competition places of scores in order, a shared place written on each of its rows."""
    return [str(1 + sum(1 for other in halves if other > mine)) for mine in halves]


def swiss(n: int, names: list[str] | None = None) -> Sheet:
    """The standings of a Swiss tournament of `n` after round 5 of 7: scores falling by half a point a place,
    third place shared, and the last places shared at 0."""
    names = names or [NAMES[k % len(NAMES)] + (f" {k // len(NAMES) + 1}" if k >= len(NAMES) else "") for k in range(n)]
    halves = [max(0, 10 - k + (k >= 3)) for k in range(n)]
    lines = tuple(Line(place, names[k], written(halves[k]), (written(max(0, 30 - k)), written(max(0, 22 - k))),
                       str(1650 - 11 * k) if k % 3 else "", "5")
                  for k, place in enumerate(places(halves)))
    return Sheet("Spring Swiss · Attaxx", "After round 5 of 7", SWISS_HEADS, lines)


def double_round_robin(n: int, games_played: int | None = None) -> Sheet:
    """A double round robin of `n` (each pair twice, seats swapped), its crosstable in sign-up order and
    the first `games_played` pairs' games played (all by default)."""
    rng = random.Random(n)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    played = pairs[:len(pairs) if games_played is None else games_played]
    scored = {pair: rng.choice([0, 1, 2]) + rng.choice([0, 1, 2]) for pair in played}  # halves of the first
    names = [NAMES[k] for k in range(n)]
    cells = [["×" if i == j else "" for j in range(n)] for i in range(n)]
    halves = [0] * n
    for (i, j), first in scored.items():
        cells[i][j], cells[j][i] = written(first), written(4 - first)
        halves[i] += first
        halves[j] += 4 - first
    order = sorted(range(n), key=lambda k: (-halves[k], k))
    shown = [halves[k] for k in order]
    lines = tuple(Line(place, names[k], written(halves[k]), (written(3 * halves[k] // 2),), "", str(2 * (n - 1)))
                  for place, k in zip(places(shown), order, strict=True))
    return Sheet("Winter round robin · Multiplications", "Final standings", ROUND_ROBIN_HEADS, lines,
                 tuple(tuple(row) for row in cells), tuple(names))


THREE = Sheet("Club night · Ikabegamá", "After round 2 of 2", SWISS_HEADS, (
    Line("1", "alice", "2", ("2", "2"), "1512", "2"),
    Line("2", CJK, "1", ("3", "1"), "", "2"),
    Line("3", LONG, "0", ("3", "0"), "1388", "2")))


@dataclass(frozen=True)
class Drawn:
    """A line of text as the picture sets it."""

    text: str
    x: float
    y: float
    size: int
    bold: bool
    anchor: str
    box: tuple[int, int, int, int]  # its ink, in the picture


@pytest.fixture
def drawn(monkeypatch) -> list[Drawn]:
    """Every line of text the standings' and podium's pictures set, as they set it."""
    return spied(monkeypatch)


def spied(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    seen: list[Drawn] = []
    real = standings.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        left, top, right, bottom = lettering.box(face, line, anchor=anchor)
        x, y = xy
        seen.append(Drawn(line, x, y, int(face.size), bool(face.bold), anchor,
                          (round(x + left), round(y + top), round(x + right), round(y + bottom))))
        real(draw, xy, line, face, fill, anchor)

    monkeypatch.setattr(standings, "put_text", spy)
    return seen


def close(a: tuple[int, ...], b: tuple[int, ...], within: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= within


def row_middle(sheet: Sheet, k: int) -> int:
    """The middle of the table's row `k` (0 the first entrant), in the picture."""
    return standings.title_height(sheet.title) + standings.ROW * (k + 1) + standings.ROW // 2


# --- the pictures --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sheet", [THREE, swiss(21), double_round_robin(10)], ids=["three", "swiss-21", "double-rr-10"])
def test_the_standings_are_the_same_png_for_the_same_sheet_and_grow_only_in_height(sheet):
    png = standings.render(sheet)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == standings.render(sheet)
    img = decode(png)
    assert img.width == standings.WIDTH
    rows = len(sheet.lines) + 1 + (len(sheet.cross_names) + 1 if sheet.cross else 0)
    assert img.height >= rows * standings.ROW


def test_more_entrants_make_a_taller_picture_and_a_crosstable_taller_still():
    heights = [decode(standings.render(swiss(n))).height for n in (2, 3, 21, 64)]
    assert heights == sorted(set(heights)), heights
    assert heights[1] - heights[0] == standings.ROW, "one more entrant, one more row"
    with_cross = double_round_robin(10)
    without = replace(with_cross, cross=None, cross_names=())
    assert decode(standings.render(with_cross)).height > decode(standings.render(without)).height + 10 * standings.ROW


def test_sixty_four_entrants_fit_in_well_under_a_megabyte():
    sheet = swiss(64, [f"{name} {LONG}" if k % 5 == 0 else name for k, name in
                       enumerate(NAMES[k % len(NAMES)] + str(k) for k in range(64))])
    png = standings.render(sheet)
    assert len(png) < 1_000_000
    assert decode(png).size == (standings.WIDTH, standings.title_height(sheet.title) + 65 * standings.ROW + standings.PAD)


@pytest.mark.parametrize("sheet", [THREE, swiss(21), double_round_robin(10), double_round_robin(20, 120)],
                         ids=["three", "swiss-21", "double-rr-10", "double-rr-20"])
def test_every_word_reads_on_a_phone_and_stays_on_the_picture(sheet, drawn):
    img = decode(standings.render(sheet))
    assert drawn
    for text in drawn:
        assert text.size >= lettering.phone_size(img.width, text.bold), text
        left, top, right, bottom = text.box
        assert left >= 0 and right <= img.width and top >= 0 and bottom <= img.height, text


def test_long_names_are_cut_short_to_their_column_and_other_scripts_are_drawn_whole(drawn):
    img = decode(standings.render(THREE))
    names = [text for text in drawn if text.bold and text.size == standings.SIZE and text.anchor == "lm"]
    assert [text.text for text in names[:2]] == ["alice", CJK]
    cut = names[2]
    assert cut.text.endswith("…") and LONG.startswith(cut.text[:-1]) and len(cut.text) > 10
    points = next(text for text in drawn if text.text == "0" and text.bold)  # the long name's points
    assert cut.box[2] < points.box[0], "the name stops short of the points"
    assert img.width == standings.WIDTH


def test_names_in_any_script_do_not_break_the_picture():
    names = [CYRILLIC, CJK, "エミ", "Zoë", "דוד כהן", "🎲🎲", "   ", LONG * 3, "x" * 200]
    sheet = swiss(len(names), names)
    assert decode(standings.render(sheet)).width == standings.WIDTH
    assert standings.render(sheet) == standings.render(sheet)


def test_numbers_are_right_aligned_in_their_columns(drawn):
    sheet = swiss(21)
    standings.render(sheet)
    for value in ("points", "rating"):
        cells = {getattr(line, value) for line in sheet.lines} - {""}
        set_at = {text.box[2] for text in drawn if text.text in cells and text.anchor == "rm"
                  and text.bold == (value == "points") and text.x > standings.WIDTH / 3}  # not the places
        assert max(set_at) - min(set_at) <= 1, (value, set_at)  # "10" and "½" end at the same place


def test_the_first_three_places_are_gold_silver_and_bronze_and_the_rows_alternate():
    sheet = swiss(21)
    assert [line.place for line in sheet.lines[:4]] == ["1", "2", "3", "3"], "third place shared"
    img = decode(standings.render(sheet))
    stripe = [pixel(img, (2, row_middle(sheet, k))) for k in range(5)]
    assert close(stripe[0], standings.GOLD) and close(stripe[1], standings.SILVER)
    assert close(stripe[2], standings.BRONZE) and close(stripe[3], standings.BRONZE), "both thirds are bronze"
    assert not any(close(stripe[4], medal) for medal in standings.MEDALS.values())
    grounds = [pixel(img, (standings.WIDTH - 3, row_middle(sheet, k))) for k in range(len(sheet.lines))]
    assert all(close(grounds[k], standings.SHADE if k % 2 else standings.BACKGROUND, 2) for k in range(len(grounds)))


def test_the_crosstable_gives_each_result_in_its_entrants_row_under_its_opponents_number(drawn):
    sheet = double_round_robin(10)
    assert sheet.cross is not None
    img = decode(standings.render(sheet))
    table_end = standings.title_height(sheet.title) + standings.ROW * (len(sheet.lines) + 1)
    below = [text for text in drawn if text.y > table_end]
    heads = {text.text: text.x for text in below[:10]}
    assert list(heads) == [str(k) for k in range(1, 11)], "one block: every opponent's number in a row"
    rows = {text.text: text.y for text in below if text.anchor == "lm"}  # the entrants' names
    assert list(rows) == list(sheet.cross_names)
    for i, name in enumerate(sheet.cross_names):
        for j in range(10):
            cell = sheet.cross[i][j]
            if i == j:
                assert not any(text.y == rows[name] and text.x == heads[str(j + 1)] for text in below)
                continue
            assert any(text.text == cell and text.y == rows[name] and text.x == heads[str(j + 1)] for text in below), \
                (name, j + 1, cell)
    assert img.width == standings.WIDTH


def test_a_crosstable_of_twenty_stays_as_wide_as_the_table_in_blocks_of_columns(drawn):
    sheet = double_round_robin(20, 100)
    img = decode(standings.render(sheet))
    assert img.width == standings.WIDTH
    table_end = standings.title_height(sheet.title) + standings.ROW * (len(sheet.lines) + 1)
    numbers = [text.text for text in drawn if text.y > table_end and text.anchor == "mm" and text.bold]
    assert sorted(numbers, key=int) == [str(k) for k in range(1, 21)], "each opponent's number heads one column"
    names = [text.text for text in drawn if text.y > table_end and text.anchor == "lm"]
    blocks = len(names) // 20
    assert blocks >= 2 and names == list(sheet.cross_names) * blocks, "each block lists every entrant"


def test_not_yet_played_games_leave_their_cells_empty(drawn):
    sheet = double_round_robin(4, games_played=1)
    standings.render(sheet)
    table_end = standings.title_height(sheet.title) + standings.ROW * (len(sheet.lines) + 1)
    cells = [text.text for text in drawn if text.y > table_end and text.anchor == "mm" and not text.bold]
    assert sorted(cells) == sorted([sheet.cross[0][1], sheet.cross[1][0]])


def test_a_sheet_whose_heads_do_not_match_its_lines_is_refused():
    with pytest.raises(ValueError):
        standings.render(replace(THREE, heads=THREE.heads[:-1]))
    with pytest.raises(ValueError):
        standings.render(replace(double_round_robin(3), cross_names=("alice", "bob")))


# --- the podium ----------------------------------------------------------------------------------------------
PODIUM = [("alice", "6½ points"), (CYRILLIC, "6 points"), (CJK, "5½ points")]


@pytest.mark.parametrize("entrants", [1, 2, 3])
def test_the_podium_puts_the_first_in_the_middle_highest_with_the_others_either_side(entrants, drawn):
    png = standings.podium("Spring Swiss · Attaxx", PODIUM[:entrants])
    assert png == standings.podium("Spring Swiss · Attaxx", PODIUM[:entrants])
    img = decode(png)
    assert img.width == standings.WIDTH
    steps = {text.text: text for text in drawn if text.size == standings.PLACE_SIZE}
    assert sorted(steps) == [str(k) for k in range(1, entrants + 1)]
    for name, points in PODIUM[:entrants]:
        shown = next(text for text in drawn if text.text == name)
        under = next(text for text in drawn if text.text == points)
        assert shown.y < under.y and abs(shown.x - under.x) < 1
    if entrants >= 2:
        assert steps["2"].x < steps["1"].x and steps["2"].y > steps["1"].y
    if entrants == 3:
        assert steps["1"].x == standings.WIDTH / 2, "the first in the middle"
        assert steps["1"].x < steps["3"].x and steps["3"].y > steps["2"].y
    left = min(text.box[0] for text in drawn if text.size == standings.PLACE_SIZE)
    right = max(text.box[2] for text in drawn if text.size == standings.PLACE_SIZE)
    assert abs((left + right) / 2 - standings.WIDTH / 2) < standings.WIDTH / 5, "the steps centred"


def test_the_podiums_words_read_on_a_phone_and_its_long_names_are_cut(drawn):
    img = decode(standings.podium("Spring Swiss · Attaxx", [(LONG, "7 points"), ("bob", "6"), ("carol", "5")]))
    for text in drawn:
        assert text.size >= lettering.phone_size(img.width, text.bold)
        assert text.box[0] >= 0 and text.box[2] <= img.width
    assert any(text.text.endswith("…") and LONG.startswith(text.text[:-1]) for text in drawn)
    with pytest.raises(ValueError):
        standings.podium("Empty", [])


# --- alt text ------------------------------------------------------------------------------------------------
def test_the_alt_text_gives_the_title_where_it_stands_and_each_entrant_with_tiebreaks():
    alt = standings_alt.alt_text(THREE)
    assert alt == (f"Standings of Club night · Ikabegamá. After round 2 of 2. 1. alice 2 (BH 2, SB 2), "
                   f"2. {CJK} 1 (BH 3, SB 1), 3. {LONG} 0 (BH 3, SB 0).")


def test_the_alt_text_of_sixty_four_entrants_stays_within_discords_limit_and_counts_the_rest():
    sheet = swiss(64)
    alt = standings_alt.alt_text(sheet)
    assert len(alt) <= 1024 and alt.startswith("Standings of Spring Swiss · Attaxx. After round 5 of 7. 1. alice 5")
    listed = alt.count(" (BH ")
    assert 10 < listed < 64 and alt.endswith(f", and {64 - listed} more.")


def test_the_alt_text_of_a_round_robin_mentions_its_crosstable():
    alt = standings_alt.alt_text(double_round_robin(10))
    assert alt.endswith("Under the table, the crosstable of the 10 entrants.") and len(alt) <= 1024


def test_the_podiums_alt_text_names_the_first_three_by_place():
    assert standings_alt.podium_alt("Spring Swiss · Attaxx", PODIUM) == (
        f"Podium of Spring Swiss · Attaxx: 1st alice 6½ points, 2nd {CYRILLIC} 6 points, 3rd {CJK} 5½ points.")
    assert standings_alt.podium_alt("Duel", [("alice", "1"), ("bob", "0")]) == "Podium of Duel: 1st alice 1, 2nd bob 0."


@settings(max_examples=60, deadline=None)
@given(names=st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=64),
       title=st.text(max_size=100), subtitle=st.text(max_size=60))
def test_any_standings_alt_text_is_within_the_limit_and_names_the_leader(names, title, subtitle):
    sheet = replace(swiss(len(names), names), title=title, subtitle=subtitle)
    alt = standings_alt.alt_text(sheet)
    assert len(alt) <= 1024
    assert f"1. {standings_alt.said(names[0])} " in alt


NAME_TEXT = st.text(st.sampled_from("abz ÖéЖжд山田エミ😀דו\u200b\t-·"), max_size=50)


@settings(max_examples=25, deadline=None)
@given(names=st.lists(NAME_TEXT, min_size=2, max_size=40), title=NAME_TEXT)
def test_any_names_give_a_picture_as_wide_as_ever_with_every_word_on_it(names, title):
    sheet = replace(swiss(len(names), names), title=title)
    with pytest.MonkeyPatch.context() as patch:
        seen = spied(patch)
        img = decode(standings.render(sheet))
    assert img.width == standings.WIDTH and img.height == standings.title_height(title) + standings.ROW * (
        len(names) + 1) + standings.PAD
    for text in seen:
        assert text.box[0] >= 0 and text.box[2] <= img.width and text.box[3] <= img.height, text


def test_a_shared_first_place_stands_on_two_gold_steps_of_the_same_height():
    shared = [("alice", "3", 1), ("bob", "3", 1), ("carol", "2", 3)]
    picture = standings.podium_image("Tie", shared)
    plain = standings.podium_image("Tie", [("alice", "3"), ("bob", "3"), ("carol", "2")])

    def step_top(img, slot: int) -> int:
        """The first row from the top where the step in `slot` (0 left, 1 middle, 2 right) is coloured."""
        x = (standings.WIDTH - 3 * standings.STEP_WIDTH - 2 * standings.STEP_GAP) // 2 + slot * (
            standings.STEP_WIDTH + standings.STEP_GAP) + standings.STEP_WIDTH // 2
        background = img.getpixel((x, img.height // 3))
        return next(y for y in range(img.height // 3, img.height) if img.getpixel((x, y)) != background)

    assert step_top(picture, 0) == step_top(picture, 1) < step_top(picture, 2), "two firsts, one third"
    assert step_top(plain, 1) < step_top(plain, 0) < step_top(plain, 2)
    assert picture.getpixel((standings.WIDTH // 2, step_top(picture, 0) + 2)) == \
        picture.getpixel((standings.WIDTH // 2, step_top(picture, 1) + 2))
    assert standings_alt.podium_alt("Tie", shared) == "Podium of Tie: 1st alice 3, 1st bob 3, 3rd carol 2."
