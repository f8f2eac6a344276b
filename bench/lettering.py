"""Lettering benchmark: what drawing Chinese and Japanese costs, as ratios to a baseline measured in the
same run, so that the figures hold on a machine whose speed changes.

- A board rendered with CJK names against the same board with Latin names (each name drawn from the
  CJK faces character by character), warm (a match's later boards: the text masks cached) and cold (the
  first board with those names: the caches of laid-out and drawn text emptied first, the fonts and the
  pictures' other parts kept).
- A label set (the words of the cards and the footer) drawn anew in Russian and in Japanese against the
  same labels in English.
- The first CJK text of a process (the CJK faces and their character maps loaded) against the first
  Latin text (DejaVu loaded).
- The size of renderers/fonts/ before the CJK faces (DejaVu and its licence) and now, as files and
  compressed as a wheel holds them.

Run by hand from anywhere:
    python bench/lettering.py [--game attaxx] [--players 2] [--boards 40] [--rounds 5]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core import State

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LATIN_NAMES = ("alice", "Bartholomew Long-Named", "Zoë", "Maximilian", "bob", "carol")
CJK_NAMES = ("山田太郎", "欧阳娜娜爱下棋", "さくら・ハヤト", "张伟", "長谷川ひかり", "李娜")
LABELS = {  # the words of a card and a footer, by language
    "en": ("TO MOVE", "WINNER", "to move", "pieces", "White", "Black", "New game · clone next to a piece",
           "Last move", "tile put", "tile dug", "Expected place", "inaccuracy", "mistake", "blunder"),
    "ru": ("ХОДИТ", "ПОБЕДА", "ходит", "фишки", "Белые", "Чёрные", "Новая игра · клонируйте рядом с фишкой",
           "Последний ход", "плитка положена", "плитка снята", "Ожидаемое место", "неточность", "ошибка", "зевок"),
    "ja": ("手番", "勝者", "の手番", "駒", "白", "黒", "新しい対局 · 隣に複製するか2マス跳ぶ",
           "最後の手", "タイルを置いた", "タイルを掘った", "予想順位", "疑問手", "悪手", "大悪手"),
}
CJK_FONT_FILES = ("NotoSansCJKsc-Regular-subset.otf", "NotoSansCJKjp-Regular-diff.otf", "LICENSE-NotoSansCJK.txt",
                  "README-CJK.md")

# Run in a process of its own: how long the first text of a process takes to draw.
FIRST = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from PIL import Image, ImageDraw
from renderers import lettering
canvas = ImageDraw.Draw(Image.new("RGB", (400, 60)))
start = time.process_time()
lettering.put_text(canvas, (10, 40), sys.argv[2], lettering.font(22, True), (255, 255, 255), "ls")
print((time.process_time() - start) * 1000)
"""


TEXT_CACHES = {  # by module: the caches that hold laid-out or drawn text
    "renderers.lettering": ("_text_mask", "_runs", "_fit", "_all_dejavu", "clean_name", "display_name"),
    "renderers.cards": ("name_layout",),
    "renderers.footer": ("wrap_detail",),
}


def clear_text_caches() -> None:
    """Empty the caches of laid-out and drawn text, so that every name and label is laid out and drawn
    anew; the fonts (loaded faces, character maps, which characters a face has) and the pictures' other
    parts (cards, discs, boards) stay cached."""
    for module_name, names in TEXT_CACHES.items():
        module = sys.modules.get(module_name)
        for name in names:
            clear = getattr(getattr(module, name, None), "cache_clear", None)
            if callable(clear):
                clear()


def cpu_ms(job: Callable[[], object], rounds: int) -> float:
    """The median CPU milliseconds `job` takes over `rounds` runs."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        job()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def boards(game_name: str, players: int, count: int) -> list[State]:
    from games import GAMES
    from tests.support.playouts import random_states

    found: list[State] = []
    seed = 0
    while len(found) < count:
        found.extend(random_states(GAMES[game_name].start(players=players, seed=seed), seed)[::5])
        seed += 1
    return found[:count]


def render_all(states: list[State], names: tuple[str, ...], cold: bool) -> Callable[[], None]:
    from games import image

    def job() -> None:
        for state in states:
            if cold:
                clear_text_caches()
            image(state, list(names[:state.players]))
    return job


def draw_labels(words: tuple[str, ...]) -> Callable[[], None]:
    from PIL import Image, ImageDraw

    from renderers import lettering

    canvas = ImageDraw.Draw(Image.new("RGB", (600, 60)))

    def job() -> None:
        clear_text_caches()
        for size in (16, 19, 22):
            for bold in (False, True):
                face = lettering.font(size, bold)
                for word in words:
                    face.getlength(word)
                    lettering.put_text(canvas, (10.0, 40.0), lettering.fit(word, size, bold, 400), face,
                                       (255, 255, 255), "ls")
    return job


def first_text(text: str) -> float:
    done = subprocess.run([sys.executable, "-c", FIRST, str(ROOT), text], capture_output=True, text=True, check=True)
    return float(done.stdout)


def folder_sizes() -> tuple[tuple[int, int], tuple[int, int]]:
    """renderers/fonts/ before the CJK faces and now: (bytes, bytes compressed as in a wheel)."""
    before, now = [0, 0], [0, 0]
    for path in sorted((ROOT / "renderers" / "fonts").iterdir()):
        data = path.read_bytes()
        sizes = (len(data), len(zlib.compress(data, 6)))
        for total in ([now] if path.name in CJK_FONT_FILES else [now, before]):
            total[0] += sizes[0]
            total[1] += sizes[1]
    return (before[0], before[1]), (now[0], now[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="attaxx")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    states = boards(args.game, args.players, args.boards)
    render_all(states[:2], CJK_NAMES, False)()  # load every face once
    print(f"{args.game}, {args.players} players, {len(states)} boards, CPU ms (median of {args.rounds} rounds)")
    print(f"{'':34} {'baseline':>10} {'this':>10} {'ratio':>7}")
    for label, cold in (("warm: CJK names / Latin names", False), ("cold: CJK names / Latin names", True)):
        latin = cpu_ms(render_all(states, LATIN_NAMES, cold), args.rounds)
        cjk = cpu_ms(render_all(states, CJK_NAMES, cold), args.rounds)
        print(f"{label:34} {latin:10.1f} {cjk:10.1f} {cjk / latin:7.2f}")
    english = cpu_ms(draw_labels(LABELS["en"]), args.rounds * 4)
    for language in ("ru", "ja"):
        other = cpu_ms(draw_labels(LABELS[language]), args.rounds * 4)
        print(f"{f'labels drawn anew: {language} / en':34} {english:10.1f} {other:10.1f} {other / english:7.2f}")
    latin_first = statistics.median(first_text("alice") for _ in range(3))
    cjk_first = statistics.median(first_text("山田太郎") for _ in range(3))
    print(f"{'first text of a process: CJK / Latin':34} {latin_first:10.1f} {cjk_first:10.1f} {cjk_first / latin_first:7.2f}")
    (before, packed_before), (now, packed_now) = folder_sizes()
    print(f"{'renderers/fonts/ bytes: now / before':34} {before:10,} {now:10,} {now / before:7.2f}")
    print(f"{'  compressed as in a wheel':34} {packed_before:10,} {packed_now:10,} {packed_now / packed_before:7.2f}")


if __name__ == "__main__":
    main()
