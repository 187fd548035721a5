"""Continue with several unfinished games (``scenes/continue_list.py``): the list of them, its first row focused so
the first Enter opens it, each row continuing its own game, a joined seat joining its table again with its token,
"Give up" keeping the game among the past games, and tips on the rows and buttons. With one game Continue opens it
at once, as before."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.main import App
from lama_desktop.app.scenes.continue_list import ContinueScene
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.seats import JoinedSeat
from lama_desktop.engine.record import GameRecord
from lama_desktop.storage import Storage
from registry_games import one_per_table, sample_game

OTHER = one_per_table()[1]


def save_game(store, key: str, game_id: str, moves: int, **meta) -> GameRecord:
    seats = [SeatConfig("Anna", "human"), SeatConfig("Bruno", "bot", "easy"), SeatConfig("Carla", "bot", "easy")]
    config = GameConfig(game_id, seats, (), 0, 21)
    record = GameRecord(game_id, 3, (), config.seed, {})
    state = record.new_state()
    for _ in range(moves):
        record.play(state, state.legal_moves()[0])
    store.autosave(record, state, {"config": config.to_dict(), **meta}, key=key)
    return record


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    application = App(Storage(tmp_path), (1280, 720))
    application.warm_up = application.transitions = False
    application.start()
    application.step(1 / 60)
    yield application
    application.shutdown()
    i18n.set_language("en")


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    app.step(1 / 60)


def three_games(store):
    save_game(store, "older", sample_game(), 4)
    save_game(store, "hosted", OTHER, 6, net={"code": "K7QXM"}, hosting={"seat": 0, "port": 47474})
    store.seat_book.remember(JoinedSeat("127.0.0.1", 47999, "ABCD", "Anna", 1, "the-token", sample_game(),
                                        ["Bruno", "Anna"], {"round": 2, "scores": [3, 8]}, "2000-01-01T00:00:00"))
    store.database().conn.execute("UPDATE unfinished SET saved_at = '2001-01-01T00:00:00' WHERE key = 'older'")


def test_with_several_games_continue_opens_their_list_and_enter_opens_the_first(app):
    three_games(app.storage)
    assert app.continue_game() is True
    app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, ContinueScene)
    assert [e.key for e in scene.entries] == ["hosted", "older", "joined:127.0.0.1:47999:ABCD"]
    listing = next(w for w in scene.group.widgets if w.name == "list")
    assert scene.group.focused is listing and listing.selected == 0
    texts = [" ".join(map(str, row)) for row in listing.rows]
    assert "port 47474" in texts[0] and "127.0.0.1:47999" in texts[2] and "Round 2: 3 · 8" in texts[2]
    assert all("the-token" not in text for text in texts)
    press(app, pygame.K_DOWN)
    assert listing.selected == 1
    press(app, pygame.K_UP)
    opened = []
    app.continue_game = lambda key=None: opened.append(key) or True
    press(app, pygame.K_RETURN)
    assert opened == ["hosted"]  # the first Enter opens the first row


def test_a_row_continues_its_own_game_where_it_stood(app):
    three_games(app.storage)
    app.continue_game()
    app.step(1 / 60)
    app.stack.top.open(1)  # the older game of this computer
    for _ in range(2):
        app.step(1 / 60)
    table = app.stack.top
    assert table.session.save_key == "older" and table.session.moves_played == 4
    assert len(app.storage.unfinished()) == 3  # the others stay as they were


def test_a_joined_row_joins_its_table_again_with_its_token(app, monkeypatch):
    from lama_desktop.app import netplay

    three_games(app.storage)
    tried = []

    class Attempt:
        def __init__(self, host, port, *, code, name, token=None, **kw):
            tried.append((host, port, code, name, token))
            self.done, self.client, self.error = False, None, None

        def start(self):
            return self

    monkeypatch.setattr(netplay, "JoinAttempt", Attempt)
    app.continue_game()
    app.step(1 / 60)
    app.stack.top.open(2)
    app.step(1 / 60)
    assert tried == [("127.0.0.1", 47999, "ABCD", "Anna", "the-token")]
    assert type(app.stack.top).__name__ == "JoinScene" and app.stack.top.address == "127.0.0.1:47999"


def test_giving_up_asks_then_keeps_the_game_among_the_past_games(app):
    """The question starts on Cancel (a reflex Enter gives nothing up); Give up keeps the game as abandoned."""
    three_games(app.storage)
    app.continue_game()
    app.step(1 / 60)
    scene = app.stack.top
    press(app, pygame.K_DOWN)  # the older game
    scene.confirm_give_up()
    app.step(1 / 60)
    assert isinstance(app.stack.top, MessageScene)
    press(app, pygame.K_RETURN)  # a reflex Enter cancels: giving up cannot be taken back
    assert len(app.storage.unfinished()) == 3 and app.stack.top is scene
    scene.confirm_give_up()
    app.step(1 / 60)
    message = app.stack.top
    while message.group.focused is None or message.group.focused.name != "b0":
        press(app, pygame.K_UP)  # to "Give up" (the first arrow shows the focus, the next one moves it)
    press(app, pygame.K_RETURN)
    assert [e.key for e in app.storage.unfinished()] == ["hosted", "joined:127.0.0.1:47999:ABCD"]
    (row,) = app.storage.past_game_page()
    assert row.abandoned and row.game == sample_game()
    assert [e.key for e in scene.entries] == ["hosted", "joined:127.0.0.1:47999:ABCD"]


def test_rows_and_buttons_have_tips(app):
    three_games(app.storage)
    app.continue_game()
    app.step(1 / 60)
    scene = app.stack.top
    listing = next(w for w in scene.group.widgets if w.name == "list")
    tip = scene._tooltip_focus()
    assert tip is not None and "port 47474" in tip.text and "Enter" in tip.text
    row_y = listing.rect.y + listing._rh * 3 + listing._rh // 2
    assert "127.0.0.1:47999" in scene._tooltip_at((listing.rect.centerx, row_y)).text
    give_up = next(w for w in scene.group.widgets if w.name == "give_up")
    assert scene._tooltip_at(give_up.rect.center).text == i18n.t("common.continue.tip.give_up")


def test_with_one_game_continue_opens_it_at_once(app):
    save_game(app.storage, "only", sample_game(), 5)
    assert isinstance(app.stack.top, TitleScene)
    assert app.continue_game() is True
    app.step(1 / 60)
    assert getattr(app.stack.top, "session", None) is not None and app.stack.top.session.save_key == "only"


def test_a_save_whose_history_does_not_read_is_copied_out_and_told_before_it_is_written_over(app):
    import json

    from store_docs import save_document

    save_game(app.storage, "solo", sample_game(), 6)
    doc = json.loads(save_document(app.storage, "solo"))
    doc["meta"]["history"] = {"lines": "not a history"}
    original = json.dumps(doc)
    with app.storage.database().transaction() as conn:
        conn.execute("UPDATE unfinished SET save = ? WHERE key = 'solo'", (original,))
    told = []
    push = app.stack.push
    app.stack.push = lambda scene: (told.append(scene) if isinstance(scene, MessageScene) else None, push(scene))
    assert app.continue_game("solo") is True
    for _ in range(3):
        app.step(1 / 60)
    copies = list((app.storage.data_dir / "set-aside").glob("save-solo.json.damaged-*"))
    assert [p.read_text() for p in copies] == [original]  # the save as it was, before any autosave
    assert [m.title for m in told] == [i18n.t("common.damage.part_title")]
    assert str(copies[0]) in told[0].text
    table = next(s for s in app.stack.scenes if hasattr(s, "session"))
    table.session.autosave()  # the game goes on with a new history
    assert json.loads(save_document(app.storage, "solo"))["meta"]["history"] != {"lines": "not a history"}
