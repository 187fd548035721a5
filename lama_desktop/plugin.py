"""``GamePlugin``: what the frame asks a game for. One descriptor per game id, listed in ``lama_desktop.games``.

The frame (engine registry, bots, sessions, tables, menus, tools) never switches on a game id: it asks the game's
descriptor. A descriptor holds the pure things directly (the engine's ``GameSpec``, the bot factories, the string
domain, counts) and the things that need pygame as loaders (functions that import the game's table module when
they are called), so importing the registry never imports pygame: the engine, the bots and the tools stay pure.

How a game reads in words (``words``) is a small module of the game's own with four functions, every one of them
pure (``app.i18n`` only):

- ``card_label(card) -> str``: a card, die face or piece id inside a sentence (``"llama"``, ``"3+"``, ``"2/3"``);
- ``params(params) -> dict``: a refusal's or a lesson's params (engine ids) put into words for that game;
- ``move_label(move, names) -> str | None``: the advisor's short phrase for a move (``"Playing 3"``), or None
  for the frame's generic phrase of the move's kind;
- ``order(move, name_of) -> str | None``: a lesson's order for the move (``"play your 4"``), or None for the
  frame's generic one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from lama_desktop.bots.base import Bot
    from lama_desktop.engine.core import GameSpec


def _nothing() -> None:
    return None


def _no_sheet(part: str) -> list:
    return []


@dataclass(frozen=True)
class GamePlugin:
    """Everything the frame needs of one game id."""

    #: the game's engine spec (``spec.id`` is the game id)
    spec: GameSpec
    #: gettext domain of the game's strings (``lama``, ``dice``, ``cadabra``, ``llama_land``)
    domain: str
    #: bot level -> factory(seed); ``random`` is generic and not listed here
    bots: Mapping[str, Callable[[int], Bot]]
    #: -> the table scene class (``Scene(session, config)``); imports pygame
    table: Callable[[], type]
    #: -> ``open_table(app, config, saved=None) -> Scene``; imports pygame
    opener: Callable[[], Callable]
    #: -> the game's words module (see the module docstring)
    words: Callable[[], ModuleType]
    #: seat counts the table offers
    players: range = range(2, 7)
    #: the seat count of sample games (screenshots, history moments, benches)
    sample_players: int = 4
    #: the key of the game's lesson (``tutorial_<key>`` strings, ``assets/tutorials/<game id>.yaml``), or ""
    lesson: str = ""
    #: the table group its layout moments and screenshots share (``table-lama`` for L.A.M.A. and Party)
    table_group: str = ""
    #: -> registers the game's screenshot moments (``app.shots.add_shot``); imports pygame
    shots: Callable[[], Any] = _nothing
    #: -> the game's layout moments module (``mid``, ``summary``, ``results`` builders); imports pygame
    moments: Callable[[], Any] = _nothing
    #: ``art_sheet(part)`` -> the game's own art for the contact sheet (``python -m lama_desktop.app.art.sheet``):
    #: ``[(title, [(surface, caption), ...]), ...]`` for ``part`` ("all", "dice", "extras", ...); imports pygame
    art_sheet: Callable[[str], list] = _no_sheet
    #: a string key shown in the replay viewer beside the seat views ("every row is open"), or ""
    replay_note: str = ""
    #: moves in a sample game before its history moment is shot
    sample_moves: int = 26
    #: anything else a game's own modules want to hang on its descriptor
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.spec.id
