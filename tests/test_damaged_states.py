"""Saves whose header is sound and whose game is not (issue 24): for every game, a real autosave damaged behind its
sound header — a field of the wrong type, another format or version, a record that does not match, a position
the rules could never reach — is refused by ``load_save`` with the game's reason, never lost (New game leaves it
where it is; removing it copies its bytes out to ``set-aside/save-<key>.json.damaged-*`` first) and told to the
player in their language."""

import copy
import json
import random

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.engine.core import ImpossibleState
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import games, get_game, state_from_dict
from lama_desktop.storage import SaveDamaged, Storage
from registry_games import sample_game
from store_docs import put_save_document, save_document, survivors

GAME_IDS = [spec.id for spec in games()]
NAMES = ("Anna", "Bruno", "Carla")


def config_of(game_id: str) -> GameConfig:
    seats = [SeatConfig(name, "human" if i == 0 else "bot", "easy") for i, name in enumerate(NAMES)]
    return GameConfig(game_id, seats, (), 0, 4242)


def real_save(store: Storage, game_id: str, moves: int = 14) -> dict:
    """A real autosave of a 3-player game of ``game_id``, ``moves`` random legal moves in; its JSON."""
    config = config_of(game_id)
    record = GameRecord(game_id, 3, (), config.seed, {})
    state = record.new_state()
    rng = random.Random(7)
    for _ in range(moves):
        if state.is_over:
            break
        record.play(state, rng.choice(state.legal_moves()))
    store.autosave(record, state, {"config": config.to_dict()})
    return json.loads(save_document(store))


def _phase(doc):
    target = doc["state"]["turn"] if "turn" in doc["state"] else doc["state"]
    target["phase"] = 99


def _extra_card(doc):
    state = doc["state"]
    if "hands" in state:
        state["hands"][0].append(state["hands"][0][0] if state["hands"][0] else state["discard"][0])
    elif "rows" in state:
        state["rows"][0].append("3")
    else:
        state["collections"][0]["llama_cards"].append(["corn", 99])


def _unknown_card(doc):
    """A card no box holds: a L.A.M.A./Party/Cadabra hand card "9", a Dice die 9, a Llama Land character card 999."""
    state = doc["state"]
    if "hands" in state:
        next(hand for hand in state["hands"] if hand)[0] = "9"
    elif "rows" in state:
        next(row for row in state["rows"] if row)[0] = 9
    else:
        state["character_row"][0] = 999


#: damage that keeps the save's header sound: every game
DAMAGES = {
    "current-x": lambda d: d["state"].update(current="x"),
    "format-999": lambda d: d["state"].update(format=999),
    # an older version (a game still at version 1: one it never had)
    "version-1": lambda d: d["state"].update(version=1 if d["state"]["version"] != 1 else 99),
    "phase-99": _phase,
    "triggered-99": lambda d: d["state"].update(triggered=99),
    "record-players-99": lambda d: d["record"].update(players=99),
    "record-moves-missing": lambda d: d["record"].pop("moves"),
    "record-one-move-less": lambda d: d["record"].update(moves=d["record"]["moves"][:-1]),
    "a-card-too-many": _extra_card,
    "a-card-that-does-not-exist": _unknown_card,
}
#: every (game, damage) pair the two tests below plant (damage only some games' saves can have, a field only they
#: hold, is planted by those games' own tests with ``plant_damaged``)
CASES = [(g, name, DAMAGES[name]) for g in GAME_IDS for name in DAMAGES]


def plant_damaged(store, game_id, damage) -> bytes:
    doc = real_save(store, game_id)
    bad = copy.deepcopy(doc)
    damage(bad)
    assert bad != doc
    raw = json.dumps(bad).encode()
    put_save_document(store, raw, game_id)
    return raw


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_every_game_gets_every_damage():
    assert len(CASES) == len(GAME_IDS) * len(DAMAGES) and {g for g, _n, _d in CASES} == set(GAME_IDS)


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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_sound_save_is_still_removed(tmp_path, game_id):
    store = Storage(tmp_path)
    real_save(store, game_id)
    assert store.load_save().state is not None
    store.delete_save()
    assert not store.has_save() and survivors(store.save_path) == [] and store.take_reports() == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_game_in_the_app_keeps_the_bytes_and_continue_tells(tmp_path, game_id):
    from lama_desktop.app.main import App

    store = Storage(tmp_path)
    raw = plant_damaged(store, game_id, DAMAGES["record-one-move-less"])
    app = App(store, (1280, 720))
    told = []
    push = app.stack.push
    app.stack.push = lambda scene: (told.append(scene) if isinstance(scene, MessageScene) else None, push(scene))
    app.warm_up = app.transitions = False
    try:
        app.start()
        app.step(dt=1 / 60)
        app.start_game(config_of(game_id))
        for _ in range(3):
            app.step(dt=1 / 60)
        assert survivors(store.save_path) == [raw]  # New game never discards another unfinished game
        assert len(store.unfinished()) == 2 and not told
        assert app.continue_game("autosave") is False
        for _ in range(3):
            app.step(dt=1 / 60)
        assert raw in survivors(store.save_path)  # set aside, never deleted
        assert told, "the player was not told"
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_checks_a_state_it_did_not_play(game_id):
    """``GameSpec.check_state`` is set for every game and ``state_from_dict`` runs it: a sound state loads, the
    same state with its fields changed behind the loader's back does not."""
    spec = get_game(game_id)
    assert spec.check_state is not None
    state = spec.new(3, (), 11)
    assert spec.problem(state) is None and state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    data = state.to_dict()
    data["triggered"] = 99  # Llama Land's end of game, an unknown field of the others: either way impossible
    with pytest.raises(ImpossibleState):
        state_from_dict(data)


def test_a_damaged_past_game_in_the_store_is_set_aside_not_dropped(tmp_path):
    store = Storage(tmp_path)
    raw = '{"kind": "lama-desktop-game", "past_game_version": 2, "record": 5}'
    with store.database().transaction() as conn:
        conn.execute("INSERT INTO games(finished_at, game, outcome, practice, advised, players, kinds, scores, "
                     "winners, record) VALUES ('2020-01-01T00:00:00', ?, 'finished', 0, '[]', '[]', '[]', '[]', "
                     "'[]', ?)", (sample_game(), raw))
    (row,) = [g.row for g in store.past_game_page()]
    assert store.load_past_game(row) is None and store.past_game_count() == 0
    copies = list((store.data_dir / "set-aside").glob(f"game-{row}.json.damaged-*"))
    assert [p.read_text() for p in copies] == [raw] and [r.action for r in store.take_reports()] == ["damaged"]


def test_a_file_changed_behind_the_apps_back_is_set_aside_before_it_is_replaced(tmp_path):
    from lama_desktop.settings import Settings

    store = Storage(tmp_path)
    path = store.settings_path
    store.save_settings(Settings(player_name="Anna"))
    path.write_bytes(b"{{{ damaged since")
    store.save_settings(Settings(player_name="Anna"))
    kept = [p.read_bytes() for p in path.parent.glob(path.name + ".damaged-*")]
    assert kept == [b"{{{ damaged since"] and [r.action for r in store.take_reports()] == ["damaged"]
