"""The match service: the life of challenges and matches, with no knowledge of Discord.

Adapters call it with plain ids and get plain values back (bot.models). Every change is one
transaction of the store (bot.db), taken under the store's lock, that re-reads what it depends on: two
requests for the same match are applied one after the other, and the second sees what the first did.

Its parts, each a concern of the one MatchService: bot.service.challenges, .play, .takebacks, .clocks,
.outbox, .records, .settings and .analyses, on what they share (bot.service.core); every statement
they run is in bot.service.repository.
"""
from __future__ import annotations

from bot.service.analyses import Analysed, Analyses
from bot.service.challenges import CHANNEL_HAS_CHALLENGE, MAX_TURN_SECONDS, MIN_TURN_SECONDS, Challenges, most_players
from bot.service.clocks import Clocks
from bot.service.core import CHALLENGE_SECONDS, NOTE_GRACE, STAND_IN, STATE_CACHE, TURN_SECONDS
from bot.service.outbox import SHOWN_FLUSH, Outbox
from bot.service.play import Play
from bot.service.records import Records
from bot.service.results import leavers_last
from bot.service.settings import ReminderSettings, Settings
from bot.service.suggestions import refusal, suggestions
from bot.service.takebacks import Takebacks

__all__ = [
    "Analysed", "CHALLENGE_SECONDS", "CHANNEL_HAS_CHALLENGE", "MAX_TURN_SECONDS", "MIN_TURN_SECONDS", "NOTE_GRACE", "SHOWN_FLUSH",
    "STAND_IN", "STATE_CACHE", "TURN_SECONDS", "MatchService", "ReminderSettings", "leavers_last",
    "most_players", "refusal", "suggestions",
]


class MatchService(Challenges, Play, Takebacks, Clocks, Outbox, Analyses, Records, Settings):
    """The match service as the adapters use it: MatchService(store, clock=…, computers=…, notes=…)."""
