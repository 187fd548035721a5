"""How L.A.M.A. reads in words (the ``words`` module of its descriptor, ``lama_desktop/plugin.py``): its cards,
and the short forms a refusal or a lesson puts into a sentence. Pure: strings only."""

from __future__ import annotations

from typing import Any, Mapping

from lama_desktop.core.i18n import t


def card_label(name: str, short: bool = False) -> str:
    """A card in words: "llama", "pink llama", "3+" (``short``: the forms used inside a sentence)."""
    if name == "L":
        return t("lama.card.llama_short") if short else t("lama.card.llama")
    if name == "P":
        return t("lama.card.pink_short") if short else t("lama.card.pink_llama")
    if name.endswith("+"):
        return t("lama.card.plus", value=name[:-1])
    return name


def params(values: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's or a lesson's params in words: the ones that name a card through ``card_label``."""
    return {name: (card_label(str(value), short=True) if name in ("card", "top") else value)
            for name, value in values.items()}


#: the advisor's phrase for playing a llama: its own words in every language (the noun takes the verb's case:
#: "Zagranie lamy"); a number card reads in the frame's "Playing 3"
PLAY_LLAMA = {"L": "lama.advice.play_llama", "P": "lama.advice.play_pink"}


def move_label(move, names: list[str] | None = None) -> str | None:
    """The advisor's phrase for playing a llama (never the engine's "L"); the other moves are the frame's."""
    if move.kind == "play" and move.args and str(move.args[0]) in PLAY_LLAMA:
        return t(PLAY_LLAMA[str(move.args[0])])  # i18n-keys: lama.advice.*
    return None
