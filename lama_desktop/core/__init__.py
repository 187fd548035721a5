"""The pure core of the app: what a game at a table needs without a window (no pygame, no network).

- ``session.py``: ``GameSession``, the game-agnostic controller (seats, bots on a worker, undo, history, saves' meta);
- ``gameconfig.py``: ``GameConfig``/``SeatConfig``, the plain data of who sits and what is played;
- ``i18n.py``: the string lookup (``t``, ``plural``, ``about``, lazy text) over the gettext catalogs.

``lama_desktop.net``, ``advice``, ``storage``, ``pastgames``, ``wording``, ``tutorial`` and the tools import this
package; ``lama_desktop.app`` (pygame) imports it too, never the reverse.
"""
