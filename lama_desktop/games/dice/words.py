"""How LAMA Dice reads in words (the ``words`` module of its descriptor, ``lama_desktop/plugin.py``): its cards
inside a sentence, taking a card from the llama row in the advisor, the lessons' orders, and the cards' row order. Pure:
strings only."""

from __future__ import annotations

from typing import Callable

from lama_desktop.core.i18n import t

#: the cards (and die faces) by the table's names, in row order
ORDER = {name: i for i, name in enumerate(["1", "2", "3", "4", "5", "6", "L"])}


def sort_cards(names) -> list[str]:
    """Cards in row order (by the table's names)."""
    return sorted((str(n) for n in names), key=lambda n: ORDER.get(n, 99))


def card_label(name: str) -> str:
    """A card or die face in words: "llama", "3"."""
    return t("dice.card.llama") if str(name) == "L" else str(name)


def move_label(move, names: list[str] | None = None) -> str | None:
    """The advisor's phrase for rolling, keeping, discarding and taking a card from the llama row (which says
    which); the other moves are the frame's."""
    if move.kind == "take":
        if str(move.args[0]) == "L":  # the llama in its own words (the noun takes the verb's case), never "L"
            return t("dice.advice.take_llama")
        return t("dice.advice.take_card", card=move.args[0])
    if move.kind == "discard":
        return t("dice.advice.discard", cards=" ".join(card_label(arg) for arg in move.args))
    if move.kind in ("roll", "keep"):
        return t(f"dice.advice.{move.kind}")  # i18n-keys: dice.advice.*
    return None


def order(move, name_of: Callable[[int], str]) -> str | None:
    """A lesson's order for rolling, discarding and taking a card from the llama row (which names it); the other
    orders are the frame's."""
    if move.kind == "take":
        return t("dice.order.take_card", card=card_label(str(move.args[0])))
    if move.kind == "discard":
        return t("dice.order.discard", cards=" ".join(card_label(str(arg)) for arg in move.args))
    if move.kind == "roll":
        return t("dice.order.roll")
    return None
