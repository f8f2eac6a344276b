"""`python -m bot`: run the Discord bot, or explain how to get a token and offer local play.
`python -m bot migrate-to-postgres`: copy the SQLite database into an empty PostgreSQL one.
What it tells the person running it is in the language of the environment (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG, as gettext reads them); its log stays in English."""
from __future__ import annotations

import logging
import os
import sys

from bot.config import Settings
from i18n import _, use

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order


def environment_language() -> str | None:
    """The language the environment names, as gettext reads it (`C` and `POSIX` are English)."""
    for name in LANGUAGE_VARIABLES:
        value = os.environ.get(name, "").split(":")[0].strip()
        if value:
            return None if value in ("C", "POSIX") or value.startswith("C.") else value
    return None


def no_token() -> str:
    """What to do without a token: how to get one, and local play meanwhile."""
    # Translators: the names in quotes are Discord's Developer Portal's, which is in English: keep them
    steps = _("""\
To get one (about two minutes):
  1. Open https://discord.com/developers/applications and press "New Application".
  2. In "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to README.md:   DISCORD_TOKEN=your-token
     (see .env.example for the other settings; never share the token).
  4. In "OAuth2 → URL Generator" tick the scopes "bot" and "applications.commands" and the bot
     permissions View Channels, Send Messages, Send Messages in Threads, Embed Links and Attach Files;
     open the generated URL to invite the bot to your server.
  5. Run the same command again.""")
    local = _("Meanwhile you can play any game locally, at this terminal, with the same rules, boards and database:")
    return "\n\n".join([_("No Discord token is configured, so the bot cannot connect to Discord yet."), steps,
                         f"{local}\n  .venv/bin/python -m bot.console\n"])


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )


def use_local_discord(settings: Settings) -> None:
    """Point discord.py at a local stand-in for Discord (used by the end-to-end tests only)."""
    import discord
    import yarl

    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def fast_event_loop() -> None:
    """uvloop where it is installed (Linux and macOS): the same asyncio, with a faster loop and
    sockets, which is most of what the bot's own process does per move."""
    try:
        import uvloop
    except ImportError:
        return
    import asyncio

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    use(environment_language())
    if argv[:1] == ["migrate-to-postgres"]:
        from bot.copy_to_postgres import cli

        return cli(argv[1:])
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    if not settings.token:
        print(no_token())
        if sys.stdin.isatty():
            # Translators: a question at the terminal; Enter alone or y/yes (in English, always understood) say yes
            answer = input(_("Start a local game now? [Y/n] ")).strip().lower()
            # Translators: the answers that say yes to a question at the terminal, separated by spaces, lowercase
            if answer in ("", "y", "yes", *_("y yes").split()):
                from bot.console.cli import cli

                return cli([])
        return 0

    import aiohttp
    import discord

    from bot.discord.client import GameBot, StoreUnavailable

    use_local_discord(settings)
    fast_event_loop()
    client = GameBot(settings)
    try:
        client.run(settings.token, log_handler=None)
    except StoreUnavailable as error:
        where = "DATABASE_URL" if settings.database_url else f"DATABASE_PATH ({settings.database_path})"
        # Translators: {setting} is the setting naming the database (DATABASE_URL, or DATABASE_PATH and its file)
        print(_("Could not open the database that {setting} names: {error}", setting=where, error=error))
        return 1
    except discord.LoginFailure:
        print(_("Discord refused the token in DISCORD_TOKEN: copy it again from the Developer Portal (Bot → Reset Token)."))
        return 1
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(_("Could not reach Discord ({error}). Check the network connection and try again.", error=error))
        return 1
    except discord.PrivilegedIntentsRequired:
        print(_("Discord refused an intent this bot asked for; please report this as a bug."))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
