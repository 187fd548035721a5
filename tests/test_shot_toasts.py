"""Screenshots stage a game by skipping or speeding up its animations; the toasts must age on that same time of
play (``TableScene.toast_clock = "play"``, ``Tweener.clock``), or a toast frozen long past its life covers a later
moment (a "Round 2" toast over the dice of the lesson's third step: that check is in LAMA Dice's own tests)."""

from __future__ import annotations

from lama_desktop.app.table.toasts import Toast
from lama_desktop.app.table.tween import Sprite, Tweener
from lama_desktop.games import GAMES
from frames import fast_app
from registry_games import sample_game


def test_the_play_clock_runs_with_the_animations_and_a_skip_moves_it_by_what_they_had_left():
    tween = Tweener(2.0)
    sprite = Sprite(None, 0, 0)
    tween.update(0.5)
    assert tween.clock == 1.0  # half a second of frames at speed 2: a second of play
    tween.animate(sprite, duration=3.0, x=10)  # 1.5 s of frames at speed 2
    tween.update(0.5)
    tween.animate(sprite, duration=1.0, delay=2.0, on_finished=lambda: tween.animate(sprite, duration=4.0, y=5),
                  x=20)
    before = tween.clock
    tween.skip()
    # left: max(1.0, 1.0 + 0.5) = 1.5 s of frames, then the chained 2.0 s: 3.5 s of frames = 7 s of play
    assert abs(tween.clock - before - 7.0) < 1e-9
    assert (sprite.x, sprite.y) == (20, 5) and not tween.busy


def _staged_table(tmp_path):
    from lama_desktop.core.session import GameSession
    from lama_desktop.app.table.shots import push_table, seats

    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    session = GameSession.new(sample_game(), seats(3), seed=3)
    return app, push_table(app, GAMES[sample_game()].table(), session)


def test_a_staged_table_drops_a_toast_once_the_skipped_play_outlived_it_and_keeps_a_fresh_one(tmp_path):
    app, scene = _staged_table(tmp_path)
    assert scene.toast_clock == "play"
    app.step(1 / 60)
    scene.toasts[:] = []
    old = Toast("old news", 1.3, True)
    scene.toasts.append(old)
    app.step(1 / 60)
    scene.tween.animate(Sprite(None, 0, 0), duration=2.0, x=1)  # two seconds of play, skipped at once
    scene.tween.skip()
    app.step(1 / 60)
    assert old not in scene.toasts  # 2 s of play went by: its 1.3 s are over, as they would be in play
    fresh = Toast("just now", 1.3, True)
    scene.toasts.append(fresh)
    for _ in range(10):
        app.step(1 / 60)
    assert fresh in scene.toasts


def test_in_play_toasts_age_on_the_frames_whatever_is_skipped(tmp_path):
    from lama_desktop.app.tables import open_table
    from lama_desktop.core.gameconfig import GameConfig
    from lama_desktop.app.table.shots import seats

    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    scene = open_table(app, GameConfig(sample_game(), seats(3), (), 0, seed=3))
    app.stack.push(scene)
    app.stack.apply_pending()
    assert scene.toast_clock == "frames"
    toast = Toast("a refusal", 1.3)
    scene.toasts.append(toast)
    scene.tween.animate(Sprite(None, 0, 0), duration=5.0, x=1)
    scene.tween.skip()  # the player clicked: the animations end, the words stay to be read
    app.step(1 / 60)
    assert toast in scene.toasts and toast.age < 0.1
