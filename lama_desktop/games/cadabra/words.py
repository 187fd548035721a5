"""How LAMA Cadabra reads in words (the ``words`` module of its descriptor, ``lama_desktop/plugin.py``): its cards
inside a sentence, the table's names of the cards with their hand order, and the lessons' orders. Pure: strings
only."""

from __future__ import annotations

from typing import Callable


from lama_desktop.core.i18n import t
from lama_desktop.games.cadabra.components import CARD_IDS, DATA, IS_LLAMA, SYMBOL, VALUES

#: engine card id -> the table's card name (value + "@" circle, "#" square, "*" star) and back
SUFFIX = {"circle": "@", "square": "#", "star": "*"}
DISPLAY = {cid: (str(VALUES[k][0]) + SUFFIX[DATA["symbols"][SYMBOL[k]]["shape"]] if SYMBOL[k] else cid)
           for k, cid in enumerate(CARD_IDS)}
ENGINE = {name: cid for cid, name in DISPLAY.items()}
KIND_OF = {cid: k for k, cid in enumerate(CARD_IDS)}
#: hand order: by lowest value, single cards before the double starting there, llamas last
ORDER = {DISPLAY[cid]: (min(VALUES[k]), len(VALUES[k]), k) for k, cid in enumerate(CARD_IDS)}


def sort_hand(names) -> list[str]:
    """Cards (by the table's names) in hand order."""
    return sorted(names, key=lambda n: ORDER.get(n, (99, 0, 0)))


def card_label(name: str) -> str:
    """A card for the log and the status line: ``3``, ``2/3``, ``a llama``, ``3 ★``."""
    cid = ENGINE.get(name, name)
    k = KIND_OF.get(cid)
    if k is None:
        return name
    if IS_LLAMA[k]:
        return t("cadabra.card.llama")
    if SYMBOL[k]:
        return t(f"cadabra.card.{DATA['symbols'][SYMBOL[k]]['shape']}", value=VALUES[k][0])
    return cid


def card_short(name: str) -> str:
    """A card in a line with no room for what its symbol does (the status line listing many cards): its value,
    ``2/3``, or the llama; the card's tooltip and the rules say the rest."""
    cid = ENGINE.get(name, name)
    k = KIND_OF.get(cid)
    if k is None or not SYMBOL[k]:
        return card_label(name)
    return str(VALUES[k][0])


def order(move, name_of: Callable[[int], str]) -> str | None:
    """A lesson's order for the show's own moves (taking the tokens, exchanging, giving, passing); playing and the
    other orders are the frame's."""
    if move.kind == "give":
        return t("cadabra.order.give", name=name_of(int(move.args[0])))
    if move.kind in ("take", "exchange", "pass"):
        return t(f"cadabra.order.{move.kind}")  # i18n-keys: cadabra.order.*
    return None


def move_label(move, names: list[str] | None = None) -> str | None:
    """The advisor's phrase for passing with the magic token and exchanging, and for playing a llama or a card with
    a symbol (named as the table shows it, never by the engine's "L" or "6+"); a plain card is the frame's."""
    if move.kind in ("pass", "exchange"):
        return t(f"cadabra.advice.{move.kind}")  # i18n-keys: cadabra.advice.*
    if move.kind == "play" and move.args:
        k = KIND_OF.get(str(move.args[0]))
        if k is None:
            return None
        if IS_LLAMA[k]:
            return t("cadabra.advice.play_llama")
        if SYMBOL[k]:  # i18n-keys: cadabra.advice.*
            return t(f"cadabra.advice.play_{DATA['symbols'][SYMBOL[k]]['shape']}", value=VALUES[k][0])
    return None
