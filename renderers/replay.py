"""Animated replays: a GIF of a match, one frame per position from the start to the end, each drawn as
the board is (the last move highlighted), with a longer pause on the final frame.

Drawing a replay takes the same memory whatever the match's length: frames are drawn, encoded and
written one at a time, and only the frame being written and the one before it are kept (the files
written add up; `gif_parts` hands each over as soon as it is done). The positions come from a
function that rebuilds them afresh at each call (rebuilding is cheap next to drawing), because deciding
a replay's size takes more than one pass over them.

All frames share one palette fitted to a few of them spread over the match, so that each frame after
the first is stored as only what changed. A match far longer than most (Elevation's can run to
thousands of turns) is drawn smaller, and if that is not enough, split into parts, so that every file
stays within Discord's upload limit. Deciding that takes a few passes: the first, at full size, stops
after PROBE frames if the whole is foreseen to pass TARGET of the limit; a pass that goes over the
limit keeps counting the bytes it would write, without keeping them, so that the next knows how much
smaller to draw; and at SMALLEST, a replay foreseen too big for one file is split as it is drawn, into
parts of about equal length planned from the bytes a frame takes.

Each frame is the game's own picture: its renderer's `image`, which the caller passes in (`Frame`).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence

from PIL import GifImagePlugin, Image, ImageChops

from renderers import theme
from rules import State

FRAME_MS = 900
FIRST_MS = 1500
FINAL_MS = 4000
LIMIT = 10 * 1024 * 1024  # Discord's default upload limit
TARGET = 0.9  # of the limit, aimed at when a replay must be drawn smaller
SMALLEST = 0.7  # of the full size; a replay too long to fit so is split into parts instead
PROBE = 60  # frames encoded first to foresee the size of the whole
SAMPLES = 6  # frames spread over the match (with the last) that the palette is fitted to
CLEAR = 255  # the palette index of "as in the frame before"

Positions = Callable[[], Iterable[State]]
"""A match's positions, the start first and the final position last, afresh at each call."""
Frame = Callable[[State, Sequence[str]], Image.Image]
"""How a position is drawn with its players' names: the game's renderer's `image`."""

_CHANGED = [0] + [255] * 255  # a difference of palette indices to a mask of the pixels that changed
_CONTROL = 8  # the bytes of a frame's graphic control block


def gifs(positions: Positions, frame: Frame, names: Sequence[str], limit: int = LIMIT) -> list[bytes]:
    """The replay of the match whose positions `positions()` gives, each drawn by `frame`, as GIFs of at
    most `limit` bytes each: one, drawn smaller if full size would not fit (down to SMALLEST), or, for a
    match too long even so, several that follow on from each other (each part starts with the position
    the one before ended on)."""
    return list(gif_parts(positions, frame, names, limit))


def gif_parts(positions: Positions, frame: Frame, names: Sequence[str], limit: int = LIMIT) -> Iterator[bytes]:
    """`gifs`, each GIF given as soon as it is written."""
    count = sum(1 for _ in positions())
    sample = _sample(positions, count)
    scale, expected = 1.0, 0.0
    while True:
        palette = theme.palette_for([_scaled(frame(state, names), scale) for state in sample], colours=CLEAR)
        entries = palette.getpalette()
        assert entries is not None  # a quantized image always has its palette
        colours = bytes(entries[: 3 * CLEAR] + [0, 0, 0])
        if scale > SMALLEST or expected <= limit / TARGET:  # it may fit in one
            frames = _indexed(positions, frame, names, scale, palette)
            data, size = _whole(frames, count, colours, limit, min(PROBE, count) if scale == 1.0 else None)
            if data is not None:
                yield data
                return
            if scale > SMALLEST:
                smaller = max(SMALLEST, scale * TARGET * limit / size)  # as if the size went with the width
                scale, expected = smaller, size * smaller / scale
                continue
            expected = size
        yield from _parts(_indexed(positions, frame, names, scale, palette), count, colours, limit, expected)
        return


def _sample(positions: Positions, count: int) -> list[State]:
    """The positions the palette is fitted to: every (count // SAMPLES)th from the start, and the last."""
    chosen = list(range(0, count, max(1, count // SAMPLES))) + [count - 1]
    wanted = set(chosen)
    kept = {k: state for k, state in enumerate(positions()) if k in wanted}
    return [kept[k] for k in chosen]


def _scaled(img: Image.Image, scale: float) -> Image.Image:
    if scale >= 1.0:
        return img
    return img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.BILINEAR)


def _indexed(positions: Positions, frame: Frame, names: Sequence[str], scale: float,
             palette: Image.Image) -> Iterator[Image.Image]:
    """Each position's frame at `scale` as palette indices (mode L), drawn only when asked for."""
    for state in positions():
        img = _scaled(frame(state, names), scale).quantize(palette=palette, dither=Image.Dither.NONE)
        yield Image.frombytes("L", img.size, img.tobytes())


def _whole(frames: Iterator[Image.Image], count: int, colours: bytes, limit: int,
           probe: int | None) -> tuple[bytes | None, int]:
    """The GIF of all `count` frames and its size; or, if it would pass `limit`, None and the size it
    would have: exactly, or foreseen from its first `probe` frames when that is above TARGET of the
    limit (the rest then left undrawn)."""
    gif: _Gif | None = None
    size = 0
    before: Image.Image | None = None
    for k, now in enumerate(frames):
        data = _frame_data(now, before)
        if before is None:
            gif = _Gif(now.size, colours)
            size = gif.size
        before = now
        size += _CONTROL + len(data)
        if gif is not None and size + 1 > limit:
            gif = None  # too big: from here only its size counts
        if gif is not None:
            gif.add(data, FINAL_MS if k == count - 1 else FIRST_MS if k == 0 else FRAME_MS)
        if k + 1 == probe and (expected := (size + 1) / probe * count) > TARGET * limit:
            return None, math.ceil(expected)  # a frame's share varies little
    return (gif.close() if gif is not None else None), size + 1


def _parts(frames: Iterator[Image.Image], count: int, colours: bytes, limit: int, expected: float) -> Iterator[bytes]:
    """The `count` frames as several GIFs of about as many frames each, each starting with the frame the
    one before ended on: as few as the size `expected` of the whole foresees, planned again for the
    frames left after each GIF from the bytes a frame took in it. A GIF that would pass `limit` ends
    early; each holds at least two frames (so one may pass the limit if two alone do), but for a match
    of one position."""
    gif: _Gif | None = None
    held = b""  # the latest frame's data: whether it ends its GIF, and so how long it shows, is not yet known
    before: Image.Image | None = None
    per_part = _plan(count, expected / count, limit)
    for k, now in enumerate(frames):
        if gif is None or before is None:
            gif, held = _Gif(now.size, colours), _frame_data(now, None)
        else:
            data = _frame_data(now, before)
            room = gif.size + 2 * _CONTROL + len(held) + len(data) + 1
            if gif.frames >= 1 and (gif.frames + 2 > per_part or room > limit):
                gif.add(held, FINAL_MS)
                per_part = _plan(count - k + 1, (gif.size + 1) / gif.frames, limit)
                yield gif.close()
                gif, held = _Gif(now.size, colours), _frame_data(before, None)
            gif.add(held, FIRST_MS if gif.frames == 0 else FRAME_MS)
            held = data
        before = now
    if gif is not None:
        gif.add(held, FINAL_MS)
        yield gif.close()


def _plan(frames: int, frame_bytes: float, limit: int) -> int:
    """How many frames the next GIF is to hold, of `frames` left to show at about `frame_bytes` each:
    all of them if they may fit in one, else an equal share of as few GIFs as hold them at TARGET of
    the limit (each GIF after the first repeats the frame the one before ended on)."""
    if frames * frame_bytes <= limit:
        return frames
    return math.ceil((frames - 1) / math.ceil(frames * frame_bytes / (TARGET * limit))) + 1


def _frame_data(now: Image.Image, before: Image.Image | None) -> bytes:
    """The image block of frame `now` (palette indices) shown after `before`: only the pixels that
    changed, the rest CLEAR (the frame before shows through), cropped to the box of what changed."""
    if before is None:
        box, image = (0, 0, *now.size), now
    else:
        changed = ImageChops.difference(before, now).point(_CHANGED)
        box = changed.getbbox() or (0, 0, 1, 1)
        image = Image.new("L", (box[2] - box[0], box[3] - box[1]), CLEAR)
        image.paste(now.crop(box), mask=changed.crop(box))
    return b"".join(GifImagePlugin.getdata(image, offset=box[:2]))


class _Gif:
    """A looping GIF being written frame by frame on one palette: Pillow encodes each frame's pixels,
    and the blocks around them (header, palette, loop, each frame's pause) are written here. Every
    frame keeps the one before under it (disposal 1) and shows it through CLEAR."""

    def __init__(self, size: tuple[int, int], colours: bytes) -> None:
        width, height = size
        header = (b"GIF89a" + width.to_bytes(2, "little") + height.to_bytes(2, "little")
                  + bytes([0x80 | 7, 0, 0]) + colours  # a global palette of 256 colours
                  + b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop forever
        self.blocks = [header]
        self.size = len(header)
        self.frames = 0

    def add(self, data: bytes, duration_ms: int) -> None:
        control = b"!\xf9\x04" + bytes([1 << 2 | 1]) + (duration_ms // 10).to_bytes(2, "little") + bytes([CLEAR, 0])
        self.blocks += [control, data]
        self.size += len(control) + len(data)
        self.frames += 1

    def close(self) -> bytes:
        return b"".join(self.blocks) + b";"
