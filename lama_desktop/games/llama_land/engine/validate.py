"""Llama Land's move checks: one validator per move kind (``VALIDATORS``), each raising ``IllegalMove`` with the
reason or returning the small plan ``LlamaLandState.apply`` carries out.

A validator is ``check(state, move, player)`` (``player``: the seat to move); ``validate`` runs the one of the move's
kind after the checks every move shares.
"""

from __future__ import annotations

from lama_desktop.engine.core import Move
from lama_desktop.games.llama_land.engine.data import (
    CHARS, CROP_INDEX, CROP_NAMES, NEIGHBOURS, NONE, ORIENTS, SHAPE_INDEX, SHAPES, D, enc
)
from lama_desktop.games.llama_land.engine.moves import AFTER, HUT_PHASE, LLAMA_PHASE, PLACE, _malformed, _no, _unknown
from lama_desktop.games.llama_land.engine.player import Player


def validate(state, move: Move):
    """Raise ``IllegalMove`` with the reason, or return a small plan for ``apply``."""
    if state.over:
        raise _no("core.game_over", "the game is over", move)
    check = VALIDATORS.get(move.kind)
    if check is None:
        raise _unknown(f"unknown move '{move.kind}' (use, foundation, build, extend, hut, feed, llama, marker, end)",
                       move)
    return check(state, move, state.players[state.seat])


def _int_args(move: Move, count: int, names: str) -> tuple:
    args = move.args
    if len(args) != count or not all(isinstance(a, int) for a in args):
        raise _malformed(f"'{move.kind}' needs {names}", move)
    return args[:count]


def _orientation(state, move: Move):
    """A build's or extension's shape, orientation index, origin cell and cells (the stack must not be empty)."""
    args = move.args
    if len(args) != 5:
        raise _malformed(f"'{move.kind}' needs a shape, a rotation, a mirror flag and a position "
                         f"(e.g. '{move.kind} T r1 m 2 3')", move)
    shape, rot, mirror, x, y = args
    if shape not in SHAPE_INDEX:
        raise _malformed(f"there is no {shape} stack (stacks: {', '.join(SHAPES)})", move)
    if not (isinstance(rot, str) and len(rot) == 2 and rot[0] == "r" and rot[1] in "0123"):
        raise _malformed("the rotation must be r0, r1, r2 or r3 (quarter turns clockwise)", move)
    if mirror not in ("m", "-"):
        raise _malformed("the mirror flag must be 'm' (flipped) or '-' (not flipped)", move)
    if not isinstance(x, int) or not isinstance(y, int):
        raise _malformed("the position must be two whole numbers", move)
    if not state.stacks[SHAPE_INDEX[shape]]:
        raise _no("llama_land.stack_empty", f"the {shape} stack is empty", move, shape=shape)
    oi = D.orientation_by_code[shape][(4 if mirror == "m" else 0) + int(rot[1])]
    origin = enc(x, y)
    cells = tuple(origin + off for off in ORIENTS[shape][oi].offsets)
    return shape, oi, origin, cells


# -- placing the terrain tile --------------------------------------------------------------------------------------
def _placing(state, move: Move) -> None:
    if state.phase != PLACE:
        raise _no("llama_land.placed_already", "you have already placed your terrain tile this turn", move)


def _foundation(state, move: Move, p: Player):
    _placing(state, move)
    x, y = _int_args(move, 2, "a cell (x y)")
    cell = enc(x, y)
    if p.foundations <= 0:
        raise _no("llama_land.no_foundation_left", "you have no foundation tiles left", move)
    if cell not in p.heights:
        raise _no("llama_land.foundation_off", "a foundation goes on a cell of your domain", move)
    if cell in p.llamas:
        raise _no("llama_land.foundation_llama",
                  "a llama stands there: the tile built on the foundation could not cover it",
                  move)
    _, fcells = state._scan_builds(p, state._shapes_available(), True)
    if cell not in fcells:
        raise _no("llama_land.foundation_useless",
                  "no terrain tile could then be built covering all of this turn's foundations"
                  " at one height", move)
    return cell


def _extend(state, move: Move, p: Player):
    _placing(state, move)
    shape, oi, origin, cells = _orientation(state, move)
    H = p.heights
    if state.t_found:
        raise _no("llama_land.foundations_placed",
                  "you placed foundations this turn: you must build on them", move)
    if any(c in H for c in cells):
        raise _no("llama_land.extend_on", "extending places the tile beside your domain, not on it", move)
    if not any(c + step in H for c in cells for step in NEIGHBOURS):
        raise _no("llama_land.not_touching", "the tile must touch your domain along a side", move)
    return shape, oi, origin, cells


def _build(state, move: Move, p: Player):
    _placing(state, move)
    shape, oi, origin, cells = _orientation(state, move)
    H = p.heights
    if not all(c in H for c in cells):
        if any(c in H for c in cells):
            raise _no("llama_land.overhang",
                      "a built tile must lie entirely on your domain (no cell over empty space)",
                      move)
        raise _no("llama_land.off_domain",
                  "a built tile must lie on your domain (to place it beside, extend)", move)
    if any(c in p.llamas for c in cells):
        raise _no("llama_land.llama", "you cannot build over a llama", move)
    level = H[cells[0]]
    if any(H[c] != level for c in cells):
        raise _no("llama_land.uneven",
                  "all five cells under the tile must be at the same height (use foundations)", move)
    if not set(state.t_found).issubset(cells):
        raise _no("llama_land.cover_foundations",
                  "the tile must cover every foundation you placed this turn", move)
    t0 = p.toptile[cells[0]]
    if t0 >= 0 and all(p.toptile[c] == t0 for c in cells):
        raise _no("llama_land.same_shape", "a tile cannot exactly cover a tile of the same shape", move)
    return shape, oi, origin, cells


# -- what a build brings: a character for each hut, a llama for a fed llama card ---------------------------------
def _hut(state, move: Move, p: Player):
    if state.phase != HUT_PHASE:
        raise _no("llama_land.hut_not_now", "you take a character only for a hut your build has covered", move)
    if len(move.args) != 1:
        raise _malformed("'hut' needs a row position (0-4) or 'deck'", move)
    arg = move.args[0]
    if arg == "deck":
        if not state.deck:
            raise _no("llama_land.deck_empty", "the character deck is empty", move)
    elif not isinstance(arg, int) or not 0 <= arg < len(state.row):
        raise _malformed(f"there is no character at position {arg} of the row", move)
    return arg


def _llama(state, move: Move, p: Player):
    if state.phase != LLAMA_PHASE:
        raise _no("llama_land.llama_not_now", "you place a llama token only after feeding a llama", move)
    x, y = _int_args(move, 2, "a cell (x y)")
    cell = enc(x, y)
    if cell not in p.heights:
        raise _no("llama_land.llama_off", "the llama must go on a cell of your domain", move)
    if cell in p.llamas:
        raise _no("llama_land.llama_taken", "a llama already stands there", move)
    if p.top[cell] != NONE:
        raise _no("llama_land.llama_icon", "a llama goes on a cell without an icon", move)
    if "llama" in state.variants and cell not in state.t_cells:
        raise _no("llama_land.llama_variant",
                  "llama variant: the llama goes on the tile you placed this turn", move)
    return cell


# -- after the tile: feed, a marker, the end of the turn -------------------------------------------------------------
def _after_placing(state, move: Move) -> None:
    phase = state.phase
    if phase == PLACE:
        raise _no("llama_land.place_first", "first place a terrain tile (extend or build)", move)
    if phase == HUT_PHASE:
        raise _no("llama_land.hut_first", "first take a character for each hut covered", move)
    if phase == LLAMA_PHASE:
        raise _no("llama_land.llama_first", "first place the llama token you have fed", move)


def _feed(state, move: Move, p: Player):
    _after_placing(state, move)
    if len(move.args) != 2 or move.args[0] not in CROP_INDEX or not isinstance(move.args[1], int):
        raise _malformed("'feed' needs a crop and the coins paid (e.g. 'feed cacao 4')", move)
    if state.t_fed:
        raise _no("llama_land.feed_once", "you feed at most one llama a turn", move)
    k = CROP_INDEX[move.args[0]]
    coins = move.args[1]
    if coins < 0 or coins % D.coins_per_crop:
        raise _no("llama_land.coins_per_crop",
                  f"coins replace crops {D.coins_per_crop} for 1", move, n=D.coins_per_crop)
    replaced = coins // D.coins_per_crop
    if replaced > D.crops_needed:
        raise _no("llama_land.crops_needed",
                  f"a llama eats only {D.crops_needed} crops", move, n=D.crops_needed)
    if not state.columns[k]:
        raise _no("llama_land.no_llama_card", f"no {move.args[0]} llama card is left", move, crop=move.args[0])
    if coins > p.coins:
        raise _no("llama_land.not_enough_coins", f"you have only {p.coins} coins", move, n=p.coins)
    if D.crops_needed - replaced > p.crops[k]:
        raise _no("llama_land.not_enough_crops",
                  f"you need {D.crops_needed - replaced} {move.args[0]} and have {p.crops[k]}",
                  move, need=D.crops_needed - replaced, crop=move.args[0], have=p.crops[k])
    return k, D.crops_needed - replaced, coins


def _marker_args(state, move: Move) -> tuple:
    """The marker's (objective card, space[, card it comes from]); ``marker CARD`` is shorthand for the card's
    highest free space, from the reserve."""
    args = move.args
    if len(args) not in (1, 2, 3) or not all(isinstance(a, int) for a in args):
        raise _malformed("'marker' needs an objective card and a space (and the card it comes from)", move)
    if not state.objectives:
        raise _no("llama_land.no_objectives", "this game has no objectives", move)
    if len(args) == 1:
        if not 0 <= args[0] < len(state.objectives):
            raise _malformed(f"there is no objective card {args[0]}", move)
        free = state._free_spaces(args[0])
        if not free:
            raise _no("llama_land.card_full", "that card has no free space", move)
        args = (args[0], free[0])
    return args


def _marker(state, move: Move, p: Player):
    _after_placing(state, move)
    args = _marker_args(state, move)
    if state.t_kind != "extend":
        raise _no("llama_land.marker_extend", "you place a marker only after extending your domain", move)
    if state.t_marker:
        raise _no("llama_land.marker_once", "you place at most one marker a turn", move)
    index, space = args[0], args[1]
    if not 0 <= index < len(state.objectives):
        raise _malformed(f"there is no objective card {index}", move)
    if not 0 <= space < 3:
        raise _malformed("an objective card has spaces 0 (top), 1 and 2 (bottom)", move)
    src = args[2] if len(args) == 3 else None
    if state.seat in state.markers[index] and src != index:
        raise _no("llama_land.marker_twice", "you already have a marker on that card", move)
    if state.markers[index][space] >= 0:
        raise _no("llama_land.space_taken", "that space is taken", move)
    if state.num_players == 2 and space == 1:
        raise _no("llama_land.middle_closed", "in a 2-player game the middle space stays empty", move)
    if space not in state._free_spaces(index):
        raise _no("llama_land.gold_space",
                  "on a gold objective the marker goes on the highest free space", move)
    if src is not None:
        if not 0 <= src < len(state.objectives) or state.seat not in state.markers[src]:
            raise _no("llama_land.no_marker_to_move", "you have no marker on that card to move", move)
    elif p.markers <= 0:
        raise _no("llama_land.no_marker_left", "you have no marker left: move one from another card", move)
    return index, space, src


def _end(state, move: Move, p: Player):
    _after_placing(state, move)
    if move.args:
        raise _malformed("'end' takes nothing", move)
    if state.must_feed():
        raise _no("llama_land.must_feed",
                  f"with {D.forced_at_crops} or more crops you must feed a llama",
                  move, n=D.forced_at_crops)
    return None


# -- a character's trade, in the placing phase or after it -------------------------------------------------------
def _use(state, move: Move, p: Player):
    if state.phase not in (PLACE, AFTER):
        raise _no("llama_land.use_not_now", "finish taking characters or placing your llama first", move)
    if len(move.args) != 2 or not isinstance(move.args[0], int):
        raise _malformed("'use' needs a character card and what you give (e.g. 'use 3 corn')", move)
    cid, give = move.args
    if cid not in p.chars:
        raise _no("llama_land.no_character_card", "you do not have that character", move)
    ch = CHARS[cid]
    if ch.type not in ("trader", "merchant"):
        raise _no("llama_land.passive_character",
                  f"the {ch.type} works by itself when you build", move, character=ch.type)
    if cid in state.t_used:
        raise _no("llama_land.used_once", "each character works once a turn", move)
    if ch.type == "trader":
        return _trade(state, move, p, ch, give)
    return _deal(state, move, p, ch, give)


def _trade(state, move: Move, p: Player, ch, give):
    """A trader swaps one of its two crops for the other."""
    if give not in CROP_INDEX or CROP_INDEX[give] not in ch.crops:
        raise _no("llama_land.trader_crops",
                  f"this trader swaps {' and '.join(CROP_NAMES[k] for k in ch.crops)}",
                  move, a=CROP_NAMES[ch.crops[0]], b=CROP_NAMES[ch.crops[1]])
    k = CROP_INDEX[give]
    other = ch.crops[1] if ch.crops[0] == k else ch.crops[0]
    if not p.crops[k]:
        raise _no("llama_land.none_to_give", f"you have no {give}", move, crop=give)
    if not state.supply_crops[other]:
        raise _no("llama_land.supply_no_crop",
                  f"the supply has no {CROP_NAMES[other]} left", move, crop=CROP_NAMES[other])
    return ("crop", k), ("crop", other)


def _deal(state, move: Move, p: Player, ch, give):
    """A merchant sells its crop for a coin or buys it for one."""
    k = ch.crops[0]
    if give == "coin":
        if not p.coins:
            raise _no("llama_land.no_coin", "you have no coin", move)
        if not state.supply_crops[k]:
            raise _no("llama_land.supply_no_crop",
                      f"the supply has no {CROP_NAMES[k]} left", move, crop=CROP_NAMES[k])
        return ("coin", 0), ("crop", k)
    if give != CROP_NAMES[k]:
        raise _no("llama_land.merchant_crop",
                  f"this merchant deals in coins and {CROP_NAMES[k]}", move, crop=CROP_NAMES[k])
    if not p.crops[k]:
        raise _no("llama_land.none_to_give", f"you have no {give}", move, crop=give)
    if not state.supply_coins:
        raise _no("llama_land.supply_no_coins", "the supply has no coins left", move)
    return ("crop", k), ("coin", 0)


#: move kind -> its validator
VALIDATORS = {"use": _use, "foundation": _foundation, "extend": _extend, "build": _build, "hut": _hut,
              "llama": _llama, "feed": _feed, "marker": _marker, "end": _end}
