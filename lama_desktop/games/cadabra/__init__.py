"""LAMA Cadabra with its Lamagic Show: the engine, bots, table, words, shots and layout moments of this folder, described for the frame
(``lama_desktop/plugin.py``). Listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.cadabra.bots import BOTS
from lama_desktop.games.cadabra.engine import SPEC
from lama_desktop.plugin import GamePlugin


def _table():
    from lama_desktop.games.cadabra.table import CadabraTableScene

    return CadabraTableScene


def _opener():
    from lama_desktop.games.cadabra.table import open_table

    return open_table


def _words():
    from lama_desktop.games.cadabra import words

    return words


def _shots():
    from lama_desktop.games.cadabra import shots

    return shots


def _art_sheet(part: str) -> list:
    from lama_desktop.games.cadabra import art

    return art.sheet(part)


def _moments():
    from lama_desktop.games.cadabra import moments

    return moments


PLUGINS = (GamePlugin(spec=SPEC, domain="cadabra", bots=BOTS, table=_table, opener=_opener, words=_words, lesson="cadabra",
                      table_group="table-cadabra", shots=_shots, moments=_moments, art_sheet=_art_sheet),)
