"""How L.A.M.A. reads in words: its cards inside a sentence, a refusal's params, the advisor's move phrases and a
lesson's orders (the ``words`` module of the game's descriptor, ``lama_desktop/plugin.py``). Pure: strings only."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lama_desktop.app.i18n import t


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


def move_label(move, names: list[str] | None = None) -> str | None:
    """The advisor's phrase for this game's own moves; None: the frame's phrase of the move's kind."""
    if move.kind == "play":
        return t("advisor.move.play", card=move.args[0])
    return None


def order(move, name_of: Callable[[int], str]) -> str | None:
    """A lesson's order for this game's own moves; None: the frame's order of the move's kind."""
    if move.kind == "play":
        return t("tutorial.do.play", card=card_label(str(move.args[0]), short=True))
    if move.kind == "discard":
        return t("tutorial.do.discard", cards=" ".join(card_label(str(a), short=True) for a in move.args))
    return None
