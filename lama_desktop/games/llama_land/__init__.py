"""Llama Land: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.llama_land.bots import BOTS
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.plugin import GamePlugin

# its name, the setup screen's line and its variants, read by the frame through the descriptor (plugin.py):
# i18n-keys: llama_land.game.* llama_land.game_text.* llama_land.variant.*
PLUGINS = (GamePlugin(spec=SPEC, domain="llama_land", bots=BOTS, package=__name__, lesson="llama_land", table_group="table-llama-land", players=range(2, 5),
                      sample_players=3, sample_moves=14),)
