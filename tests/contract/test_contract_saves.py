"""Saves and replays, for every registered game and the toy: ``to_dict`` -> JSON -> ``state_from_dict`` (through
the registry) gives the same state after every move, a loaded copy plays on exactly like the original (same
events), and a ``GameRecord`` replays to the same state in this process and in another one."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys

from contract_play import json_copy, play, play_many

from lama_desktop.engine import GameRecord, state_from_dict

#: moves of random play per game id (in as many games as it takes, at least one of each configuration)
MOVES = 1000


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def test_save_and_load_give_the_same_state_after_every_move_and_records_replay_the_game(plugin):
    moves = [0]

    def before(state, move):
        data = state.to_dict()
        loaded = state_from_dict(json_copy(data))
        assert type(loaded) is type(state)
        assert loaded.to_dict() == data
        assert loaded.current_player == state.current_player and loaded.scores == state.scores
        moves[0] += 1
        if moves[0] % 4 == 0:  # a loaded state works its legal moves out afresh: slow in some games
            assert loaded.legal_moves() == state.legal_moves()

    for state, record in play_many(plugin, MOVES, before):
        assert state_from_dict(json_copy(state.to_dict())).to_dict() == state.to_dict()
        again = GameRecord.from_dict(json_copy(record.to_dict())).replay()
        assert again.to_dict() == state.to_dict()


def test_a_game_loaded_mid_way_plays_on_exactly_like_the_original(plugin):
    for seed in range(4):
        _, record = play(plugin, seed)
        middle = GameRecord.from_dict(record.to_dict()).replay(len(record.moves) // 2)
        loaded = state_from_dict(json_copy(middle.to_dict()))
        rng = random.Random(seed)
        for _ in range(60):
            if middle.is_over:
                break
            move = rng.choice(middle.legal_moves())
            assert [e.to_dict() for e in loaded.apply(move)] == [e.to_dict() for e in middle.apply(move)]
            assert loaded.to_dict() == middle.to_dict()


REPLAY = """
import hashlib, json, sys
from lama_desktop.engine.record import GameRecord
for data in json.loads(sys.stdin.read()):
    state = GameRecord.from_dict(data).replay()
    print(hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest())
"""


def test_a_record_replays_the_same_game_in_another_process(plugin):
    games = play_many(plugin, 0)  # one game of each configuration
    records = [record.to_dict() for _, record in games]
    out = subprocess.run([sys.executable, "-c", REPLAY], input=json.dumps(records),
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == [digest(state) for state, _ in games]
