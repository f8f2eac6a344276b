"""Languages of a test's own: catalogs of a few messages written where i18n looks for them, the only
languages shipped besides English while the test runs (the real catalogs out of sight).

A catalog is {message: translation}: the English with its translation, (context, English) with its
translation, or (singular, plural) with a tuple of the language's plural forms."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import i18n.languages
import i18n.words


def ship(monkeypatch: pytest.MonkeyPatch, folder: Path, languages: Mapping[str, Mapping[Any, Any]]) -> None:
    """Ship only English and `languages` ({code: catalog}), from `folder`, until the test ends (call
    `forget` then)."""
    for code, entries in languages.items():
        catalog = Catalog(locale=i18n.languages.folder_name(code), domain="messages")
        for key, translation in entries.items():
            plural = isinstance(translation, tuple)
            context, english = (None, key) if plural or isinstance(key, str) else key
            catalog.add(english, translation, context=context)
        path = folder / i18n.languages.folder_name(code) / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as file:
            write_po(file, catalog)
    monkeypatch.setattr(i18n.languages, "LOCALES", folder)
    forget()


def forget() -> None:
    """Forget the languages found and the catalogs read (a test's own, or the shipped ones)."""
    i18n.languages.shipped.cache_clear()
    i18n.words.translations.cache_clear()
