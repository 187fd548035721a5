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
