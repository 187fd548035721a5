"""Small slips of issue 23 on the menus: the first Enter on the title chooses, Settings at 115% keeps its card preview
and footer inside the window, the setup's first-player row clears its panel's border, Llama Land's prompt offers only
what can be done, Past games names every score, statistics show no "0%" for no game, an export says it worked."""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.app.main import App
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.storage import Storage
from registry_games import sample_game


def key(app, k, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="\r", scancode=0))
    for _ in range(frames):
        app.step(dt=1 / 60)


def fresh_app(size=(1280, 720), save=False):
    app = App(Storage(Path(tempfile.mkdtemp(prefix="lama-polish-"))), size)
    if save:
        from lama_desktop.app.scenes.shots import write_sample_save

        write_sample_save(app)
    app.start()
    app.step(dt=1 / 60)
    return app


# -- the title -----------------------------------------------------------------------------------------------------
def test_the_first_enter_on_the_title_continues_the_saved_game():
    app = fresh_app(save=True)
    try:
        title = app.stack.top
        assert title.name == "title" and not title.group.focused.focused  # on the default entry, no ring yet
        assert title.default_button().name == "continue" and title.group.focused.name == "continue"
        key(app, pygame.K_RETURN)
        for _ in range(20):
            app.step(dt=1 / 60)
        assert app.stack.top is not title and hasattr(app.stack.top, "session")  # the game's table, at once
    finally:
        app.shutdown()


def test_the_first_enter_on_the_title_without_a_save_opens_its_gold_entry():
    app = fresh_app()
    try:
        title = app.stack.top
        gold = title.default_button()
        assert gold is not None and gold.style == "primary" and gold.enabled
        key(app, pygame.K_RETURN)
        assert app.stack.top is not title
    finally:
        app.shutdown()


def test_arrows_still_move_the_focus_before_enter_chooses():
    app = fresh_app()
    try:
        title = app.stack.top
        key(app, pygame.K_DOWN)
        assert title.group.focused is not None and app.stack.top is title
    finally:
        app.shutdown()


# -- settings -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
@pytest.mark.parametrize("code", ["en", "pl"])
def test_settings_keep_the_card_preview_and_the_footer_in_the_window(size, scale, code):
    from lama_desktop.app.scenes.settings import SettingsScene

    app = fresh_app(size)
    try:
        app.update_settings(ui_scale=scale, language=code)
        scene = SettingsScene()
        app.stack.push(scene)
        app.stack.apply_pending()
        app.step(dt=1 / 60)
        scene.draw(app.screen)
        window = pygame.Rect((0, 0), size)
        assert scene.footer.top >= scene.panel.bottom and window.contains(scene.footer)
        if size == (1280, 720) and scale == 1.0 or size == (1920, 1080):
            assert scene.preview is not None  # the preview shows where there is room for it
        for rect in getattr(scene, "preview_rects", []) if scene.preview is not None else []:
            assert window.contains(rect) and not rect.colliderect(scene.panel)
    finally:
        app.shutdown()
        i18n.set_language("en")


# -- setup ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
def test_the_first_player_row_clears_the_panels_bottom_in_every_game(size, scale):
    from lama_desktop.games import GAMES

    app = fresh_app(size)
    try:
        app.update_settings(ui_scale=scale)
        for game in GAMES:
            setup = SetupScene(game)
            app.stack.push(setup)
            app.stack.apply_pending()
            app.step(dt=1 / 60)
            row = next(w for w in setup.group.widgets if w.name == "dealer")
            variants = [w.rect for w in setup.group.widgets if w.name.startswith("variant-")]
            assert setup.left.bottom - row.rect.bottom >= setup.ui.s(16), (game, scale)
            assert all(v.bottom <= row.rect.top for v in variants), game
            app.stack.pop()
            app.stack.apply_pending()
    finally:
        app.shutdown()


# -- past games and statistics ----------------------------------------------------------------------------------------
def test_past_games_name_every_score_and_who_won():
    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.app.scenes.past_games import players_text, result_text

    past = SimpleNamespace(seats=[SeatConfig("Anna"), SeatConfig("Bruno", "bot"), SeatConfig("Carla", "bot")],
                           scores=[35, 27, 53], winners=[1])
    past.names = [s.name for s in past.seats]
    i18n.set_language("en")
    assert players_text(past) == "Anna 35 · Bruno 27 · Carla 53"
    assert result_text(past) == "Won: Bruno"
    past.winners = [0, 1]
    assert result_text(past) == "Won: Anna and Bruno"


def test_statistics_show_no_rate_for_a_player_without_a_counted_game():
    from lama_desktop.app.scenes.statistics import NO_RATE, rates

    i18n.set_language("en")
    assert rates({"games": 0, "wins": 0, "win_rate": 0.0, "average": 0.0}) == [NO_RATE, NO_RATE]
    assert rates({"games": 4, "wins": 1, "win_rate": 0.25, "average": 31.5}) == ["25%", "31.5"]


def test_the_statistics_screen_shows_a_dash_for_a_bot_that_only_played_with_advice(tmp_path):
    from lama_desktop.app.scenes.statistics import NO_RATE, StatisticsScene

    app = fresh_app()
    try:
        app.storage.record_result(sample_game(), ["Carla", "Bruno"], [10, 30], [0], advised=[0])  # Carla: advised only
        app.storage.record_result(sample_game(), ["Anna", "Bruno"], [12, 8], [1])
        scene = StatisticsScene()
        app.stack.push(scene)
        app.stack.apply_pending()
        app.step(dt=1 / 60)
        listing = next(w for w in scene.group.widgets if w.name == "list")
        rows = {str(row[0]): row for row in listing.rows}
        assert rows["Carla"][1] == "0" and rows["Carla"][3:5] == [NO_RATE, NO_RATE]
        assert rows["Anna"][3] == "0%" and rows["Bruno"][3] == "50%"  # a real rate stays a rate
    finally:
        app.shutdown()


# -- the export's message ---------------------------------------------------------------------------------------------
def test_a_done_export_shows_a_success_badge_not_a_warning(tmp_path):
    from lama_desktop.app.scenes.message import SUCCESS, MessageScene
    from lama_desktop.app.scenes.replay import ReplayScene
    from test_past_games import finished_game

    app = fresh_app()
    try:
        past, _final = finished_game(sample_game())
        viewer = ReplayScene(past)
        app.stack.push(viewer)
        app.stack.apply_pending()
        app.step(0.02)
        viewer.export()
        app.stack.apply_pending()
        message = app.stack.top
        assert isinstance(message, MessageScene) and message.icon == "success"
        app.step(0.02)
        surface = pygame.Surface(app.size)
        message.draw(surface)
        centre = (message.panel.centerx - message.ui.s(30), message.panel.y - message.ui.s(4))
        assert tuple(surface.get_at(centre))[:3] == SUCCESS
    finally:
        app.shutdown()
