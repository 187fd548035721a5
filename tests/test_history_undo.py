"""The table's full history (scrolls, enlarges, grouped by round, kept in the save) and undo against bots.

Issue 16: a game played headless, saved mid-way and resumed shows the identical history; undo returns exactly to the
earlier state (``to_dict`` equal, the random state included) and is refused after a draw / roll / reveal; games with
an undo are practice, counted apart in the statistics. What each game's engine says turns up (``GameSpec.reveals``),
and the refusal after LAMA Dice's roll, are checked in the games' own tests.
"""

import pygame
import pytest

from frames import fast_app, post_key, post_motion
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.pieces import LazyJoin, LogPanel, lazy
from lama_desktop.app.tables import open_table
from lama_desktop.engine.core import Event
from lama_desktop.storage import Storage
from registry_games import hidden_hand_games, one_per_table, sample_game, samples

#: one game per table (L.A.M.A. Party plays at L.A.M.A.'s)
GAMES = one_per_table()
#: a game of hands of cards: a human plays a card or draws one (which reveals it: no undo past it)
HAND_GAME = hidden_hand_games()[0]


def make_table(tmp_path, game, seed, humans=1, players=3, size=(1600, 900)):
    app = fast_app(tmp_path, size)
    seats = [SeatConfig(f"P{i}", "human" if i < humans else "bot", "random") for i in range(players)]
    table = open_table(app, GameConfig(game, seats, (), 0, seed=seed))
    app.stack.push(table)
    app.running = True
    return app, table


def step_game(app, until, frames=6000, human_policy=None):
    """Step the app; the human plays ``human_policy(moves)`` (default: the first legal move that is not a quit)
    whenever the table lets them; summaries and questions are answered with Enter. True once ``until()``."""
    for _ in range(frames):
        app.step(1 / 30)
        table = app.stack.top
        if until():
            return True
        if table is None:
            continue
        name = getattr(table, "name", "")
        if "summary" in name or name in ("message", "privacy"):
            post_key(pygame.K_RETURN)
            continue
        session = getattr(table, "session", None)
        if session is None or not hasattr(table, "can_act") or not table.can_act():
            continue
        if not session.is_human(session.current_player):
            continue
        moves = [str(m) for m in session.state.legal_moves()]
        choice = (human_policy or _first_not_quit)(moves)
        session.play(choice)
    return False


def _first_not_quit(moves):
    for move in moves:
        if move not in ("quit", "stop"):
            return move
    return moves[0]


def lines_of(table):
    return [str(text) for text, _ in table.log.lines]


# -- undo in the session ---------------------------------------------------------------------------------------------
def _session(game=None, seed=5, players=3):
    seats = [SeatConfig("You", "human")] + [SeatConfig(f"Bot {i}", "bot", "random") for i in range(1, players)]
    return GameSession.new(game or HAND_GAME, seats, seed=seed, pace="instant")


def _bots_until_human(session):
    while not session.is_over and not session.is_human(session.current_player):
        session.poll()
        session.wait_for_bot(10)
        session.poll()
        session.poll()


def test_undo_returns_exactly_to_the_position_before_the_humans_move_random_state_included():
    found = 0
    for seed in range(1, 40):
        session = _session(seed=seed)
        _bots_until_human(session)
        plays = [m for m in session.state.legal_moves() if m.kind == "play"]
        if not plays:
            continue
        before, kept = session.state.to_dict(), len(session.record.moves)
        session.play(plays[0])
        _bots_until_human(session)
        target, why, detail = session.undo_status()
        if target is None:
            assert why == "revealed" and detail in ("deal", "round_end", "draw")
            continue
        assert target == kept
        session.undo()
        assert session.state.to_dict() == before  # the engine's whole state, its Rng included
        assert len(session.record.moves) == kept and session.practice
        session.play(plays[0])  # played again, it meets the same chance: the same position as the first time
        found += 1
        session.close()
    assert found >= 5


def test_undo_is_refused_after_the_human_drew_a_card():
    for seed in range(1, 40):
        session = _session(seed=seed)
        _bots_until_human(session)
        if "draw" not in [str(m) for m in session.state.legal_moves()]:
            continue
        session.play("draw")
        target, why, detail = session.undo_status()
        assert (target, why, detail) == (None, "revealed", "draw")
        position = session.state.to_dict()
        with pytest.raises(ValueError):
            session.undo()
        assert session.state.to_dict() == position and not session.practice
        return
    pytest.fail("no seed let the human draw")


def test_undo_is_not_offered_in_hot_seat():
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "human")]
    session = GameSession.new(sample_game(), seats, seed=1)
    session.play(session.state.legal_moves()[0])
    assert session.undo_status()[:2] == (None, "hotseat")


# -- undo at the table -----------------------------------------------------------------------------------------------
def test_ctrl_z_at_the_table_takes_the_move_back_and_the_history_with_it(tmp_path):
    for seed in range(1, 30):
        app, table = make_table(tmp_path / str(seed), HAND_GAME, seed)
        assert step_game(app, lambda table=table: table.can_act(), 400)
        plays = [m for m in table.session.state.legal_moves() if m.kind == "play"]
        if not plays:
            table.close()
            continue
        before, kept, history = table.session.state.to_dict(), table.session.moves_played, lines_of(table)
        table.session.play(plays[0])
        assert step_game(app, lambda app=app, table=table: app.stack.top is table and table.can_act()
                         or table.session.current_player != 0 and False, 600)
        if table.session.undo_status()[0] is None:
            table.close()
            continue
        for _ in range(3):
            app.step(1 / 30)
        post_key(pygame.K_z, pygame.KMOD_CTRL)
        for _ in range(3):
            app.step(1 / 30)
        again = app.stack.top
        assert again is not table and again.session.state.to_dict() == before
        assert again.session.moves_played == kept and again.session.practice
        assert lines_of(again) == history  # the lines of the undone moves are gone, the earlier ones kept
        return
    pytest.fail("no seed gave an undoable move")


def test_the_undo_button_is_disabled_after_a_draw_and_says_why(tmp_path):
    for seed in range(1, 30):
        app, table = make_table(tmp_path / str(seed), HAND_GAME, seed)
        assert step_game(app, lambda table=table: table.can_act(), 400)
        if "draw" not in [str(m) for m in table.session.state.legal_moves()]:
            table.close()
            continue
        table.session.play("draw")
        assert step_game(app, lambda table=table: table.can_act(), 600)
        if table.session.undo_status()[1] != "revealed":
            table.close()
            continue
        app.step(1 / 30)
        button = table.history.undo_button
        assert not button.enabled
        post_motion(button.rect.center)
        app.step(1 / 30)
        assert "card was drawn" in table.history.reason()
        moves = table.session.moves_played
        post_key(pygame.K_z, pygame.KMOD_CTRL)
        app.step(1 / 30)
        assert app.stack.top is table and table.session.moves_played == moves
        return
    pytest.fail("no seed let the human draw")


# -- the history ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_resumed_game_shows_the_identical_history(tmp_path, game):
    app, table = make_table(tmp_path, game, seed=7)
    moves = min(14, samples(game).calibration_moves)  # 14 moves in, or fewer in a game of fewer decisions
    assert step_game(app, lambda: table.session.moves_played >= moves and table.can_act(), 4000)
    for _ in range(4):
        app.step(1 / 30)
    history = lines_of(table)
    assert len(history) >= 8
    table.close()
    pygame.display.quit()
    again = App(Storage(tmp_path), (1280, 720))
    again.running = True
    assert again.continue_game()
    again.stack.apply_pending()
    for _ in range(3):
        again.step(1 / 30)
    resumed = again.stack.top
    assert resumed.session.moves_played == table.session.moves_played
    assert lines_of(resumed) == history


def test_the_history_keeps_every_line_and_groups_them_by_round(tmp_path):
    app, table = make_table(tmp_path, HAND_GAME, seed=11)
    assert step_game(app, lambda: table.shown.round >= 3 and len(table.log.lines) > 45, 12000)
    log = table.log
    assert log.entries[0].move == -1  # the welcome line: nothing dropped (the panel kept 40 lines before)
    rounds = [entry.round for entry in log.entries]
    assert rounds == sorted(rounds) and {1, 2} <= set(rounds)
    rows = log._rows(table.ui, 400)
    headings = [text for text, _color, style in rows if style == "round"]
    assert headings[:2] == ["Round 1", "Round 2"]


def test_the_log_scrolls_with_the_wheel_and_page_keys_and_enlarges(tmp_path):
    app, table = make_table(tmp_path, HAND_GAME, seed=11, size=(1280, 720))
    assert step_game(app, lambda: len(table.log.lines) > 45 and table.can_act(), 12000)
    rect = table._log_rect()
    post_motion(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.step(1 / 30)
    assert table.log.scroll == 3
    post_key(pygame.K_PAGEDOWN)
    app.step(1 / 30)
    assert table.log.scroll == 0
    post_key(pygame.K_F2)
    app.step(1 / 30)
    assert table.history.expanded
    post_key(pygame.K_PAGEUP)
    app.step(1 / 30)
    assert table.log.scroll > 0
    post_key(pygame.K_ESCAPE)  # closes the history, not the table's pause menu
    app.step(1 / 30)
    assert not table.history.expanded and app.stack.top is table


def test_a_hot_seat_neighbours_private_line_is_not_shown_to_the_other():
    log = LogPanel()
    draw = Event("draw", 0, {"card": "5"}, ("card",))
    log.viewer = 0
    with log.acting(0, draw):
        log.add("You draw 5")
    log.add("Bo plays 3", seat=1)
    assert [str(e.text) for e in log.visible()] == ["You draw 5", "Bo plays 3"]
    log.viewer = 1
    assert [str(e.text) for e in log.visible()] == ["Bo plays 3"]


def test_the_history_survives_json_and_refuses_damage():
    log = LogPanel()
    log.move, log.round = 3, 2
    log.add(lazy.t("lama.log.play", name="Ann", card=LazyJoin(" ", ["3", lazy.t("lama.card.llama_short")])), seat=0)
    log.add("plain text")
    copy = LogPanel()
    assert copy.load(log.to_dict())
    assert [str(t) for t, _ in copy.lines] == [str(t) for t, _ in log.lines]
    assert [(e.move, e.round, e.actor) for e in copy.entries] == [(3, 2, 0), (3, 2, None)]
    for damaged in (None, [], {"history_version": 2}, {"history_version": 1, "lines": [{"text": {"t": "x y"}}]},
                    {"history_version": 1, "lines": [{"text": {"t": "a.b", "f": {"n": {"t": "a.b"} }}, "move": "1"}]},
                    {"history_version": 1, "lines": [{"color": [1, 2]}]}, {"history_version": 1, "lines": "x"}):
        fresh = LogPanel()
        fresh.add("kept")
        assert not fresh.load(damaged)
        assert [str(t) for t, _ in fresh.lines] == ["kept"]


# -- statistics --------------------------------------------------------------------------------------------------------
def test_practice_games_are_counted_apart_from_the_win_rates(tmp_path):
    storage = Storage(tmp_path)
    storage.record_result(sample_game(), ["Ann", "Bot"], [3, 20], [0])
    storage.record_result(sample_game(), ["Ann", "Bot"], [0, 40], [0], practice=True)
    rows = {r["name"]: r for r in storage.statistics()}
    assert rows["Ann"]["games"] == 1 and rows["Ann"]["wins"] == 1 and rows["Ann"]["practice"] == 1
    assert rows["Bot"]["games"] == 1 and rows["Bot"]["practice"] == 1


def test_a_practice_game_stays_practice_after_continue(tmp_path):
    storage = Storage(tmp_path)
    seats = [SeatConfig("You", "human"), SeatConfig("Bot", "bot", "random")]
    config = GameConfig(HAND_GAME, seats, (), 0, seed=4)
    session = GameSession.from_config(config, storage=storage, pace="instant")
    for _ in range(1, 40):
        _bots_until_human(session)
        plays = [m for m in session.state.legal_moves() if m.kind == "play"]
        if plays:
            session.play(plays[0])
            _bots_until_human(session)
            if session.undo_status()[0] is not None:
                session.undo()
                break
    assert session.practice
    session.close()
    resumed = GameSession.from_save(storage.load_save(), storage=storage)
    assert resumed.practice
