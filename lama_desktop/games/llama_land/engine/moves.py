"""The vocabulary of a Llama Land turn: its phases, the move objects (built once and shared: ``legal_moves`` hands
out the same objects) and the refusals' exceptions."""

from __future__ import annotations

from lama_desktop.engine.core import IllegalMove, Move, Refusal, malformed, unknown_move
from lama_desktop.games.llama_land.engine.data import ORIENTS, SHAPE_INDEX, dec

PLACE, HUT_PHASE, LLAMA_PHASE, AFTER, OVER = range(5)
PHASE_NAMES = ("place", "hut", "llama", "after", "over")

END = Move("end")
#: the move objects already built, shared by every game in the process (legal_moves returns the same objects).
#: Bounded: a cache that reaches ``MOVE_CACHE_LIMIT`` entries is emptied (a game's own working set is a few
#: thousand; unbounded, 300 games in one process grew RSS by 12 MiB: issue 17). ``bench memory`` measures it.
MOVE_CACHE_LIMIT = 1 << 13
_MOVES: dict = {}
_PLACE_MOVES = {"build": {}, "extend": {}}


def _move(kind: str, *args) -> Move:
    key = (kind, args)
    move = _MOVES.get(key)
    if move is None:
        if len(_MOVES) >= MOVE_CACHE_LIMIT:
            _MOVES.clear()
        move = _MOVES[key] = Move(kind, args)
    return move


def _placement_move(kind: str, shape: str, oi: int, origin: int) -> Move:
    cache = _PLACE_MOVES[kind]
    key = (origin << 6) | (SHAPE_INDEX[shape] << 3) | oi
    move = cache.get(key)
    if move is None:
        if len(cache) >= MOVE_CACHE_LIMIT:
            cache.clear()
        o = ORIENTS[shape][oi]
        x, y = dec(origin)
        move = cache[key] = Move(kind, (shape, f"r{o.rotation}", "m" if o.mirror else "-", x, y))
    return move



NOT_YOUR_TURN = Refusal("core.not_your_turn", "it is not your turn")


def _no(code: str, text: str, move: Move, **params) -> IllegalMove:
    """The refusal ``code`` (``text`` in English, ``params`` for the translated sentence) as an exception."""
    return IllegalMove(text, move, code, params)


def _malformed(text: str, move: Move) -> IllegalMove:
    return malformed(move, text).error(move)


def _unknown(text: str, move: Move) -> IllegalMove:
    return unknown_move(move, text).error(move)

