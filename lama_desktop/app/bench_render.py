"""Frame times per scene: ``bench_render(frames, size) -> {"scenes": {NAME: {"p50_ms", "p95_ms"}}}``.

Each scene is staged with the screenshot builders (``lama_desktop.screenshots.SHOTS``) under the dummy video
driver, then ``frames`` frames of ``stack.update(dt)`` + ``stack.draw(screen)`` are timed (the first frames,
which fill caches, are run before timing starts). Run it with ``python -m lama_desktop.bench render --json``.
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
            times = []
            dt = 1 / 60
            for _ in range(frames):
                pygame.event.pump()
                start = time.perf_counter()
                stack.apply_pending()
                stack.update(dt)
                stack.draw(screen)
                times.append((time.perf_counter() - start) * 1000.0)
            results[name] = {"p50_ms": round(percentile(times, 0.5), 3), "p95_ms": round(percentile(times, 0.95), 3),
                             "max_ms": round(max(times), 3)}
        finally:
            app.shutdown()
    return {"size": list(size), "frames": frames, "scenes": results}
