"""Settings from the environment, with `.env` in the working directory filling in what is unset. A setting
that cannot be read stops the program with a sentence in the language in use (the environment's)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from i18n import _


def load_dotenv(path: Path = Path(".env")) -> None:
    """KEY=value lines (optionally quoted, # comments) into os.environ, never overriding what is set."""
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.removeprefix("export ").split("=", 1)
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        os.environ.setdefault(key.strip(), value)


def env_number(name: str, default: float | None = None, kind: type = int):
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = kind(value)
    except ValueError:
        # Translators: {setting} is the name of a setting (TURN_HOURS), {value} what it was set to
        raise SystemExit(_("{setting} must be a number, not {value}", setting=name, value=repr(value))) from None
    if number <= 0:
        raise SystemExit(_("{setting} must be positive, not {value}", setting=name, value=repr(value)))
    return number


@dataclass(frozen=True)
class Settings:
    token: str
    dev_guild_id: int | None
    database_path: Path
    log_level: str
    challenge_minutes: int
    turn_hours: int
    sweep_seconds: float  # the longest the timer task sleeps before re-reading deadlines from the database
    api_base: str | None  # test only: a local stand-in for Discord's REST API
    gateway_url: str | None  # test only: a local stand-in for Discord's gateway
    computer_seconds: float | None = None  # a shorter think time for computer players than their level's
    database_url: str | None = None  # postgresql://… to use PostgreSQL instead of the SQLite file
    shard_count: int | None = None  # None: as many shards as Discord recommends, all in this process
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all of them)
    note_grace: float = 60.0  # seconds a change's poster has before another process (or a retry) posts it

    @property
    def database(self) -> str | Path:
        """Where the data lives: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls) -> Settings:
        load_dotenv()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            dev_guild_id=env_number("DEV_GUILD_ID"),
            database_path=Path(os.environ.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3"),
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            challenge_minutes=env_number("CHALLENGE_MINUTES", 15),
            turn_hours=env_number("TURN_HOURS", 24),
            sweep_seconds=env_number("TIMER_SWEEP_SECONDS", 300.0, float),
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
            computer_seconds=env_number("COMPUTER_SECONDS", None, float),
            note_grace=env_number("NOTE_GRACE_SECONDS", 60.0, float),
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            **shards_from_env(),
        )


def shards_from_env() -> dict[str, Any]:
    """SHARD_COUNT (how many shards the bot runs in all) and SHARD_IDS (this process's: "0,1", "2-3")."""
    count = env_number("SHARD_COUNT")
    text = os.environ.get("SHARD_IDS", "").strip()
    if not text:
        return {"shard_count": count, "shard_ids": None}
    if count is None:
        raise SystemExit(_("SHARD_IDS needs SHARD_COUNT: how many shards the bot runs across all its processes."))
    ids: list[int] = []
    for part in text.split(","):
        first, __, last = part.strip().partition("-")
        try:
            ids.extend(range(int(first), int(last or first) + 1))
        except ValueError:
            raise SystemExit(_("SHARD_IDS must list shard numbers like 0,1 or 0-3, not {value}", value=repr(text))) from None
    wrong = [shard for shard in ids if not 0 <= shard < count]
    if wrong or not ids or len(set(ids)) != len(ids):
        raise SystemExit(_("SHARD_IDS must name each shard once, from 0 to {last} (SHARD_COUNT is {count}), not {value}",
                           last=count - 1, count=count, value=repr(text)))
    return {"shard_count": count, "shard_ids": tuple(ids)}
