"""`python -m bot`: run the Discord bot, or explain how to get a token and offer local play.
`python -m bot migrate-to-postgres`: copy the SQLite database into an empty PostgreSQL one."""
from __future__ import annotations

import logging
import sys

from bot.config import Settings

NO_TOKEN = """\
No Discord token is configured, so the bot cannot connect to Discord yet.

To get one (about two minutes):
  1. Open https://discord.com/developers/applications and press "New Application".
  2. In "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to README.md:   DISCORD_TOKEN=your-token
     (see .env.example for the other settings; never share the token).
  4. In "OAuth2 → URL Generator" tick the scopes "bot" and "applications.commands" and the bot
     permissions View Channels, Send Messages, Send Messages in Threads, Embed Links and Attach Files;
     open the generated URL to invite the bot to your server.
  5. Run the same command again.

Meanwhile you can play any game locally, at this terminal, with the same rules, boards and database:
  .venv/bin/python -m bot.console
"""


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
    if argv[:1] == ["migrate-to-postgres"]:
        from bot.copy_to_postgres import cli

        return cli(argv[1:])
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    if not settings.token:
        print(NO_TOKEN)
        if sys.stdin.isatty():
            answer = input("Start a local game now? [Y/n] ").strip().lower()
            if answer in ("", "y", "yes"):
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
        print(f"Could not open the database that {where} names: {error}")
        return 1
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: copy it again from the Developer Portal (Bot → Reset Token).")
        return 1
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(f"Could not reach Discord ({error}). Check the network connection and try again.")
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused an intent this bot asked for; please report this as a bug.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
