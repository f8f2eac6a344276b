"""Animated replays: a GIF of a match, one frame per position from the start to the end, each drawn as
the board is (the last move highlighted), with a longer pause on the final frame.

All frames share one palette fitted to a few of them, so that each frame after the first is stored as
only what changed. A game far longer than most (Elevation's can run to thousands of turns) is drawn
smaller, and if that is not enough, split into parts, so that every file stays within Discord's
upload limit.
"""
from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageChops

from renderers import RENDERERS, theme

FRAME_MS = 900
FIRST_MS = 1500
FINAL_MS = 4000
LIMIT = 10 * 1024 * 1024  # Discord's default upload limit
TARGET = 0.9  # of the limit, aimed at when a replay must be drawn smaller
SMALLEST = 0.7  # of the full size; a replay too long to fit so is split into parts instead
PROBE = 60  # frames encoded first to foresee the size of the whole
CLEAR = 255  # the palette index of "as in the frame before"


def frame(state, names: Sequence[str]) -> Image.Image:
    return RENDERERS[state.game].image(state, names)


def encode(images: Sequence[Image.Image], scale: float) -> bytes:
    """The GIF of `images` drawn at `scale`. Each frame after the first keeps only the pixels that
    changed: the rest is transparent (index CLEAR), showing the frame before, which compresses to
    almost nothing."""
    if scale < 1.0:
        images = [img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.BILINEAR)
                  for img in images]
    sample = list(images[:: max(1, len(images) // 6)]) + [images[-1]]
    palette = theme.palette_for(sample, colours=CLEAR)
    colours = palette.getpalette()[: 3 * CLEAR] + [0, 0, 0]
    indices = [Image.frombytes("L", img.size, img.quantize(palette=palette, dither=Image.Dither.NONE).tobytes())
               for img in images]
    frames = [_indexed(indices[0], colours)]
    for before, now in zip(indices, indices[1:]):
        changed = ImageChops.difference(before, now).point(lambda v: 255 if v else 0)
        kept = Image.new("L", now.size, CLEAR)
        kept.paste(now, mask=changed)
        frames.append(_indexed(kept, colours))
    durations = [FRAME_MS] * len(frames)
    durations[0] = FIRST_MS
    durations[-1] = FINAL_MS
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1, transparency=CLEAR)
    return buf.getvalue()


def _indexed(indices: Image.Image, colours: list[int]) -> Image.Image:
    img = Image.frombytes("P", indices.size, indices.tobytes())
    img.putpalette(colours)
    return img


def gifs(states: Sequence, names: Sequence[str], limit: int = LIMIT) -> list[bytes]:
    """The replay of `states` (the start first, the final position last) as GIFs of at most `limit`
    bytes each: one, drawn smaller if full size would not fit (down to SMALLEST), or, for a match too
    long even so, several that follow on from each other (each part starts with the position the one
    before ended on)."""
    images = [frame(state, names) for state in states]
    probe = images[:PROBE]
    expected = len(encode(probe, 1.0)) / len(probe) * len(images)  # bytes; a frame's share varies little
    scale = 1.0 if expected <= TARGET * limit else max(SMALLEST, TARGET * limit / expected)
    while True:
        data = encode(images, scale)
        if len(data) <= limit:
            return [data]
        if scale <= SMALLEST:
            return _parts(images, scale, limit, math.ceil(len(data) / (TARGET * limit)))
        scale = max(SMALLEST, scale * TARGET * limit / len(data))  # the size goes about with the width


def _parts(images: Sequence[Image.Image], scale: float, limit: int, count: int) -> list[bytes]:
    size = math.ceil((len(images) - 1) / count)
    parts = []
    for first in range(0, len(images) - 1, size):
        chunk = images[first:first + size + 1]
        data = encode(chunk, scale)
        parts.extend([data] if len(data) <= limit or len(chunk) <= 2 else _parts(chunk, scale, limit, 2))
    return parts
