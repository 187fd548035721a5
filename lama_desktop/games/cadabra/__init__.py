"""LAMA Cadabra with its Lamagic Show: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.cadabra.bots import BOTS
from lama_desktop.games.cadabra.engine import SPEC
from lama_desktop.plugin import GamePlugin

# its name and the setup screen's line, read by the frame through the descriptor (plugin.py):
# i18n-keys: cadabra.game.* cadabra.game_text.*
PLUGINS = (GamePlugin(spec=SPEC, domain="cadabra", bots=BOTS, package=__name__, lesson="cadabra", table_group="table-cadabra"),)
