"""Replays as GIFs: one frame per position, each the board as posted (last move highlighted), a longer
pause at the end, and never above the upload limit (drawn smaller, or split into parts that follow on)."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from renderers import RENDERERS
from renderers.replay import FINAL_MS, FIRST_MS, FRAME_MS, gifs
from rules import GAMES
from tests.support.playouts import random_states

NAMES = ["alice", "bob"]


def frames(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame as a viewer shows it (composited), with its duration."""
    found = []
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.info.get("loop") == 0
        for k in range(gif.n_frames):
            gif.seek(k)
            found.append((gif.convert("RGB"), gif.info["duration"]))
    return found


def close(a: Image.Image, b: Image.Image) -> bool:
    """The same picture but for palette rounding."""
    return a.size == b.size and max(ImageStat.Stat(ImageChops.difference(a, b.convert("RGB"))).mean) < 4


def test_every_position_is_a_frame_as_the_board_shows_it():
    for name in ("attaxx", "xlines", "elevation"):
        states = random_states(GAMES[name].start(players=2, seed=4), 4, moves=12)
        [data] = gifs(states, NAMES)
        shown = frames(data)
        assert len(shown) == len(states)
        for (picture, _), state in zip(shown, states):
            assert close(picture, RENDERERS[name].image(state, NAMES)), name
        assert [d for _, d in shown] == [FIRST_MS] + [FRAME_MS] * (len(states) - 2) + [FINAL_MS]


def test_a_replay_too_big_for_the_limit_is_drawn_smaller_then_split():
    states = random_states(GAMES["attaxx"].start(players=2, seed=1), 1)
    [whole] = gifs(states, NAMES)
    full = frames(whole)[0][0].size

    [smaller] = gifs(states, NAMES, limit=int(len(whole) * 0.8))
    assert len(smaller) <= len(whole) * 0.8 and frames(smaller)[0][0].size < full

    parts = gifs(states, NAMES, limit=len(whole) // 5)
    assert len(parts) > 1 and all(len(part) <= len(whole) // 5 for part in parts)
    shown = [frames(part) for part in parts]
    assert sum(len(part) for part in shown) == len(states) + len(parts) - 1  # each part starts where one ended
    for before, after in zip(shown, shown[1:]):
        assert close(before[-1][0], after[0][0])
