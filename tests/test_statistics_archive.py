"""The statistics read from the archive: per game and player, per opponent level (the people's games against the
strongest bot at their table), a win rate over time, practice and advice games apart, and the screen showing each."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.storage import Storage
from registry_games import sample_game


def end(store, level_of_bots, won: bool, when: str, practice=False, advised=()):
    seats = [SeatConfig("Anna", "human"), SeatConfig("Bruno", "bot", level_of_bots[0]),
             SeatConfig("Carla", "bot", level_of_bots[1])]
    store.finish_game(None, game_id=sample_game(), seats=seats, scores=[10, 30, 20] if won else [40, 5, 20],
                      winners=[0] if won else [1], finished_at=when, practice=practice, advised=advised)


def test_win_rate_and_points_per_opponent_level(tmp_path):
    store = Storage(tmp_path)
    end(store, ("easy", "hard"), True, "2026-01-01T10:00:00")  # against hard: the strongest at the table
    end(store, ("hard", "hard"), False, "2026-01-02T10:00:00")
    end(store, ("easy", "easy"), True, "2026-01-03T10:00:00")
    end(store, ("easy", "easy"), True, "2026-01-04T10:00:00", practice=True)  # practice: apart
    end(store, ("easy", "easy"), False, "2026-01-05T10:00:00", advised=(0,))  # advised: apart
    levels = {r["opponents"]: r for r in store.statistics_by_level(sample_game())}
    assert set(levels) == {"hard", "easy"}
    assert (levels["hard"]["games"], levels["hard"]["win_rate"], levels["hard"]["average"]) == (2, 0.5, 25.0)
    assert (levels["easy"]["games"], levels["easy"]["win_rate"]) == (1, 1.0)
    anna = next(r for r in store.statistics() if r["name"] == "Anna")
    assert (anna["games"], anna["wins"], anna["practice"], anna["advised"]) == (3, 2, 1, 1)


def test_win_rate_over_time_in_equal_runs_oldest_first(tmp_path):
    store = Storage(tmp_path)
    for n in range(24):
        end(store, ("easy", "medium"), n >= 12, f"2026-{1 + n // 4:02d}-01T10:00:{n:02d}")
    trend = store.statistics_over_time(sample_game())
    assert len(trend) == 12 and sum(games for _w, _r, games in trend) == 24
    assert [rate for _w, rate, _g in trend] == [0.0] * 6 + [1.0] * 6
    assert trend[0][0] < trend[-1][0]


def test_reset_starts_the_statistics_again_and_keeps_the_past_games(tmp_path):
    store = Storage(tmp_path)
    end(store, ("easy", "hard"), True, "2026-01-01T10:00:00")
    store.reset_statistics()
    assert store.statistics() == [] and store.statistics_by_level(sample_game()) == []
    assert store.finished_count() == 1


@pytest.mark.parametrize("view", ["players", "levels"])
def test_the_screen_shows_each_view_and_the_chart(tmp_path, view):
    from lama_desktop.app.main import App
    from lama_desktop.app.scenes.statistics import StatisticsScene
    from lama_desktop.app.widgets import ListView

    i18n.set_language("en")
    store = Storage(tmp_path)
    for n in range(6):
        end(store, ("easy", "hard"), n % 2 == 0, f"2026-0{1 + n}-01T10:00:00")
    app = App(store, (1280, 720))
    app.warm_up = app.transitions = False
    try:
        app.start()
        app.step(1 / 60)
        scene = StatisticsScene()
        scene.view = view
        app.stack.push(scene)
        app.step(1 / 60)
        listing = next(w for w in scene.group.widgets if isinstance(w, ListView))
        first = [str(c) for c in listing.rows[0]]
        if view == "levels":
            assert first[:2] == ["Hard", "6"] and first[2] == i18n.percent(0.5)
        else:
            assert {row[0] for row in listing.rows} == {"Anna", "Bruno", "Carla"}
        assert len(scene.trend) == 6 and scene.chart.w > 0
    finally:
        app.shutdown()
