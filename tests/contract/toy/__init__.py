"""Race to 10 (``rules.py``): the toy game's descriptor, registered by ``tests/contract/conftest.py`` for the
contract tests only (``lama_desktop.games.register`` / ``unregister``). It has no table: asking for one is an error."""

from __future__ import annotations

from lama_desktop.plugin import GamePlugin
from toy.bots import BOTS
from toy.rules import SPEC

#: its words are ``toy/words.py``; it has no ``table.py`` (asking for its table is an error)
PLUGIN = GamePlugin(spec=SPEC, domain="toy", bots=BOTS, package=__name__, players=range(2, 5), sample_players=3)
