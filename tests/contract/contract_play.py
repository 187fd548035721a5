"""Seeded random play for the contract suite: the table sizes and variants a game offers, random games, and the
checks every state of every game must pass whatever its rules (``check_state``)."""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Callable

from lama_desktop.engine.core import Event, GameState, Move
from lama_desktop.engine.record import GameRecord
from lama_desktop.plugin import GamePlugin

#: no game of any registered game lasts this many moves
MAX_MOVES = 5000


def variant_sets(plugin: GamePlugin) -> list[tuple[str, ...]]:
    """No variant, each variant alone, each pair and all of them together, leaving out the sets the game refuses."""
    spec = plugin.spec
    ids = spec.variant_ids
    out: list[tuple[str, ...]] = []
    for chosen in [(), *((v,) for v in ids), *combinations(ids, 2), ids]:
        if chosen not in out and not any(clash <= set(chosen) for clash in spec.incompatible_variants):
            out.append(tuple(chosen))
    return out


def configs(plugin: GamePlugin) -> list[tuple[int, tuple[str, ...]]]:
    """(players, variants) pairs covering every table size the game offers and every set of ``variant_sets``, the
    one cycling against the other."""
    sizes = list(plugin.players)
    variants = variant_sets(plugin)
    return [(sizes[i % len(sizes)], variants[i % len(variants)]) for i in range(max(len(sizes), len(variants)))]


def record_for(plugin: GamePlugin, seed: int) -> GameRecord:
    """An empty record of the ``seed``-th configuration (``configs``) dealt from ``seed``."""
    every = configs(plugin)
    players, variants = every[seed % len(every)]
    return GameRecord(plugin.id, players, variants, seed)


def play(plugin: GamePlugin, seed: int, before: Callable[[GameState, Move], None] | None = None,
         after: Callable[[GameState, Move, list[Event]], None] | None = None,
         max_moves: int | None = None) -> tuple[GameState, GameRecord]:
    """A seeded random game of the ``seed``-th configuration: ``before(state, move)`` runs before each move is
    played (the state as it stands, the move about to be played), ``after(state, move, events)`` after it. To the end
    of the game, or ``max_moves`` moves."""
    record = record_for(plugin, seed)
    state = record.new_state()
    rng = random.Random(seed)
    limit = MAX_MOVES if max_moves is None else max_moves
    for _ in range(limit):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        if before is not None:
            before(state, move)
        events = record.play(state, move)
        if after is not None:
            after(state, move, events)
    assert max_moves is not None or state.is_over, f"{plugin.id}: no end after {MAX_MOVES} random moves"
    return state, record


def play_many(plugin: GamePlugin, moves: int, before=None, after=None, first: int = 0, max_moves: int | None = None):
    """``play`` from seed ``first`` on, as many games as it takes to play every configuration once and ``moves``
    moves in all (short games get more seeds than long ones), each to its end or ``max_moves`` moves: the list of
    (final state, record)."""
    games, played = [], 0
    while len(games) < len(configs(plugin)) or played < moves:
        state, record = play(plugin, first + len(games), before, after, max_moves)
        games.append((state, record))
        played += len(record.moves)
    return games


def json_copy(data):
    return json.loads(json.dumps(data))


def check_state(state: GameState, plugin: GamePlugin) -> None:
    """What holds of every state of every game: whose turn it is against the legal moves and the views, scores
    that are ints, and once it is over, winners and outcome that agree with the scores."""
    n = state.num_players
    spec = plugin.spec
    assert state.game_id == plugin.id and spec.min_players <= n <= spec.max_players
    scores = state.scores
    assert len(scores) == n and all(type(points) is int for points in scores), scores
    legal = state.legal_moves()
    if state.is_over:
        assert state.current_player == -1 and legal == []
        winners = state.winners()
        best = (min if spec.lower_score_wins else max)(scores)
        assert winners and winners == sorted(set(winners)), winners
        assert all(scores[seat] == best for seat in winners), (winners, scores)
        outcome = state.outcome()
        assert len(outcome) == n and abs(sum(outcome) - 1.0) < 1e-9
        assert [seat for seat, share in enumerate(outcome) if share > 0] == winners
        return
    mover = state.current_player
    assert 0 <= mover < n, mover
    assert legal, "a player to move always has a move"
    assert all(type(move) is Move for move in legal) and len(set(legal)) == len(legal)
    assert all(Move.parse(str(move)) == move for move in legal[:: max(1, len(legal) // 24)])  # a few of many
    assert state.winners() == [] and state.outcome() == [0.0] * n
    for seat in range(n):
        view = state.view(seat)
        assert view.seat == seat and view.game_id == plugin.id and view.current_player == mover
        assert view.legal_moves() == (legal if seat == mover else [])
