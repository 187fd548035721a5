"""L.A.M.A. and L.A.M.A. Party (with Lama Drama and Lama 20): this folder is the whole game (engine, bots, table, words,
shots, layout moments); its descriptor for the frame (``lama_desktop/plugin.py``), listed in ``lama_desktop.games``."""

from __future__ import annotations

from lama_desktop.games.lama.bots import BOTS
from lama_desktop.games.lama.engine import SPECS
from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples

#: what both games have: rounds one can quit, hidden hands of cards (their saved ``board`` is a list)
_HAS = dict(rounds=True, quitting=True, card_hands=True, networked=True)
_SHARED = dict(refusal_codes=4, damaged_field="hands", saved_lists=("board",), advisor_hidden=("hands", "pile"))

#: per game id: its lesson and its samples (L.A.M.A.'s engine owns the positions and the version-1 save)
_GAMES = {
    "lama": ("lama", Samples(
        audit_variants=("drama",), audit_moments=("table-lama-6p", "table-lama-return-choice", "table-lama-drama"),
        extreme_seats=tuple(range(2, 7)), transcript_games=48,
        privacy=(((), 4), (("drama",), 3), (("lama20", "llama-each-10"), 5)), refusals=((), ("drama",)),
        net_privacy=((("drama",), 4),), net_games=(((), 2), (("drama",), 6)), positions=True, v1_save=True,
        **_SHARED)),
    "lama-party": ("", Samples(
        audit_moments=("table-lama-party",), transcript_variants=("drama",), transcript_games=48,
        privacy=((("drama",), 4), ((), 2)), net_privacy=(((), 3),), net_games=(((), 5),), advisor_seats=4,
        calibration_moves=70, **_SHARED)),
}

# its name, the setup screen's line and its variants, read by the frame through the descriptor (plugin.py), and
# its refusals' sentences (app/table/reasons.py):
# i18n-keys: lama.game.* lama.game_text.* lama.variant.* lama.reason.*
PLUGINS = tuple(GamePlugin(spec=SPECS[game_id], domain="lama", bots=BOTS, package=__name__, lesson=lesson,
                           table_group="table-lama", samples=samples, **_HAS)
                for game_id, (lesson, samples) in _GAMES.items())
