"""Every statement the match service runs, each a function of the transaction it runs in (bot.db.Tx),
in a module by what it is about: `players` (names, reminder settings), `challenges`, `matches` (their
rows, seats and moves, and the rows locked to change them), `timers` (what falls due), `outbox` (notes
of changes not shown yet), `records` (results, ratings and what is read from them), `analyses` and
`tournaments`. The rest of the service reads and writes through these, as
`repository.matches.advance(db, …)`, and holds no SQL of its own."""
from __future__ import annotations

from bot.service.repository import analyses, challenges, matches, outbox, players, records, timers, tournaments

__all__ = ["analyses", "challenges", "matches", "outbox", "players", "records", "timers", "tournaments"]
