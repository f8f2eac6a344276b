"""The look every game's renderer shares, gathered in one place: game renderers write
`from renderers import theme` and `theme.X`. The code lives in the modules below (each importing only
those above it); this module holds none of its own.

    renderers/colours.py     the palette, the seats' disc styles and arithmetic on colours
    renderers/results.py     the words of a result, a seat's name (`side_word`), "Player 2" (`unnamed`)
    renderers/lettering.py   the bundled font, sizes that read on a phone, names made drawable, put_text
    renderers/sprites.py     anti-aliased discs, rings, rounded boxes, seat marks on discs
    renderers/cards.py       the player panel: Seat, seats_for, the cards' layout and drawing, seat marks,
                             the clocks of a match played on one (Names, SeatClock)
    renderers/footer.py      the status panel: result_text, the last move's detail, wrapping, drawing
    renderers/png.py         PNG encoding with a palette fitted to a game's board and panels
    renderers/text_board.py  the lines every plain-text board shares

Every word drawn or written is in the language in use (`i18n.current()`): the footer's coloured
detail from one whole message (`tinted`), and whatever is cached with words in it is cached by
language too, while word-free sprites are shared.

What a game's renderer module itself offers is `renderers.Renderer` (renderers/__init__.py):
`image`, `render`, `text`, `seats` (the seats as its cards show them, from which its alt text is
written), `label_sizes` (held by tests/test_phone_render.py to renderers.lettering.PHONE_CAP) and
`colours` (what its board is drawn in, a `Colours`, held apart by tests/test_palette.py).

Shared rules of the look: every word, on the board, the cards and the footer, is set at least at
`phone_size` of the picture's width (the cards' and the footer's sizes: `cards.text_sizes`,
`footer.text_sizes`), so a wider picture has taller cards and footers; seat colours (SEAT_STYLES)
stay apart from each other, from HIGHLIGHT and from what they stand on for the common colour-vision
deficiencies; and no two seats are told apart by colour alone: with three or more seats, each seat's
mark (`seat_marks`: its initial) is drawn on its card's disc by `draw_players` and, by the renderer,
on everything it owns on the board, and a game of two whose seats' marks differ only in
hue gives them more (Multiplications' letters, X's and lines' dashes, Elevation's square pieces).

Everything here is a pure function of its arguments; whatever is expensive to build (fonts, sprites,
panel backgrounds) is built once on first use and cached for the life of the process. Callers must
treat cached images as read-only: paste them, never draw on them.
"""
from __future__ import annotations

from renderers.cards import (
    PANEL_PAD,
    Names,
    Seat,
    SeatClock,
    Unit,
    card_box,
    card_state,
    cards_per_row,
    draw_players,
    panel,
    panel_height,
    seat_marks,
    seats_for,
    unit_word,
)
from renderers.colours import (
    BACKGROUND,
    BLACK,
    FAINT,
    HIGHLIGHT,
    INDIGO,
    IVORY,
    MUTED,
    RGB,
    SEAT_STYLES,
    TEXT,
    WHITE,
    Colours,
    DiscStyle,
    ink_on,
    mix,
)
from renderers.footer import draw_footer, footer_height, move_detail, result_text, tinted
from renderers.lettering import PHONE_WIDTH, cap_height, fit, font, phone_size, put_text
from renderers.png import encode_png, in_english, palette_for, panel_samples
from renderers.results import side_word, unnamed
from renderers.sprites import SS, disc, downsample, paste, ring, rounded_box
from renderers.text_board import columns, padded, text_last_move, text_players, text_result

__all__ = [
    "BACKGROUND", "BLACK", "FAINT", "HIGHLIGHT", "INDIGO", "IVORY", "MUTED", "PANEL_PAD",
    "PHONE_WIDTH", "RGB", "SEAT_STYLES", "SS", "TEXT", "WHITE", "Colours", "DiscStyle", "Names", "Seat", "SeatClock", "Unit", "cap_height",
    "card_box", "card_state", "cards_per_row", "columns", "disc", "downsample", "draw_footer", "draw_players", "encode_png",
    "fit", "font", "footer_height", "in_english", "ink_on", "mix", "move_detail", "palette_for", "panel", "panel_height", "panel_samples", "padded", "paste",
    "phone_size", "put_text", "result_text", "ring", "rounded_box", "seat_marks", "seats_for", "side_word",
    "text_last_move", "text_players", "text_result", "tinted", "unit_word", "unnamed",
]
