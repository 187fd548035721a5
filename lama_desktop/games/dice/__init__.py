"""LAMA Dice: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.dice.bots import BOTS
from lama_desktop.games.dice.engine import SPEC
from lama_desktop.plugin import GamePlugin

# its name, the setup screen's line and its variants, read by the frame through the descriptor (plugin.py):
# i18n-keys: dice.game.* dice.game_text.* dice.variant.*
PLUGINS = (GamePlugin(spec=SPEC, domain="dice", bots=BOTS, package=__name__, lesson="dice", table_group="table-dice",
                      replay_note="replay.dice_open"),)
