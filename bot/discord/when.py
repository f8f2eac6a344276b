"""Reading when a tournament starts (/tournament create's `starts`): a Discord timestamp, as members paste
it from a timestamp picker (`<t:1700000000>`, `<t:1700000000:R>`), or a delay from now ("in 2h", "2h",
"90m", "1d", "1h30m")."""
from __future__ import annotations

import re

from bot.errors import NotAllowed
from i18n import _

TIMESTAMP = re.compile(r"<t:(?P<at>-?\d{1,12})(?::[tTdDfFsSR])?>")
DELAY = re.compile(r"(?:in\s*)?(?:(?P<d>\d{1,3})\s*d)?\s*(?:(?P<h>\d{1,4})\s*h)?\s*(?:(?P<m>\d{1,6})\s*m(?:in)?)?",
                   re.IGNORECASE)
UNITS = {"d": 86400, "h": 3600, "m": 60}


def starts_at(text: str, now: float) -> float:
    """The moment `text` names, in seconds since 1970 (`now`: the time now). Anything else is refused
    with what is accepted (whether the moment is soon enough is the service's to say)."""
    written = text.strip()
    stamp = TIMESTAMP.fullmatch(written)
    if stamp is not None:
        return float(stamp["at"])
    delay = DELAY.fullmatch(written)
    if delay is not None and any(delay[unit] for unit in UNITS):
        return now + sum(int(delay[unit] or 0) * seconds for unit, seconds in UNITS.items())
    # Translators: `<t:1700000000:R>` is a Discord timestamp; 2h, 90m, 1d and 1h30m are delays (hours, minutes,
    # days) as members type them: keep them as they are
    raise NotAllowed(_("I can't read {text} as a start. Write a Discord timestamp such as `<t:1700000000:R>`, or "
                       "a delay from now such as `in 2h`, `90m`, `1d` or `1h30m`.", text=repr(written[:40])))
