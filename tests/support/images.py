"""Reading the PNGs the bot produces."""
from __future__ import annotations

import io
from typing import cast

from PIL import Image


def decode(png: bytes) -> Image.Image:
    """The PNG as an RGB image (fails if the bytes are not a whole, valid PNG)."""
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """One pixel of a picture in colour: its bands' values."""
    value = img.getpixel(xy)
    assert isinstance(value, tuple), "a picture in colour"
    return value


def pixels(img: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel of an image, row by row (Image.getdata without its deprecation)."""
    assert len(img.getbands()) > 1, "a picture in colour"
    return [cast(tuple[int, ...], img.getpixel((x, y))) for y in range(img.height) for x in range(img.width)]
