"""Past games (lama_desktop/pastgames.py, Storage.keep_game/past_games), the replay viewer and --replay."""

from __future__ import annotations

import json

import pytest

from lama_desktop.__main__ import main as cli_main
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.engine.registry import get_game
from lama_desktop.pastgames import (NotAGameRecord, check_replay, make_past_game,
                                    past_game_from_file, read_past_game, timeline)
from lama_desktop.engine.record import GameRecord
from lama_desktop.storage import Storage
from registry_games import one_per_table, sample_game

#: one game per table (L.A.M.A. Party plays at L.A.M.A.'s)
GAMES = one_per_table()
#: a game of another table than the sample game's (and a third), where a test wants a game of its own
OTHER, THIRD = GAMES[1], GAMES[2]


def finished_game(game_id: str, seed: int = 3):
    seats = [SeatConfig("Anna", "human"), SeatConfig("Bruno", "bot", "easy"), SeatConfig("Carla", "bot", "easy")]
    spec = get_game(game_id)
    record = GameRecord(game_id, 3, (), seed, {}, [])
    state = record.new_state()
    bots = [make_bot(game_id, levels_for(game_id)[0], seed * 10 + i) for i in range(3)]
    while not state.is_over:
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
    assert spec.id == game_id
    return make_past_game(record, seats, state.scores, state.winners()), state


@pytest.mark.parametrize("game_id", GAMES)
def test_replayed_game_reproduces_final_scores(game_id, tmp_path):
    past, final = finished_game(game_id)
    storage = Storage(tmp_path)
    storage.keep_game(past)
    [kept] = storage.past_games()
    assert kept.scores == list(final.scores) and kept.winners == list(final.winners())
    replayed = kept.record.replay()
    assert replayed.is_over and list(replayed.scores) == kept.scores
    assert replayed.to_dict() == final.to_dict()
    assert check_replay(kept) is None
    line = timeline(kept.record)
    assert len(line.rounds) == len(kept.record.moves) and line.round_starts[0] == 0


def test_a_move_that_no_longer_applies_is_named(tmp_path):
    past, _ = finished_game(sample_game())
    data = past.to_dict()
    data["record"]["moves"][2] = "play 99"
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    with pytest.raises(NotAGameRecord) as caught:
        read_past_game(path)
    assert caught.value.problem == "rules_changed" and "move 3 (play 99)" in caught.value.detail
    data = past.to_dict()
    data["scores"] = [s + 1 for s in data["scores"]]
    path.write_text(json.dumps(data))
    with pytest.raises(NotAGameRecord, match="other final scores"):
        read_past_game(path)


def test_export_import_round_trip(tmp_path):
    for game_id in GAMES:
        past, _ = finished_game(game_id, seed=7)
        path = tmp_path / f"{game_id}.json"
        path.write_text(past.to_json(), encoding="utf-8")
        back = read_past_game(path)
        assert back.to_dict() == past.to_dict()
        assert past_game_from_file(json.loads(path.read_text())).to_dict() == past.to_dict()


def test_every_finished_game_is_kept_newest_first(tmp_path):
    storage = Storage(tmp_path)
    past, _ = finished_game(sample_game())
    for n in range(207):  # the JSON files of before kept the last 200: the store keeps them all
        past.finished_at = f"2026-01-01T00:{n // 60:02d}:{n % 60:02d}"
        storage.keep_game(past)
    assert storage.past_game_count() == 207
    page = storage.past_game_page(0, 5)
    assert [g.finished_at for g in page] == [f"2026-01-01T00:03:{n:02d}" for n in (26, 25, 24, 23, 22)]
    assert storage.past_game_page(205, 5)[-1].finished_at == "2026-01-01T00:00:00"
    assert storage.load_past_game(page[0].row).to_dict() == {**past.to_dict(), "finished_at": page[0].finished_at}


def damaged_texts(past) -> list[bytes]:
    good = past.to_dict()
    out = [b"", b"   ", b"\xff\xfe\x00", b"{", b"[1, 2", b"null", b"[]", b"\"text\"", b"1e400", b"[" * 200 + b"]" * 200]
    mutations = [
        ("kind", "lama-desktop-save"), ("kind", None), ("past_game_version", 99), ("past_game_version", "1"),
        ("past_game_version", True), ("practice", "yes"), ("advised", [9]), ("advised", "x"),
        ("game", "chess"), ("game", 5), ("seats", []), ("seats", "Anna"), ("scores", [1]), ("scores", ["a", 1, 2]),
        ("winners", [7]), ("winners", "x"), ("finished_at", 5), ("finished_at", "x" * 100), ("rules_version", "3"),
        ("record", None), ("record", []), ("app_version", 1),
    ]
    for key, value in mutations:
        out.append(json.dumps({**good, key: value}).encode())
    record_mutations = [
        ("record_version", 9), ("game", OTHER), ("players", 9), ("players", "3"), ("seed", "x"),
        ("seed", 10 ** 30), ("variants", ["nope"]), ("variants", "x"), ("moves", "play 1"), ("moves", [1, 2]),
        ("moves", ["x" * 500]), ("options", []), ("options", {"a": [1]}),
    ]
    for key, value in record_mutations:
        out.append(json.dumps({**good, "record": {**good["record"], key: value}}).encode())
    text = json.dumps(good).encode()
    n = 0
    while len(out) < 100:  # cut off at many places, and bytes flipped
        n += 1
        if n % 2:
            out.append(text[: max(1, len(text) * n // 140)])
        else:
            flipped = bytearray(text)
            flipped[(n * 7919) % len(flipped)] = 0xC0
            out.append(bytes(flipped))
    return out[:100]


def test_100_damaged_records_are_each_skipped_reported_and_kept_aside(tmp_path):
    storage = Storage(tmp_path)
    past, _ = finished_game(sample_game())
    storage.games_dir.mkdir(parents=True, exist_ok=True)
    (storage.games_dir / "sound.json").write_text(past.to_json())
    texts = damaged_texts(past)
    assert len(texts) == 100
    for n, raw in enumerate(texts):
        (storage.games_dir / f"damaged-{n:03d}.json").write_bytes(raw)
    games = storage.past_games()  # the old records are imported when the database opens
    assert [g.to_dict() for g in games] == [past.to_dict()]
    reports = storage.take_reports()
    assert len(reports) == 100
    assert {r.path.name for r in reports} == {f"damaged-{n:03d}.json" for n in range(100)}
    for report in reports:
        assert report.action == "damaged" and report.moved_to is not None and report.moved_to.exists()
        assert ".damaged-" in report.moved_to.name and report.detail
    assert list(storage.games_dir.glob("*.json")) == []  # the sound one moved into imported-<time>/
    assert [p.name for p in storage.games_dir.glob("imported-*/*.json")] == ["sound.json"]
    assert storage.past_games()[0].to_dict() == past.to_dict() and storage.take_reports() == []


def test_replay_with_a_bad_file_exits_2_with_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{\"kind\": \"something else\"}")
    for path in (bad, tmp_path / "missing.json", tmp_path):
        assert cli_main(["--replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a game record" in err and "Traceback" not in err
    assert bad.exists()  # the player's file is never moved


def test_viewer_steps_through_a_kept_game_on_the_real_table(tmp_path):
    from lama_desktop.app.main import App
    from lama_desktop.app.scenes.past_games import PastGamesScene
    from lama_desktop.app.scenes.replay import ReplayScene

    storage = Storage(tmp_path)
    past, final = finished_game(OTHER)
    storage.keep_game(past)
    app = App(storage, (1280, 720))
    app.start()
    app.step(0.02)
    app.stack.push(PastGamesScene())
    app.step(0.02)
    app.stack.top.open(0)
    app.step(0.02)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.pos == viewer.total
    while viewer.history_pending:  # the viewer reads the history a few moves a frame
        app.step(0.02)
    assert viewer.table.session.state.to_dict() == final.to_dict()
    viewer.go(0)
    viewer.step(1)
    assert viewer.pos == 1 and viewer.table.session.state.to_dict() == past.record.replay(1).to_dict()
    viewer.jump_round(1)
    assert viewer.pos in viewer.timeline.round_starts or viewer.pos == viewer.total
    viewer.toggle_play()
    for _ in range(10):
        app.step(1.1)
    assert viewer.pos > 1
    assert viewer.view is None and viewer.table.session.omniscient  # every hand open first
    viewer.next_view()
    assert viewer.view == 0 and viewer.table.focus == 0 and not viewer.table.session.omniscient
    viewer.next_view()
    assert viewer.table.focus == 1
    assert viewer.table.session.frozen and viewer.table.session.storage is None
    assert viewer.table.advisor.available() is False  # a replay never offers advice
    while viewer.history_pending:
        app.step(0.02)
    assert len(viewer.history_lines()) >= viewer.pos
    viewer.export()
    [exported] = list(storage.export_dir.glob("*.json"))
    assert read_past_game(exported).to_dict() == past.to_dict()
    assert not storage.save_path.exists()  # the replay never wrote the player's save
    app.shutdown()


def test_the_app_keeps_a_finished_game_and_opens_dropped_files(tmp_path):
    import pygame

    from lama_desktop.core.gameconfig import GameConfig, GameResults
    from lama_desktop.app.main import App
    from lama_desktop.app.scenes.message import MessageScene
    from lama_desktop.app.scenes.replay import ReplayScene

    storage = Storage(tmp_path)
    app = App(storage, (1280, 720))
    app.start()
    app.step(0.02)
    past, final = finished_game(THIRD, seed=11)
    config = GameConfig(THIRD, past.seats, (), 0, past.record.seed)
    results = GameResults(config, [list(final.scores)], list(final.scores), list(final.winners()))
    results.record = past.record
    app.game_over(results)  # what a table calls at the end: statistics, and the game kept
    app.step(0.02)
    [kept] = storage.past_games()
    assert kept.record.to_dict() == past.record.to_dict() and kept.scores == list(final.scores)
    assert [s.to_dict() for s in kept.seats] == [s.to_dict() for s in past.seats]

    not_a_record = tmp_path / "notes.json"
    not_a_record.write_text('{"hello": 1}')
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(not_a_record)))
    app.step(0.02)
    app.step(0.02)
    assert isinstance(app.stack.top, MessageScene) and not_a_record.exists()
    app.stack.pop()
    app.step(0.02)
    exported = tmp_path / "kept.json"
    exported.write_text(kept.to_json(), encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(exported)))
    app.step(0.02)
    app.step(0.02)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.total == len(past.record.moves)
    app.stack.pop()
    app.step(0.02)

    changed = kept.to_dict()
    changed["record"]["moves"][0] = "play 99"
    changed_past = past_game_from_file(changed)
    assert app.open_replay(changed_past) is False  # a kept game today's rules do not replay: a message, no viewer
    app.step(0.02)
    assert isinstance(app.stack.top, MessageScene)
    app.shutdown()


def test_practice_and_advised_are_kept_through_storage_and_export(tmp_path):
    from lama_desktop.core.gameconfig import GameConfig, GameResults
    from lama_desktop.app.main import App

    storage = Storage(tmp_path)
    app = App(storage, (1280, 720))
    app.start()
    app.step(0.02)
    past, final = finished_game(sample_game(), seed=5)
    config = GameConfig(sample_game(), past.seats, (), 0, past.record.seed)
    results = GameResults(config, [list(final.scores)], list(final.scores), list(final.winners()),
                          advised=(0,), practice=True)
    results.record = past.record
    app.game_over(results)
    app.shutdown()
    [kept] = Storage(tmp_path).past_games()
    assert kept.practice is True and kept.advised == (0,)
    path = tmp_path / "exported.json"
    path.write_text(kept.to_json(), encoding="utf-8")
    back = read_past_game(path)
    assert back.practice is True and back.advised == (0,) and back.to_dict() == kept.to_dict()


def test_a_version_1_record_without_the_practice_flag_still_loads(tmp_path):
    past, _ = finished_game(OTHER, seed=4)
    data = past.to_dict()
    data["past_game_version"] = 1
    del data["practice"], data["advised"]
    old = past_game_from_file(data)
    assert old.practice is False and old.advised == () and old.scores == past.scores
    from lama_desktop.filedoor import Damage

    data["past_game_version"] = 3  # a newer format: refused with the reason, never misread
    with pytest.raises(Damage, match="another version"):
        past_game_from_file(data)
    data = past.to_dict()
    data["practice"] = "yes"
    with pytest.raises(ValueError, match="practice"):
        past_game_from_file(data)
    data = past.to_dict()
    data["advised"] = [7]
    with pytest.raises((Damage, ValueError)):
        past_game_from_file(data)


def test_past_games_list_tags_practice_and_advised_games(tmp_path):
    from lama_desktop.core.i18n import t
    from lama_desktop.app.main import App
    from lama_desktop.app.scenes.past_games import PastGamesScene
    from lama_desktop.app.widgets import ListView

    storage = Storage(tmp_path)
    past, _ = finished_game(sample_game(), seed=6)
    past.finished_at = "2026-01-01T10:00:00"
    storage.keep_game(past)
    past.finished_at, past.practice, past.advised = "2026-01-02T10:00:00", True, (1,)
    storage.keep_game(past)
    app = App(storage, (1280, 720))
    app.start()
    app.step(0.02)
    app.stack.push(PastGamesScene())
    app.step(0.02)
    listing = next(w for w in app.stack.top.group.widgets if isinstance(w, ListView))
    tags = {row[0]: tuple(getattr(row[1], "tags", ())) for row in listing.rows}
    assert tags["2026-01-02 10:00"] == (t("replay.tag.practice"), t("replay.tag.advised"))
    assert tags["2026-01-01 10:00"] == ()
    app.shutdown()
