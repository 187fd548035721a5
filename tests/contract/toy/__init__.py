"""Race to 10 (``rules.py``): the toy game, a game folder outside the package. ``tests/shared_fixtures.py`` names
this folder in ``LAMA_GAME_FOLDERS``, so ``lama_desktop.games`` registers its ``PLUGINS`` like the real games' for
the whole test session and every process a test starts."""

from __future__ import annotations

from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples
from toy.bots import BOTS
from toy.rules import SPEC

#: what the cross-game tests play: hands hidden, cards drawn face down
SAMPLES = Samples(damaged_field="pile", advisor_seats=4, advisor_hidden=("hands", "pile"), calibration_moves=10,
                  transcript_seats=3, app_reasons=("toy.reason.wait", "toy.reason.no_card"))

# its name and the setup screen's line, read by the frame through the descriptor (plugin.py), and its refusals'
# words, which the frame builds from a refusal's code (app/table/reasons.py):
# i18n-keys: toy.game.* toy.game_text.* toy.reason.*
PLUGIN = GamePlugin(spec=SPEC, domain="toy", bots=BOTS, package=__name__, players=range(2, 5),
                    table_group="table-toy", samples=SAMPLES, languages=("en", "fr"))
PLUGINS = (PLUGIN,)
