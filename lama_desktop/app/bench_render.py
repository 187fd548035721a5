"""Frame times per scene: ``bench_render(frames, size) -> {"scenes": {NAME: {"p50_ms", "p95_ms"}}}``.

Each scene is staged with the screenshot builders (``lama_desktop.screenshots.SHOTS``) under the dummy video
driver, then ``frames`` frames of ``stack.update(dt)`` + ``stack.draw(screen)`` are timed (the first frames,
which fill caches, are run before timing starts). Run it with ``python -m lama_desktop.bench render --json``.

``p50_ms`` / ``p95_ms`` / ``max_ms`` are the drawing thread's CPU time per frame (``time.thread_time``): the cost
of the frame itself, which is what a player's machine pays. ``wall_p50_ms`` / ``wall_p95_ms`` are wall-clock
times; on a shared, overloaded machine (this project's: 2 cores, many processes) the wall p95 mostly measures how
often the scheduler pre-empted the process, not the frame.
"""

from __future__ import annotations

import os
import time


def bench_render(frames: int = 120, size=(1920, 1080), warmup: int = 5, only: str | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .. import screenshots
    from ..bench import percentile

    screenshots._load_game_shots()
    results: dict[str, dict] = {}
    for name, builder, shot_frames in screenshots.SHOTS:
        if only and only not in name:
            continue
        app = screenshots.make_app(tuple(size))
        app.running = True
        try:
            screenshots.stage(app, builder, max(warmup, shot_frames))
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
