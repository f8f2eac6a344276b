"""Telling which language a text is in, from the shipped catalogs: the words of the English messages
that a language's translations never use (`english_left`), and whether a text uses words only that
language's translations have (`speaks`). Placeholders, Markdown code and game titles are not words."""
from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from games import GAMES
from i18n.languages import catalog_path, folder_name

WORD = re.compile(r"[^\W\d_]{4,}")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
HIDDEN = re.compile(r"\{[^{}]*\}|`[^`]*`|<[^<>]*>")  # placeholders, code and notation, mentions and timestamps


def words(text: str) -> set[str]:
    text = HIDDEN.sub(" ", text)
    return {w.lower() for w in WORD.findall(text)} | set(CJK.findall(text))


def _texts(value: object) -> list[str]:
    return [v for v in value if v] if isinstance(value, (list, tuple)) else [value] if isinstance(value, str) else []


@cache
def vocabulary(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the English messages' words, the translations' words) of a shipped language's catalog."""
    with open(catalog_path(code), "rb") as file:
        catalog = read_po(file, locale=folder_name(code))
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        for text in _texts(message.id):
            english |= words(text)
        for text in _texts(message.string):
            translated |= words(text)
    return frozenset(english), frozenset(translated)


@cache
def titles() -> frozenset[str]:
    return frozenset(w for game in GAMES.values() for w in words(game.title))


def english_left(text: str, code: str, names: tuple[str, ...] = ()) -> set[str]:
    """The words of `text` that only the English messages have (not the language's translations, not a
    game's title or one of `names`)."""
    english, translated = vocabulary(code)
    allowed = translated | titles() | {n.lower() for n in names}
    return (words(text) & english) - allowed


def speaks(text: str, code: str) -> bool:
    """Whether `text` has a word that the language's translations use and the English messages do not."""
    english, translated = vocabulary(code)
    return bool(words(text) & (translated - english))
