"""One look for the players round every table (L.A.M.A., Dice, Cadabra, Llama Land): each seat's colour and llama
portrait, the wording of its name plate, and the log panel's title.

A seat keeps its colour and its llama wherever it is shown (the plate's portrait, Llama Land's panel and the
blankets of its llamas), so that a player recognises themselves from one game to the next.
"""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import language, t
from lama_desktop.app.widgets import INK, UI
from lama_desktop.tutorial.lesson import LESSON_LEVEL
from lama_desktop.app.table.pieces import llama_avatar, name_plate, plate_cuts
from lama_desktop.app.art.cache import picture_store

#: seat colours, in seat order (names of ``art.PLAYER_COLORS``)
SEAT_COLOR_NAMES = ("pink", "blue", "green", "yellow", "purple", "orange")
#: the fur of each seat's llama portrait (names of ``art.LLAMA_FURS``)
SEAT_FURS = ("cream", "brown", "grey", "gold", "white", "black")
LEVELS = ("random", "easy", "medium", "hard")


def seat_color_name(seat: int) -> str:
    return SEAT_COLOR_NAMES[seat % len(SEAT_COLOR_NAMES)]


def seat_rgb(seat: int) -> tuple[int, int, int]:
    h = art.PLAYER_COLORS[seat_color_name(seat)].lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def seat_fur(seat: int) -> str:
    return SEAT_FURS[seat % len(SEAT_FURS)]


_portraits: dict = picture_store()


def seat_portrait(seat: int, diameter: int) -> pygame.Surface:
    """The seat's llama (its fur) in a disc of its colour with the plates' ink rim, ``diameter`` px wide."""
    d = max(8, int(diameter))
    key = (seat % len(SEAT_COLOR_NAMES), d)
    surf = _portraits.get(key)
    if surf is None:
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        surf.blit(llama_avatar(d, seat_rgb(seat), seat_fur(seat)), (0, 0))
        pygame.draw.circle(surf, INK, (d // 2, d // 2), d // 2, max(1, d // 20))
        if len(_portraits) > 64:
            _portraits.clear()
        _portraits[key] = surf
    return surf


def level_text(level: str) -> str:
    """A bot's level in the player's language (an unknown level as it is)."""
    return t(f"common.levels.{level}") if level in LEVELS or level == LESSON_LEVEL else level


def plate_detail(seat_config, *, out: bool = False, thinking: bool = False, out_short: bool = False) -> str:
    """The plate's second line: out of the round ("Out" on a table whose plates are too small for "Out of this
    round": ``out_short``), thinking, "Bot · level", "From afar" (a person on another computer: a network
    game's remote seat) or "Player"."""
    if out:
        return t("common.plate.out_short") if out_short else t("common.plate.out")
    if getattr(seat_config, "kind", "") == "remote":
        return t("common.plate.remote")
    if seat_config.is_bot:
        return t("common.plate.thinking") if thinking else t("common.plate.bot", level=level_text(seat_config.level))
    return t("common.plate.human")


def seat_plate(ui: UI, size, seat: int, seat_config, score: int, *, lit: bool, out: bool = False,
               thinking: bool = False, badge: str = "", words: tuple[bool, bool] | None = None) -> pygame.Surface:
    """The name plate every card and dice table draws: the seat's llama portrait, name, detail line and points.
    ``words``: the table's choice for all its plates (``plate_words``): "pts" over "points", "Out" over "Out of
    this round"; None: this plate's own choice of the first."""
    short, out_short = words if words is not None else (None, False)
    return name_plate(ui, tuple(size), seat_config.name,
                      plate_detail(seat_config, out=out, thinking=thinking, out_short=out_short),
                      t("common.plate.points"), score, lit=lit, out=out, badge=badge, avatar_color=seat_rgb(seat),
                      avatar_fur=seat_fur(seat), short_label=t("common.plate.points_short"), short=short)


def plate_words(ui: UI, plates) -> tuple[bool, bool]:
    """(say "pts" rather than "points", say "Out" rather than "Out of this round") for all of a table's
    ``plates`` (``(size, seat_config)`` of each seat): the longer words unless one plate would cut its name or a
    detail line it may show in the round (as it is, out of the round, thinking) beside them. One choice per table:
    its plates never mix the words."""
    label, short = t("common.plate.points"), t("common.plate.points_short")

    def cut(words: str, out_short: bool) -> bool:
        for size, seat_config in plates:
            details = {plate_detail(seat_config), plate_detail(seat_config, out=True, out_short=out_short)}
            if seat_config.is_bot:
                details.add(plate_detail(seat_config, thinking=True))
            if plate_cuts(ui, tuple(size), seat_config.name, sorted(details), words):
                return True
        return False

    if not cut(label, False):
        return False, False
    return True, cut(short, False)


def table_plate_words(table) -> tuple[bool, bool]:
    """A table's one choice of words for all its plates (``plate_words``), kept on the table while the window,
    the UI scale, the language and the seats (``table._plate_seat``) stay the same."""
    L = table.layout
    plates = [(tuple(L[f"seat{table.pos_of(seat)}.plate"].size), table._plate_seat(seat)) for seat in range(table.n)]
    key = (L.size, table.ui.scale, language(), tuple((size, c.name, c.kind, c.level) for size, c in plates))
    cached = getattr(table, "_plate_words_cache", None)
    if cached is None or cached[0] != key:
        cached = table._plate_words_cache = (key, plate_words(table.ui, plates))
    return cached[1]


def log_title() -> str:
    """The log panel's title on every table."""
    return t("common.table.log")
