"""Per-game knowledge for the search, by game name. A game not listed is played with random playouts."""
from __future__ import annotations

from engines.games.ascent import ASCENT
from engines.games.elevation import ELEVATION
from engines.games.infection import ATTAXX, IKABEGAMA
from engines.games.permutation import PERMUTATION
from engines.games.xlines import XLINES
from engines.knowledge import GENERIC, Knowledge

KNOWLEDGE: dict[str, Knowledge] = {
    "ascent": ASCENT,
    "attaxx": ATTAXX,
    "ikabegama": IKABEGAMA,
    "elevation": ELEVATION,
    "permutation": PERMUTATION,
    "xlines": XLINES,
}


def knowledge_for(game: str) -> Knowledge:
    return KNOWLEDGE.get(game, GENERIC)
