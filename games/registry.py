"""The games the bot hosts, each registered once: its rules' record, its renderer and its engine, under
its rules' name. This is the one list of games: the bot, the console, the tests, the benches and the docs'
checks all read it (`games.REGISTRY`, `games.GAMES`). docs/adding-a-game.md walks through adding one.

An engine's budgets: a level's iterations (easy, medium, hard) are chosen so that a hard move takes about
a second on a 2-core machine of 2026 (median at most 1.5 s, never the 4 s cap), and so that, in
bench/strength.py, hard beats medium and medium beats easy in at least three games of four that are
decided; a level in `alphabeta` counts nodes instead. An analysis's `work` a position is chosen so that
a whole analysis, the second searches included, costs about what it did when each position had a second
and a half (bench/analysis.py prints what it costs): the Monte-Carlo budgets are two thirds to four
fifths of the iterations that second and a half bought, alpha-beta reaches depth 4 in Elevation and
proves most of an Ascent game. Ascent and Elevation are analysed by alpha-beta (`deepened`, with the
slope their own evaluations use): their Monte-Carlo values swing with whose turn it is (Elevation's
shortlist leaves a few hundred iterations two plies deep) or with random playouts (Ascent).
"""
from __future__ import annotations

from collections.abc import Mapping

import engines.games.ascent
import engines.games.elevation
import engines.games.infection
import engines.games.permutation
import engines.games.xlines
import renderers.ascent
import renderers.attaxx
import renderers.elevation
import renderers.ikabegama
import renderers.permutation
import renderers.xlines
import rules.ascent
import rules.attaxx
import rules.elevation
import rules.ikabegama
import rules.permutation
import rules.xlines
from engines.engine import Engine
from games.registration import Records, Registration, registry
from rules.core import Game

ATTAXX = Registration(
    rules=rules.attaxx.GAME,
    renderer=renderers.attaxx,
    engine=Engine(engines.games.infection.ATTAXX, iterations=(100, 1000, 60_000), alphabeta=("hard",), work=2000),
)
IKABEGAMA = Registration(
    rules=rules.ikabegama.GAME,
    renderer=renderers.ikabegama,
    engine=Engine(engines.games.infection.IKABEGAMA, iterations=(100, 1000, 40_000), alphabeta=("hard",), work=2000),
)
ASCENT = Registration(
    rules=rules.ascent.GAME,
    renderer=renderers.ascent,
    # hard's nodes: a game rarely lasts ten plies; medium searching so too plays as well as hard (bench/strength.py)
    engine=Engine(engines.games.ascent.ASCENT, iterations=(100, 1000, 40_000), alphabeta=("hard",), work=30_000,
                  deepened=engines.games.ascent.SCALE),
)
XLINES = Registration(
    rules=rules.xlines.GAME,
    renderer=renderers.xlines,
    # an iteration may solve a line phase: few are needed
    engine=Engine(engines.games.xlines.XLINES, iterations=(12, 120, 800), work=120),
)
PERMUTATION = Registration(
    rules=rules.permutation.GAME,
    renderer=renderers.permutation,
    # hard judges placements by solving (a quarter of its iterations on 11×11); medium's few iterations leave it
    # room to go wrong in the placement's end, which it does not solve (engines/games/permutation.py)
    engine=Engine(engines.games.permutation.PERMUTATION, iterations=(80, 250, 1200), work=800),
)
ELEVATION = Registration(
    rules=rules.elevation.GAME,
    renderer=renderers.elevation,
    # nodes over a shortlist of turns at every level, of which each searches the first few beyond the root
    engine=Engine(engines.games.elevation.ELEVATION, iterations=(150, 1200, 4000), alphabeta=("easy", "medium", "hard"),
                  widths=(4, 6, 8), work=2000, deepened=engines.games.elevation.SCALE),
)

REGISTRY: dict[str, Registration] = registry(ATTAXX, IKABEGAMA, ASCENT, XLINES, PERMUTATION, ELEVATION)
GAMES: Mapping[str, Game] = Records(REGISTRY)
