"""How the toy game reads in words (the ``words`` module a descriptor points to): its cards are plain numbers and the
frame's phrases serve for every move."""

from __future__ import annotations


def card_label(card) -> str:
    return str(card)


def params(values) -> dict:
    return dict(values)


def move_label(move, names=None) -> None:
    return None


def order(move, name_of) -> None:
    return None
