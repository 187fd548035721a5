"""L.A.M.A. and L.A.M.A. Party (with Lama Drama and Lama 20): this folder is the whole game (engine, bots, table, words, shots, layout moments); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.lama.bots import BOTS
from lama_desktop.games.lama.engine import SPECS
from lama_desktop.plugin import GamePlugin

# its name, the setup screen's line and its variants, read by the frame through the descriptor (plugin.py):
# i18n-keys: lama.game.* lama.game_text.* lama.variant.*
PLUGINS = tuple(GamePlugin(spec=SPECS[game_id], domain="lama", bots=BOTS, package=__name__, lesson=lesson,
                           table_group="table-lama")
                for game_id, lesson in (("lama", "lama"), ("lama-party", "")))
