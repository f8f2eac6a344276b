"""The catalogs: every shipped language translates every message the code asks for, with the English's
placeholders and Markdown and every plural form its language needs; the template is up to date; and a
language Discord or the environment names is matched to a shipped one."""
from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import i18n
from i18n import catalogs, languages, words

REQUIRED = ("de", "es-ES", "fr", "pt-BR", "pl", "ru", "ja", "zh-CN")  # the eight, Discord's codes
TRANSLATED = [code for code in i18n.shipped() if code != i18n.ENGLISH]


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogs.extracted()


def test_the_eight_languages_ship():
    assert set(REQUIRED) <= set(TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_englishs_placeholders(code, template):
    found = catalogs.problems(code, template)
    assert not found, f"{code}: {len(found)} problems (python -m i18n check {code}):\n" + "\n".join(found[:40])


def test_the_template_is_the_codes_messages(template):
    with open(catalogs.TEMPLATE, "rb") as file:
        kept = read_po(file)
    def keys(catalog: Catalog) -> set:
        return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}
    assert keys(kept) == keys(template), "run `python -m i18n update` and translate what it adds"


@pytest.mark.parametrize(("code", "forms"), [("pl", {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 22: 1, 25: 2, 101: 2}),
                                             ("ru", {1: 0, 21: 0, 2: 1, 24: 1, 5: 2, 11: 2, 12: 2, 111: 2})])
def test_polish_and_russian_take_the_form_their_rules_give_each_count(code, forms):
    """Every plural message says 1, 2 and 5 (21, 22, 25, …) with the form CLDR's rules give the count:
    Polish and Russian have three, where English has two."""
    with open(languages.catalog_path(code), "rb") as file:
        catalog = read_po(file, locale=languages.folder_name(code))
    plurals = [m for m in catalog if isinstance(m.id, (list, tuple)) and m.id[0]]
    assert len(plurals) > 20 and all(len(m.string) == 3 for m in plurals)
    with i18n.speaking(code):
        for message in plurals:
            singular, plural = message.id[0], message.id[1]
            params = {k: "X" for k in catalogs.fields(plural) if k != "n"}
            for n, form in forms.items():
                said = i18n.npgettext(message.context, singular, plural, n, **params) if message.context else \
                    i18n.ngettext(singular, plural, n, **params)
                assert said == message.string[form].format(n=i18n.number(n), **params), (message.id, n, said)


def test_a_discord_locale_falls_back_to_a_shipped_language():
    assert i18n.best("es-419") == "es-ES"
    assert i18n.best("en-GB") == i18n.best("en-US") == "en"
    assert i18n.best("pt_BR.UTF-8") == "pt-BR"
    assert i18n.best("zh-TW") == "zh-CN"
    assert i18n.best("ko") == i18n.best("C") == i18n.best(None) == "en"


def test_numbers_are_written_as_each_language_writes_them():
    with i18n.speaking("de"):
        assert i18n.number(1500) == "1.500"
    with i18n.speaking("fr"):
        assert i18n.number(1500).replace("\u202f", " ") == "1 500"
        assert i18n.percent(0.42).replace("\u202f", " ").replace("\xa0", " ") == "42 %"
    assert i18n.number(1500) == "1,500" and i18n.percent(0.42) == "42%"


def test_the_check_finds_what_a_translation_gets_wrong(tmp_path, monkeypatch):
    """A placeholder renamed, a plural form missing, a fuzzy entry, an untranslated message and the wrong
    plural rules are each reported."""
    template = Catalog()
    template.add("{player} resigned")
    template.add(("{n} move", "{n} moves"))
    template.add("Board")
    template.add("Your **turn**")
    template.add("Move")
    catalog = Catalog(locale="pl")
    catalog.add("{player} resigned", "{gracz} zrezygnował")
    catalog.add(("{n} move", "{n} moves"), ("{n} ruch", "{n} ruchy", ""))
    catalog.add("Board", "Plansza", flags=["fuzzy"])
    catalog.add("Your **turn**", "Twój ruch")
    monkeypatch.setattr(languages, "LOCALES", tmp_path)
    path = languages.catalog_path("pl")
    path.parent.mkdir(parents=True)
    with open(path, "wb") as file:
        write_po(file, catalog)
    found = catalogs.problems("pl", template)
    assert any("placeholders" in p and "resigned" in p for p in found)
    assert any("plural forms" in p for p in found)
    assert any("fuzzy" in p and "Board" in p for p in found)
    assert any("'**'" in p for p in found)
    assert any("untranslated" in p and "Move" in p for p in found)
    text = path.read_text(encoding="utf-8").replace("n == 1 ? 0 :", "n == 1 ? 1 :")
    path.write_text(text, encoding="utf-8")
    assert any("plural rules" in p for p in catalogs.problems("pl", template))


def test_a_language_is_shipped_by_its_folder_alone(tmp_path, monkeypatch):
    """Adding a catalog is all it takes: it is found, matched and spoken (no code lists the languages)."""
    monkeypatch.setattr(languages, "LOCALES", tmp_path)
    languages.shipped.cache_clear()
    words.translations.cache_clear()
    try:
        catalog = Catalog(locale="it")
        catalog.add("{player} resigned", "{player} ha abbandonato")
        path = languages.catalog_path("it")
        path.parent.mkdir(parents=True)
        with open(path, "wb") as file:
            write_po(file, catalog)
        assert "it" in i18n.shipped()
        with i18n.speaking("it-IT"):
            assert i18n._("{player} resigned", player="ada") == "ada ha abbandonato"
        assert i18n._("{player} resigned", player="ada") == "ada resigned"
    finally:
        languages.shipped.cache_clear()
        words.translations.cache_clear()
