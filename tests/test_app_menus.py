"""The real app, headless: real pygame events posted to the real frame loop; scene transitions and settings."""

import json

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.app.main import App
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.app.scenes.settings import SettingsScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.storage import Storage
from registry_games import sample_game


def widget(scene, name):
    return next(w for w in scene.group.widgets if w.name == name)


def click(app, pos, frames=2):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.step(dt=1 / 60)


def key(app, k, mod=0, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    for _ in range(frames):
        app.step(dt=1 / 60)


def test_title_then_new_game_then_escape_back(app):
    assert isinstance(app.stack.top, TitleScene)
    assert widget(app.stack.top, "continue").enabled is False  # no save yet
    click(app, widget(app.stack.top, "new").rect.center, frames=1)
    assert isinstance(app.stack.top, SetupScene)
    assert app._fade is not None  # the title cross-fades into the setup screen
    for _ in range(12):
        app.step(dt=1 / 60)
    assert app._fade is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1


def test_keyboard_navigation_opens_rules_and_turns_pages(app):
    title = app.stack.top
    order = [w.name for w in title.group.widgets if w.enabled]
    key(app, pygame.K_TAB)  # the focus starts on the default entry: the first key shows its ring there
    start = title.default_button().name
    assert title.group.focused.name == start and title.group.focused.focused
    for _ in range((order.index("rules") - order.index(start)) % len(order)):
        key(app, pygame.K_DOWN)
    assert title.group.focused.name == "rules"
    key(app, pygame.K_RETURN)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.page == 0 and len(rules.pages) >= 5
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert rules.page == 2
    click(app, widget(rules, "prev").rect.center)
    assert rules.page == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_settings_change_applies_at_once_and_persists(app, tmp_path):
    click(app, widget(app.stack.top, "settings").rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    language = widget(settings, "language")
    for _ in range(len(i18n.LANGUAGES)):  # the › arrow, until French (the languages are in catalog order)
        click(app, (widget(app.stack.top, "language").rect.right - 20, language.rect.centery))
        if app.settings.language == "fr":
            break
    assert app.settings.language == "fr"
    assert widget(app.stack.top, "back").text == "Retour"  # rebuilt in French at once
    mute = widget(app.stack.top, "mute")
    click(app, mute.rect.center)
    assert app.settings.muted is True
    saved = json.loads(app.storage.settings_path.read_text(encoding="utf-8"))
    assert saved["language"] == "fr" and saved["muted"] is True
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    assert widget(app.stack.top, "new").text == "Nouvelle partie"
    # a new launch reads them back
    again = App(Storage(tmp_path), (1280, 720))
    assert again.settings.language == "fr" and again.settings.muted is True


def test_slider_follows_keyboard_arrows(app):
    click(app, widget(app.stack.top, "settings").rect.center)
    volume = widget(app.stack.top, "volume")
    track = volume._track.move(volume.rect.topleft)
    click(app, (track.x + track.w // 2, track.centery))  # the knob jumps to the middle of the track
    assert app.settings.volume == pytest.approx(0.5)
    key(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(0.45)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.volume == pytest.approx(0.55)


def test_damaged_save_is_reported_and_moved_aside(app):
    store = app.storage
    store.save_path.parent.mkdir(parents=True, exist_ok=True)
    store.save_path.write_text('{"kind": "lama-desktop-save", "save_version": 1, "game": "la')
    app.stack.top.build()  # the title re-reads the save's preview through the file door
    assert widget(app.stack.top, "continue").enabled is False
    app.step(dt=1 / 60)
    message = app.stack.top
    assert isinstance(message, MessageScene)
    moved = list(store.save_dir.glob("autosave.json.damaged-*"))
    assert len(moved) == 1 and str(moved[0]) in message.text and "cut off" in message.text
    assert not store.save_path.exists()
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
    assert widget(app.stack.top, "continue").enabled is False


def test_damaged_settings_show_a_message_at_launch(tmp_path):
    store = Storage(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text("{ not json")
    application = App(store, (1280, 720))
    application.start()
    application.step(dt=1 / 60)
    try:
        assert isinstance(application.stack.top, MessageScene)
        assert application.settings.language == "en"
        key(application, pygame.K_ESCAPE)
        assert isinstance(application.stack.top, TitleScene)
    finally:
        application.shutdown()


def test_setup_refuses_duplicate_names_and_keeps_its_seats(app):
    click(app, widget(app.stack.top, "new").rect.center)
    setup = app.stack.top
    count = widget(setup, "count")
    click(app, (count.rect.right - 20, count.rect.centery))
    assert len(setup.seats) == 5
    name = widget(setup, "name1")
    click(app, name.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE, frames=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=setup.seats[0].name))
    app.step(dt=1 / 60)
    assert setup.seats[1].name == setup.seats[0].name
    click(app, widget(setup, "start").rect.center)
    assert app.stack.top is setup and setup.error  # refused with a reason, nothing started


def test_statistics_screen_lists_recorded_games(app):
    app.storage.record_result(sample_game(), ["Anna", "Bruno"], [12, 44], [0])
    click(app, widget(app.stack.top, "stats").rect.center)
    stats = app.stack.top
    assert isinstance(stats, StatisticsScene)
    rows = widget(stats, "list").rows
    assert rows[0][0] == "Anna" and rows[0][2] == "1"


def test_resize_is_clamped_and_rebuilds_layouts(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step(dt=1 / 60)
    assert app.size == (1920, 1080)
    big = widget(app.stack.top, "new").rect.width
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
    app.step(dt=1 / 60)
    assert app.size == (1280, 720)
    assert widget(app.stack.top, "new").rect.width < big
    app.shutdown()  # the window size is saved once the resizing settles (here: at exit)
    assert json.loads(app.storage.settings_path.read_text())["window_size"] == [1280, 720]


def test_leaving_fullscreen_restores_the_window_size_despite_the_switchs_late_resize(app):
    # the fullscreen switch's own resize (the desktop size) can arrive after F11 was pressed again
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 860), w=1500, h=860))
    app.step(dt=1 / 60)
    assert app.size == (1500, 860)
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step(dt=1 / 60)
    assert app.size == (1500, 860) and app.windowed_size == (1500, 860)


def test_quit_button_ends_the_loop(app):
    click(app, widget(app.stack.top, "quit").rect.center, frames=1)
    assert app.running is False and app.exit_code == 0


@pytest.mark.slow
def test_a_whole_bot_game_through_the_real_scenes(tmp_path):
    from lama_desktop.app.scenes.results import ResultsScene
    from lama_desktop.app.smoke import SmokeDriver

    application = App(Storage(tmp_path), (1280, 720), smoke_test=True)
    driver = SmokeDriver(application, level="easy")
    application.frame_hooks.append(driver)
    code = application.run(max_seconds=240)
    assert code == 0 and driver.finished, driver.report()
    assert any("results" in step for step in driver.steps)
    assert isinstance(application.stack.top, ResultsScene)


def test_setup_remembers_the_last_table(app):
    click(app, widget(app.stack.top, "new").rect.center)
    setup = app.stack.top
    count = widget(setup, "count")
    click(app, (count.rect.x + count._arrows[0].centerx, count.rect.centery))  # ‹ : one player fewer
    assert len(setup.seats) == 3
    variant = widget(setup, "variant-drama")
    click(app, variant.rect.center)
    assert "drama" in setup.variants
    click(app, widget(setup, "start").rect.center)
    assert not isinstance(app.stack.top, SetupScene)  # the table opened
    assert app.settings.last_setup["variants"] == ["drama"] and len(app.settings.last_setup["seats"]) == 3
    app.to_title()
    app.step(dt=1 / 60)
    click(app, widget(app.stack.top, "new").rect.center)
    again = app.stack.top
    assert isinstance(again, SetupScene)
    assert len(again.seats) == 3 and again.variants == {"drama"}
    assert [s.name for s in again.seats] == [s.name for s in setup.seats]


@pytest.mark.parametrize("third, expected", [
    ("human", ["Gracz 1", "Anna", "Bob"]),  # two humans: the default is numbered (see test_hotseat_names)
    ("bot", ["Ty", "Anna", "Bob"]),  # a lone human: "You"
])
def test_the_remembered_default_you_follows_the_language(app, third, expected):
    app.update_settings(last_setup={"game": sample_game(), "variants": [], "first_dealer": 0,
                                    "seats": [{"name": "You", "kind": "human"}, {"name": "Anna", "kind": "bot"},
                                              {"name": "Bob", "kind": third}]})
    app.update_settings(language="pl")
    click(app, widget(app.stack.top, "new").rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert [s.name for s in setup.seats] == expected  # a chosen name is never touched


def test_a_save_without_its_seats_is_reported_not_a_crash(app):
    from lama_desktop.engine.record import GameRecord

    record = GameRecord(sample_game(), 3, (), 5, {})
    state = record.new_state()
    record.play(state, state.legal_moves()[0])
    app.storage.autosave(record, state, {})  # a foreign writer forgot the seats
    app.stack.top.build()
    click(app, widget(app.stack.top, "continue").rect.center)
    assert isinstance(app.stack.top, MessageScene)
    aside = app.storage.data_dir / "set-aside"
    assert not app.storage.has_save() and list(aside.glob("save-autosave.json.damaged-*"))


def test_long_rules_pages_scroll_with_the_keyboard_and_the_wheel(app):
    app.update_settings(language="pl")
    rules = RulesScene(sample_game())
    app.stack.push(rules)
    app.step(dt=1 / 60)
    overflowing = None
    for page in range(len(rules.pages)):
        rules.page = page
        rules.build()
        app.step(dt=1 / 60)
        if rules._content.get_height() > rules._view_rect().h:
            overflowing = page
            break
    assert overflowing is not None, "at 1280x720 some rules page is longer than the panel"
    key(app, pygame.K_PAGEDOWN)
    assert rules.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False, precise_x=0.0, precise_y=10.0))
    app.step(dt=1 / 60)
    assert rules.scroll == 0


def test_widget_group_focus_skips_disabled_widgets_and_wraps(app):
    from lama_desktop.app.widgets import Button, Cycler, WidgetGroup

    pressed = []
    group = WidgetGroup()
    a = group.add(Button("A", lambda: pressed.append("a"), rect=(0, 0, 100, 40), name="a"))
    group.add(Button("B", lambda: pressed.append("b"), rect=(0, 50, 100, 40), name="b", enabled=False))
    c = group.add(Cycler("C", [(1, "one"), (2, "two"), (3, "three")], 3, lambda v: pressed.append(v),
                         rect=(0, 100, 300, 40), name="c", wrap=False))

    def press(k, mod=0):
        return group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))

    press(pygame.K_TAB)
    assert group.focused is a
    press(pygame.K_TAB)
    assert group.focused is c  # the disabled button is skipped
    press(pygame.K_RIGHT)
    assert c.value == 3 and pressed == []  # no wrap past the last option
    press(pygame.K_LEFT)
    assert c.value == 2 and pressed == [2]
    press(pygame.K_TAB)
    assert group.focused is a  # wraps around
    press(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert group.focused is c
    press(pygame.K_UP)
    press(pygame.K_RETURN)
    assert pressed == [2, "a"]


def test_text_field_keeps_to_its_length_and_edits(app):
    from lama_desktop.app.widgets import TextField, WidgetGroup

    changes = []
    group = WidgetGroup()
    field = group.add(TextField("Ann", changes.append, max_len=5, rect=(0, 0, 200, 40), name="f"))
    group.set_focus(field)
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="abcdef"))
    assert field.text == "Annab" and changes[-1] == "Annab"
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    assert field.text == "Anna"
    # Space and Left/Right belong to the text while typing; Escape leaves the field without leaving the screen
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    assert field.text == "Anna"
    backs = []
    group.on_back = lambda: backs.append(1)
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert group.focused is None and backs == []


def test_escape_on_the_title_asks_before_quitting(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MessageScene) and app.running
    key(app, pygame.K_ESCAPE)  # Escape = Cancel
    assert isinstance(app.stack.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    click(app, widget(app.stack.top, "b0").rect.center, frames=1)
    assert app.running is False


def test_the_results_chart_labels_the_end_line_at_its_left_end_clear_of_the_final_scores(app):
    # the game ends when someone passes 40: at the right end the loser's line crosses the label
    from lama_desktop.app.scenes.results import ResultsScene
    from lama_desktop.app.scenes.shots import sample_results

    scene = ResultsScene(sample_results())
    app.stack.push(scene)
    for _ in range(3):
        app.step(dt=1 / 60)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    tag = scene.end_tag_rect
    assert tag.width > 0 and tag.right < app.size[0] * 0.6
