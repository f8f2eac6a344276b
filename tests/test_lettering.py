"""Lettering in the players' languages (renderers.lettering): Japanese, Chinese and Russian words draw with
no missing-glyph box, CJK names are drawn rather than left out, Chinese and Japanese characters sit beside
Latin ones on the same baseline at about the height of the capitals, Japanese text gets Japanese forms,
and Latin text draws exactly as DejaVu Sans alone draws it."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageChops, ImageDraw, ImageFont

from games import GAMES, REGISTRY
from i18n import languages, speaking, words
from renderers import lettering

JAPANESE = "手番です。勝者：さくら、ハヤト！"
CHINESE = "轮到你走棋。胜者：张伟（白方）"
RUSSIAN = "Ходит Наталья — победа белых!"
LATIN = ["alice", "Zoë · b6 → c5", "Ωmega (White) to move", "Łukasz Żółć", "Grzegorz Brzęczyszczykiewicz", "Gj",
         "12", " pieces", "Иван Петров"]


def ink(text: str, face: ImageFont.FreeTypeFont) -> bytes:
    """`text` as `face` draws it, on its own canvas."""
    left, top, right, bottom = lettering.box(face, text, anchor="ls")
    canvas = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(canvas).text((2 - left, 2 - top), text, font=face, fill=255, anchor="ls")
    return canvas.tobytes()


def faces_used(text: str, size: int, bold: bool) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """Each character of `text` with the face that draws it."""
    face = lettering.font(size, bold)
    laid = face.runs(text)
    if laid is None:
        return [(ch, face) for ch in text]
    return [(ch, run.face) for run in laid[0] for ch in run.text]


@pytest.mark.parametrize("text", [JAPANESE, CHINESE, RUSSIAN])
@pytest.mark.parametrize("bold", [False, True])
def test_a_japanese_a_chinese_and_a_russian_line_draw_no_missing_glyph_box(text, bold):
    for ch, face in faces_used(text, 22, bold):
        if ch != " ":
            assert lettering.has_glyph(ch, bold), ch
            assert ink(ch, face) != ink("\U0010fffd", face), f"{ch!r} draws as the missing-glyph box"


def test_cjk_names_are_drawn_not_cleaned_away():
    assert lettering.clean_name("山田太郎", "Player 1") == "山田太郎"
    assert lettering.clean_name("  张伟 🙂 ", "Player 1") == "张伟"
    assert lettering.display_name("さくら・ハヤト", "Player 2") == "さくら・ハヤト"
    assert lettering.clean_name("🙂🙂", "Player 1") == "Player 1", "what no font draws is still left out"
    assert lettering.clean_name("김민준", "Player 1") == "Player 1", "Hangul is not in the bundled set"


def test_the_cards_show_a_cjk_name(monkeypatch):
    from renderers import cards

    drawn = []
    real = lettering.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        drawn.append(line)
        real(draw, xy, line, face, fill, anchor)

    monkeypatch.setattr(cards, "put_text", spy)
    REGISTRY["attaxx"].renderer.image(GAMES["attaxx"].start(), ["山田太郎", "张伟"])
    assert "山田太郎" in drawn and "张伟" in drawn


def test_latin_greek_and_cyrillic_draw_as_dejavu_alone_draws_them():
    for bold in (False, True):
        dejavu = ImageFont.truetype(str(lettering.FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")),
                                    21, layout_engine=ImageFont.Layout.BASIC)
        face = lettering.font(21, bold)
        for text in LATIN:
            for anchor in ("la", "ls", "mm", "rs"):
                assert lettering.box(face, text, anchor=anchor) == lettering.box(dejavu, text, anchor=anchor), text
            assert face.getlength(text) == dejavu.getlength(text)
            assert ink(text, face) == ink(text, dejavu), text


def inked_rows(text: str, face: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """The top and bottom of the ink of `text` from its baseline (px, down)."""
    canvas = Image.new("L", (400, 200), 0)
    ImageDraw.Draw(canvas).text((10, 100), text, font=face, fill=255, anchor="ls")
    inked = canvas.point(lambda v: 255 if v > 96 else 0).getbbox()
    assert inked is not None
    return inked[1] - 100, inked[3] - 100


def test_an_ideograph_stands_a_little_taller_than_a_capital_on_the_same_baseline():
    for size in (16, 19, 24, 32):
        for bold in (False, True):
            face = lettering.font(size, bold)
            cap_top, cap_bottom = inked_rows("H", face)
            for ch in "日国田":
                top, bottom = inked_rows(ch, face)
                assert 1.0 < (bottom - top) / (cap_bottom - cap_top) <= 1.3, (size, bold, ch)
                assert abs((top + bottom) - (cap_top + cap_bottom)) / 2 <= 1, (size, bold, ch, "centred on the capitals")
            # in a mixed line the Latin letters keep their place
            assert inked_rows("H日", face)[0] <= cap_top and inked_rows("日H", face) == inked_rows("日", face)


def test_a_label_anchored_in_its_middle_keeps_its_place_whatever_its_script():
    face = lettering.font(20)
    for anchor in ("mm", "ms", "la", "rs"):
        latin, cjk = lettering.box(face, "HH", anchor=anchor), lettering.box(face, "日本", anchor=anchor)
        assert abs(latin[1] + latin[3] - cjk[1] - cjk[3]) <= 3, anchor


def test_bold_cjk_is_heavier_than_regular():
    regular, bold = ink("胜者", lettering.font(24)), ink("胜者", lettering.font(24, True))
    assert sum(bold) > 1.15 * sum(regular)


def test_cached_masks_draw_cjk_as_pillow_does():
    from renderers import theme

    cases = [("山田太郎", 22, True, "ls", (68.0, 41.0)), ("Zoë 张伟 · b6", 16, False, "mm", (150.5, 40.25)),
             ("さくら (White) to move", 21, True, "rs", (330.0, 60.0)), ("手番", 18, True, "ma", (-3.5, 20.25))]
    for line, size, bold, anchor, xy in cases:
        for fill in (theme.TEXT, theme.MUTED):
            expected, cached = Image.new("RGB", (340, 80), (43, 45, 49)), Image.new("RGB", (340, 80), (43, 45, 49))
            ImageDraw.Draw(expected).text(xy, line, font=lettering.font(size, bold), fill=fill, anchor=anchor)
            lettering.put_text(ImageDraw.Draw(cached), xy, line, lettering.font(size, bold), fill, anchor)
            assert cached.tobytes() == expected.tobytes(), line
            assert ImageChops.difference(expected, Image.new("RGB", (340, 80), (43, 45, 49))).getbbox(), line


@pytest.fixture
def japanese_shipped(tmp_path, monkeypatch):
    """A Japanese catalog (empty) in a throwaway folder, so that Japanese can be the language in use."""
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n',
                                        encoding="utf-8")
    monkeypatch.setattr(languages, "LOCALES", tmp_path)
    languages.shipped.cache_clear()
    words.translations.cache_clear()
    yield
    languages.shipped.cache_clear()
    words.translations.cache_clear()


def test_japanese_text_gets_japanese_forms(japanese_shipped):
    face = lettering.font(40)
    chinese = ink("直骨", face)
    with speaking("ja") as code:
        assert code == "ja"
        japanese = ink("直骨", face)
        assert lettering.fit("直骨", 40, False, 1000) == "直骨"
    assert japanese != chinese, "in Japanese, 直 and 骨 take their Japanese forms"
    # next to kana too, whatever the language; alone, in English, the Chinese ones
    assert str(faces_used("骨さ", 40, False)[0][1].path).endswith(lettering.JAPANESE_FILE)
    assert str(faces_used("骨", 40, False)[0][1].path).endswith(lettering.CJK_FILE)


def test_every_letter_of_every_shipped_catalog_draws():
    """The Cyrillic, Chinese and Japanese words translators write are all in the bundled fonts (emoji and
    other symbols aside, which only reach Discord's own text)."""
    for code in languages.shipped()[1:]:
        with open(languages.catalog_path(code), "rb") as file:
            catalog = read_po(file)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for ch in set("".join(s or "" for s in strings)):
                kind = unicodedata.category(ch)
                if kind.startswith("L") or (kind.startswith("P") and unicodedata.east_asian_width(ch) in "WF"):
                    assert lettering.has_glyph(ch), (code, message.id, ch)


def test_the_cjk_fonts_and_their_licence_are_bundled():
    fonts = Path(lettering.FONT_DIR)
    assert (fonts / lettering.CJK_FILE).is_file() and (fonts / lettering.JAPANESE_FILE).is_file()
    assert "SIL Open Font License" in (fonts / "LICENSE-NotoSansCJK.txt").read_text(encoding="utf-8")
