"""Which languages the bot speaks: English (the source of every message) and each language with a
catalog under i18n/locales/, named by Discord's locale code (`pt-BR`) in the folder name Babel and
gettext use (`pt_BR`). A language is shipped by adding its folder; nothing here lists them."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale

ENGLISH = "en"
LOCALES = Path(__file__).with_name("locales")
DOMAIN = "messages"


def folder_name(code: str) -> str:
    """Discord's `pt-BR` as gettext's `pt_BR`."""
    return code.replace("-", "_")


def catalog_path(code: str) -> Path:
    return LOCALES / folder_name(code) / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def shipped() -> tuple[str, ...]:
    """English first, then every language with a catalog, by code."""
    found = sorted(p.parent.parent.name.replace("_", "-") for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (ENGLISH, *found)


def babel_locale(code: str) -> Locale:
    return Locale.parse(folder_name(code))


def best(requested: str | None) -> str:
    """The shipped language for a language Discord (or the environment) names: the same one, else one
    of the same language (`es-419` → `es-ES`, `en-GB` → English, `zh-TW` → `zh-CN`), else English.
    Accepts Discord's codes (`pt-BR`) and POSIX ones (`pt_BR.UTF-8`)."""
    if not requested:
        return ENGLISH
    wanted = requested.split(".")[0].split("@")[0].replace("_", "-")
    languages = shipped()
    lowered = {code.lower(): code for code in languages}
    if wanted.lower() in lowered:
        return lowered[wanted.lower()]
    base = wanted.split("-")[0].lower()
    for code in languages:
        if code.split("-")[0].lower() == base:
            return code
    return ENGLISH


def own_name(code: str) -> str:
    """A language by its own name, as its speakers look for it: "Deutsch", "Português (Brasil)"."""
    if code == ENGLISH:
        return "English"
    name = babel_locale(code).get_display_name(babel_locale(code)) or code
    return name[:1].upper() + name[1:]
