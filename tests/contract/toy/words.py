"""How the toy game reads in words (the ``words`` module a descriptor points to): its cards are plain numbers; the
frame's phrases serve for every move."""

from __future__ import annotations


def card_label(card) -> str:
    return str(card)
