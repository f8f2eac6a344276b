"""Replays as GIFs: one frame per position, each the board as posted (last move highlighted), a longer
pause at the end, and never above the upload limit (drawn smaller, or split into parts that follow on);
frames written as they are drawn, so that a long match's replay never holds its positions or frames."""
from __future__ import annotations

import gc
import io
import weakref
from collections.abc import Iterator

import pytest
from PIL import GifImagePlugin, Image, ImageChops, ImageStat

from bot.replays import draw, draw_files
from games import GAMES, REGISTRY, image
from renderers import replay, theme
from renderers.replay import CLEAR, FINAL_MS, FIRST_MS, FRAME_MS, SAMPLES, gifs
from rules import Outcome, ended
from tests.support.playouts import VARIANTS, random_states

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]

# Every registered game and option set with its fewest players, and every game with its most.
CASES = [(name, options, min(GAMES[name].players)) for name, options in VARIANTS] + [
    (name, {}, max(GAMES[name].players)) for name in sorted(GAMES) if len(GAMES[name].players) > 1]


def frames(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame as a viewer shows it (composited), with its duration."""
    found = []
    with Image.open(io.BytesIO(data)) as gif:
        assert isinstance(gif, GifImagePlugin.GifImageFile) and gif.format == "GIF" and gif.info.get("loop") == 0
        for k in range(gif.n_frames):
            gif.seek(k)
            found.append((gif.convert("RGB"), gif.info["duration"]))
    return found


def distance(a: Image.Image, b: Image.Image) -> float:
    """How far apart two pictures of one size are: the mean difference of the channel that differs most."""
    return max(ImageStat.Stat(ImageChops.difference(a, b.convert("RGB"))).mean)


def close(a: Image.Image, b: Image.Image) -> bool:
    """The same picture but for palette rounding."""
    return a.size == b.size and distance(a, b) < 4


def drawn_at_once(states: list, names: list[str]) -> bytes:
    """The replay as it was drawn before its frames were streamed: every frame in memory at once, on a
    palette fitted to a few of them, each after the first keeping only what changed, saved by Pillow in
    one go."""
    images = [REGISTRY[state.game].renderer.image(state, names) for state in states]
    palette = theme.palette_for(images[:: max(1, len(images) // SAMPLES)] + [images[-1]], colours=CLEAR)
    fitted = palette.getpalette()
    assert fitted is not None, "palette_for makes a palette image"
    colours = fitted[: 3 * CLEAR] + [0, 0, 0]

    def indexed(indices: Image.Image) -> Image.Image:
        img = Image.frombytes("P", indices.size, indices.tobytes())
        img.putpalette(colours)
        return img

    indices = [Image.frombytes("L", img.size, img.quantize(palette=palette, dither=Image.Dither.NONE).tobytes())
               for img in images]
    kept = [indexed(indices[0])]
    for before, now in zip(indices, indices[1:]):
        changed = ImageChops.difference(before, now).point(lambda v: 255 if v else 0)
        only = Image.new("L", now.size, CLEAR)
        only.paste(now, mask=changed)
        kept.append(indexed(only))
    buf = io.BytesIO()
    kept[0].save(buf, "GIF", save_all=True, append_images=kept[1:], loop=0, optimize=False, disposal=1,
                 transparency=CLEAR, duration=[FIRST_MS] + [FRAME_MS] * (len(kept) - 2) + [FINAL_MS])
    return buf.getvalue()


@pytest.mark.parametrize(("name", "options", "players"), CASES, ids=[f"{n}{o or ''}-{p}" for n, o, p in CASES])
def test_every_position_is_a_frame_as_the_board_shows_it(name, options, players):
    states = random_states(GAMES[name].start(players=players, options=options, seed=4), 4, moves=12)
    names = NAMES[:players]
    [data] = gifs(lambda: iter(states), image, names)
    shown = frames(data)
    assert len(shown) == len(states)
    for (picture, _), state in zip(shown, states):
        assert close(picture, REGISTRY[name].renderer.image(state, names))
    assert [d for _, d in shown] == [FIRST_MS] + [FRAME_MS] * (len(states) - 2) + [FINAL_MS]

    before = frames(drawn_at_once(states, names))  # the very pixels it had when every frame was held
    assert [d for _, d in shown] == [d for _, d in before]
    for k, ((now, _), (then, _)) in enumerate(zip(shown, before)):
        assert ImageChops.difference(now, then).getbbox() is None, f"frame {k}"


def test_a_replay_too_big_for_the_limit_is_drawn_smaller_then_split():
    states = random_states(GAMES["attaxx"].start(players=2, seed=1), 1, moves=100)
    names = NAMES[:2]
    [whole] = gifs(lambda: iter(states), image, names)
    full = frames(whole)[0][0].size

    [smaller] = gifs(lambda: iter(states), image, names, limit=int(len(whole) * 0.8))
    assert len(smaller) <= len(whole) * 0.8 and frames(smaller)[0][0].size < full

    # too big for one file even drawn smaller: by a little (one more file), and by far
    for limit, most in ((int(len(whole) / 1.5), 2), (len(whole) // 5, 6)):
        parts = gifs(lambda: iter(states), image, names, limit=limit)
        assert 1 < len(parts) <= most and all(len(part) <= limit for part in parts)
        shown = [frames(part) for part in parts]
        first = 0  # each part starts with the position the one before ended on
        for part in shown:
            assert [d for _, d in part] == [FIRST_MS] + [FRAME_MS] * (len(part) - 2) + [FINAL_MS]
            for (picture, _), state in zip(part, states[first:first + len(part)], strict=True):
                board = REGISTRY["attaxx"].renderer.image(state, names).resize(picture.size, Image.Resampling.BILINEAR)
                assert picture.size < full and close(picture, board)
            first += len(part) - 1
        assert first == len(states) - 1


class Watched:
    """How many of the positions a replay was given, and of the frames it drew, are still in memory."""

    def __init__(self) -> None:
        self.alive = {"positions": 0, "frames": 0}
        self.most = dict(self.alive)

    def watch(self, kind: str, thing: object) -> None:
        self.alive[kind] += 1
        weakref.finalize(thing, self._gone, kind)
        if self.alive[kind] > self.most[kind]:
            gc.collect()  # anything held only by a reference cycle is not held
            self.most[kind] = max(self.most[kind], self.alive[kind])

    def _gone(self, kind: str) -> None:
        self.alive[kind] -= 1


@pytest.mark.parametrize("limit", [replay.LIMIT, 400_000], ids=["one GIF", "parts"])
def test_a_long_match_is_drawn_without_holding_its_positions_or_frames(limit):
    start = GAMES["elevation"].start(players=2, seed=2)
    moves = [state.last.notation for state in random_states(start, 2, moves=150)[1:]]
    watched = Watched()

    def positions() -> Iterator:
        state = GAMES["elevation"].start(players=2, seed=2)
        watched.watch("positions", state)
        yield state
        for move in moves:
            state = state.play(move)
            watched.watch("positions", state)
            yield state

    def frame(state, names):
        img = REGISTRY[state.game].renderer.image(state, names)
        watched.watch("frames", img)
        return img

    parts = gifs(positions, frame, NAMES[:2], limit)
    assert sum(len(frames(part)) for part in parts) == len(moves) + len(parts)
    assert len(parts) == 1 if limit == replay.LIMIT else len(parts) > 1
    # the palette's sample (SAMPLES spread over the match, and the last) and the one being drawn
    assert watched.most["positions"] <= SAMPLES + 4 and watched.most["frames"] <= SAMPLES + 4, watched.most


def test_a_match_is_drawn_from_its_moves_to_its_end_and_written_part_by_part(tmp_path):
    states = random_states(GAMES["xlines"].start(players=2, seed=3), 3, moves=8)
    moves = [state.last.notation for state in states[1:]]
    resigned = Outcome(places=(frozenset({0}), frozenset({1})), scores=None, reason="bob resigned")
    args = ("xlines", 2, {}, 3, moves, resigned, NAMES[:2], replay.LIMIT)

    [data] = draw(*args)
    shown = frames(data)
    assert len(shown) == len(states)
    for (picture, _), state in zip(shown, states[:-1]):
        assert close(picture, REGISTRY["xlines"].renderer.image(state, NAMES[:2]))
    final = shown[-1][0]
    as_resigned, as_played = (REGISTRY["xlines"].renderer.image(state, NAMES[:2]) for state in (ended(states[-1], resigned), states[-1]))
    assert close(final, as_resigned) and distance(final, as_resigned) < distance(final, as_played)

    assert draw_files(tmp_path, *args) == [tmp_path / "replay-1.gif"]
    assert (tmp_path / "replay-1.gif").read_bytes() == data
    written = draw_files(tmp_path, *args[:-1], len(data) // 3)
    assert [path.name for path in written] == [f"replay-{k}.gif" for k in range(1, len(written) + 1)]
    assert len(written) > 1 and [path.read_bytes() for path in written] == draw(*args[:-1], len(data) // 3)
