"""The Discord adapter's words in the language spoken: buttons, times and Discord's refusals from the
catalog, with each language's plural forms, cut to Discord's limits after translation; English as before."""
from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

import i18n
from bot.discord import messages as text
from bot.discord import replies, views
from tests.support.catalogs import forget, ship

LONG_REMATCH = "Revanche mit denselben Spielerinnen und Spielern und denselben Einstellungen, sofort und ohne Wartezeit"
GERMAN = {
    "Rematch": LONG_REMATCH,
    "Move": "Ziehen",
    "I can't see this channel: ask a server admin to give me the View Channel permission here.":
        "Ich sehe diesen Kanal nicht: Bitte eine Person mit Serververwaltung um die Berechtigung Kanal ansehen.",
}
POLISH_MINUTES = (("{n} minute", "{n} minutes"), ("{n} minuta", "{n} minuty", "{n} minut"))


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """German and Polish catalogs of a few of the adapter's messages, the only languages besides English."""
    ship(monkeypatch, tmp_path, {"de": GERMAN, "pl": {POLISH_MINUTES[0]: POLISH_MINUTES[1]}})
    yield
    forget()


def refused(code: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": "refused"})


async def test_buttons_are_labelled_in_the_language_spoken_and_fit_discords_80_characters(shipped):
    with i18n.speaking("de"):
        rematch, move = views.RematchButton(7).item, views.MoveButton(7).item
    assert move.label == "Ziehen"
    assert len(LONG_REMATCH) > views.LABEL_MAX and rematch.label == LONG_REMATCH[:views.LABEL_MAX]
    assert views.RematchButton(7).item.label == "Rematch" and views.MoveButton(7).item.label == "Move"


def test_times_take_each_languages_plural_forms(shipped):
    with i18n.speaking("pl"):
        assert [text.duration(s) for s in (60, 120, 300, 22 * 60)] == ["1 minuta", "2 minuty", "5 minut", "22 minuty"]
    assert [text.duration(s) for s in (60, 300, 86400, 2 * 3600, 45)] == ["1 minute", "5 minutes", "1 day", "2 hours",
                                                                         "45 seconds"]


def test_discords_refusals_are_told_in_the_players_language(shipped):
    with i18n.speaking("de"):
        assert replies.refusal(refused(50001)) == GERMAN[replies.REFUSALS[50001]]
        assert replies.refusal(refused(10008)) == replies.REFUSALS[10008]  # not translated yet: the English
        assert replies.refusal(refused(40001)) is None
    assert replies.refusal(refused(50001)) == replies.REFUSALS[50001]


def test_a_message_longer_in_translation_than_discord_takes_is_cut_to_its_2000_characters():
    assert replies.fitted("x" * 2000) == "x" * 2000 and replies.fitted(None) is None
    cut = replies.fitted("y" * 2600)
    assert cut is not None and len(cut) == replies.CONTENT_MAX and cut.endswith("…")
