"""The advisor's calibration maps (issue 30, ``lama_desktop.calibration_map``): isotonic fitting turns a
miscalibrated source into true chances, the map never decreases (the moves keep the bot's order), the advisor
shows every chance through the game's shipped map, and a missing or damaged map means raw estimates and a log
line. Fitting them is ``python -m lama_desktop.train`` (tests/test_train_calibration.py)."""

from __future__ import annotations

import json
import logging
import random

import pytest

from lama_desktop import advice, calibration, calibration_map
from lama_desktop.calibration_map import CalibrationMap, fit
from lama_desktop.resources import PACKAGE_DIR
from registry_games import GAMES, game_ids, sample_game


@pytest.fixture(autouse=True)
def fresh_maps():
    calibration_map.forget()
    yield
    calibration_map.forget()


def overconfident_pairs(count: int, seed: int) -> list[tuple[float, float]]:
    """A source whose estimate e means a true chance of 0.1 + 0.4 e (the advisor's fault: sure of itself)."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        e = rng.random()
        pairs.append((e, 1.0 if rng.random() < 0.1 + 0.4 * e else 0.0))
    return pairs


def test_fitting_a_miscalibrated_source_gives_true_chances_on_fresh_pairs():
    cal = fit(overconfident_pairs(6000, 1))
    held = overconfident_pairs(40000, 2)  # many: a bucket of 40 alone is several points of noise
    raw_report = calibration.report(held)
    fixed = calibration.report([(cal(e), o) for e, o in held])
    assert raw_report["max_gap_pts"] > 20  # the source: up to 40 points off at the top
    assert fixed["max_gap_pts"] <= 5.0
    for raw in (0.05, 0.5, 0.95):
        assert cal(raw) == pytest.approx(0.1 + 0.4 * raw, abs=0.06)


def test_the_map_never_decreases_and_stays_off_certainty():
    rng = random.Random(5)
    noisy = [(rng.random(), float(rng.random() < 0.5)) for _ in range(500)] + [(0.99, 1.0)] * 3
    cal = fit(noisy)
    grid = [i / 200 for i in range(201)]
    values = [cal(x) for x in grid]
    assert all(a <= b for a, b in zip(values, values[1:], strict=False))
    assert all(calibration_map.EDGE <= v <= 1 - calibration_map.EDGE for v in values)
    assert min(cal.xs) >= 0 and len(cal.xs) == len(cal.ys)


def test_pool_adjacent_violators_on_a_small_case():
    # outcomes 0, 1, 0, 1 at 0.1 .. 0.4 with blocks of one allowed: the violating middle pair is pooled to 0.5
    cal = fit([(0.1, 0.0), (0.2, 1.0), (0.3, 0.0), (0.4, 1.0)], min_block=1)
    assert cal.xs == (0.1, 0.25, 0.4)
    assert cal.ys == (calibration_map.EDGE, 0.5, 1 - calibration_map.EDGE)
    assert cal(0.175) == pytest.approx((calibration_map.EDGE + 0.5) / 2)
    assert cal(0.0) == cal.ys[0] and cal(1.0) == cal.ys[-1]


def test_small_blocks_are_pooled_so_a_lone_tail_position_proves_nothing():
    pairs = [(0.2, 0.0)] * 30 + [(0.3, 1.0)] * 10 + [(0.3, 0.0)] * 20 + [(0.95, 1.0)]
    cal = fit(pairs)  # the lone 95% win is pooled with the 30% block
    assert cal(0.95) < 0.5


def test_a_damaged_map_is_refused():
    with pytest.raises(ValueError):
        CalibrationMap((0.1, 0.2), (0.5, 0.4))  # decreasing
    with pytest.raises(ValueError):
        calibration_map.parse_file({"kind": calibration_map.KIND, "version": 1, "maps": {"g": {"4": {"x": [2]}}}})


def position_of(game_id: str):
    """A position with a real choice for the first seat to move in a seeded game."""
    plugin = GAMES[game_id]
    state = plugin.spec.new(plugin.sample_players, (), 11)
    return state.view(state.current_player)


def write_map(path, game_id: str, players: int, cal: CalibrationMap) -> None:
    path.write_text(json.dumps({"kind": calibration_map.KIND, "version": calibration_map.VERSION,
                                "maps": {game_id: {str(players): cal.to_json()}}}), encoding="utf-8")


def test_the_advisor_shows_every_chance_through_the_shipped_map(monkeypatch, tmp_path):
    game_id = sample_game()
    view = position_of(game_id)
    known = CalibrationMap((0.0, 1.0), (0.2, 0.6))  # shown = 0.2 + 0.4 raw
    write_map(tmp_path / "calibration.json", game_id, view.num_players, known)
    monkeypatch.setattr(calibration_map, "data_file", lambda plugin: tmp_path / "calibration.json")
    raw = advice.advise_raw(view)
    shown = advice.advise(view)
    assert [e.move for e in shown] == [e.move for e in raw]  # the bot's order
    assert [e.win for e in shown] == pytest.approx([0.2 + 0.4 * e.win for e in raw])
    assert [e.reason for e in shown] == [e.reason for e in raw]


@pytest.mark.parametrize("content", [None, "{not json", '{"kind": "other"}',
                                     '{"kind": "lama-advisor-calibration", "version": 1, "maps": {"%s": '
                                     '{"%d": {"x": [0.1, 0.05], "y": [0.2, 0.3]}}}}'])
def test_a_missing_or_damaged_map_leaves_raw_estimates_and_a_log_line(monkeypatch, tmp_path, caplog, content):
    game_id = sample_game()
    view = position_of(game_id)
    path = tmp_path / "calibration.json"
    if content is not None:
        path.write_text(content.replace("%s", game_id).replace("%d", str(view.num_players)), encoding="utf-8")
    monkeypatch.setattr(calibration_map, "data_file", lambda plugin: path)
    with caplog.at_level(logging.INFO, logger=calibration_map.__name__):
        shown = advice.advise(view)
    assert [e.win for e in shown] == [e.win for e in advice.advise_raw(view)]
    assert any("raw estimates" in record.getMessage() for record in caplog.records)
    if content is not None:
        assert path.read_text(encoding="utf-8").startswith(content[:5])  # never touched


def test_a_seat_count_without_a_map_shows_raw_estimates(monkeypatch, tmp_path):
    game_id = sample_game()
    view = position_of(game_id)
    write_map(tmp_path / "calibration.json", game_id, view.num_players + 1, CalibrationMap((0.5,), (0.9,)))
    monkeypatch.setattr(calibration_map, "data_file", lambda plugin: tmp_path / "calibration.json")
    assert [e.win for e in advice.advise(view)] == [e.win for e in advice.advise_raw(view)]


def shipped(game_id: str) -> bool:
    """A game of the app's own package (a contract test's toy game ships no map: it runs on raw estimates)."""
    return calibration_map.game_folder(GAMES[game_id]).is_relative_to(PACKAGE_DIR)


@pytest.mark.parametrize("game_id", [g for g in game_ids() if shipped(g)])
def test_every_game_ships_a_map_for_its_sample_seat_count(game_id):
    plugin = GAMES[game_id]
    cal = calibration_map.for_game(plugin, plugin.sample_players)
    assert cal is not None, f"{calibration_map.data_file(plugin)} has no map for {plugin.sample_players} seats"
    assert cal(0.0) <= cal(0.5) <= cal(1.0)


def test_cross_validation_prefers_the_smoother_map_the_data_cannot_tell_apart():
    rng = random.Random(3)
    pairs = []
    for _ in range(3000):
        estimate = rng.random()
        pairs.append((round(estimate, 5), float(rng.random() < 0.1 + 0.6 * estimate)))
    scores = calibration_map.cross_validate(pairs)
    assert set(scores) == set(calibration_map.BLOCKS) and all(0.0 < s < 0.25 for s in scores.values())
    assert calibration_map.chosen_block({40: 0.2, 80: 0.2001, 160: 0.21}, tolerance=0.0002) == 80
    assert calibration_map.chosen_block({40: 0.2, 80: 0.2003, 160: 0.21}, tolerance=0.0002) == 40
    chosen = calibration_map.chosen_block(scores)
    assert scores[chosen] <= min(scores.values()) + calibration_map.TOLERANCE

