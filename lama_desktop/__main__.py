"""``python -m lama_desktop`` / ``lama-desktop``: start the game (``--version``, ``--smoke-test``, ``--profile DIR``,
``--replay FILE``); ``lama-desktop serve ...`` hosts a network game without a window (``serve.py``);
``lama-desktop join ...`` takes a seat at one without a window (``joincmd.py``); ``lama-desktop games [--profile
DIR] [--json]`` lists the games a profile keeps (``keptgames.py``).

A bad flag is answered with one line and exit status 2 (``lama_desktop.cli``); the process serial number macOS
adds when the app is opened from the Finder (``-psn_…``) is ignored.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from lama_desktop import __version__
from lama_desktop.cli import ArgumentParser, UsageError, path_text, run

PROG = "lama-desktop"


def profile_folder(text: str) -> Path:
    """The portable profile's folder: made if missing; an empty path (it would be the current folder), a file or a
    folder that cannot be made is a usage error."""
    if not text.strip():
        raise UsageError("--profile needs a folder (an empty path would be the current folder)")
    folder = Path(text).expanduser()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"--profile {text!r:.80} is a file, not a folder") from None
    except OSError as error:
        raise UsageError(f"--profile: cannot make the folder {text!r:.80} ({error.strerror or error})") from None
    if not folder.is_dir():
        raise UsageError(f"--profile {text!r:.80} is not a folder")
    return folder


def replay_file(text: str):
    """The game record to replay (``pastgames.PastGame``), checked before a window opens; anything else is a usage
    error naming the problem."""
    # lazy: the engine and core.i18n behind it are for --replay alone (--help, --version and serve answer without them)
    from lama_desktop.pastgames import NotAGameRecord, read_past_game

    try:
        return read_past_game(Path(text).expanduser())
    except NotAGameRecord as error:
        raise UsageError(f"--replay {text!r:.80} is not a game record this version can replay: {error.detail}") \
            from None


def main(argv=None) -> int:
    """The ``lama-desktop`` command (also the frozen app's and the installers' entry point); ``lama-desktop serve
    ...`` is the headless network host (``lama_desktop/serve.py``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["serve"]:
        # lazy: the network host (asyncio, websockets) is for serve alone; the app's start goes without it
        from lama_desktop.serve import main as serve

        return serve(args[1:])
    if args[:1] == ["join"]:
        # lazy: the headless seat (asyncio, websockets, a bot) is for join alone
        from lama_desktop.joincmd import main as join

        return join(args[1:])
    if args[:1] == ["games"]:
        # lazy: the store and the engine behind it are for games alone; --help and --version answer without them
        from lama_desktop.keptgames import main as kept_games

        return kept_games(args[1:])
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    parser = ArgumentParser(prog=PROG, description="The LAMA family of games and Llama Land.")
    parser.add_argument("--version", action="version", version=f"lama-desktop {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open the window, play a complete bot game through the real scenes, exit 0 (with "
                             "--profile: in that profile, through Continue, the statistics and a game's end)")
    parser.add_argument("--self-check", action="store_true",
                        help="import every game, bot and scene, check the shipped data, print them, exit")
    parser.add_argument("--timing", action="store_true",
                        help="print the time from process start to the first frame on screen")
    parser.add_argument("--profile", metavar="DIR",
                        help="keep the settings, games, statistics and logs in DIR (a portable profile: "
                             "DIR/settings.json, DIR/lama-desktop.sqlite3, DIR/log/) instead of your user folders")
    parser.add_argument("--replay", metavar="FILE", type=path_text,
                        help="open the replay of a game record (a file exported from Past games); a file that is "
                             "not one is answered with one line and exit status 2")
    args = list(sys.argv[1:] if argv is None else argv)
    options = parser.parse_args([a for a in args if not a.startswith("-psn_")])
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if options.self_check:
        from lama_desktop.selfcheck import main as self_check  # lazy: it imports every game, bot and scene

        return self_check()
    profile = profile_folder(options.profile) if options.profile is not None else None
    replay = replay_file(options.replay) if options.replay is not None else None
    # lazy: pygame and the app load after the arguments are read and PYGAME_HIDE_SUPPORT_PROMPT is set, and never
    # for serve, --help, --version or --self-check
    from lama_desktop.app.main import run_app

    return run_app(smoke_test=options.smoke_test, timing=options.timing, profile=profile, replay=replay)


if __name__ == "__main__":
    sys.exit(main())
