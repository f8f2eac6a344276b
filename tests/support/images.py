"""Reading the PNGs the bot produces."""
from __future__ import annotations

import io

from PIL import Image


def decode(png: bytes) -> Image.Image:
    """The PNG as an RGB image (fails if the bytes are not a whole, valid PNG)."""
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")
