"""Helpers for tests that drive the real app frame by frame.

A test steps frames as fast as the CPU allows while the bots think on a worker thread in real time; on a loaded
machine a bot's move then spans thousands of frames and a frame budget runs out although nothing is wrong. These
tests wait for the bot after each frame (an autouse fixture in shared_fixtures.py wraps ``App.step``), so their budgets
count moves, not scheduling luck. Tests of the frame loop ticking while a bot thinks opt out with
``@pytest.mark.real_time_bots``.
"""

import pygame


def wait_for_bots(app, timeout: float = 30.0) -> None:
    """Wait for a thinking bot's move. Only a bot's: in a network game the seat to move may be a person on another
    computer (a test's guest client that never moves), and a frame must not wait ``timeout`` for them."""
    for scene in app.stack.scenes:
        session = getattr(scene, "session", None)
        if session is None or not getattr(session, "thinking", False):
            continue
        seats, cur = getattr(session, "seats", None), getattr(session, "current_player", -1)
        if seats and 0 <= cur < len(seats) and not seats[cur].is_bot:
            continue
        session.wait_for_bot(timeout)


def post_motion(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def post_click(pos) -> None:
    """A left click at ``pos`` as the window would send it (the pointer moves there first)."""
    post_motion(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_key(key, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))


def fast_app(tmp_path, size=(1600, 900)):
    """An app for table tests: its own storage folder, bots moving at once, animations four times as fast."""
    from lama_desktop.app.main import App
    from lama_desktop.storage import Storage

    app = App(Storage(tmp_path), size)
    app.settings.bot_pace = "instant"
    app.settings.animation_speed = 4.0
    return app


def crafted_table(tmp_path, scene_type, game, state, players=3, options=None):
    """A table of ``scene_type`` on a crafted ``state`` of ``game`` (seat 0 yours, the others easy bots)."""
    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.core.session import GameSession
    from lama_desktop.engine.record import GameRecord

    app = fast_app(tmp_path)
    seats = [SeatConfig("Ada", "human")] + [SeatConfig(n, "bot", "easy") for n in ("Anna", "Bruno", "Carla")][
        :players - 1]
    session = GameSession(GameRecord(game, players, (), 0, options or {}, []), seats, state=state)
    table = scene_type(session)
    app.stack.push(table)
    app.running = True
    return app, table


def run_to_summary(app, frames=900):
    """Step frames until a round summary is on top (it, or None when none came)."""
    for _ in range(frames):
        app.step(1 / 30)
        if "summary" in app.stack.top.name:
            return app.stack.top
    return None
