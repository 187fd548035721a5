"""LAMA Dice: this folder is the whole game (engine, bots, table, words, shots, layout moments, art); its
descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.dice.bots import BOTS
from lama_desktop.games.dice.engine import SPEC
from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples

#: what the cross-game tests play: a seat sees every row, and cannot see only the dice still to come
SAMPLES = Samples(
    audit_seed=5, audit_moments=("table-dice-take-choice", "table-dice-6p"), extreme_seats=tuple(range(2, 7)),
    transcript_games=48, net_privacy=((("lama20",), 4),), net_games=(((), 3),), refusals=((), ("lama20",)),
    refusal_codes=4, app_reasons=("dice.reason.wait",),
    damaged_field="rows", positions=True, v1_save=True, advisor_hidden=("rng.state",))

# its name, the setup screen's lines and its variants, read by the frame through the descriptor (plugin.py), and
# its refusals' sentences (app/table/reasons.py):
# i18n-keys: dice.game.* dice.game_text.* dice.variant.* dice.setup.first_label dice.reason.*
PLUGINS = (GamePlugin(spec=SPEC, domain="dice", bots=BOTS, package=__name__, lesson="dice", table_group="table-dice",
                      replay_note="dice.replay_note", rounds=True, quitting=True, networked=True,
                      samples=SAMPLES),)
