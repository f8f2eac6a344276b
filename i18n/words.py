"""The words of the language in use: `_`, `ngettext`, `pgettext` and `npgettext` translate through the
catalog of the language the current task speaks (`speaking`, `use`), and fill in `{named}`
placeholders; `N_` marks a message kept in a constant, translated where it is used (`_(CONSTANT)`).

The language is a context variable: each Discord interaction, each post and the console set it, and a
worker process takes the language of whoever asked for its work (bot.workers)."""
from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from i18n.languages import ENGLISH, babel_locale, best, catalog_path, folder_name

_language: ContextVar[str] = ContextVar("language", default=ENGLISH)


def current() -> str:
    """The language the current task speaks (a shipped code)."""
    return _language.get()


def use(code: str | None) -> str:
    """Speak `code` (or the best shipped match for it) from here on in this task; gives the code used."""
    chosen = best(code)
    _language.set(chosen)
    return chosen


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Speak `code` (or the best shipped match for it) within the block."""
    token = _language.set(best(code))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


@cache
def translations(code: str) -> gettext.NullTranslations:
    """A language's catalog, read from its .po file once (fuzzy entries left out)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    with open(catalog_path(code), "rb") as file:
        catalog = read_po(file, locale=folder_name(code), domain="messages")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _filled(text: str, params: dict[str, Any]) -> str:
    return text.format(**params) if params else text


def _(message: str, /, **params: Any) -> str:
    """`message` in the current language, its `{placeholders}` filled in from `params`."""
    return _filled(translations(current()).gettext(message), params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form for `n` in the current language (by its CLDR plural rules); `{n}` is `n` written as the
    language writes numbers."""
    text = translations(current()).ngettext(singular, plural, n)
    return text.format(n=number(n), **params)


def pgettext(context: str, message: str, /, **params: Any) -> str:
    """`message` as meant in `context` (the same English word may need two translations)."""
    return _filled(translations(current()).pgettext(context, message), params)


def npgettext(context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
    text = translations(current()).npgettext(context, singular, plural, n)
    return text.format(n=number(n), **params)


def N_(message: str, /) -> str:
    """Marks `message` for the catalog without translating it (it is translated where it is shown)."""
    return message


def number(value: float, digits: int = 0, *, grouped: bool = True) -> str:
    """A number as the current language writes it ("1,500", "1 500", "1.500"; "1500" not `grouped`, as
    ratings are written)."""
    pattern = ("#,##0" if grouped else "0") + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=babel_locale(current()))


def percent(fraction: float, digits: int = 0) -> str:
    """A fraction as a percentage the way the current language writes one ("42%", "42 %")."""
    locale = babel_locale(current())
    pattern = locale.percent_formats[None].pattern  # the language's own: "#,##0%", "#,##0 %", "%#,##0"
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return format_percent(fraction, format=pattern, locale=locale)
