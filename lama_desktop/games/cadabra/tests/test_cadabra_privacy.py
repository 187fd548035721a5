"""LAMA Cadabra's square ("next player draws") at the table: the draw is queued, animated and logged as the next
player's, and its card never reaches the player's table, nor, at one screen, anybody but the player behind the
privacy screen (moved here from the cross-game ``tests/test_privacy.py``)."""

from __future__ import annotations

import pygame

from frames import fast_app, post_key
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.session import GameSession
from lama_desktop.engine.core import Event
from lama_desktop.engine.record import GameRecord
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.games.cadabra.table import CadabraTableScene


def test_cadabra_next_player_draws_is_shown_as_theirs_and_hidden_from_the_player(tmp_path):
    app = fast_app(tmp_path)
    state = CadabraState.crafted(hands=[["2+", "5"], ["6", "6"], ["6", "6"]], top="1", pile=["4", "3*"])
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bruno", "bot", "easy"), SeatConfig("Carla", "bot", "easy")]
    session = GameSession(GameRecord("lama-cadabra", 3, (), 0, {"first_player": 0}, []), seats, state=state)
    table = CadabraTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(600):
        app.step(1 / 30)
        if table.can_act():
            break
    queued, lines = [], []
    real_advance = table._advance_queue

    def advance():
        queued.extend(table.queue)
        real_advance()

    table._advance_queue = advance
    table.log.on_add = lambda text, seat: lines.append((str(text), seat))
    table.try_move("play 2+")
    for _ in range(60):
        app.step(1 / 30)
        if len(lines) >= 2:
            break
    engine_events = [item for item in queued if isinstance(item[1], Event)]
    assert engine_events and all(seat == event.seat for seat, event in engine_events)
    forced = [event for _seat, event in engine_events if event.kind == "force_draw"]
    assert forced and forced[0].seat == 1 and forced[0].data["card"] is None
    assert lines[0][1] == 0 and "2" in lines[0][0]  # "You play 2 (square: next player draws)"
    text, seat = lines[1]
    assert seat == 1 and "Bruno" in text and "3" not in text and "You" not in text, lines  # the 3 is Bruno's secret
    assert sorted(table.shown.hand) == ["5"]


def test_hot_seat_shows_each_draw_only_to_the_player_behind_the_privacy_screen(tmp_path):
    """Two humans at one screen (Cadabra, so a square makes the other human draw): every event the table is
    handed is redacted for the seat whose hand is face up at that moment, and for nobody while it is hidden."""

    app = fast_app(tmp_path)
    state = CadabraState.crafted(hands=[["2+", "5", "6"], ["4", "6", "6"], ["6", "6"]], top="1",
                                 pile=["4", "5", "3*", "1", "L"])
    seats = [SeatConfig("Ann", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "bot", "easy")]
    session = GameSession(GameRecord("lama-cadabra", 3, (), 0, {"first_player": 0}, []), seats, state=state)
    table = CadabraTableScene(session)
    handed = []
    real = session.events_for

    def events_for(events, seat):
        seen = real(events, seat)
        handed.append((seat, table.focus, table.revealed, events, seen))
        return seen

    session.events_for = events_for
    app.stack.push(table)
    app.running = True

    def run(predicate, frames=600):
        for _ in range(frames):
            app.step(1 / 30)
            if app.stack.top.name == "privacy":
                post_key(pygame.K_RETURN)
            if predicate():
                return True
        return False

    assert run(lambda: table.can_act() and table.focus == 0)
    table.try_move("play 2+")  # Ann's square: Ben, the next player, draws the 3 (star)
    assert run(lambda: table.can_act() and table.focus == 1)
    table.try_move("draw")  # Ben draws the 1 himself, in front of his own eyes
    assert run(lambda: session.current_player == 0 and table.can_act() and table.focus == 0)
    forced = [(seat, seen) for seat, _f, _r, events, seen_list in handed for seen in seen_list
              if seen.kind in ("draw", "force_draw")]
    assert [(seat, e.kind, e.seat, e.data["card"]) for seat, e in forced if e.seat == 1] == [
        (0, "force_draw", 1, None), (1, "draw", 1, "1")]
    for seat, focus, revealed, events, seen_list in handed:
        assert seat == (focus if revealed else None)  # the viewer is the seat behind the privacy screen
        for raw, seen in zip(events, seen_list, strict=False):
            for key in raw.private:
                assert (seen.data[key] is not None) == (raw.seat == seat)
