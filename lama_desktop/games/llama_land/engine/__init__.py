"""Llama Land (Phil Walker-Harding), game id ``llama-land``: 2–4 players, open information, victory points.

Rules: ``/work/shared/rules/llama-land.fr.txt`` with RULINGS.md §4; decisions the texts leave open are in
``docs/rulings-llama-land.md``. Component data: ``data/llama_land_*.yaml`` and the starting boards
``levels/llama_land_board_<1-4><a|b>.tmx`` (in the game's folder) (reconstructed parts are marked in each file).

Variants: ``beginner`` (no objectives, no markers), ``expert`` (3 gold objectives ranked 12/8/4 instead of the
purple ones; cannot be combined with ``beginner``), ``llama`` (a fed llama goes on this turn's tile).
Option ``boards=["1a", "3b", ...]`` chooses each seat's starting board and side (default: random); option
``explicit_end=True`` (what the app records for one human against bots: ``GameSpec.undo_options``) makes every
turn wait for ``end`` instead of ending by itself, so its last step can still be taken back.

Coordinates
-----------
Each domain is a grid of cells ``(x, y)`` (x to the right, y down). The start board covers ``0..3 × 0..3``; the
domain may grow in any direction, so coordinates may be negative. A placement is named by its shape, its
orientation (``r0``–``r3`` quarter turns clockwise, applied after the mirror flag ``m``/``-``) and the top-left
corner ``x y`` of the oriented tile's bounding box. Equivalent codes of symmetric shapes are all accepted.

Moves (text form)
-----------------
A turn is a short sequence of steps; each step is validated and refused with a readable reason:

- ``use C GIVE`` — use character card ``C`` (trader: ``GIVE`` is one of its two crops; merchant: ``coin`` or
  its crop). Once per card per turn, any time before or after placing (not while taking characters).
- ``foundation X Y`` — before building, raise cell ``(X, Y)`` by one level (3 per player for the game); listed
  only where some build could still cover all of this turn's foundations at one height.
- ``build S R M X Y`` / ``extend S R M X Y`` — take the top tile of stack ``S`` (``T L P N Z``) and place it.
- ``hut I`` / ``hut deck`` — for each hut covered, take character ``I`` (0–4) of the row or the deck's top card.
- ``feed CROP COINS`` — return ``4 - COINS/2`` crops of ``CROP`` and ``COINS`` coins; take the highest card.
- ``llama X Y`` — put the fed llama's token on an icon-free, llama-free cell (``llama`` variant: of this turn's
  tile). Skipped when no token or no such cell is left.
- ``marker I S`` or ``marker I S FROM`` — after an extend: put a marker on space ``S`` (0 top, 1 middle, 2 bottom)
  of objective card ``I``, from your reserve or moved from card ``FROM`` (``I`` itself included: RULINGS §4, a
  marker may move to a free space of its own card); ``marker I`` takes the highest free space.
- ``end`` — end the turn (refused while a feeding is forced at 10+ crops). The turn also ends by itself once the
  tile is placed and nothing but ``end`` is possible, unless the game was made with ``explicit_end``.

What a turn turns up waits for its end (docs/rulings-llama-land.md, "Taking a move back"): the tile under the
one placed stays face down (the view shows its stack's top as ``None``, ``covered``), and the row position the
turn's last hut emptied is refilled from the deck only then; a first hut of two refills at once (the second
choice needs the full row). So no move of a turn reveals anything but a character taken from the deck, and a
player may take back the turn's moves (the app's undo) without taking back anything seen.

Events
------
``place`` (kind, tile, shape, rotation, mirror, x, y, cells, level, icons, covered, foundations),
``foundation`` (x, y, level, left), ``payout`` (source ``icons`` or a character type, card, gains),
``character`` (action ``take`` from row/deck, or ``use`` with give/get), ``refill`` (row position, card, deck),
``feed`` (crop, crops, coins, card, left), ``llama`` (placed, x, y, level — or the reason none was placed),
``marker`` (card, objective, space, points, from), ``turn_up`` (shape, tile, icons, count: the new top of the
stack the turn's tile came from, as the turn ends), ``turn_end`` (turn), ``end_trigger`` (reason ``tiles`` or
``llama_cards``), ``game_end`` (scores, breakdown by source, winners). Every field is public (a character taken
from the deck, a refill, a tile are shown to all as they come): no event has ``private`` fields, and
``events_for(events, seat)`` hands every seat the same events.

The public picture: ``view.to_dict()`` (= ``state.public_dict(seat)``)
--------------------------------------------------------------------
- ``current_player``, ``phase`` (place / hut / llama / after / over), ``turns`` (per seat), ``triggered``;
- ``stacks``: per shape ``{shape, count, top: {id, shape, icons, cells} | None, covered}`` (``covered``: its top is
  face down until the turn ends); ``tiles_left``;
- ``character_row`` (``{id, type, crops}``), ``character_deck`` (count);
- ``llama_columns``: per crop the values, top (highest) first;
- ``objectives``: ``{index, id, colour, spaces (points), markers (seat or None per space), free}``;
- ``supply``: corn, cacao, potato, coins, llamas;
- ``domains`` per seat: ``board``, ``bounds`` [min x, min y, max x, max y], ``cells``: ``{x, y, height, icon (top),
  levels: [{tile, shape}] from the bottom (tile -1 = start board, -2 = foundation), llama}``, ``llamas``
  ``[x, y, level]``, ``placements`` (history: ``[kind, tile, orientation, x, y, level]`` or
  ``["foundation", x, y, level]``);
- ``collections`` per seat: crops, coins, characters, llama_cards ``[crop, value]``, foundations (unused),
  markers (in reserve), turns;
- ``turn``: placed (``build``/``extend``/``""``), tile_cells, foundations, used, acquired, fed, marker,
  pending_huts, covered (the shape whose top is face down, or ""), row_gap (the row position awaiting its card,
  or -1), must_feed; ``scores`` and ``breakdown`` (llama_cards, crops, coins, objectives,
  objectives_by_card, total) — objectives counted as if the game ended now.

Helpers for the UI and bots: ``state.placements(shape)`` / ``view.placements(shape)`` list every legal placement
(move, kind, tile, rotation, mirror, x, y, cells, level, payout); ``why_illegal(move)`` gives the reason a step is
refused (``""`` if legal); ``compact_placements()`` / ``compact_builds()`` are the fast tuple forms for bots
(``(move, kind, shape, orientation, origin cell, cells, covered icon codes)``); ``must_feed()``;
``shapes_available()``; ``turn_foundations`` (cells of this turn's foundations); ``deck_size``;
``score_breakdown()``; ``objective_results()`` (points per card per seat).
State attributes (read-only for callers): ``players[s]`` (``Player``: heights, top, toptile, llamas, log, crops,
coins, chars, cards, foundations, markers; cells are ints, see ``data.enc``/``data.dec``), ``stacks``, ``row``,
``deck``, ``columns``, ``objectives``, ``markers``, ``supply_crops``, ``supply_coins``, ``supply_llamas``.
"""

from __future__ import annotations

from lama_desktop.engine.core import GameSpec, VariantSpec
from lama_desktop.games.llama_land.engine.check import check_state
from lama_desktop.games.llama_land.engine.position import complete_position
from lama_desktop.games.llama_land.engine.state import GAME_ID, LlamaLandState, Player
from lama_desktop.games.llama_land.engine.view import LlamaLandView

SPEC = GameSpec(
    id=GAME_ID,
    title="Llama Land",
    min_players=2,
    max_players=4,
    variants=(
        VariantSpec("beginner", "Beginners", "Play without objective cards and markers."),
        VariantSpec("expert", "Experts", "Three gold objectives instead of the purple ones, ranked 12/8/4."),
        VariantSpec("llama", "Llamas", "A fed llama must go on the tile placed this turn."),
    ),
    new_state=lambda players, variants=frozenset(), seed=0, **options: LlamaLandState(
        players, variants, seed, boards=options.get("boards"), first_player=options.get("first_player", 0),
        explicit_end=bool(options.get("explicit_end", False))),
    state_from_dict=LlamaLandState.from_dict,
    complete_position=complete_position,
    lower_score_wins=False,
    hidden_information=False,
    #: the turn's end turns up the tile under the one placed (``turn_up``) and refills the row (``refill``; the
    #: first of two huts refills at once); a character taken from the deck turns up a character card. Placing,
    #: foundations, feeding, llamas and markers reveal nothing, so a turn's moves can be taken back
    revealing_events=frozenset({"turn_up", "refill"}),
    revealing_test=lambda event: event.kind == "character" and event.data.get("from") == "deck",
    description="Build a mountain farm of terrain tiles, harvest crops and feed llamas.",
    incompatible_variants=(frozenset({"beginner", "expert"}),),
    check_state=check_state,
    undo_options={"explicit_end": True},
)

__all__ = ["SPEC", "LlamaLandState", "LlamaLandView", "Player", "GAME_ID"]
