"""How LAMA Dice reads in words: its cards inside a sentence, a refusal's params, the advisor's move phrases and a
lesson's orders (the ``words`` module of the game's descriptor, ``lama_desktop/plugin.py``), and the cards' row order.
Pure: strings only."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lama_desktop.app.i18n import t

#: the cards (and die faces) by the table's names, in row order
ORDER = {name: i for i, name in enumerate(["1", "2", "3", "4", "5", "6", "L"])}


def sort_cards(names) -> list[str]:
    """Cards in row order (by the table's names)."""
    return sorted((str(n) for n in names), key=lambda n: ORDER.get(n, 99))


def card_label(name: str) -> str:
    """A card or die face in words: "llama", "3"."""
    return t("dice.card.llama") if str(name) == "L" else str(name)


def params(values: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's or a lesson's params in words: the ones that name a card through ``card_label``."""
    return {name: (card_label(str(value)) if name in ("card", "top") else value) for name, value in values.items()}


def move_label(move, names: list[str] | None = None) -> str | None:
    """The advisor's phrase for this game's own moves; None: the frame's phrase of the move's kind."""
    if move.kind == "take":
        return t("advisor.move.take_card", card=move.args[0])
    if move.kind == "play":
        return t("advisor.move.play", card=move.args[0])
    return None


def order(move, name_of: Callable[[int], str]) -> str | None:
    """A lesson's order for this game's own moves; None: the frame's order of the move's kind."""
    if move.kind == "take":
        return t("tutorial.do.take_card", card=card_label(str(move.args[0])))
    if move.kind == "play":
        return t("tutorial.do.play", card=card_label(str(move.args[0])))
    if move.kind == "discard":
        return t("tutorial.do.discard", cards=" ".join(card_label(str(a)) for a in move.args))
    return None
