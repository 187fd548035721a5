"""How Llama Land reads in words (the ``words`` module of its descriptor, ``lama_desktop/plugin.py``): a refusal's
crops and characters by their names, the advisor's phrase for using a character, and the lessons' orders. Pure:
strings only."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lama_desktop.core.i18n import t, t_or
from lama_desktop.games.llama_land.engine.state import CHARS

#: refusal params that name a crop
CROP_PARAMS = ("crop", "a", "b")


def params(values: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's params in words: crops and characters by their names."""
    out = dict(values)
    for name, value in values.items():
        if name in CROP_PARAMS:
            out[name] = t_or(f"llama_land.res.{value}", str(value))
        elif name == "character":
            out[name] = t_or(f"llama_land.char.{value}.name", str(value))
    return out


def move_label(move, names: list[str] | None = None) -> str | None:
    """``use`` names the character and the crop; the other moves read as their kind (the frame's draw and quit
    aside)."""
    if move.kind == "use" and len(move.args) == 2:
        character = CHARS[int(move.args[0])].type
        return t("llama_land.advice.use", name=t(f"llama_land.char.{character}.name"),
                 crop=t(f"llama_land.res.{move.args[1]}"))
    if move.kind in ADVICE:
        return t(f"llama_land.advice.{move.kind}")  # i18n-keys: llama_land.advice.*
    return None


#: the moves the advisor names by their kind alone
ADVICE = ("build", "extend", "foundation", "hut", "llama", "feed", "marker", "end")


#: the moves whose lesson order is one sentence of the game's own (the piece is where the lesson's arrow points)
ORDERS = ("extend", "build", "marker", "hut", "feed", "llama")


def order(move, name_of: Callable[[int], str]) -> str | None:
    """A lesson's order for placing and feeding; the other orders are the frame's."""
    if move.kind in ORDERS:
        return t(f"llama_land.order.{move.kind}")  # i18n-keys: llama_land.order.*
    return None
