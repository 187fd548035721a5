"""Every file the app reads, damaged every way we know, through the player's real paths (issue 17).

Each case of the issue has a named regression test below: the app must not crash, the damaged bytes must survive
(in place, or moved aside as ``<name>.damaged-<time>``), and the player must be told in their language. The
generated fuzz cases (hundreds per file kind) are in ``tests/test_damaged_fuzz.py``.
"""

import errno
import json
import os
import stat

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.engine.record import GameRecord
from lama_desktop.filedoor import Damage, clean_name, parse_json, read_guarded
from lama_desktop.storage import Storage
from registry_games import sample_game
from store_docs import put_save_document, save_document
from store_docs import survivors as kept_saves

DEEP = "[" * 100_000 + "]" * 100_000
DIGITS_5001 = "7" * 5001
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


# --- helpers -------------------------------------------------------------------------------------------------------
def config_dict(names=("Anna", "Bruno", "Carla"), seed=11, first_dealer=0):
    seats = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "easy"} for i, n in enumerate(names)]
    return {"game": sample_game(), "seats": seats, "variants": [], "first_dealer": first_dealer, "seed": seed}


def write_save(store, moves=6, meta=None, names=("Anna", "Bruno", "Carla")):
    """A real autosave of a 3-player L.A.M.A. game ``moves`` moves in; returns its JSON as a dict."""
    config = GameConfig.from_dict(config_dict(names))
    record = GameRecord(sample_game(), 3, (), config.seed, {})
    state = record.new_state()
    for _ in range(moves):
        record.play(state, state.legal_moves()[0])
    store.autosave(record, state, {"config": config.to_dict()} if meta is None else meta)
    return json.loads(save_document(store))


def plant(path, content):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))


def survivors(path):
    """The bytes of ``path`` and of every ``<name>.damaged-*`` beside it."""
    found = []
    for p in [path, *sorted(path.parent.glob(path.name + ".damaged-*"))]:
        if p.is_file() and not p.is_symlink():
            found.append(p.read_bytes())
    return found


def start_app(store, size=(1280, 720)):
    app = App(store, size)
    app.told = []  # every message put on screen, dismissed or not
    push = app.stack.push

    def recording_push(scene):
        if isinstance(scene, MessageScene):
            app.told.append(scene)
        push(scene)

    app.stack.push = recording_push
    app.warm_up = False
    app.transitions = False
    app.start()
    app.step(dt=1 / 60)
    return app


def frames(app, n=2):
    for _ in range(n):
        app.step(dt=1 / 60)


def messages(app):
    """Every message the player was shown since the app started."""
    return list(app.told)


def open_messages(app):
    return [s for s in app.stack.scenes if isinstance(s, MessageScene)]


def dismiss_all(app):
    for _ in range(20):
        if not isinstance(app.stack.top, MessageScene):
            return
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        frames(app, 1)


def widget(scene, name):
    return next(w for w in scene.group.widgets if w.name == name)


@pytest.fixture
def store(tmp_path):
    return Storage(tmp_path)


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


# --- the door itself ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw, problem", [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"\xff\xfe{", "not_text"),
    (b'{"a": ', "not_json"),
    (DEEP.encode(), "too_deep"),
    (("[" * 60 + "]" * 60).encode(), "too_deep"),
    (b'{"x": ' + DIGITS_5001.encode() + b"}", "huge_number"),
    (b'{"x": 1e400}', "huge_number"),
    (b'{"x": -1e400}', "huge_number"),
    (b'{"x": NaN}', "huge_number"),
    (b'{"x": Infinity}', "huge_number"),
])
def test_the_door_turns_every_parse_failure_into_one_damage(raw, problem):
    with pytest.raises(Damage) as info:
        parse_json(raw)
    assert info.value.problem == problem


def test_the_door_turns_any_builder_error_into_damage(tmp_path):
    path = tmp_path / "f.json"
    path.write_text('{"a": [1]}')
    for error in (AttributeError("x"), TypeError("y"), KeyError("z"), OverflowError("w"), IndexError("v")):
        def build(data, error=error):
            raise error
        with pytest.raises(Damage) as info:
            read_guarded(path, build)
        assert info.value.problem == "bad_values"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_odd_file_kinds_are_damage_not_a_hang(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    target = tmp_path / "real.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    for path in (fifo, folder, link):
        with pytest.raises(Damage) as info:
            read_guarded(path, dict)
        assert info.value.problem == "odd_kind"


@pytest.mark.parametrize("raw, clean", [
    ("Anna", "Anna"),
    ("An\x00na", "Anna"),
    ("\u200d\u200d\u200d", "?"),
    ("\ud800", "?"),
    ("Bo\ud800b", "Bob"),
    ("  two   spaces\tand\ttabs ", "two spaces and tabs"),
    ("x" * 10_000, "x" * 24),
    ("\u202eevil", "evil"),
    ("Łucja Żółć", "Łucja Żółć"),
])
def test_names_are_cleaned_at_the_door(raw, clean):
    assert clean_name(raw) == clean


# --- settings ----------------------------------------------------------------------------------------------------
def assert_told(app, *words):
    texts = " ".join(m.title + " " + m.text for m in messages(app))
    assert texts, "the player was not told"
    for word in words:
        assert word in texts


def test_settings_deeply_nested_array_starts_with_defaults(store):
    plant(store.settings_path, DEEP)
    app = start_app(store)
    try:
        assert app.settings.language == "en"
        assert_told(app, i18n.t("common.damage.problem.too_deep"))
        assert survivors(store.settings_path) == [DEEP.encode()]
        assert not store.settings_path.exists()
    finally:
        app.shutdown()


def test_settings_window_size_1e400_starts_with_defaults(store):
    raw = '{"settings_version": 1, "window_size": [1e400, 900]}'
    plant(store.settings_path, raw)
    app = start_app(store)
    try:
        assert app.size == (1600, 900) or app.size == (1280, 720)
        assert_told(app, i18n.t("common.damage.problem.huge_number"))
        assert survivors(store.settings_path) == [raw.encode()]
    finally:
        app.shutdown()


def test_settings_version_of_10000_characters_is_told_at_once(store):
    raw = json.dumps({"settings_version": "9" * 10_000 + "x"})
    plant(store.settings_path, raw)
    app = start_app(store)
    try:
        assert_told(app, i18n.t("common.damage.problem.other_version"))
        assert survivors(store.settings_path) == [raw.encode()]
    finally:
        app.shutdown()


def test_damage_is_told_in_the_players_language(store):
    from lama_desktop.settings import Settings

    store.save_settings(Settings(language="fr"))
    plant(store.save_path, b"{truncated")
    app = start_app(store)
    try:
        assert app.settings.language == "fr"
        assert_told(app, i18n.t("common.damage.save_title"), "mis de côté")
    finally:
        app.shutdown()


@pytest.mark.parametrize("last_setup", [
    {"game": sample_game(), "seats": "x", "variants": [], "first_dealer": 0},
    {"game": sample_game(), "seats": [1, 2, 3], "variants": [], "first_dealer": 0},
    "__1e400__",
    {"game": sample_game(), "seats": [{"name": "A\x00b", "kind": "human", "level": "easy"},
                               {"name": "Bruno", "kind": "bot", "level": "easy"}], "variants": [], "first_dealer": 0},
])
def test_settings_last_setup_damaged_then_new_game_works(store, last_setup):
    if last_setup == "__1e400__":
        raw = ('{"settings_version": 1, "last_setup": {"game": %s, "seats": [{"name": "A"}, {"name": "B"}], '
               '"first_dealer": 1e400}}') % json.dumps(sample_game())
    else:
        raw = json.dumps({"settings_version": 1, "language": "en", "last_setup": last_setup})
    plant(store.settings_path, raw)
    app = start_app(store)
    try:
        dismiss_all(app)
        app.stack.top.on_new_game()
        frames(app)
        setup = app.stack.top
        assert isinstance(setup, SetupScene)
        assert all("\x00" not in seat.name for seat in setup.seats)
        frames(app)
        raw_bytes = raw.encode()
        assert raw_bytes in survivors(store.settings_path) or app.settings.last_setup["seats"][0]["name"] == "Ab"
    finally:
        app.shutdown()


def test_settings_with_a_nul_in_the_remembered_name_is_cleaned(store):
    raw = json.dumps({"settings_version": 1, "player_name": "Ann\x00a"})
    plant(store.settings_path, raw)
    settings, report = store.load_settings()
    assert settings.player_name == "Anna"
    assert report.action == "cleaned" and report.moved_to.read_bytes() == raw.encode()
    assert store.settings_path.read_bytes() == raw.encode()  # used as it is until the app saves its settings
    assert store.load_settings()[1] is None  # copied once, told once


def test_settings_folder_that_cannot_be_moved_keeps_the_file_untouched_and_says_so(store, monkeypatch):
    raw = "{ damaged"
    plant(store.settings_path, raw)
    import lama_desktop.filedoor as door

    monkeypatch.setattr(door.os, "rename", _refuse_inside(store.config_dir, door.os.rename))
    app = start_app(store)
    try:
        text = " ".join(m.text for m in messages(app))
        assert "could not be moved" in text and "moved aside" not in text
        app.update_settings(volume=0.3)  # a change is never written over the kept file
        assert store.settings_path.read_bytes() == raw.encode()
    finally:
        app.shutdown()
    assert store.settings_path.read_bytes() == raw.encode()


def _refuse_inside(folder, real):
    def guarded(src, dst, *args, **kwargs):
        if str(src).startswith(str(folder)):
            raise PermissionError(errno.EACCES, "Permission denied", str(src))
        return real(src, dst, *args, **kwargs)
    return guarded


def test_unreadable_data_and_config_folders_start_the_app(store, monkeypatch):
    """``PermissionError`` in ``remove_stale_temp_files`` / ``load_settings`` (simulated: tests may run as root)."""
    plant(store.settings_path, b'{"settings_version": 1}')
    plant(store.stats_path, b'{"stats_version": 1, "games": {}}')
    real_lstat = os.lstat

    def lstat(path, *args, **kwargs):
        if str(path).startswith(str(store.config_dir)) or str(path).startswith(str(store.data_dir)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_lstat(path, *args, **kwargs)

    def glob(self, pattern):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(os, "lstat", lstat)
    monkeypatch.setattr(os, "rename", _refuse_inside(store.data_dir, _refuse_inside(store.config_dir, os.rename)))
    monkeypatch.setattr(type(store.data_dir), "glob", glob)
    monkeypatch.setattr(type(store.data_dir), "is_dir", lambda self: True)
    app = start_app(store)
    try:
        assert_told(app, i18n.t("common.damage.problem.unreadable"))
        text = " ".join(m.text for m in messages(app))
        assert "could not be moved" in text and "moved aside" not in text
        app.update_settings(volume=0.2)
        app.stack.push(StatisticsScene())
        frames(app, 3)
        app.game_over(results())
        frames(app, 3)
    finally:
        app.shutdown()
        monkeypatch.undo()
    assert store.settings_path.read_bytes() == b'{"settings_version": 1}'
    assert store.stats_path.read_bytes() == b'{"stats_version": 1, "games": {}}'


@pytest.mark.skipif(ROOT or os.name != "posix", reason="root reads any folder; needs POSIX permissions")
def test_unreadable_config_folder_for_real(store):
    plant(store.settings_path, b'{"settings_version": 1}')
    os.chmod(store.config_dir, 0)
    try:
        app = start_app(store)
        app.shutdown()
    finally:
        os.chmod(store.config_dir, stat.S_IRWXU)
    assert store.settings_path.read_bytes() == b'{"settings_version": 1}'


# --- saves -------------------------------------------------------------------------------------------------------
def test_save_deeply_nested_array_is_told_at_continue(store):
    put_save_document(store, DEEP, sample_game())
    app = start_app(store)
    try:
        assert isinstance(app.stack.scenes[0], TitleScene)
        continue_from_title(app)
        assert_told(app, i18n.t("common.damage.problem.too_deep"))
        assert kept_saves(store.save_path) == [DEEP.encode()]
    finally:
        app.shutdown()


def continue_from_title(app):
    dismiss_all(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.build()
    frames(app, 1)
    dismiss_all(app)
    app.stack.top.on_continue()
    frames(app, 2)


@pytest.mark.parametrize("config", [[1], "x", 5, None, {"game": sample_game(), "seats": [1, 2, 3]},
                                    {"game": sample_game(), "seats": "abc"}])
def test_save_meta_config_of_the_wrong_type_then_new_game_keeps_a_copy(store, config):
    data = write_save(store)
    data["meta"]["config"] = config
    raw = json.dumps(data).encode()
    put_save_document(store, raw, sample_game())
    app = start_app(store)
    try:
        continue_from_title(app)
        assert messages(app), "the player was not told"
        assert raw in kept_saves(store.save_path)
        dismiss_all(app)
        app.start_game(GameConfig.from_dict(config_dict()))
        frames(app, 2)
        assert raw in kept_saves(store.save_path)  # New game never deletes it
    finally:
        app.shutdown()


@pytest.mark.parametrize("field, value", [("seed", "1e400"), ("first_dealer", "1e400"), ("seed", DIGITS_5001),
                                          ("first_dealer", DIGITS_5001)])
def test_save_config_numbers_beyond_reason(store, field, value):
    data = write_save(store)
    text = json.dumps(data).replace(f'"{field}": {data["meta"]["config"][field]}', f'"{field}": {value}', 1)
    assert value in text
    put_save_document(store, text, sample_game())
    app = start_app(store)
    try:
        continue_from_title(app)
        assert messages(app)
        assert text.encode() in kept_saves(store.save_path)
    finally:
        app.shutdown()


def test_save_with_a_5001_digit_integer_anywhere(store):
    data = write_save(store)
    text = json.dumps(data).replace('"players": 3', '"players": ' + DIGITS_5001, 1)
    put_save_document(store, text, sample_game())
    app = start_app(store)
    try:
        continue_from_title(app)
        assert_told(app, i18n.t("common.damage.problem.huge_number"))
        assert text.encode() in kept_saves(store.save_path)
    finally:
        app.shutdown()


@pytest.mark.parametrize("name, shown", [("Ann\x00a", "Anna"), ("\u200d\u200d", "?"), ("\ud800", "?"),
                                         ("x" * 10_000, "x" * 24)])
def test_save_seat_names_with_nul_zero_width_or_lone_surrogate_resume(store, name, shown):
    data = write_save(store)
    data["meta"]["config"]["seats"][0]["name"] = name
    text = json.dumps(data)  # \u escapes: a lone surrogate survives as JSON text
    put_save_document(store, text, sample_game())
    app = start_app(store)
    try:
        continue_from_title(app)
        table = next(scene for scene in app.stack.scenes if hasattr(scene, "session"))  # under the message
        assert table.session.names[0] == shown
        frames(app, 3)  # the table draws its name plates
        assert_told(app, i18n.t("common.damage.cleaned_title"))
        assert text.encode() in kept_saves(store.save_path)  # the original, copied aside before any autosave
    finally:
        app.shutdown()


def test_save_that_is_a_folder_then_new_game(store):
    store.save_path.mkdir(parents=True)
    (store.save_path / "inside.txt").write_text("mine")
    app = start_app(store)
    try:
        assert_told(app, i18n.t("common.damage.problem.odd_kind"))
        dismiss_all(app)
        app.start_game(GameConfig.from_dict(config_dict()))
        frames(app, 3)
        assert store.has_save()  # the new game's first autosave
        moved = list(store.save_dir.glob("autosave.json.damaged-*"))
        assert len(moved) == 1 and (moved[0] / "inside.txt").read_text() == "mine"
    finally:
        app.shutdown()


def test_read_only_database_new_game_tells_and_goes_on(store):
    write_save(store)
    before = save_document(store)
    app = start_app(store)
    try:
        store.database().conn.execute("PRAGMA query_only = ON")  # every write refused, as on a read-only disk
        app.start_game(GameConfig.from_dict(config_dict()))
        frames(app, 3)
        assert_told(app, i18n.t("common.damage.write.no_permission"))
        assert save_document(store) == before
    finally:
        store.database().conn.execute("PRAGMA query_only = OFF")
        app.shutdown()


def test_disk_full_while_playing_is_shown_and_the_previous_save_survives(store):
    import sqlite3

    app = start_app(store)
    app.settings.bot_pace, app.settings.animation_speed = "instant", 4.0
    try:
        app.start_game(GameConfig.from_dict(config_dict()))
        frames(app, 2)
        table = app.stack.top
        key = table.session.save_key
        before = save_document(store, key)

        def full(conn):
            raise sqlite3.OperationalError("database or disk is full")

        store.database().before_commit = full
        moves = table.session.moves_played
        session = table.session
        human = session.human_seats[0]
        for _ in range(3000):  # until a move is made and its autosave fails
            frames(app, 1)
            if session.current_player == human and not open_messages(app):
                session.play(session.state.legal_moves()[0])
            if open_messages(app):
                break
        assert session.moves_played > moves
        assert_told(app, i18n.t("common.damage.not_saved_title"), i18n.t("common.damage.write.disk_full"))
        assert save_document(store, key) == before
        dismiss_all(app)
        store.database().before_commit = None
        frames(app, 5)  # the game goes on
        assert app.stack.top is table
    finally:
        app.shutdown()


# --- statistics --------------------------------------------------------------------------------------------------
def results(names=("Anna", "Bruno", "Carla")):
    seats = [SeatConfig(n, "human" if i == 0 else "bot", "easy") for i, n in enumerate(names)]
    config = GameConfig(sample_game(), seats, (), 0, 5)
    return GameResults(config, [[3, 12, 7]], [3, 12, 7], [0])


@pytest.mark.parametrize("stats, damaged", [
    ('{"stats_version": 1, "games": {"lama": {"Anna": {"games": 1e400, "wins": 0, "points": 0}}}}', True),
    ('{"stats_version": 1, "games": {"lama": {"Anna": {"games": 1, "wins": 1e400, "points": 0}}}}', True),
    ('{"stats_version": 1, "games": {"lama": {"Anna": {"games": 1, "wins": 0, "points": 1e400}}}}', True),
    ('{"stats_version": 1, "games": {"lama": {"Anna": {"games": 1, "wins": 0, "points": ' + DIGITS_5001 + '}}}}',
     True),
    (DEEP, True),
    ('{"stats_version": 1, "games": {"lama": {"Ann\\u0000a": {"games": 1, "wins": 0, "points": 3}}}}', False),
    ('{"stats_version": 1, "games": {"lama": {"Anna' + "\u200d" * 9_996 + '": {"games": 1, "wins": 1, '
     '"points": 3}}}}', False),
])
def test_stats_damage_at_the_end_of_a_game_and_on_the_statistics_screen(store, stats, damaged):
    plant(store.stats_path, stats)  # an old statistics file: imported (or set aside) when the database opens
    write_save(store)
    app = start_app(store)
    try:
        dismiss_all(app)
        ended = results()
        ended.save_key = "autosave"
        app.game_over(ended)
        frames(app, 3)
        assert not store.has_save()  # the finished game's save is removed as it should be
        dismiss_all(app)
        app.to_title()
        frames(app, 1)
        app.stack.push(StatisticsScene())
        frames(app, 3)
        rows = {r["name"]: r for r in app.storage.statistics()}
        assert all(len(name) <= 24 and name.isprintable() for name in rows)
        if damaged:  # moved aside, the player told, statistics start again with this game
            assert stats.encode() in survivors(store.stats_path)
            assert rows["Anna"]["games"] == 1
            assert_told(app, i18n.t("common.damage.stats_title"))
        else:  # a name cleaned at the door: the row is kept under its printable name, the original copied aside
            assert rows["Anna"]["games"] == 2
            assert_told(app, i18n.t("common.damage.cleaned_title"))
            assert stats.encode() in survivors(store.stats_path)
    finally:
        app.shutdown()


def test_damaged_statistics_are_never_reset_silently(store):
    plant(store.stats_path, "{{{")
    app = start_app(store)
    try:
        dismiss_all(app)
        app.stack.push(StatisticsScene())
        frames(app, 2)
        assert_told(app, i18n.t("common.damage.stats_title"))
        assert survivors(store.stats_path) == [b"{{{"]
    finally:
        app.shutdown()


# --- drawing never trusts length ---------------------------------------------------------------------------------
class CountingFont:
    """A font that counts how many characters ``size`` measured (the cost of wrapping)."""

    def __init__(self, font):
        self.font, self.measured = font, 0

    def size(self, text):
        self.measured += len(text)
        return self.font.size(text)

    def __getattr__(self, name):
        return getattr(self.font, name)


def measured_by_wrap(text, width=400):
    from lama_desktop.app.widgets import UI, default_font

    pygame.font.init()
    fonts = []

    def provider(px, bold=False):
        fonts.append(CountingFont(default_font(px, bold)))
        return fonts[-1]

    ui = UI((1280, 720), 1.0, font_provider=provider)
    lines = ui.wrap(text, 24, width)
    return lines, fonts[0].measured


@pytest.mark.parametrize("make", [lambda n: "9" * n, lambda n: "word " * (n // 5),
                                  lambda n: "/very/long/path" * (n // 15)])
def test_wrap_is_linear_in_the_texts_length(make):
    """A 10,000-character ``settings_version`` froze the message: wrapping measured every prefix of a long word."""
    small_lines, small = measured_by_wrap(make(2_000))
    big_lines, big = measured_by_wrap(make(20_000))
    assert "".join(big_lines).replace(" ", "") == make(20_000).replace(" ", "")  # nothing lost
    assert big <= 20 * small, (small, big)  # ten times the text: about ten times the work (quadratic was 100x)


def test_wrap_max_lines_ends_with_an_ellipsis():
    lines, _ = measured_by_wrap("a " * 5_000)
    from lama_desktop.app.widgets import UI

    ui = UI((1280, 720))
    short = ui.wrap("a " * 5_000, 24, 400, max_lines=3)
    assert len(short) == 3 and short[-1].endswith("…") and len(lines) > 3


@pytest.mark.parametrize("text", ["N" * 10_000, "Ann\x00a", "\ud800", "\u200d\u200d\u200d", "x\u200dy" * 3000, ""])
def test_no_text_surface_is_wider_than_the_window(text):
    from lama_desktop.app.widgets import UI

    pygame.font.init()
    ui = UI((1280, 720))
    from lama_desktop.app.art import text as art_text

    art_text.MAX_WIDTH = 1280
    for size in (12, 24, 60):
        surface = ui.text(text, size)
        assert surface.get_width() <= 1280


def test_a_statistics_name_of_10000_characters_draws(store):
    """It crashed the process natively (pygame's smoothscale_by on a ~250,000 px wide text surface)."""
    raw = json.dumps({"stats_version": 1,
                      "games": {sample_game(): {"N" * 10_000: {"games": 1, "wins": 1, "points": 3}}}})
    plant(store.stats_path, raw)
    app = start_app(store)
    try:
        app.stack.push(StatisticsScene())
        frames(app, 3)
        stats_scene = next(s for s in app.stack.scenes if isinstance(s, StatisticsScene))
        rows = widget(stats_scene, "list").rows
        assert rows[0][0] == "N" * 24
        from lama_desktop.app.widgets import ListView

        view = ListView([], [["N" * 10_000]], size=24, rect=(0, 0, 600, 400))  # the widget itself, unguarded text
        view.columns = widget(stats_scene, "list").columns[:1]
        view.draw(app.screen, app.menu_ui)
    finally:
        app.shutdown()


# --- the portable profile ----------------------------------------------------------------------------------------
def test_profile_keeps_everything_in_its_folder(tmp_path):
    store = Storage(profile=tmp_path / "stick")
    assert store.settings_path == tmp_path / "stick" / "settings.json"
    assert store.stats_path == tmp_path / "stick" / "stats.json"
    assert store.save_path == tmp_path / "stick" / "saves" / "autosave.json"
    assert store.log_dir == tmp_path / "stick" / "log"


def test_profile_smoke_test_goes_through_the_real_paths_whatever_is_damaged(tmp_path, monkeypatch, capsys):
    """``lama-desktop --profile DIR --smoke-test`` with a damaged settings file, a damaged statistics file and a
    sound save: title with the save preview, Continue, statistics, New game (a game of its own beside the player's),
    a whole bot game, its end writing the statistics; exit 0; the damaged bytes survive aside."""
    from lama_desktop.app import smoke
    from lama_desktop.app.main import run_app

    folder = tmp_path / "profile"
    store = Storage(profile=folder)
    settings_raw = b'{"settings_version": 1, "window_size": [1e400, 900]}'
    stats_raw = DEEP.encode()
    plant(store.settings_path, settings_raw)
    plant(store.stats_path, stats_raw)
    write_save(store)
    save_raw = save_document(store)
    original = smoke.SmokeDriver.__init__

    def quick(self, app, game_id=None, level="random", players=2, real_paths=False):
        original(self, app, game_id or sample_game(), "random", 2, real_paths)

    monkeypatch.setattr(smoke.SmokeDriver, "__init__", quick)
    assert run_app(smoke_test=True, profile=folder, size=(1280, 720)) == 0
    report = capsys.readouterr().out
    for step in ("title: Continue", "continued table", "statistics:", "title: New game", "results:"):
        assert step in report, report
    assert settings_raw in survivors(store.settings_path)
    assert stats_raw in survivors(store.stats_path)
    stats = store.load_stats()
    assert sum(row["games"] for row in stats[sample_game()].values()) == 2  # the smoke game's two seats
    assert store.has_save()  # the player's game is still there (played on by the bots for a while)
    assert save_raw
    assert (folder / "log" / "lama-desktop.log").is_file()


# --- the door for files still to come (past-game records...) and every message ----------------------------------
def test_a_later_file_kind_goes_through_the_same_door(store):
    """Past-game records (being built) read through ``storage.read_file``: damage is moved aside and told."""
    from lama_desktop.app.main import report_message
    from lama_desktop.filedoor import as_dict, as_list

    path = store.data_dir / "records" / "game-0001.json"
    plant(path, '{"moves": [1, 2, ' + DIGITS_5001 + "]}")
    value, report = store.read_file("records", path, lambda data: as_list(as_dict(data, "a record")["moves"], "moves"))
    assert value is None and report.problem == "huge_number" and report.moved_to.read_bytes().endswith(b"]}")
    title, text = report_message(report)
    assert title == i18n.t("common.damage.file_title") and "game-0001.json" in text and str(report.moved_to) in text
    plant(path, '{"moves": [1, 2]}')
    assert store.read_file("records", path, lambda data: as_list(data["moves"], "moves")) == ([1, 2], None)
    store.write_file("records", path, {"moves": [1, 2, 3]})
    assert json.loads(path.read_text()) == {"moves": [1, 2, 3]}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_report_has_a_message_in_every_language(lang, tmp_path):
    from pathlib import Path

    from lama_desktop.app.main import report_message
    from lama_desktop.filedoor import PROBLEMS
    from lama_desktop.storage import Report

    i18n.set_language(lang)
    seen = set()
    for kind in ("settings", "save", "stats", "records"):
        for problem in PROBLEMS:
            for moved in (tmp_path / "x.damaged-1", None):
                title, text = report_message(Report(kind, "damaged", problem, "detail", Path("/p/f.json"), moved))
                assert "{" not in text and "common.damage" not in text + title
                assert str(moved or "/p/f.json") in text
                seen.add(text)
        for problem in ("disk_full", "no_permission", "kept_in_way", "write_error"):
            title, text = report_message(Report(kind, "write_failed", problem, "detail", Path("/p/f.json")))
            assert "{" not in text and "common.damage" not in text + title
            seen.add(text)
        for copy in (tmp_path / "f.json.damaged-1", None):
            title, text = report_message(Report(kind, "cleaned", "names", "detail", Path(f"/p/{kind}.json"), copy))
            assert "{" not in text and "common.damage" not in text + title and str(copy or "/p/") in text
            seen.add(text)
    assert len(seen) == 4 * (len(PROBLEMS) * 2 + 4 + 2)  # every outcome says something of its own
