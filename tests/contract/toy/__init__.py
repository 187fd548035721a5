"""Race to 10 (``rules.py``): the toy game's descriptor, registered by ``tests/contract/conftest.py`` for the
contract tests only (``lama_desktop.games.register`` / ``unregister``). It has no table: asking for one is an error."""

from __future__ import annotations

from lama_desktop.plugin import GamePlugin
from toy import words
from toy.bots import BOTS
from toy.rules import SPEC


def _no_table():
    raise LookupError("the toy game has no table")


PLUGIN = GamePlugin(spec=SPEC, domain="toy", bots=BOTS, table=_no_table, opener=_no_table, words=lambda: words,
                    players=range(2, 5), sample_players=3)
