"""The LAMA Dice lesson's screenshots (``app/table/tutorial_shots.play_to``) stage the lesson by skipping its
animations: its toasts age on the time of play, so no moment's toast outlives its life over a later step (a
"Round 2" toast once covered the dice of the lesson's third step). Moved from tests/test_shot_toasts.py, which
tests the play clock on any game."""

from __future__ import annotations

from frames import fast_app


def test_the_lesson_shots_show_no_toast_play_would_have_faded(tmp_path):
    from lama_desktop.app.table.tutorial_shots import play_to

    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    table = play_to(app, "lama-dice", "match")
    for _ in range(30):  # the frames the screenshot tool runs before the picture
        app.step(1 / 60)
    assert table.toast_clock == "play"
    assert not [toast.text for toast in table.toasts if toast.big], "a moment's toast outlived its life"
