"""Anti-aliased sprites, drawn supersampled at SS× and reduced once (`downsample`): shaded discs,
rings, rounded boxes and a disc carrying a seat's mark (`marked_disc`); `paste` sets a sprite by its
centre. Each sprite is cached: paste it, never draw on it.
"""
from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw, ImageFilter

from i18n import current
from renderers.colours import RGB, DiscStyle, ink_on, mix
from renderers.lettering import cap_height, font, put_text

SS = 4  # supersampling factor: shapes are drawn at 4× and downsampled once

def downsample(big: Image.Image, factor: int = SS) -> Image.Image:
    """One high-quality reduction of a supersampled drawing."""
    return big.resize((big.width // factor, big.height // factor), Image.Resampling.LANCZOS, reducing_gap=None)


@cache
def disc(style: DiscStyle, diameter: int, shadow: bool = True, corner: float = 0.0) -> Image.Image:
    """An RGBA sprite of a shaded disc lit from the upper left, `diameter` px across, with a soft
    drop shadow; with `corner` > 0, a shaded tile instead, a square with corners rounded by that
    share of its side. The sprite is square, (diameter + 2·pad) px, the shape centred in it."""
    pad = max(2, diameter // 10)
    side = (diameter + 2 * pad) * SS
    r = diameter * SS / 2
    c = side / 2

    def outline(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], **style) -> None:
        if corner:
            draw.rounded_rectangle(box, corner * diameter * SS, **style)
        else:
            draw.ellipse(box, **style)

    out = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    if shadow:
        alpha = Image.new("L", (side, side), 0)
        off = diameter * SS * 0.05
        outline(ImageDraw.Draw(alpha), (c - r + off * 0.4, c - r + off, c + r + off * 0.4, c + r + off), fill=120)
        alpha = alpha.filter(ImageFilter.GaussianBlur(diameter * SS * 0.035))
        out.putalpha(alpha)
    face = Image.new("RGB", (side, side), style.dark)
    draw = ImageDraw.Draw(face)
    # A radial gradient whose centre drifts towards the light as it shrinks: dark edge, broad base,
    # a soft highlight up and to the left.
    steps = 48
    hx, hy = c - r * 0.38, c - r * 0.42
    for i in range(steps + 1):
        t = i / steps
        radius = r * (1 - t * 0.86) * (1.2 if corner else 1)
        cx, cy = c + (hx - c) * t, c + (hy - c) * t
        colour = mix(style.dark, style.base, min(1.0, t / 0.35)) if t < 0.35 else mix(style.base, style.light, ((t - 0.35) / 0.65) ** 1.6)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
    mask = Image.new("L", (side, side), 0)
    outline(ImageDraw.Draw(mask), (c - r, c - r, c + r, c + r), fill=255)
    out.paste(face, (0, 0), mask)
    rim = max(1, round(diameter * SS * 0.022))
    outline(ImageDraw.Draw(out), (c - r, c - r, c + r, c + r), outline=style.rim + (200,), width=rim)
    return downsample(out)


@cache
def ring(colour: RGB, diameter: int, width: float, dashes: int = 0) -> Image.Image:
    """An RGBA sprite of a circle outline `diameter` px across (outer edge), `width` px thick; with
    `dashes` > 0 the circle is broken into that many dashes."""
    side = (diameter + 4) * SS
    out = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(out)
    box = (2 * SS, 2 * SS, side - 2 * SS - 1, side - 2 * SS - 1)
    w = round(width * SS)
    if dashes:
        step = 360 / dashes
        for k in range(dashes):
            start = k * step - 90
            draw.arc(box, start, start + step * 0.55, fill=colour + (255,), width=w)
    else:
        draw.ellipse(box, outline=colour + (255,), width=w)
    return downsample(out)


@cache
def rounded_box(size: tuple[int, int], radius: int, fill: RGB, outline: RGB | None = None, width: int = 0) -> Image.Image:
    """An anti-aliased RGBA rounded rectangle `size` px."""
    w, h = size
    out = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius * SS, fill=fill + (255,), outline=None if outline is None else outline + (255,), width=width * SS
    )
    return downsample(out)


def paste(target: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite with its centre at `centre`."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    target.paste(sprite, (x, y), sprite)


def script_key(text: str) -> str:
    """What a cached picture of `text` must be keyed by besides the text: nothing for ASCII, which
    draws alike in every language; else the language in use (Chinese and Japanese draw some of the
    same characters differently)."""
    return "" if text.isascii() else current()


def marked_disc(style: DiscStyle, diameter: int, mark: str = "", shadow: bool = True, size: int = 0,
                corner: float = 0.0) -> Image.Image:
    """`disc(style, diameter, shadow, corner)` with `mark` (a seat's letter) in its middle, `size` px (by
    default half the diameter), in the ink that stands out most on the disc's colour."""
    return _marked_disc(style, diameter, mark, shadow, size, corner, script_key(mark))


@cache
def _marked_disc(style: DiscStyle, diameter: int, mark: str, shadow: bool, size: int, corner: float,
                 language: str) -> Image.Image:
    sprite = disc(style, diameter, shadow, corner)
    if not mark:
        return sprite
    sprite = sprite.copy()
    size = size or max(9, round(diameter * 0.5))
    baseline = sprite.height / 2 + cap_height(size) / 2
    put_text(ImageDraw.Draw(sprite), (sprite.width / 2, baseline), mark, font(size, True), ink_on(style.base), "ms")
    return sprite
