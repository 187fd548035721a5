"""``GamePlugin``: what the frame asks a game for. One descriptor per game id, listed in ``lama_desktop.games``.

The frame (engine registry, bots, sessions, tables, menus, tools) never switches on a game id: it asks the game's
descriptor. A descriptor holds the pure things directly (the engine's ``GameSpec``, the bot factories, the string
domain, counts) and names the game's folder (``package``); the things that need pygame are that folder's modules,
imported only when asked for, so importing the registry never imports pygame (the engine, the bots and the tools
stay pure). A game's folder holds, by these names:

- ``table.py``: ``SCENE`` (the table scene class, ``Scene(session, config)``) and ``open_table(app, config,
  saved=None)``;
- ``words.py``: how the game reads in words, pure functions (``core.i18n`` only): ``card_label(card) -> str`` (a
  card or die face inside a sentence: ``"llama"``, ``"3+"``, ``"2/3"``), and where the game needs its own:
  ``params(params) -> dict`` (a refusal's or a lesson's params in words; by default the ``card``/``top`` ones go
  through ``card_label``), ``move_label(move, names) -> str | None`` (the advisor's phrase of a move of its own,
  ``"Taking 4"``; None or absent: the frame's phrase of the move's kind), ``order(move, name_of) -> str | None`` (a
  lesson's order, likewise);
- its own strings in its domain, which the frame reads through the descriptor (``title``, ``text``,
  ``variant_title``, ``variant_text``): ``<domain>.game.<game id>`` (its name), ``<domain>.game_text.<game id>``
  (the setup screen's line about it), ``<domain>.variant.<variant id>.title``/``.text`` and, where the seat
  chosen to begin does not deal, ``<domain>.setup.first_label`` (the keys are built here, so the folder's
  ``__init__`` declares them for the catalog extractor);
- ``shots.py`` (optional): its screenshot moments, registered with ``app.shots.add_shot`` on import;
- ``moments.py`` (optional): its layout moments (``summary``, ``results``, ``advisor``, ``tooltips``...);
- ``art.py`` (optional): art only it uses, with ``sheet(part)`` for the contact sheet;
- ``remote_view.py`` (a game played across computers, ``networked``): ``view_from_dict(view_dict) -> View``, the
  seat's view whose ``to_dict()`` is the given dict, built with nothing dealt (``engine/dict_view.py``; a network
  client reads it: ``net/remote_session.py``); its ``sample_state(rng)`` deals what the seat cannot see.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Mapping

from lama_desktop.core.i18n import t_or
from lama_desktop.resources import game_folder
from lama_desktop.samples import Samples

if TYPE_CHECKING:  # pragma: no cover
    from lama_desktop.bots.base import Bot
    from lama_desktop.engine.core import GameSpec


#: refusal and lesson params that name a card (put into words by the game's ``card_label``)
CARD_PARAMS = ("card", "top")


@dataclass(frozen=True)
class GamePlugin:
    """Everything the frame needs of one game id."""

    #: the game's engine spec (``spec.id`` is the game id)
    spec: GameSpec
    #: gettext domain of the game's strings (``lama``, ``dice``, ``cadabra``, ``llama_land``)
    domain: str
    #: bot level -> factory(seed); ``random`` is generic and not listed here
    bots: Mapping[str, Callable[[int], Bot]]
    #: the game's folder as a module path (``lama_desktop.games.dice``): where its table, words, shots, moments and
    #: art modules are found
    package: str
    #: seat counts the table offers
    players: range = range(2, 7)
    #: the seat count of sample games (screenshots, history moments, benches)
    sample_players: int = 4
    #: the key of the game's lesson (``tutorial_<key>`` strings, ``tutorials/<game id>.yaml`` in its folder), or ""
    lesson: str = ""
    #: the table group its layout moments and screenshots share (``table-lama`` for L.A.M.A. and Party)
    table_group: str = ""
    #: a string key shown in the replay viewer beside the seat views ("every row is open"), or ""
    replay_note: str = ""
    #: moves in a sample game before its history moment is shot
    sample_moves: int = 26

    # -- what the game has, declared (the cross-game tests skip by these, never by game id) ------------------------
    #: the history is filed under rounds (``Round N`` headings), and a sample game plays at least two
    rounds: bool = False
    #: a player may quit the round (a ``quit`` move), rounds are dealt one by one (a round's last move deals the
    #: next); the saved state keeps ``scores``, ``active``, ``aside``, ``round`` and ``first_player``/``first_dealer``
    quitting: bool = False
    #: hands of cards: the state holds ``hands`` (a count per card kind, ``CARDS.kind`` from a card's id), ``pile``
    #: and ``hand_sizes``, a view its ``hand_sizes`` and ``hand``; the round is on while a view's phase is ``playing``
    card_hands: bool = False
    #: the sample games and cases the cross-game tests use (``lama_desktop/samples.py``)
    samples: Samples = Samples()
    #: the game can be played across computers: its folder has ``remote_view.py`` (``view_from_dict``)
    networked: bool = False
    #: the languages its catalogs ship (English first); () for every language of the frame's. In the others its
    #: strings read in English (``core.i18n``'s fallback)
    languages: tuple[str, ...] = ()

    @property
    def hidden_hands(self) -> bool:
        """Hands the other seats do not see (the engine's ``hidden_information``)."""
        return self.spec.hidden_information

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def folder(self) -> Path:
        """The game's folder on disk: its own files beside its code (``locale/``, ``data/``, ``tutorials/``,
        ``rules/``, ``levels/``; ``resources.game_path``)."""
        return game_folder(self.package)

    def title(self) -> str:
        """The game's name in the current language (its id where a language lacks it)."""
        return t_or(f"{self.domain}.game.{self.id}", self.id)

    def text(self) -> str:
        """What the setup screen says about the game (the engine's English where a language lacks it)."""
        return t_or(f"{self.domain}.game_text.{self.id}", self.spec.description)

    def variant_title(self, variant) -> str:
        """A variant's name (``variant``: the engine's ``Variant`` or its id)."""
        return t_or(f"{self.domain}.variant.{getattr(variant, 'id', variant)}.title",
                    getattr(variant, "title", variant))

    def variant_text(self, variant) -> str:
        """A variant's description (``variant``: the engine's ``Variant``)."""
        return t_or(f"{self.domain}.variant.{variant.id}.text", variant.description)

    def first_seat_label(self, default: str) -> str:
        """The setup screen's label for the seat chosen to begin: the game's ``<domain>.setup.first_label`` (where
        that seat simply moves first), else ``default`` (the frame's "First dealer")."""
        return t_or(f"{self.domain}.setup.first_label", default)

    def module(self, name: str) -> ModuleType:
        """The game's module ``name`` (``table``, ``words``...), imported now if it was not."""
        return importlib.import_module(f"{self.package}.{name}")

    def has_module(self, name: str) -> bool:
        return importlib.util.find_spec(f"{self.package}.{name}") is not None

    def table(self) -> type:
        """The table scene class (``Scene(session, config)``); imports pygame."""
        return self.module("table").SCENE

    def opener(self) -> Callable:
        """``open_table(app, config, saved=None) -> Scene``; imports pygame."""
        return self.module("table").open_table

    def words(self) -> ModuleType:
        """The game's words module (above)."""
        return self.module("words")

    def say(self, params: Mapping) -> dict:
        """A refusal's or a lesson's params (engine ids) in words: the game's ``params``, else the ones that name a
        card (``card``, ``top``) through its ``card_label``."""
        words = self.words()
        if hasattr(words, "params"):
            return words.params(params)
        return {name: (words.card_label(str(value)) if name in CARD_PARAMS else value)
                for name, value in params.items()}

    def move_phrase(self, move, names: list[str] | None = None) -> str | None:
        """The advisor's phrase for a move of the game's own (``words.move_label``), None for the frame's."""
        own = getattr(self.words(), "move_label", None)
        return own(move, names) if own is not None else None

    def lesson_order(self, move, name_of: Callable[[int], str]) -> str | None:
        """A lesson's order for a move of the game's own (``words.order``), None for the frame's."""
        own = getattr(self.words(), "order", None)
        return own(move, name_of) if own is not None else None

    def view_from_dict(self, view: Mapping):
        """The seat's ``View`` whose ``to_dict()`` is ``view`` (the game's ``remote_view.view_from_dict``: nothing
        dealt); ``StateFormatError``/``ValueError``/``KeyError``/``TypeError`` for a dict that no seat of this game
        is shown."""
        return self.module("remote_view").view_from_dict(view)

    def shots(self) -> ModuleType | None:
        """Registers the game's screenshot moments (importing its ``shots`` module does); None when it has none."""
        return self.module("shots") if self.has_module("shots") else None

    def moments(self) -> ModuleType | None:
        """The game's layout moments module, None when it has none."""
        return self.module("moments") if self.has_module("moments") else None

    def art_sheet(self, part: str) -> list:
        """The game's own art for the contact sheet (``python -m lama_desktop.app.art.sheet``): ``[(title,
        [(surface, caption), ...]), ...]`` for ``part``; imports pygame."""
        return self.module("art").sheet(part) if self.has_module("art") else []
