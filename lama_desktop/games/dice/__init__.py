"""LAMA Dice: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.dice.bots import BOTS
from lama_desktop.games.dice.engine import SPEC
from lama_desktop.plugin import GamePlugin

PLUGINS = (GamePlugin(spec=SPEC, domain="dice", bots=BOTS, package=__name__, lesson="dice", table_group="table-dice",
                      replay_note="replay.dice_open"),)
