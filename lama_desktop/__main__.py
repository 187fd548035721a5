"""``python -m lama_desktop`` / ``lama-desktop``: start the game (``--version``, ``--smoke-test``)."""

from __future__ import annotations

import argparse
import os
import sys

from . import __version__


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="lama-desktop", description="The LAMA family of games and Llama Land.")
    parser.add_argument("--version", action="version", version=f"lama-desktop {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the window, play a complete bot game through the real scenes, exit 0")
    parser.add_argument("--self-check", action="store_true",
                        help="import every game, bot and scene, check the shipped data, print them, exit")
    parser.add_argument("--timing", action="store_true",
                        help="print the time from process start to the first frame on screen")
    args, _unknown = parser.parse_known_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.self_check:
        from .selfcheck import main as self_check

        return self_check()
    from .app.main import run_app

    return run_app(smoke_test=args.smoke_test, timing=args.timing)


if __name__ == "__main__":
    sys.exit(main())
