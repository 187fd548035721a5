"""LAMA Cadabra with its Lamagic Show: this folder is the whole game (engine, bots, table, words, shots, layout moments,
art); its descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.cadabra.bots import BOTS
from lama_desktop.games.cadabra.engine import SPEC
from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples

#: what the cross-game tests play (a quit hand stays face up at this table: no turning it down in a replay)
SAMPLES = Samples(
    table_seed=4, audit_seed=4, audit_moments=("table-cadabra-show", "table-cadabra-give-choice"),
    layout_seats=tuple(range(3, 7)), transcript_games=48, privacy=(((), 4), ((), 2)), net_privacy=(((), 5),),
    net_games=(((), 4), ((), 6)), refusal_codes=4,
    damaged_field="hands", saved_lists=("board",), positions=True, v1_save=True, advisor_seats=4,
    advisor_hidden=("hands", "pile"), calibration_moves=90, quit_hand_face_down=False)

# its name and the setup screen's lines, read by the frame through the descriptor (plugin.py), and its refusals'
# sentences (app/table/reasons.py):
# i18n-keys: cadabra.game.* cadabra.game_text.* cadabra.setup.first_label cadabra.reason.*
PLUGINS = (GamePlugin(spec=SPEC, domain="cadabra", bots=BOTS, package=__name__, lesson="cadabra",
                      table_group="table-cadabra", rounds=True, quitting=True, card_hands=True, networked=True,
                      samples=SAMPLES),)
