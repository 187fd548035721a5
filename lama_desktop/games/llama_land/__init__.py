"""Llama Land: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.llama_land.bots import ADVISOR_PLACEMENTS, BOTS, PLACEMENT_KINDS
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples

#: what the cross-game tests play: a field of pieces (its tips name groups; its layout has its own test here), no
#: quitting, fewer and longer games; the advisor lists only the best placements
SAMPLES = Samples(
    table_seed=7, audit_seed=7, audit_moments=("table-llama-land-feeding",), tips_beside=False, layout_seats=(),
    transcript_seats=2, transcript_medium=False, net_privacy=((("beginner",), 2),),
    net_games=((("beginner",), 2),), refusal_codes=4,
    app_reasons=("llama_land.reason.refused", "llama_land.reason.wait", "llama_land.reason.cannot_feed",
                 "llama_land.reason.no_marker", "llama_land.reason.no_character", "llama_land.reason.no_foundation"),
    damaged_field="stacks", saved_fields=("domains", "collections", "first_player"), positions=True, v1_save=True,
    advisor_seats=2, advisor_hidden=("stacks", "deck"), advisor_sampled=tuple(sorted(PLACEMENT_KINDS)),
    advisor_sampled_max=ADVISOR_PLACEMENTS, calibration_moves=120)

# its name, the setup screen's lines and its variants, read by the frame through the descriptor (plugin.py), and
# its refusals' sentences (app/table/reasons.py):
# i18n-keys: llama_land.game.* llama_land.game_text.* llama_land.variant.* llama_land.setup.first_label
# i18n-keys: llama_land.reason.*
PLUGINS = (GamePlugin(spec=SPEC, domain="llama_land", bots=BOTS, package=__name__, lesson="llama_land",
                      table_group="table-llama-land", players=range(2, 5), sample_players=3, sample_moves=14,
                      rounds=True, networked=True, samples=SAMPLES),)
