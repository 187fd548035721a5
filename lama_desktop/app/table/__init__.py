"""Reusable pieces for every game table (L.A.M.A. now; Dice, Cadabra, Llama Land use them too).

- ``layout``: Tiled-map layouts (``levels/table_<game>_<n>p.tmx``) scaled to the window; ``Layout.overlaps()``.
- ``tween``: non-blocking ``Tweener.animate(obj, duration, tween, delay, on_finished, **targets)``, scaled by the
  animation-speed setting and skippable (``skip()``); ``Sprite`` for things that fly over the table.
- ``pieces``: card images (rotated, dimmed, flipping), the hand fan and its hit-testing, opponents' card backs,
  token stacks, name plates, count badges, the log panel and toasts (all cached surfaces).
- ``seats``: one look for the players on every table: each seat's colour and llama portrait (``seat_portrait``),
  its name plate (``seat_plate``, wording in ``common.plate.*``) and the log panel's title (``log_title``).
- ``reasons``: ``refusal_text(error_or_outcome)``, an engine refusal (code + params) in the player's language.
- ``scene_base``: ``TableScene``, what every table does alike (life cycle, settings, the event queue, moves and
  refusals, buttons, flying cards and tokens, round summaries, the game's end, toasts, the status pill) with small
  hooks for what is each game's own; ``open_session`` for the tables' ``open_table``.
- ``shots``: what the tables' screenshot moments (``scenes/*_table_shots.py``) share.

The controller every table drives is ``lama_desktop.core.session.GameSession``.
"""
