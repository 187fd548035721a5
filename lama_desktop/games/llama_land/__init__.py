"""Llama Land: the engine, bots, table, words, shots and layout moments of this folder, described for the frame
(``lama_desktop/plugin.py``). Listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.llama_land.bots import BOTS
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.plugin import GamePlugin


def _table():
    from lama_desktop.games.llama_land.table import LlamaLandTableScene

    return LlamaLandTableScene


def _opener():
    from lama_desktop.games.llama_land.table import open_table

    return open_table


def _words():
    from lama_desktop.games.llama_land import words

    return words


def _shots():
    from lama_desktop.games.llama_land import shots

    return shots


def _art_sheet(part: str) -> list:
    from lama_desktop.games.llama_land import art

    return art.sheet(part)


def _moments():
    from lama_desktop.games.llama_land import moments

    return moments


PLUGINS = (GamePlugin(spec=SPEC, domain="llama_land", bots=BOTS, table=_table, opener=_opener, words=_words, lesson="llama_land",
                      table_group="table-llama-land", shots=_shots, moments=_moments, art_sheet=_art_sheet, players=range(2, 5), sample_players=3, sample_moves=14),)
