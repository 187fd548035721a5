"""The results chart starts from the real starting position (app/scenes/results.py, ``GameResults.start_scores``):
at Cadabra everyone starts with three white tokens, so every line starts at 3, not at 0."""

from __future__ import annotations

import pygame

from frames import fast_app
from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig
from lama_desktop.games import plugin


def _chart(app, results):
    from lama_desktop.app.scenes.results import ResultsScene

    scene = ResultsScene(results)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.running = True
    app.step(1 / 30)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    return scene.chart_points


def test_a_cadabra_game_hands_its_starting_tokens_to_the_results(tmp_path):
    from lama_desktop.games.cadabra.components import START_WHITES

    app = fast_app(tmp_path, (1280, 720))
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "bot", "medium"), SeatConfig("Cy", "bot", "medium")]
    table = plugin("lama-cadabra").opener()(app, GameConfig("lama-cadabra", seats, (), 0, seed=3))
    app.stack.push(table)
    app.running = True
    app.step(1 / 30)
    table._to_results()
    app.stack.apply_pending()
    results = app.stack.top.results
    assert results.start_scores == (START_WHITES,) * 3 and START_WHITES == 3
    app.shutdown()


def test_the_chart_first_point_is_the_starting_score(tmp_path):
    app = fast_app(tmp_path, (1280, 720))
    config = GameConfig("lama-cadabra", [SeatConfig("Ann", "human"), SeatConfig("Bo", "bot", "medium")], (), 0)
    rounds = [[12, 4], [24, 13]]
    bare = _chart(app, GameResults(config, rounds, rounds[-1], [1]))
    started = _chart(app, GameResults(config, rounds, rounds[-1], [1], start_scores=(3, 3)))
    for seat in (0, 1):
        (x0, zero), (_x1, y1) = bare[seat][0], bare[seat][1]
        value = rounds[0][seat]
        expected = zero + (y1 - zero) * 3 / value  # where 3 lies on this chart's scale
        assert started[seat][0][0] == x0 and abs(started[seat][0][1] - expected) <= 1
        assert started[seat][0][1] < zero  # above the 0 line
        assert started[seat][1:] == bare[seat][1:]
    app.shutdown()
