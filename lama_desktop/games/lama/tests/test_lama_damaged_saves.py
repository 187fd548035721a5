"""A L.A.M.A. (or Party) save damaged in a field only L.A.M.A.'s state holds (the seat giving a token back) is refused
behind its sound header and never deleted, with the game's reason in the player's language; a past game that starts
from such a state cannot be replayed. Every game's damages: tests/test_damaged_states.py."""

from __future__ import annotations

import json

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.app.main import report_message
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import get_game
from lama_desktop.storage import SaveDamaged, Storage
from store_docs import survivors
from test_damaged_states import NAMES, plant_damaged

#: damage only L.A.M.A.'s and Party's saves can have: ``(game, name, damage)``
CASES = [(game_id, "returner-99", lambda d: d["state"].update(returner=99)) for game_id in ("lama", "lama-party")]


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game_id, name, damage", CASES, ids=[f"{g}-{n}" for g, n, _d in CASES])
def test_load_save_refuses_a_damaged_state_behind_a_sound_header(tmp_path, game_id, name, damage):
    store = Storage(tmp_path)
    raw = plant_damaged(store, game_id, damage)
    assert store.save_summary() is not None  # the header is sound: the title shows the save...
    with pytest.raises(SaveDamaged) as caught:
        store.load_save()  # ...which does not load
    assert caught.value.reason and caught.value.moved_to is not None
    assert survivors(store.save_path) == [raw]


@pytest.mark.parametrize("game_id, name, damage", CASES, ids=[f"{g}-{n}" for g, n, _d in CASES])
def test_new_game_never_deletes_a_save_that_would_not_load(tmp_path, game_id, name, damage):
    store = Storage(tmp_path)
    raw = plant_damaged(store, game_id, damage)
    store.delete_save()
    assert raw in survivors(store.save_path) and not store.save_path.exists()
    reports = store.take_reports()
    assert [r.action for r in reports] == ["damaged"] and reports[0].moved_to.read_bytes() == raw


def test_a_lama_save_whose_returner_is_99_is_refused_with_the_games_reason_in_your_language(tmp_path):
    store = Storage(tmp_path)
    raw = plant_damaged(store, "lama", lambda d: d["state"].update(returner=99))
    with pytest.raises(SaveDamaged) as caught:
        store.load_save()
    report = caught.value.report
    assert report.problem == "impossible" and report.reason.code == "core.state_seats"
    assert survivors(store.save_path) == [raw]
    for lang in ("en", "fr", "pl", "de"):
        i18n.set_language(lang)
        title, text = report_message(report)
        reason = i18n.t("common.reason.state_seats")
        assert reason[1:] in text and i18n.t("common.damage.problem.impossible")[1:] in text, (lang, text)
        assert "{" not in text and str(report.moved_to) in text


def test_a_past_game_whose_start_is_impossible_cannot_be_replayed(tmp_path):
    from lama_desktop.pastgames import NotAGameRecord, make_past_game, read_past_game

    state = get_game("lama").new(3, (), 5)
    start = state.to_dict()
    start["returner"] = 99
    record = GameRecord("lama", 3, (), 5, {}, [], start)
    past = make_past_game(record, [SeatConfig(n, "human") for n in NAMES], [0, 0, 0], [0])
    path = tmp_path / "game.json"
    path.write_text(past.to_json())
    with pytest.raises(NotAGameRecord) as caught:
        read_past_game(path)
    assert "cannot be set up" in caught.value.detail
    # a record without its moves is refused too (it no longer finishes the game)
    data = json.loads(make_past_game(GameRecord("lama", 3, (), 5, {}, []), past.seats, [0, 0, 0], [0]).to_json())
    data["record"].pop("moves")
    path.write_text(json.dumps(data))
    with pytest.raises(NotAGameRecord):
        read_past_game(path)
