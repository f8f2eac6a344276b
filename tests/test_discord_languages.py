"""Which language each Discord message speaks, through real discord.py and the stand-in, with throwaway
catalogs for French and Spanish: a private answer in the member's own language, what the channel reads in
the server's (chosen with /settings language:, else the server's own language in Discord, else English),
and the commands registered with their names, descriptions and choices in every language shipped, which
Discord (the stand-in) refuses when a catalog gives a name it does not take."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

import i18n.languages
from bot.discord.client import GameBot
from bot.discord.translator import COMMAND_NAME, OPTION_NAME, catalogued_names
from games import GAMES
from i18n.languages import folder_name, shipped
from i18n.words import translations
from tests.support.discord_rules import Refusal, check_commands
from tests.support.inprocess import CHANNEL, GUILD, BotUsers, bot_settings
from tests.support.standin import ALL_PERMISSIONS, BOT_ID, Message, StandIn
from tests.support.users import User

ROOT = Path(__file__).resolve().parent.parent
ALICE, BOB = User(11, "alice"), User(12, "bob")  # English clients; alice manages the server
CAROL = User(13, "carol", locale="fr")  # a French client
JO = User(15, "jo", locale="ja")  # a language the bot lacks
ROBOT = User(14, "robot", bot=True)
ME = User(BOT_ID, "Boardgames", bot=True)
MANAGE_GUILD = 1 << 5

# (context, English, translation); a plural's English is (singular, plural), its translation one text for each
# of the language's plural forms (French has three in CLDR: one, many (a million), other)
Entry = tuple[str | None, str | tuple[str, str], str | tuple[str, ...]]
FRENCH: list[Entry] = [
    (COMMAND_NAME, "move", "jouer"),
    (OPTION_NAME, "notation", "coup"),
    (None, "Play your move in this channel's match", "Jouez votre coup dans la partie de ce salon"),
    (None, "easy", "facile"),
    (None, "Player {seat}: one more person you challenge (optional)",
     "Joueur {seat} : une personne de plus que vous défiez (facultatif)"),
    (None, "Numbers each player writes; the board is n×n, where n = k × players + 1 is at most 25",
     "Nombres que chaque joueur écrit ; plateau n×n, n = k × joueurs + 1 ≤ 25"),
    (None, "Other bots can't play: challenge a person, name me to play the computer, or leave the opponent empty "
           "for an open challenge.", "Les autres bots ne peuvent pas jouer."),
    (None, "Only someone with the Manage Server permission can choose the server's language.",
     "Seul quelqu'un avec la permission Gérer le serveur peut choisir la langue du serveur."),
    (None, "{player} played **{move}**.", "{player} a joué **{move}**."),
    (None, "{player} played **{move}** — {effect}.", "{player} a joué **{move}** — {effect}."),
    (None, ("Match #{match} after {n} move: {description}", "Match #{match} after {n} moves: {description}"),
     ("Partie n°{match} après {n} coup : {description}", "Partie n°{match} après {n} de coups : {description}",
      "Partie n°{match} après {n} coups : {description}")),
]
SPANISH: list[Entry] = [(COMMAND_NAME, "move", "mover")]


def write_catalog(code: str, entries: list[Entry]) -> None:
    """A language's catalog where i18n looks for them (see the `catalogs` fixture)."""
    catalog = Catalog(locale=folder_name(code), domain="messages")
    for context, english, translated in entries:
        catalog.add(english, translated, context=context)
    path = i18n.languages.catalog_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file:
        write_po(file, catalog)
    shipped.cache_clear()
    translations.cache_clear()


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, list[Entry]], None]]:
    """Ship languages of the test's own (none yet): write_catalog(code, entries) for each."""
    monkeypatch.setattr(i18n.languages, "LOCALES", tmp_path / "locales")
    shipped.cache_clear()
    translations.cache_clear()
    yield write_catalog
    shipped.cache_clear()
    translations.cache_clear()


@pytest.fixture
def languages(catalogs: Callable[[str, list[Entry]], None]) -> None:
    catalogs("fr", FRENCH)
    catalogs("es-ES", SPANISH)


@pytest.fixture
async def bot(languages: None, env: BotUsers) -> BotUsers:
    """The bot in this process (tests.support.inprocess), started with French and Spanish shipped."""
    return env


async def started(env: BotUsers, challenger: User = ALICE, opponent: User = BOB) -> Message:
    challenge = await (await env.command(challenger, CHANNEL, "challenge", "attaxx", side="first", opponent=opponent)).reply()
    return await (await env.press(opponent, challenge, "Accept")).board()


async def moved(env: BotUsers, who: User, move: str | None = None) -> Message:
    """The board everyone sees after `who` plays `move` (by default the first legal one)."""
    if move is None:
        move = (await env.client.service.latest(CHANNEL)).state.legal_moves()[0]
    return await (await env.command(who, CHANNEL, "move", notation=move)).reply()


async def refused(env: BotUsers, who: User) -> Message:
    """What `who` alone reads when challenging another bot."""
    answer = await (await env.command(who, CHANNEL, "challenge", "attaxx", opponent=ROBOT)).reply()
    assert answer.ephemeral
    return answer


async def choose(env: BotUsers, language: str, who: User = ALICE, **permissions: int) -> Message:
    return await (await env.command(who, CHANNEL, "settings", language=language, **permissions)).reply()


def alt_text(message: Message) -> str:
    [alt] = message.descriptions.values()
    return alt


# ------------------------------------------------------------------------------------------- whose language

async def test_a_refusal_speaks_the_members_language_and_the_board_the_servers(bot):
    chosen = await choose(bot, "fr")
    assert chosen.ephemeral and "What everyone reads here is in **Français**, as chosen" in chosen.content
    assert "Les autres bots ne peuvent pas jouer." in (await refused(bot, CAROL)).content
    assert "Other bots can't play" in (await refused(bot, ALICE)).content

    await started(bot)
    board = await moved(bot, ALICE, "b6")
    assert not board.ephemeral and "a joué **b6**" in board.content and "played" not in board.content
    assert alt_text(board).startswith("Partie n°1 après 1 coup : ")
    late = await (await bot.command(ALICE, CHANNEL, "move", notation="b5")).reply()
    assert late.ephemeral and "not your turn" in late.content, "alice's own refusal stays in English"


async def test_only_those_who_manage_the_server_choose_its_language(bot):
    answer = await choose(bot, "fr", CAROL, member_permissions=ALL_PERMISSIONS & ~MANAGE_GUILD)
    assert answer.ephemeral and "Seul quelqu'un avec la permission Gérer le serveur" in answer.content
    assert await bot.client.service.preferences.server_language(GUILD) is None
    await started(bot)
    assert "played **b6**" in (await moved(bot, ALICE, "b6")).content


async def test_the_servers_own_language_applies_until_one_is_chosen(bot):
    bot.guild_locale = "fr"
    await started(bot)
    assert "a joué **b6**" in (await moved(bot, ALICE, "b6")).content
    assert "Other bots can't play" in (await refused(bot, ALICE)).content, "alice's client speaks English"

    await choose(bot, "en")
    english = await moved(bot, BOB)
    assert "played **" in english.content and alt_text(english).startswith("Match #1 after 2 moves: ")

    back = await choose(bot, "default")
    assert "in **Français**, the server's own language in Discord" in back.content
    assert "a joué **" in (await moved(bot, ALICE)).content


async def test_a_language_the_bot_lacks_is_english(bot):
    bot.guild_locale = "de"
    assert "Other bots can't play" in (await refused(bot, JO)).content
    await started(bot, JO, BOB)
    board = await moved(bot, JO, "b6")
    assert "played **b6**" in board.content and alt_text(board).startswith("Match #1 after 1 move: ")


async def test_a_computers_move_speaks_its_servers_language(bot):
    await choose(bot, "fr")
    await (await bot.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME)).reply()
    seen = len(bot.standin.channel(CHANNEL))
    await moved(bot, ALICE, "b6")
    theirs = await bot.standin.wait_for(lambda: next(
        (m for m in bot.standin.channel(CHANNEL)[seen:] if m.content.startswith("**Computer") and m.files), None))
    assert "a joué" in theirs.content and alt_text(theirs).startswith("Partie n°1 après 2 coups : ")


# ------------------------------------------------------------------------------------------- the commands

def by_name(items: list[dict], name: str) -> dict:
    return next(item for item in items if item["name"] == name)


async def test_the_commands_are_registered_in_every_language_shipped(bot):
    commands = bot.standin.commands
    move = by_name(commands, "move")
    assert move["name_localizations"] == {"fr": "jouer", "es-ES": "mover", "es-419": "mover"}
    assert move["description_localizations"] == {"fr": "Jouez votre coup dans la partie de ce salon"}
    assert move["options"][0]["name_localizations"] == {"fr": "coup"}
    assert by_name(commands, "board")["name_localizations"] == {}, "no catalog names it: Discord shows the English"

    challenge = by_name(commands, "challenge")["options"]
    easy = by_name(by_name(by_name(challenge, "attaxx")["options"], "level")["choices"], "easy")
    assert easy["name_localizations"] == {"fr": "facile"}
    permutation = by_name(challenge, "permutation")["options"]
    assert by_name(permutation, "opponent2")["description_localizations"] == {
        "fr": "Joueur 3 : une personne de plus que vous défiez (facultatif)"}
    assert by_name(permutation, "k")["description_localizations"]["fr"].startswith("Nombres que chaque joueur écrit")

    language = by_name(by_name(commands, "settings")["options"], "language")
    assert [(c["name"], c["value"]) for c in language["choices"]] == [
        ("The server's own language in Discord (default)", "default"), ("English", "en"),
        ("Español (España)", "es-ES"), ("Français", "fr")]
    assert not any(c.get("name_localizations") for c in language["choices"][1:]), "a language is named in its own words"


@pytest.mark.parametrize("name", ["Jouer", "jouer coup"], ids=["uppercase", "space"])
async def test_a_name_discord_does_not_take_makes_it_refuse_the_commands(catalogs, tmp_path, monkeypatch, name):
    catalogs("fr", [(COMMAND_NAME, "move", name)])
    standin = StandIn()
    monkeypatch.setattr(discord.http.Route, "BASE", await standin.start())
    client = GameBot(bot_settings(tmp_path / "bot.sqlite3"))
    try:
        with pytest.raises(discord.HTTPException) as error:
            await client.login("test-token")  # runs setup_hook, which syncs the commands
        assert error.value.status == 400 and error.value.code == 50035
        [(method, _, answer)] = standin.refusals
        move = next(i for i, c in enumerate(client.tree.get_commands()) if c.name == "move")
        assert method == "PUT" and answer["errors"][str(move)]["name_localizations"]["_errors"][0]["code"] == \
            "APPLICATION_COMMAND_INVALID_NAME"
        assert not standin.commands, "nothing registered"
    finally:
        await client.close()
        await standin.stop()


def payload_names(items: list[dict], context: str = COMMAND_NAME) -> set[tuple[str, str]]:
    """(context, name) of every command, subcommand and option in a commands payload."""
    names = set()
    for item in items:
        options = item.get("options", [])
        names.add((context, item["name"]))
        names |= payload_names(options, COMMAND_NAME if any(o["type"] in (1, 2) for o in options) else OPTION_NAME)
    return names


def extracted(*folders: str) -> set[tuple[str | None, str]]:
    """What Babel extracts from the project's Python files, with its default keywords: (context, English)."""
    found = set()
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for _, message, _, context in extract_from_file("python", str(path)):
                found.add((context, message if isinstance(message, str) else message[0]))
    return found


async def test_every_name_description_and_choice_is_in_the_catalog_template(bot):
    """Babel finds every name with its context, and every description and choice, so that translators get
    them (a game's title, an option's values and a language's own name stay as they are)."""
    payload = bot.standin.commands
    names = payload_names(payload)
    assert names == set(catalogued_names()), "bot.discord.translator.catalogued_names lists every name"
    found = extracted("bot", "rules", "games")
    assert names <= found

    def texts(items: list[dict]) -> Iterator[str]:
        for item in items:
            yield from [item["description"]] if item.get("description") else []
            yield from (c["name"] for c in item.get("choices", ()))
            yield from texts(item.get("options", []))

    as_is = {game.title for game in GAMES.values()} | {str(c) for game in GAMES.values() for spec in game.options
                                                       for c in spec.choices or ()}
    as_is |= {c["name"] for c in by_name(by_name(payload, "settings")["options"], "language")["choices"][1:]}
    composed = {f"Player {n}: one more person you challenge (optional)" for n in range(3, 7)}
    composed |= {f"{spec.help}{spec.default_text}" for game in GAMES.values() for spec in game.options}
    messages = {message for context, message in found if context is None}
    assert {t for t in texts(payload) if t not in as_is | composed} <= messages
    assert "Player {seat}: one more person you challenge (optional)" in messages
    assert {spec.help for game in GAMES.values() for spec in game.options} <= messages


# ------------------------------------------------------------------------------------------- the stand-in's rules

def command(**extra: Any) -> dict:
    move = {"type": 3, "name": "notation", "description": "Your move", "required": True}
    public = {"type": 5, "name": "public", "description": "For everyone", "required": False}
    return {"type": 1, "name": "move", "description": "Play your move", "options": [move, public], **extra}


def refusal_paths(commands: list[dict]) -> list[tuple[tuple[str, ...], str]]:
    with pytest.raises(Refusal) as refusal:
        check_commands(commands)
    return [(path, code) for path, code, _ in refusal.value.leaves()]


def test_discord_takes_names_in_every_script_lowercase():
    check_commands([command(name_localizations={"fr": "jouer", "ru": "ход", "hi": "चाल", "th": "เดิน", "ja": "手番",
                                                "de": "straße"})])
    assert refusal_paths([command(name_localizations={"de": "Zug"})]) == [
        (("0", "name_localizations"), "APPLICATION_COMMAND_INVALID_NAME")]
    assert refusal_paths([command(name="isn't")]) == [(("0", "name"), "APPLICATION_COMMAND_INVALID_NAME")]
    option = command()
    option["options"][0]["name_localizations"] = {"fr": "le coup"}
    assert refusal_paths([option]) == [(("0", "options", "0", "name_localizations", "fr"), "APPLICATION_COMMAND_INVALID_NAME")]


def test_discord_takes_only_its_own_locales():
    assert refusal_paths([command(description_localizations={"fr-FR": "Jouez"})]) == [
        (("0", "description_localizations", "fr-FR"), "BASE_TYPE_CHOICES")]
    assert refusal_paths([command(description_localizations={"fr": "J" * 101})]) == [
        (("0", "description_localizations", "fr"), "BASE_TYPE_BAD_LENGTH")]


def test_discord_wants_names_unique_in_every_language():
    same = command()
    same["options"][1]["name_localizations"] = {"fr": "notation"}
    assert refusal_paths([same]) == [(("0", "options", "1", "name"), "APPLICATION_COMMAND_OPTION_NAME_DUPLICATED")]
    board = {"type": 1, "name": "board", "description": "The board", "name_localizations": {"fr": "jouer"}}
    assert refusal_paths([command(name_localizations={"fr": "jouer"}), board]) == [
        (("1",), "APPLICATION_COMMANDS_DUPLICATE_NAME")]
