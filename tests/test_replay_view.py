"""The replay viewer's views (every hand open, or one seat's) and its history (the table's own LogPanel), and the
round headings of every game's history (issue 16)."""

from __future__ import annotations

import pygame
import pytest

from frames import fast_app
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.core.session import GameSession
from lama_desktop.app.tables import open_table
from lama_desktop.games import plugin
from registry_games import games_where
from test_past_games import GAMES, finished_game

#: the tables of hidden hands of cards (``card_hands``: a view's ``hand_sizes``, the round on while ``playing``)
CARD_GAMES = games_where(lambda p: p.card_hands and p.hidden_hands, GAMES)
#: the tables whose history is filed under rounds, a sample game playing at least two (``rounds``)
ROUND_GAMES = games_where(lambda p: p.rounds, GAMES)
#: the tables whose replay needs no note beside the seat views (every hidden card stays hidden)
NO_NOTE_GAMES = [game for game in GAMES if not plugin(game).replay_note]


def viewer_on(tmp_path, game, seed=3, size=(1280, 720), read=True):
    app = fast_app(tmp_path, size)
    app.start()
    app.step(0.02)
    past, final = finished_game(game, seed)
    viewer = ReplayScene(past)
    app.stack.push(viewer)
    app.stack.apply_pending()
    app.step(0.02)
    if read:
        read_history(app, viewer)
    return app, viewer, past


def read_history(app, viewer, frames: int = 5000) -> int:
    """Step frames until the viewer has read its view's whole history (it reads it a few moves a frame); the
    frames it took."""
    for n in range(frames):
        if not viewer.history_pending:
            return n
        app.step(0.02)
    raise AssertionError("the history was never read")


def _mid_round(viewer):
    """A position inside a round with cards in every hand (the first move of the second half of round 1)."""
    for pos in range(viewer.total // 3, 0, -1):
        state = viewer.past.record.replay(pos)
        if all(state.view(k).hand_sizes[k] > 0 for k in range(state.num_players)) and state.phase == "playing":
            return pos
    return 1


# -- every hand open is a replay's alone ---------------------------------------------------------------------------
def test_a_session_being_played_can_never_show_every_hand():
    session = GameSession.new(GAMES[0], [SeatConfig("A", "human"), SeatConfig("B", "bot", "easy")], seed=4)
    with pytest.raises(ValueError):
        session.omniscient = True
    assert not session.omniscient and session.open_views() is None
    session.frozen = True
    session.omniscient = True
    assert len(session.open_views()) == 2
    with pytest.raises(ValueError):  # a replay never turns back into a game being played
        session.frozen = False
    session.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_normal_table_draws_no_other_seats_hand(tmp_path, game):
    app = fast_app(tmp_path)
    seats = [SeatConfig("A", "human"), SeatConfig("B", "bot", "easy"), SeatConfig("C", "bot", "easy")]
    table = open_table(app, GameConfig(game, seats, (), 0, seed=5))
    app.stack.push(table)
    app.stack.apply_pending()
    app.step(1 / 30)
    with pytest.raises(ValueError):
        table.session.omniscient = True
    assert table.session.open_views() is None
    if hasattr(table, "_open_hand"):
        assert all(table._open_hand(seat) is None for seat in range(3))
    table.close()


@pytest.mark.parametrize("game", CARD_GAMES)
def test_the_open_view_draws_every_opponents_hand_face_up(tmp_path, game, monkeypatch):
    from lama_desktop.app.table import hand_drawing as lama_table

    app, viewer, past = viewer_on(tmp_path, game)
    pos = _mid_round(viewer)
    viewer.go(pos)
    table = viewer.table
    assert viewer.view is None and table.session.omniscient
    state = past.record.replay(pos)
    drawn = {}
    real = lama_table.draw_backs_and_count

    def spy(surface, ui, rect, count, out, card_w, badge_h, faces=None, colorblind=False):
        drawn[tuple(rect)] = faces
        return real(surface, ui, rect, count, out, card_w, badge_h, faces=faces, colorblind=colorblind)

    monkeypatch.setattr(lama_table, "draw_backs_and_count", spy)
    table._layer = None
    table.draw(pygame.Surface(app.size))
    for seat in range(3):
        if seat == table.focus:
            continue
        expected = table.shown_type(state.view(seat), True).hand
        assert table._open_hand(seat) == expected and len(expected) == state.view(seat).hand_sizes[seat]
        assert list(drawn[tuple(table.layout[f"seat{table.pos_of(seat)}.hand"])]) == expected
    viewer.set_view(1)  # one seat's own view: the others' hands are backs again
    read_history(app, viewer)
    assert not viewer.table.session.omniscient and viewer.table.focus == 1
    assert all(viewer.table._open_hand(seat) is None for seat in range(3))
    from lama_desktop.core.i18n import t
    from lama_desktop.app.table.seats import plate_detail

    # the plates say who played the game: Anna was a person, Bruno (seen by now) a bot
    assert plate_detail(viewer.table.session.seat_shown(0)) == t("common.plate.human")
    assert plate_detail(viewer.table.session.seat_shown(1)) != t("common.plate.human")
    app.shutdown()


# -- the history beside the table is the table's own ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_replays_history_is_the_tables_log_up_to_the_position(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    full = [str(e.text) for e in viewer.table.log.entries]
    assert viewer.pos == viewer.total and len(full) > viewer.total // 2
    pos = viewer.total // 2
    viewer.go(pos)
    entries = viewer.table.log.entries
    assert entries and all(e.move < pos for e in entries)
    assert [str(e.text) for e in entries] == full[:len(entries)]  # the same lines, the later moves' cut off
    rounds = [e.round for e in entries]
    assert rounds == sorted(rounds) and rounds[-1] >= 1
    app.shutdown()


# -- round headings --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ROUND_GAMES)
def test_every_games_history_has_its_round_headings(tmp_path, game):
    from lama_desktop.core.i18n import t

    app, viewer, past = viewer_on(tmp_path, game)
    rounds = sorted(set(viewer.timeline.rounds))
    assert len(rounds) >= 2
    rows = viewer.table.log._rows(app.menu_ui, 400)
    headings = [text for text, _color, style in rows if style == "round"]
    assert headings == [t("history.round", round=r) for r in range(1, len(headings) + 1)]
    assert len(headings) >= len(rounds)
    app.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_nobody_can_act_at_a_replays_table(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    for pos in range(min(viewer.total, 12)):
        viewer.go(pos)
        table = viewer.table
        assert not table.can_act()
        assert not table.session.is_human(table.session.current_player)
    app.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_a_move_on_is_played_on_the_same_table_and_writes_the_same_history(tmp_path, game):
    from lama_desktop.app.scenes.replay import _settle

    app, viewer, past = viewer_on(tmp_path, game)
    viewer.go(viewer.total // 3)
    for _ in range(4):
        table = viewer.table
        viewer.step(1)
        assert viewer.table is table  # fed, not opened again: the move is shown as it was played
        _settle(table)
        assert table.session.state.to_dict() == past.record.replay(viewer.pos).to_dict()
        fed = [(str(e.text), e.move, e.round) for e in table.log.entries]
        viewer._open_table()  # the same position opened afresh
        assert [(str(e.text), e.move, e.round) for e in viewer.table.log.entries] == fed
    app.shutdown()


@pytest.mark.parametrize("game", CARD_GAMES)
def test_the_open_views_history_names_every_drawn_card_a_seat_view_does_not(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    state = past.record.new_state()
    draws = []  # (move number, seat, card) of the other seats' draws
    for index, text in enumerate(past.record.moves):
        for event in state.apply(text):
            if event.kind in ("draw", "force_draw") and event.seat != viewer.home and event.data.get("card"):
                draws.append((index, event.seat))
    assert draws, "no other seat drew a card in this game"
    open_lines = {e.move: [] for e in viewer.table.log.entries}
    for entry in viewer.table.log.entries:
        open_lines[entry.move].append(str(entry.text))
    viewer.set_view(viewer.home)
    read_history(app, viewer)
    seat_lines = {}
    for entry in viewer.table.log.entries:
        seat_lines.setdefault(entry.move, []).append(str(entry.text))
    for move, seat in draws:
        name = past.names[seat]
        said = [line for line in open_lines[move] if line.startswith(name)]
        hidden = [line for line in seat_lines[move] if line.startswith(name)]
        assert said and hidden and said != hidden  # "Bruno draws 5" / "Bruno draws a card"
    app.shutdown()


@pytest.mark.parametrize("game", ROUND_GAMES)
def test_a_moves_history_lines_sit_under_the_round_it_was_played_in(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    rounds = viewer.timeline.rounds
    for entry in viewer.table.log.entries:
        if entry.move < 0:
            continue
        played_in = rounds[entry.move]
        if not plugin(game).quitting:  # turns as rounds: every line of a turn's moves under that round (its last
            assert entry.round == played_in, str(entry.text)  # "ends the turn" too)
        else:  # rounds dealt, and quit: a round's last move also deals the next one, whose heading its line opens
            assert entry.round in (played_in, played_in + 1), str(entry.text)
    app.shutdown()


# -- the history is read over frames: the window never waits for it ------------------------------------------------
def _reference_history(viewer, view, pos):
    """What the viewer showed before it read over frames: the whole game fed at once through a hidden table of the
    view, its ``LogPanel.to_dict`` loaded into a panel and cut at ``pos``."""
    from lama_desktop.app.scenes.replay import _settle
    from lama_desktop.app.table.pieces import LogPanel

    table = viewer._table_at(0, view)
    try:
        for move in viewer.past.record.moves:
            table.session.feed(move)
            _settle(table)
        saved = table.log.to_dict()
    finally:
        table.close()
    viewer.table._speak_to_viewer()
    panel = LogPanel()
    assert panel.load(saved)
    panel.cut_at_move(pos)
    return _lines(panel)


def _lines(log):
    """Each line as it is kept (its text's words and fields, whoever reads it), its move, round and seat."""
    from lama_desktop.app.table.pieces import dump_text

    return [(dump_text(e.text), e.move, e.round, e.actor, e.private_to, e.color) for e in log.entries]


@pytest.mark.parametrize("game", GAMES)
def test_the_history_read_over_frames_is_the_one_read_at_once(tmp_path, game, monkeypatch):
    monkeypatch.setattr(ReplayScene, "READ_BUDGET", 0.0)  # one piece of work a frame: many frames
    app, viewer, past = viewer_on(tmp_path, game, read=False)
    assert viewer.history_pending
    frames = read_history(app, viewer)
    assert frames > 2  # it took frames: nothing waited for the whole game
    for view in (None, 1):
        if view is not None:
            viewer.set_view(view)
            read_history(app, viewer)
        for pos in (viewer.total, viewer.total // 2):
            viewer.go(pos)
            assert _lines(viewer.table.log) == _reference_history(viewer, view, pos), (view, pos)
    app.shutdown()


@pytest.mark.parametrize("game", CARD_GAMES)
def test_switching_views_quickly_never_shows_another_views_lines(tmp_path, game, monkeypatch):
    monkeypatch.setattr(ReplayScene, "READ_BUDGET", 0.0)
    app, viewer, past = viewer_on(tmp_path, game, read=False)
    wanted = {}
    for view in (None, 0, 1):
        wanted[view] = _reference_history(viewer, view, viewer.total)
    assert wanted[None] != wanted[0] != wanted[1]
    app.step(1 / 60)
    app.step(1 / 60)
    for _ in range(2):  # Tab twice in a row: every hand open -> Anna's view -> Bruno's view
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
        app.step(1 / 60)
    assert viewer.view == 1
    stale = {view: build.fed for view, build in viewer._builds.items() if view != 1}
    for _ in range(5000):
        shown = _lines(viewer.table.log)
        assert shown == wanted[1][:len(shown)]  # never a line of the views switched away from
        if not viewer.history_pending:
            break
        app.step(1 / 60)
    assert _lines(viewer.table.log) == wanted[1]
    # the views switched away from were not read on (their builds wait, or were never started)
    assert {view: build.fed for view, build in viewer._builds.items() if view != 1} == stale
    viewer.set_view(0)  # back to a view half read: it goes on from where it stopped, and its lines are its own
    read_history(app, viewer)
    assert _lines(viewer.table.log) == wanted[0]
    app.shutdown()


@pytest.mark.parametrize("game", ROUND_GAMES)
def test_a_click_on_a_round_heading_jumps_to_that_round(tmp_path, game):
    from frames import post_click

    app, viewer, past = viewer_on(tmp_path, game, size=(1920, 1080))
    log = viewer.table.log
    rect = viewer.history_rect(app.menu_ui, app.size)
    viewer.draw(app.screen)
    shown = [number for _r, row, number in log._drawn[True][1] if row[2] == "round"]
    assert shown, "no round heading on screen"
    target = shown[0] if shown[0] != viewer.round_at(viewer.pos) else shown[-1]
    heading = log.heading_rect(rect, target, expanded=True)
    assert heading is not None and rect.contains(heading)
    post_click(heading.center)
    app.step(1 / 60)
    first = next(i for i, r in enumerate(viewer.timeline.rounds) if r >= target)
    assert viewer.pos == first and viewer.round_at(viewer.pos) == target
    # a click on an ordinary line does not jump
    read_history(app, viewer)
    viewer.draw(app.screen)
    line = next(r for r, row, _n in viewer.table.log._drawn[True][1] if row[2] != "round")
    post_click(line.move(rect.topleft).center)
    app.step(1 / 60)
    assert viewer.pos == first
    app.shutdown()


# -- a double card reads as one in the open view ---------------------------------------------------------------------
@pytest.mark.parametrize("size", (16, 20, 26, 35, 46, 70))  # 35 and 46: the chips at 1280x720 and 1920x1080
def test_a_double_cards_chip_shows_both_values_whole(size):
    from lama_desktop.app.table.pieces import double_chip

    for name in ("2/3", "4/5"):
        for colorblind in (False, True):
            chip = pygame.Surface((size, size), pygame.SRCALPHA)
            chip.fill((255, 255, 255, 255))
            first, second = double_chip(chip, name, colorblind)
            whole = chip.get_rect()
            assert whole.contains(first) and whole.contains(second), (name, size, first, second)  # never cut
            assert not first.colliderect(second)  # two values, each readable on its own
            assert first.centerx < second.centerx and first.centery < second.centery  # as on the card
            assert min(first.h, second.h) >= size * 0.3  # each value big enough to read, not a corner index
            # the two halves take the two values' colours, like the card
            from lama_desktop.app import art

            hues = art.palette(colorblind)
            a, b = name.split("/")
            assert tuple(chip.get_at((round(0.06 * size), round(0.55 * size)))[:3]) == tuple(hues[a])
            assert tuple(chip.get_at((round(0.94 * size) - 1, round(0.45 * size)))[:3]) == tuple(hues[b])


# -- one history in the replay ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_the_replays_table_draws_no_history_box_of_its_own_and_fills_its_room(tmp_path, game, size, monkeypatch):
    from lama_desktop.app.table.pieces import LogPanel

    app, viewer, past = viewer_on(tmp_path, game, size=size)
    viewer.go(viewer.total // 2)
    read_history(app, viewer)
    panels = []
    real = LogPanel.draw

    def spy(self, surface, rect, *args, **kw):
        panels.append((self, tuple(rect), surface.get_size()))
        return real(self, surface, rect, *args, **kw)

    app.step(1 / 60)  # the position's table is drawn from the frame after it opened
    monkeypatch.setattr(LogPanel, "draw", spy)
    viewer.table._layer = None
    viewer._scaled = None
    viewer.draw(app.screen)
    assert viewer._scaled is not None and viewer._scaled[0][0] == id(viewer.table)  # the table was drawn
    # the history is drawn once, beside the table, on the window: never inside the table's own picture
    assert [(rect, surface) for _p, rect, surface in panels] == [
        (tuple(viewer.history_rect(app.menu_ui, app.size)), app.size)]
    assert viewer.table.history._log_rect() is None  # nothing of a box to click or hover either
    room = viewer.table_room(app.menu_ui, app.size)
    table = viewer.table_rect(app.menu_ui, app.size)
    assert room.contains(table) and table.w * table.h >= 0.97 * room.w * room.h  # the table takes its room
    canvas = viewer.canvas_size(app.menu_ui, app.size)
    assert canvas[0] >= 1280 and canvas[1] >= 720  # laid out no smaller than the smallest window
    assert viewer.table.app.size == canvas
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
    app.step(1 / 60)  # the history widened: the table is laid out again for its narrower room
    room = viewer.table_room(app.menu_ui, app.size)
    assert room.contains(viewer.table_rect(app.menu_ui, app.size))
    assert viewer.table.app.size == viewer.canvas_size(app.menu_ui, app.size) != canvas
    app.shutdown()


def test_a_table_being_played_still_draws_its_history_box(tmp_path, monkeypatch):
    from lama_desktop.app.table.pieces import LogPanel

    app = fast_app(tmp_path, (1280, 720))
    seats = [SeatConfig("A", "human"), SeatConfig("B", "bot", "easy"), SeatConfig("C", "bot", "easy")]
    table = open_table(app, GameConfig(CARD_GAMES[0], seats, (), 0, seed=5))
    app.stack.push(table)
    app.stack.apply_pending()
    app.step(1 / 30)
    drawn = []
    monkeypatch.setattr(LogPanel, "draw", lambda self, surface, rect, *a, **k: drawn.append(tuple(rect)))
    table._layer = None
    table.draw(pygame.Surface(app.size))
    assert drawn == [tuple(table._log_rect())]
    table.close()


@pytest.mark.parametrize("game", NO_NOTE_GAMES)
def test_games_with_hidden_cards_need_no_such_note(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    assert viewer.view_note() == "" and viewer.view_note_lines(app.menu_ui, app.size) == []
    app.shutdown()


@pytest.mark.parametrize("game", GAMES)
def test_a_position_from_a_kept_one_is_the_replayed_position(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game)
    assert viewer.total in viewer._positions  # the last position is kept by the timeline's own replay
    for pos in sorted({0, 1, 9, 10, 11, viewer.total // 2, viewer.total - 1, viewer.total}):
        if 0 <= pos <= viewer.total:
            assert viewer._state_at(pos).to_dict() == past.record.replay(pos).to_dict(), pos
    for pos in (viewer.total // 3, viewer.total):  # the kept positions are copies: showing one changes none
        viewer.go(pos)
        read_history(app, viewer)
        assert viewer.table.session.state.to_dict() == past.record.replay(pos).to_dict()
    assert all(viewer._positions[p].to_dict() == past.record.replay(p).to_dict() for p in viewer._positions)
    app.shutdown()
