"""A listing shown a page at a time (/leaderboard, /games, /history), its buttons turning the page."""
from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

T = TypeVar("T")

Page = tuple[discord.Embed, discord.ui.View | None]


async def paged(fetch: Callable[[int], Awaitable[tuple[list[T], int]]], page: int, per_page: int) -> tuple[list[T], int, int, int]:
    """A page of a listing, `fetch(page)` giving its items and how many there are in all; the last page
    when `page` is past it. (items, total, the page shown, pages)."""
    items, total = await fetch(max(page, 1))
    pages = max(1, math.ceil(total / per_page))
    if page > pages:
        items, _ = await fetch(pages)
        page = pages
    return items, total, page, pages


async def turn_page(interaction: discord.Interaction, build: Callable[[], Awaitable[Page]]) -> None:
    """A page button pressed: the message edited to show that page."""
    embed, view = await build()
    await interaction.response.edit_message(embed=embed, view=view)
