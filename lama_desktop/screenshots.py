"""``python -m lama_desktop.screenshots DIR [--size WxH ...] [--only NAME] [--lang de]``: every scene to PNG, headless.

Files are ``<scene>-<moment>-<w>x<h>.png`` at 1920×1080 and 1280×720 by default. The list of shots is
``SHOTS`` (``lama_desktop/app/shots.py``, loaded and staged by ``lama_desktop/app/staging.py``); game engineers
add their tables' moments with ``add_shot`` from their game's ``shots`` module; ``python -m lama_desktop.bench
render`` times the same builders.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from lama_desktop.app import staging
from lama_desktop.app.shots import SHOTS, add_shot, at_ui_scale
from lama_desktop.app.staging import load_shots as _load_game_shots
from lama_desktop.app.staging import make_app, stage
from lama_desktop.cli import ArgumentParser, UsageError, path_text, run, window_size
from lama_desktop.core.i18n import LANGUAGES

__all__ = ["SHOTS", "add_shot", "at_ui_scale", "main", "make_app", "output_folder", "render_all", "stage",
           "_load_game_shots"]


def render_all(out_dir: Path, sizes, only: str | None = None) -> list[Path]:
    import pygame  # lazy: pygame loads when pictures are taken (after _main set SDL's dummy drivers), not for --help

    _load_game_shots()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        for name, builder, frames in SHOTS:
            if only and only not in name:
                continue
            app = make_app(size)  # a fresh app (and storage) per shot: no state leaks between pictures
            app.running = True
            try:
                stage(app, builder, frames)
                path = out_dir / f"{name}-{size[0]}x{size[1]}.png"
                pygame.image.save(app.screen, str(path))
                written.append(path)
                print(path, flush=True)
            except Exception as error:  # noqa: BLE001 - reported on stderr; one broken scene must not hide the others
                print(f"FAILED {name} at {size[0]}x{size[1]}: {type(error).__name__}: {error}", file=sys.stderr)
            finally:
                app.shutdown()
    return written


PROG = "python -m lama_desktop.screenshots"


def output_folder(text: str) -> Path:
    """The pictures' folder: made if missing; a file, a folder that cannot be made or written is a usage error."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"{text!r:.80} is a file, not a folder") from None
    except OSError as error:
        raise UsageError(f"cannot make the folder {text!r:.80} ({error.strerror or error})") from None
    if not folder.is_dir():
        raise UsageError(f"{text!r:.80} is not a folder")
    try:
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".write-test-", delete=True)
        probe.close()
    except OSError as error:
        raise UsageError(f"cannot write into {text!r:.80} ({error.strerror or error})") from None
    return folder


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    parser = ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", type=path_text)
    parser.add_argument("--size", action="append", default=None, type=window_size,
                        help="WxH (repeatable); default 1920x1080 and 1280x720")
    parser.add_argument("--only", default=None, help="only shots whose name contains this text")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, metavar="LANG",
                        help=f"language of the pictures: {', '.join(LANGUAGES)}")
    args = parser.parse_args(argv)
    staging.LANGUAGE = args.lang
    sizes = args.size or [(1920, 1080), (1280, 720)]
    _load_game_shots()
    chosen = [s for s in SHOTS if not args.only or args.only in s[0]]
    if not chosen:
        raise UsageError(f"no shot matches {args.only!r:.40} (e.g. {', '.join(n for n, _b, _f in SHOTS[:4])})")
    out_dir = output_folder(args.out_dir)
    expected = len(sizes) * len(chosen)
    written = render_all(out_dir, sizes, args.only)
    if len(written) < expected:
        print(f"screenshots: {expected - len(written)} of {expected} pictures failed (see above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
