"""``python -m lama_desktop.lessonshots DIR [--game lama] [--size WxH ...] [--lang de] [--hover]``: every step of a
"Learn to play" lesson to PNG, headless, in one play-through each (``lesson-<game>-<nn>-<step>-<w>x<h>.png``).

The screenshots tool shoots the steps a lesson lists under ``shots`` (``tutorial-<game>-<step>``); this one shoots
them all, to look at where the narrator's box and its arrow went on each (``app/table/lesson_place.py``).
"""

from __future__ import annotations

import os
import sys

from lama_desktop.cli import ArgumentParser, UsageError, path_text, run, window_size
from lama_desktop.core.i18n import LANGUAGES
from lama_desktop.app import staging
from lama_desktop.app.table.tutorial_shots import shoot_every_step
from lama_desktop.screenshots import output_folder
from lama_desktop.tutorial.script import tutorials

PROG = "python -m lama_desktop.lessonshots"


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lazy: at the module's top pygame would load before lama_desktop.app, which quiets its greeting on stdout
    import pygame

    parser = ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=path_text)
    parser.add_argument("--game", action="append", default=None, help="a lesson's game id (repeatable); default all")
    parser.add_argument("--size", action="append", default=None, type=window_size,
                        help="WxH (repeatable); default 1280x720")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, metavar="LANG",
                        help=f"language of the pictures: {', '.join(LANGUAGES)}")
    parser.add_argument("--hover", action="store_true",
                        help="rest the pointer on each step's piece until its tooltip shows")
    args = parser.parse_args(argv)
    games = args.game or tutorials()
    unknown = [g for g in games if g not in tutorials()]
    if unknown:
        raise UsageError(f"no lesson for {unknown[0]!r:.40} (lessons: {', '.join(tutorials())})")
    staging.LANGUAGE = args.lang
    out_dir = output_folder(args.out_dir)
    failed = 0
    for size in args.size or [(1280, 720)]:
        for game in games:
            app = staging.make_app(size)
            app.running = True

            def save(index, step_id, app=app, game=game, size=size):
                path = out_dir / f"lesson-{game}-{index + 1:02d}-{step_id}-{size[0]}x{size[1]}.png"
                pygame.image.save(app.screen, str(path))
                print(path, flush=True)

            try:
                shoot_every_step(app, game, save, hover=args.hover)
            except RuntimeError as error:  # reported; the other lessons are still shot
                print(f"FAILED {game} at {size[0]}x{size[1]}: {error}", file=sys.stderr)
                failed += 1
            finally:
                app.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
