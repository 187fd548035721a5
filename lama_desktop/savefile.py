"""An unfinished game's save (a document of the store; ``saves/autosave.json`` in older versions): its header,
the app's notes beside the game, and the whole save checked as the app will use it (the record, the state read and
checked by its game's engine, the record's moves replayed to that very state), returned as a ``SavedGame``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lama_desktop.filedoor import Damage, as_bool, as_dict, as_int, as_list, as_str, need
from lama_desktop.statsfile import STAT_LIMIT
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.engine.core import IllegalMove, ImpossibleState, StateFormatError, state_problem
from lama_desktop.engine.registry import get_game, state_from_dict
from lama_desktop.pastgames import record_from_file


SAVE_KIND = "lama-desktop-save"

SAVE_VERSION = 1



def save_meta_from_file(meta: Any, record) -> dict:
    """The app's notes in a save, checked: ``config`` (a ``GameConfig`` of the record's game and player count),
    ``seats``, ``score_history``, ``stats_recorded`` (cleaned copies); other keys pass as they are."""
    meta = dict(as_dict(meta, "the save's notes"))
    if "config" in meta:
        config = GameConfig.from_dict(meta["config"])
        need(config.game_id == record.game_id, "the seats belong to another game")
        need(config.players == record.players, "the seats do not match the number of players")
        meta["config"] = config.to_dict()
    if "seats" in meta:
        seats = [SeatConfig.from_dict(s).to_dict() for s in as_list(meta["seats"], "the seats", 16)]
        need(len(seats) == record.players, "the seats do not match the number of players")
        meta["seats"] = seats
    if "score_history" in meta:
        history = []
        for row in as_list(meta["score_history"], "the score history", 100_000):
            need(len(as_list(row, "a round's scores", 16)) == record.players, "a round's scores do not match")
            history.append([as_int(v, "a score", -STAT_LIMIT, STAT_LIMIT) for v in row])
        meta["score_history"] = history
    if "stats_recorded" in meta:
        as_bool(meta["stats_recorded"], "stats_recorded")
    if "session_version" in meta:
        as_int(meta["session_version"], "the session version", 0, 1_000)
    return meta



@dataclass
class SavedGame:
    """What ``load_save`` returns: the record, the live state, and the app's own notes (seats, round scores)."""

    record: Any  # engine.record.GameRecord
    state: Any  # engine.core.GameState
    meta: dict = field(default_factory=dict)
    saved_at: str = ""
    #: the state is the record's own replay, made in this process (the replay viewer): not replayed again
    replayed: bool = False
    #: the unfinished game's key in the store (``Storage.load_save``); "" for a save made in memory
    key: str = ""



def _save_header(data: Any) -> dict:
    data = as_dict(data, "the save")
    need(data.get("kind") == SAVE_KIND, "this file is not a lama-desktop save")
    if data.get("save_version") != SAVE_VERSION:
        raise Damage("other_version", f"the save was written by another version (format "
                                      f"{str(data.get('save_version'))[:40]!r}, this version reads {SAVE_VERSION})")
    get_game(as_str(data.get("game"), "the game", 40))
    as_str(data.get("saved_at", ""), "the date", 40)
    return data



def save_summary_from_file(data: Any) -> dict:
    data = _save_header(data)
    return {"game": data["game"], "saved_at": data.get("saved_at", "")}



def _impossible(error) -> Damage:
    """The ``Damage`` of a state the rules could never reach (``engine.core.ImpossibleState``): its reason kept."""
    return Damage("impossible", f"the saved game is impossible: {error.refusal.text}", error.refusal)



def replayed_state(record, state):
    """The record's own replay, which must lead to ``state`` (the snapshot a save or a lesson keeps beside it):
    ``Damage`` (``impossible``, reason ``core.state_record``) when its moves do not, or do not even apply."""
    try:
        again = record.replay()
    except ImpossibleState as error:
        raise _impossible(error) from None
    except (IllegalMove, StateFormatError, TypeError, ValueError, KeyError, IndexError) as error:
        refusal = state_problem("core.state_record", f"its moves do not apply ({type(error).__name__}: {error})")
        raise Damage("impossible", refusal.text, refusal) from None
    if again.to_dict() != state.to_dict():
        refusal = state_problem("core.state_record", "its moves do not lead to its position")
        raise Damage("impossible", refusal.text, refusal)
    return again



def saved_game_from_file(data: Any) -> SavedGame:
    """The whole save, checked as the app will use it: the header, the record, the state (``GameSpec.load``: read,
    then checked by the game's engine), and the record's moves replayed to that very state (the state returned is
    that replay: ``replayed``)."""
    data = _save_header(data)
    record = record_from_file(data.get("record"))
    need(isinstance(data.get("record"), dict) and isinstance(data["record"].get("moves"), list),
         "the save's record has no moves")
    try:
        state = state_from_dict(as_dict(data.get("state"), "the state"))
    except ImpossibleState as error:
        raise _impossible(error) from None
    except StateFormatError as error:
        raise ValueError(f"the saved game is damaged: {error}") from None
    need(record.game_id == getattr(state, "game_id", None) == data.get("game"),
         "the save's record and state belong to different games")
    need(state.num_players == record.players, "the save's record and state disagree on the number of players")
    meta = save_meta_from_file(data.get("meta", {}), record)
    state = replayed_state(record, state)
    return SavedGame(record, state, meta, data.get("saved_at", ""), replayed=True)
