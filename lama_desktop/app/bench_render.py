"""Frame times per scene: ``bench_render(frames, size) -> {"scenes": {NAME: {"p50_ms", "p95_ms"}}}``.

Each scene is staged with the screenshot builders (``lama_desktop.app.shots.SHOTS``, staged by ``app/staging.py``) under
the dummy video driver, then ``frames`` frames of ``stack.update(dt)`` + ``stack.draw(screen)`` are timed (the first
frames, which fill caches, are run before timing starts). Run it with ``python -m lama_desktop.bench render --json``.

``p50_ms`` / ``p95_ms`` / ``max_ms`` are the drawing thread's CPU time per frame (``time.thread_time``): the cost
of the frame itself, which is what a player's machine pays. ``wall_p50_ms`` / ``wall_p95_ms`` are wall-clock
times; on a shared, overloaded machine (this project's: 2 cores, many processes) the wall p95 mostly measures how
often the scheduler pre-empted the process, not the frame.
"""

from __future__ import annotations

import os
import time

import pygame

from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.app.scenes.shots import sample_past_game, title_screen
from lama_desktop.app.shots import SHOTS
from lama_desktop.app.staging import load_shots, make_app, stage
from lama_desktop.stats import percentile


def bench_render(frames: int = 120, size=(1920, 1080), warmup: int = 5, only: str | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


    load_shots()
    results: dict[str, dict] = {}
    for name, builder, shot_frames in SHOTS:
        if only and only not in name:
            continue
        app = make_app(tuple(size))
        app.running = True
        try:
            stage(app, builder, max(warmup, shot_frames))
            stack, screen = app.stack, app.screen
            cpu, wall = [], []
            dt = 1 / 60
            for _ in range(frames):
                pygame.event.pump()
                start_wall, start_cpu = time.perf_counter(), time.thread_time()
                stack.apply_pending()
                stack.update(dt)
                stack.draw(screen)
                cpu.append((time.thread_time() - start_cpu) * 1000.0)
                wall.append((time.perf_counter() - start_wall) * 1000.0)
            results[name] = {"p50_ms": round(percentile(cpu, 0.5), 3), "p95_ms": round(percentile(cpu, 0.95), 3),
                             "max_ms": round(max(cpu), 3),
                             "wall_p50_ms": round(percentile(wall, 0.5), 3),
                             "wall_p95_ms": round(percentile(wall, 0.95), 3)}
        finally:
            app.shutdown()
    return {"size": list(size), "frames": frames, "clock": "thread_cpu", "scenes": results}


def bench_replay(game_id: str, size=(1920, 1080), switches: int = 3, seed: int = 12345,
                 players: int = 3, max_frames: int = 2000) -> dict:
    """The replay viewer's longest frame while it opens a sample game (``app/scenes/shots.sample_past_game``) and while
    its view is switched (Tab: every hand open → each seat's view), frame by frame through ``App.step`` until the
    history beside the table is complete. Art and table modules are warmed first by one viewer opened and closed
    (what the first table of a session pays anyway), so the numbers are the viewer's own.

    Per phase: ``max_ms`` / ``p50_ms`` (the UI thread's CPU time per frame, ``time.thread_time``), ``wall_max_ms``,
    ``frames`` (frames until the history was complete) and ``ready_ms`` (wall time until then)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


    past = sample_past_game(game_id, seed, players)
    app = make_app(tuple(size))
    app.running = True
    phases: dict[str, dict] = {}
    try:
        stage(app, title_screen, 2)
        warm = ReplayScene(past)
        app.stack.push(warm)
        app.step(1 / 60)
        warm.history_of_view()
        app.stack.pop()
        app.step(1 / 60)

        def frames_until_ready(viewer, name: str) -> None:
            cpu, wall = [], []
            started = time.perf_counter()
            for _ in range(max_frames):
                start_wall, start_cpu = time.perf_counter(), time.thread_time()
                app.step(1 / 60)
                cpu.append((time.thread_time() - start_cpu) * 1000.0)
                wall.append((time.perf_counter() - start_wall) * 1000.0)
                if not getattr(viewer, "history_pending", False) and viewer.table is not None:
                    break
            phases[name] = {"max_ms": round(max(cpu), 2), "p50_ms": round(percentile(cpu, 0.5), 2),
                            "wall_max_ms": round(max(wall), 2), "frames": len(cpu),
                            "ready_ms": round((time.perf_counter() - started) * 1000.0, 1)}

        viewer = ReplayScene(past)
        app.stack.push(viewer)
        frames_until_ready(viewer, "open")
        for n in range(switches):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
            frames_until_ready(viewer, f"switch{n + 1}")
    finally:
        app.shutdown()
    return {"game": game_id, "moves": len(past.record.moves), "size": list(size), "clock": "thread_cpu",
            "phases": phases}
