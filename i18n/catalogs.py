"""Keeping the catalogs: the messages the code asks for (`extracted`, read from the source by Babel's
extractor), the template they make (i18n/locales/messages.pot), each language's catalog brought up to
date with it (`update`), a new language started (`add`), and what a catalog still lacks (`problems`).
`python -m i18n` runs these (docs/languages.md)."""
from __future__ import annotations

import re
import string
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from i18n.languages import DOMAIN, ENGLISH, LOCALES, catalog_path, folder_name, shipped

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "games", "rules", "renderers", "engines", "i18n")  # the packages whose words people read
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
PROJECT = "boardgame-bot"
FIXED = datetime(2026, 1, 1, tzinfo=UTC)  # headers keep one date, so that a re-extraction changes nothing else


def extracted() -> Catalog:
    """Every message the code marks (`_`, `ngettext`, `pgettext`, `npgettext`, `N_`), with its
    translators' comments and the files it is in."""
    template = Catalog(project=PROJECT, fuzzy=False, creation_date=FIXED, revision_date=FIXED)
    for package in SOURCES:
        found = extract_from_dir(str(ROOT / package), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS,
                                 comment_tags=("Translators:",), strip_comment_tags=True)
        for filename, _lineno, message, comments, context in found:
            template.add(message, locations=[(f"{package}/{filename}", 0)], auto_comments=comments,
                         context=context)
    return template


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file:
        write_po(file, catalog, width=120, include_lineno=False, sort_output=True)


def _read(code: str) -> Catalog:
    with open(catalog_path(code), "rb") as file:
        return read_po(file, locale=folder_name(code), domain=DOMAIN)


def extract() -> Catalog:
    """Write the template from the source; it is returned."""
    template = extracted()
    _write(template, TEMPLATE)
    return template


def update() -> list[str]:
    """Extract, then bring every shipped language's catalog up to date with the template (a changed
    English message keeps its old translation marked fuzzy, which counts as missing until a translator
    checks it). The languages updated."""
    template = extract()
    updated = []
    for code in shipped():
        if code == ENGLISH:
            continue
        catalog = _read(code)
        catalog.update(template)
        catalog.revision_date = FIXED
        _write(catalog, catalog_path(code))
        updated.append(code)
    return updated


def add(code: str) -> Path:
    """Start a catalog for a new language (by Discord's code, `pt-BR`): every message, none translated yet."""
    path = catalog_path(code)
    if path.exists():
        raise FileExistsError(f"{path} exists already")
    template = extract()
    catalog = Catalog(locale=folder_name(code), domain=DOMAIN, project=PROJECT, fuzzy=False, creation_date=FIXED,
                      revision_date=FIXED)
    catalog.update(template)
    _write(catalog, path)
    return path


def fields(text: str) -> set[str]:
    """The `{named}` placeholders of a message (ValueError for braces that do not pair up)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]


def _source_forms(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


MARKS = ("`", "**")  # Markdown that must come through a translation as often as in the English


def _message_problems(source: Message, translated: Message | None, count: int) -> Iterator[str]:
    key = f"{source.context + ' | ' if source.context else ''}{_source_forms(source)[0]!r}"
    if translated is None or not any(_forms(translated)):
        yield f"untranslated: {key}"
        return
    if translated.fuzzy:
        yield f"fuzzy (the English changed; check the translation): {key}"
        return
    forms = _forms(translated)
    plural = isinstance(source.id, (list, tuple))
    if plural and (len(forms) != count or not all(forms)):
        yield f"needs {count} plural forms, has {sum(1 for form in forms if form)}: {key}"
        return
    wanted = set().union(*(fields(form) for form in _source_forms(source)))
    for form in forms:
        try:
            found = fields(form)
        except ValueError:
            yield f"braces that do not pair up in {form!r}: {key}"
            continue
        missing = wanted - found - ({"n"} if plural else set())
        if missing or found - wanted:
            yield f"placeholders {sorted(found)} instead of {sorted(wanted)} in {form!r}: {key}"
        for mark in MARKS:
            if form.count(mark) != _source_forms(source)[0].count(mark):
                yield f"{mark!r} {form.count(mark)} times instead of {_source_forms(source)[0].count(mark)} in {form!r}: {key}"


def problems(code: str, template: Catalog | None = None) -> list[str]:
    """What the catalog of `code` lacks against the code's messages: untranslated or fuzzy messages,
    missing plural forms, plural rules that are not the language's (CLDR's, through Babel), and
    placeholders or Markdown that differ from the English."""
    template = template if template is not None else extracted()
    catalog = _read(code)
    found: list[str] = []
    rules = get_plural(folder_name(code))
    if catalog.num_plurals != rules.num_plurals or _spaced(catalog.plural_expr) != _spaced(rules.plural_expr):
        found.append(f"plural rules {catalog.plural_forms!r}; the language's are {rules.plural_forms!r}")
    for source in template:
        if not source.id:
            continue
        found.extend(_message_problems(source, catalog.get(source.id, source.context), catalog.num_plurals))
    return found


def _spaced(expression: str) -> str:
    return re.sub(r"\s+", "", expression)
