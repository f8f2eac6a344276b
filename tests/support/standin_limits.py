"""Discord's per-route rate limits as the stand-in (tests.support.standin) plays them when a test asks
(`StandIn.rate_limit`): a bucket per route and top-level resource, `per` requests in a window of `seconds`
that opens with the first of them, the X-RateLimit-* headers on every answer so that discord.py paces itself
as it does against Discord, and a 429 with `retry_after` for a request beyond the limit.

https://discord.com/developers/docs/topics/rate-limits: "per-route rate limits often account for top-level
resources within the path": channels, guilds and webhooks. Time is the event loop's clock, which discord.py
sleeps on.
"""
from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass, field

from aiohttp import web

from tests.support.standin_records import json_response

# The path parameters of the stand-in's routes (tests.support.standin) that name a top-level resource.
TOP_LEVEL = ("cid", "guild", "token")


def _seconds(value: float) -> float:
    """Seconds rounded up to the millisecond, as Discord gives them: a client that sleeps that long finds the
    window over."""
    return math.ceil(max(value, 0.0) * 1000) / 1000


@dataclass
class RateLimit:
    """`per` requests of a route (a name from StandIn.start) per `seconds`, counted for each top-level
    resource apart. `accepted` and `limited` record (resource, when) of each request let through and each
    answered 429 (with its retry_after), in order."""

    route: str
    per: int
    seconds: float
    windows: dict[str, tuple[float, int]] = field(default_factory=dict)  # resource → (window opened, requests)
    accepted: list[tuple[str, float]] = field(default_factory=list)
    limited: list[tuple[str, float, float]] = field(default_factory=list)

    @property
    def bucket(self) -> str:
        return f"standin-{self.route}"

    @staticmethod
    def resource(request: web.Request) -> str:
        return ":".join(request.match_info.get(key, "") for key in TOP_LEVEL)

    def take(self, request: web.Request) -> web.Response | None:
        """Count the request, or answer it with a 429 when its resource's window is full."""
        now, resource = asyncio.get_running_loop().time(), self.resource(request)
        opened, count = self.windows.get(resource, (now, 0))
        if now >= opened + self.seconds:
            opened, count = now, 0
        if count >= self.per:
            retry_after = _seconds(opened + self.seconds - now)
            self.limited.append((resource, now, retry_after))
            return self._limited(retry_after)
        self.windows[resource] = (opened, count + 1)
        self.accepted.append((resource, now))
        return None

    def headers(self, request: web.Request) -> dict[str, str]:
        """The X-RateLimit-* headers of an accepted request's answer, as its resource's window stands now."""
        resource = self.resource(request)
        opened, count = self.windows[resource]
        reset_after = _seconds(opened + self.seconds - asyncio.get_running_loop().time())
        return {"X-RateLimit-Limit": str(self.per), "X-RateLimit-Remaining": str(max(self.per - count, 0)),
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}", "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": self.bucket}

    def _limited(self, retry_after: float) -> web.Response:
        # https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit; discord.py retries a 429
        # only when it carries a Via header (else it takes it for a ban by Cloudflare).
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
        return json_response(body, 429, {
            "Via": "1.1 google", "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Limit": str(self.per), "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}", "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": self.bucket, "X-RateLimit-Scope": "user"})
