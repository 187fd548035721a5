"""L.A.M.A. and L.A.M.A. Party (with Lama Drama and Lama 20): the engine, bots, table, words, shots and layout
moments of this folder, described for the frame (``lama_desktop/plugin.py``). Listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.lama.bots import BOTS
from lama_desktop.games.lama.engine import SPECS
from lama_desktop.plugin import GamePlugin


def _table():
    from lama_desktop.games.lama.table import LamaTableScene

    return LamaTableScene


def _opener():
    from lama_desktop.games.lama.table import open_table

    return open_table


def _words():
    from lama_desktop.games.lama import words

    return words


def _shots():
    from lama_desktop.games.lama import shots

    return shots


def _moments():
    from lama_desktop.games.lama import moments

    return moments


def _plugin(game_id: str, lesson: str) -> GamePlugin:
    return GamePlugin(spec=SPECS[game_id], domain="lama", bots=BOTS, table=_table, opener=_opener, words=_words,
                      lesson=lesson, table_group="table-lama", shots=_shots, moments=_moments)


PLUGINS = (_plugin("lama", "lama"), _plugin("lama-party", ""))
