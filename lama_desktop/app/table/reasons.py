"""Refusals in the player's language: an engine's refusal (``code`` + ``params``) becomes a sentence from the
string tables.

A code ``<game>.<rule>`` (``lama.cannot_go_on``) is the string ``<game>.reason.<rule>`` (``core.*`` codes, shared
by every game and the session, live in ``common.reason.*``); a lesson's refusal code is its string key
(``tutorial_lama.follow_wrong``, ``tutorial.read_first``: ``tutorial/lesson.py``). Params are engine ids (``"L"``,
``"2/3"``, ``"cacao"``, ``"trader"``); the ones that name a card, a crop or a character are put into words the way that
game's table shows them. A refusal without a code, or with a code no table knows, shows its English text.

``refusal_text`` accepts an ``IllegalMove``, an engine ``Refusal``, a session ``MoveOutcome`` (anything with
``code`` and ``params`` and an English ``reason`` or ``text``), a code with params, or a plain sentence.
"""

from __future__ import annotations

from typing import Any, Mapping

from lama_desktop.core.i18n import t_or
from lama_desktop.engine.registry import plugins

#: code prefix -> string domain, where they differ (the network's ``net.*`` refusals, from the host or the player's
#: own session, are the frame's too: ``common.reason.*``)
DOMAINS = {"core": "common", "net": "common"}


def reason_key(code: str) -> str:
    """The string-table key of a refusal code: ``lama.cannot_go_on`` → ``lama.reason.cannot_go_on``."""
    # each game declares its own <domain>.reason.* in its folder's __init__
    # i18n-keys: common.reason.*
    game, _, rule = code.partition(".")
    if game == "tutorial" or game.startswith("tutorial_"):  # a lesson's refusal is its own string key
        return code
    return f"{DOMAINS.get(game, game)}.reason.{rule}"


def _words(domain: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` in words the way the game whose string domain is ``domain`` shows them (its descriptor's words
    module); unchanged for a domain no game owns (``common``, a lesson's)."""
    for plugin in plugins().values():
        if plugin.domain == domain:
            return plugin.say(params)
    return dict(params)


def refusal_text(refusal: Any = None, *, code: str = "", params: Mapping[str, Any] | None = None,
                 text: str = "") -> str:
    """The refusal in the current language, first letter capitalised (it is shown as a sentence)."""
    if isinstance(refusal, str):
        text = text or refusal
    elif refusal is not None:
        code = code or getattr(refusal, "code", "") or ""
        params = params if params is not None else getattr(refusal, "params", None)
        text = text or getattr(refusal, "reason", "") or getattr(refusal, "text", "") or ""
    sentence = text
    if code:
        key = reason_key(code)
        domain = key.partition(".")[0]
        sentence = t_or(key, text, **_words(domain, params or {}))
    return sentence[:1].upper() + sentence[1:]
