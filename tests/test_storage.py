"""Storage: atomic writes, saves (damaged / truncated / foreign moved aside with a reason), settings, statistics."""

import json
import os

import pytest

from lama_desktop.engine.record import GameRecord
from lama_desktop.settings import Settings
from lama_desktop.storage import SaveDamaged, Storage, atomic_write_json, atomic_write_text
from registry_games import first_variant, one_per_table, sample_game

#: the game a test stores, and one of another table (statistics are kept per game)
GAME, OTHER = sample_game(), one_per_table()[1]


def files_under(path):
    return sorted(str(p.relative_to(path)) for p in path.rglob("*") if p.is_file())


def play_some(moves=12, seed=7):
    record = GameRecord(GAME, 4, first_variant(GAME), seed, {"first_dealer": 1})
    state = record.new_state()
    for i in range(moves):
        legal = state.legal_moves()
        record.play(state, legal[(i * 7) % len(legal)])
    return record, state


def test_nothing_is_resolved_or_written_at_construction(tmp_path):
    store = Storage(tmp_path)
    assert files_under(tmp_path) == []
    assert not store.has_save()
    assert store.save_path.is_relative_to(tmp_path) and store.settings_path.is_relative_to(tmp_path)


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "a" / "file.json"
    atomic_write_json(target, {"x": 1})
    atomic_write_text(target, "second")
    assert target.read_text() == "second"
    assert files_under(tmp_path) == ["a/file.json"]


def test_atomic_write_failure_keeps_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.txt"
    atomic_write_text(target, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert files_under(tmp_path) == ["f.txt"]


def test_autosave_and_continue_resume_exactly(tmp_path):
    store = Storage(tmp_path)
    record, state = play_some()
    config = {"game": GAME, "seats": [{"name": n, "kind": "bot", "level": "easy"} for n in "ABCD"],
              "variants": list(first_variant(GAME)), "first_dealer": 1, "seed": 7}
    store.autosave(record, state, {"config": config, "round_scores": [[1, 2, 3, 4]]})
    assert store.has_save()
    saved = store.load_save()
    assert saved.state.to_dict() == state.to_dict()
    assert saved.record.moves == record.moves
    assert saved.record.replay().to_dict() == state.to_dict()
    assert saved.meta["round_scores"] == [[1, 2, 3, 4]]
    assert store.save_summary()["game"] == GAME
    # the game goes on identically from the loaded state
    for _ in range(5):
        move = state.legal_moves()[0]
        assert state.apply(move) is not None
        saved.state.apply(move)
    assert saved.state.to_dict() == state.to_dict()


def test_autosave_after_every_move_keeps_only_the_last(tmp_path):
    store = Storage(tmp_path)
    record = GameRecord(GAME, 3, (), 3, {})
    state = record.new_state()
    for _ in range(6):
        record.play(state, state.legal_moves()[0])
        store.autosave(record, state, {})
    assert [e.moves for e in store.unfinished()] == [6]  # one entry, written over move after move
    assert all(name.startswith("data/lama-desktop.") for name in files_under(tmp_path))
    assert store.load_save().record.moves == record.moves


def put_save_document(store, content, key="autosave"):
    """A save document in the store exactly as ``content`` (bytes that may be anything)."""
    value = content.decode("utf-8") if isinstance(content, bytes) and content.isascii() else content
    with store.database().transaction() as conn:
        conn.execute("INSERT OR REPLACE INTO unfinished(key, kind, game, saved_at, summary, save) "
                     "VALUES (?, 'local', ?, '2026-01-01T00:00:00', '{}', ?)", (key, GAME, value))


DAMAGED_SAVES = [
    (b"", "empty", "empty"),
    (b'{"kind": "lama-desktop-save", "save_version": 1, "game": "%s", "rec' % GAME.encode(), "not_json", "truncated"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "not_text", "not UTF-8 text"),
    (b'{"hello": "world"}', "bad_values", "not a lama-desktop save"),
    (b"[1, 2, 3]", "bad_values", "must be an object"),
    (b'{"kind": "lama-desktop-save", "save_version": 99}', "other_version", "another version"),
    (b'{"kind": "lama-desktop-save", "save_version": 1, "game": "%s", "record": {"record_version": 1, '
     b'"game": "%s", "players": 4, "seed": 1, "moves": []}, "state": {"game": "chess"}}'
     % (GAME.encode(), GAME.encode()),
     "bad_values", "damaged"),
    (b"not json at all", "not_json", "not valid JSON"),
]


@pytest.mark.parametrize("content, problem, reason_word", DAMAGED_SAVES)
def test_damaged_save_is_moved_aside_with_a_reason(tmp_path, content, problem, reason_word):
    store = Storage(tmp_path)
    put_save_document(store, content)
    with pytest.raises(SaveDamaged) as info:
        store.load_save()
    assert reason_word in info.value.reason
    assert info.value.report.problem == problem
    moved = info.value.moved_to
    assert moved is not None and moved.name.startswith("save-autosave.json.damaged-")
    assert moved.read_bytes() == content  # kept, never overwritten
    assert not store.has_save()
    assert [r.moved_to for r in store.take_reports()] == [moved]  # the player hears of it once


@pytest.mark.parametrize("content, problem, reason_word", DAMAGED_SAVES)
def test_a_damaged_old_save_file_is_set_aside_at_import(tmp_path, content, problem, reason_word):
    store = Storage(tmp_path)
    store.save_path.parent.mkdir(parents=True)
    store.save_path.write_bytes(content)
    assert not store.has_save()  # the import read it through the door: damaged, moved aside, reported
    (report,) = store.take_reports()
    assert report.problem == problem and reason_word in report.detail
    assert report.moved_to.name.startswith("autosave.json.damaged-") and report.moved_to.read_bytes() == content
    assert not store.save_path.exists()


def test_damaged_state_inside_a_valid_save_is_reported(tmp_path):
    store = Storage(tmp_path)
    record, state = play_some()
    store.autosave(record, state, {})
    data = json.loads(store.database().read("SELECT save FROM unfinished")[0][0])
    data["state"]["hands"] = "garbage"
    put_save_document(store, json.dumps(data).encode())
    with pytest.raises(SaveDamaged) as info:
        store.load_save()
    assert "damaged" in info.value.reason
    assert info.value.moved_to.exists()


def test_two_damaged_saves_never_overwrite_each_other(tmp_path):
    store = Storage(tmp_path)
    moved = []
    for text in ("first", "second"):
        put_save_document(store, text.encode())
        with pytest.raises(SaveDamaged) as info:
            store.load_save()
        moved.append(info.value.moved_to)
    assert moved[0] != moved[1]
    assert {m.read_text() for m in moved} == {"first", "second"}


def test_settings_default_round_trip_and_validation(tmp_path):
    store = Storage(tmp_path)
    settings, message = store.load_settings()
    assert settings == Settings() and message is None
    settings.language, settings.volume, settings.muted, settings.ui_scale = "pl", 0.35, True, 1.3
    store.save_settings(settings)
    loaded, message = store.load_settings()
    assert message is None
    assert (loaded.language, loaded.volume, loaded.muted, loaded.ui_scale) == ("pl", 0.35, True, 1.3)
    weird = Settings(language="xx", volume=7, ui_scale=9, bot_pace="warp", window_size=(10, 10))
    fixed = weird.validated()
    assert (fixed.language, fixed.volume, fixed.ui_scale, fixed.bot_pace) == ("en", 1.0, 1.3, "normal")
    assert fixed.window_size == (1280, 720)


@pytest.mark.parametrize("content", ["{broken", '["a list"]', '{"settings_version": 42}', '{"settings_version": 1, '
                                     '"language": ["not", "a", "string"], "window_size": 5}'])
def test_damaged_settings_fall_back_to_defaults_with_a_message(tmp_path, content):
    store = Storage(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text(content)
    settings, message = store.load_settings()
    assert message
    assert settings.language == "en" and settings.volume == Settings().volume
    kept = list(store.settings_path.parent.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() == content


def test_statistics_per_game_and_player(tmp_path):
    store = Storage(tmp_path)
    store.record_result(GAME, ["Anna", "Bruno", "Carla"], [10, 40, 22], [0])
    store.record_result(GAME, ["Anna", "Bruno"], [30, 20], [1])
    store.record_result(GAME, ["Anna", "Bruno"], [15, 15], [0, 1])
    store.record_result(OTHER, ["Anna", "Bruno"], [5, 41], [0])
    rows = {(r["game"], r["name"]): r for r in store.statistics()}
    anna = rows[(GAME, "Anna")]
    assert (anna["games"], anna["wins"]) == (3, 2)
    assert anna["average"] == pytest.approx((10 + 30 + 15) / 3)
    assert rows[(GAME, "Bruno")]["wins"] == 2
    assert rows[(GAME, "Carla")]["games"] == 1 and rows[(GAME, "Carla")]["wins"] == 0
    assert rows[(OTHER, "Anna")]["games"] == 1
    store.reset_statistics()
    assert store.statistics() == []


def test_damaged_statistics_are_kept_aside(tmp_path):
    store = Storage(tmp_path)
    store.stats_path.parent.mkdir(parents=True)
    store.stats_path.write_text("{{{")  # an old statistics file, imported when the database opens
    assert store.statistics() == []
    assert list(store.stats_path.parent.glob("stats.json.damaged-*"))
    store.record_result(GAME, ["Anna"], [3], [0])
    assert store.statistics()[0]["games"] == 1


def test_logs_go_to_the_injected_log_folder(tmp_path):
    import logging

    store = Storage(tmp_path)
    path = store.setup_logging()
    logging.getLogger("lama_desktop.test").warning("hello log")
    for handler in logging.getLogger("lama_desktop").handlers:
        handler.flush()
    assert path.is_relative_to(tmp_path) and "hello log" in path.read_text()


def test_never_writes_outside_the_injected_folder(tmp_path):
    inside = tmp_path / "inside"
    outside_before = sorted(p.name for p in tmp_path.iterdir())
    store = Storage(inside)
    record, state = play_some()
    store.autosave(record, state, {})
    store.save_settings(Settings(language="fr"))
    store.record_result(GAME, ["Anna"], [3], [0])
    put_save_document(store, b"{")
    with pytest.raises(SaveDamaged):
        store.load_save()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(outside_before + ["inside"])
    assert all(p.resolve().is_relative_to(inside.resolve()) for p in inside.rglob("*"))


def test_temp_files_of_a_killed_write_are_cleaned_up_later(tmp_path):
    store = Storage(tmp_path)
    record, state = play_some()
    store.autosave(record, state, {})
    store.config_dir.mkdir(parents=True, exist_ok=True)
    stale = store.config_dir / "settings.json.k1ll3d.tmp"
    stale.write_text('{"half": ')
    fresh = store.config_dir / "settings.json.wr1t1ng.tmp"
    fresh.write_text('{"half": ')
    old = stale.stat().st_mtime - 3600
    os.utime(stale, (old, old))
    assert store.remove_stale_temp_files() == 1
    assert not stale.exists() and fresh.exists()  # a write in progress elsewhere is left alone
    assert store.load_save().record.moves == record.moves


def test_a_write_of_what_json_cannot_hold_is_reported_not_a_crash(tmp_path):
    store = Storage(tmp_path)
    path = store.data_dir / "records" / "r.json"
    store.write_file("records", path, {"name": "Zo\ud800ë"})  # a lone surrogate: written as an escape
    assert json.loads(path.read_text()) == {"name": "Zo\ud800ë"}
    with pytest.raises(OSError):
        store.write_file("records", path, {"x": object()})
    assert json.loads(path.read_text()) == {"name": "Zo\ud800ë"}  # the previous file is intact
    reports = store.take_reports()
    assert [(r.action, r.problem) for r in reports] == [("write_failed", "write_error")]
