"""What every command-line tool shares (``arena``, ``bench``, ``screenshots``, ``transcript``, ``advise``, the app's
own flags): a bad argument is answered with **one clear line on stderr and exit status 2**, never a traceback;
an empty selection is an error too.

Use it like ``argparse``::

    from .cli import ArgumentParser, UsageError, game_spec, int_in, run

    def _main(argv=None) -> int:
        parser = ArgumentParser(prog="python -m lama_desktop.tool", description="...")
        parser.add_argument("game", type=game_spec)               # unknown game -> one line, exit 2
        parser.add_argument("--games", type=int_in(1, 10**7))     # 0, -5, "abc" -> one line, exit 2
        args = parser.parse_args(argv)
        if nothing_matches:
            raise UsageError("no shot matches 'x'")                 # -> one line, exit 2
        ...

    def main(argv=None) -> int:
        return run(_main, argv, prog="python -m lama_desktop.tool")

    if __name__ == "__main__":
        raise SystemExit(main())

``ArgumentParser.error`` prints ``<prog>: error: <message> (see --help)`` and exits 2 (argparse's own errors:
unknown flags, missing or malformed values). ``run(main)`` turns a ``UsageError`` raised after parsing (a
combination the parser cannot see: a bot level the game does not have, a variant, a folder that cannot be made)
into the same line and status.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence


USAGE_STATUS = 2


class UsageError(Exception):
    """A bad argument found after parsing: ``run`` prints it as one line and returns exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors are one line (no usage block) and exit status 2."""

    def error(self, message: str):  # noqa: D401 - argparse's hook
        self.exit(USAGE_STATUS, f"{self.prog}: error: {one_line(message)} (see --help)\n")


def one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(prog: str, message: str) -> int:
    """Print the one-line error and return the usage status (for tools that do not use ``run``)."""
    print(f"{prog}: error: {one_line(message)}", file=sys.stderr, flush=True)
    return USAGE_STATUS


def run(main: Callable[[Sequence[str] | None], int], argv: Sequence[str] | None = None,
        prog: str | None = None) -> int:
    """``main(argv)``'s exit status, with a ``UsageError`` answered as one line on stderr and status 2; argparse's
    own exits (an error, ``--help``, ``--version``) are returned as their status too, so that a tool's ``main``
    can be called in-process (``assert tool.main([...]) == 2``)."""
    try:
        return main(argv)
    except UsageError as error:
        return fail(prog or _prog_of(main), str(error))
    except SystemExit as exit_:
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else USAGE_STATUS)


def _prog_of(main) -> str:
    module = getattr(main, "__module__", "") or ""
    return f"python -m {module}" if module and module != "__main__" else "lama-desktop"


# --- argument types (each raises argparse.ArgumentTypeError: the parser prints it as one line) ----------------
def int_in(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """A whole number ``lo <= n <= hi`` (``hi`` None: no upper bound)."""
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r:.40} is not a whole number") from None
        if value < lo or (hi is not None and value > hi):
            bound = f"at least {lo}" if hi is None else f"between {lo} and {hi}"
            raise argparse.ArgumentTypeError(f"{value} is out of range (must be {bound})")
        return value

    parse.__name__ = "whole number"
    return parse


def float_in(lo: float, hi: float) -> Callable[[str], float]:
    """A finite number ``lo <= x <= hi``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r:.40} is not a number") from None
        if not lo <= value <= hi:  # NaN fails this too
            raise argparse.ArgumentTypeError(f"{text:.40} is out of range (must be between {lo:g} and {hi:g})")
        return value

    parse.__name__ = "number"
    return parse


def window_size(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. ``1920x1080``), each side 320…7680."""
    parts = text.lower().split("x")
    try:
        width, height = (int(p, 10) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r:.40} is not a size like 1920x1080") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{text:.40} is out of range (320x240 to 7680x4320)")
    return width, height


def path_text(text: str) -> str:
    """A path given on the command line, as typed; an empty one (``""``: it would be the current folder, where a
    tool would write its files or read whatever is there) is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path (it would be the current folder)")
    return text


def path_arg(text: str):
    """``path_text`` as a ``Path`` (``~`` expanded)."""
    return Path(path_text(text)).expanduser()


def game_spec(text: str):
    """A game id of the registry (``lama``, ``lama-party``, ``lama-dice``, ``lama-cadabra``, ``llama-land``)."""
    # lazy: every tool imports this module; only those that read a game pay for the engine and the bots
    from lama_desktop.engine.registry import games, get_game

    try:
        return get_game(text)
    except ValueError:
        known = ", ".join(spec.id for spec in games())
        raise argparse.ArgumentTypeError(f"unknown game {text!r:.40} (known: {known})") from None


def comma_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def check_options(spec, players: int, variants) -> frozenset:
    """``spec.check_options`` with its refusal as a ``UsageError``."""
    try:
        return spec.check_options(players, variants)
    except ValueError as error:
        raise UsageError(str(error)) from None


def check_level(game_id: str, level: str) -> str:
    """A bot level the game has, else a ``UsageError`` naming the levels it has."""
    from lama_desktop.bots import levels_for  # lazy: see game_spec

    levels = levels_for(game_id)
    if level not in levels:
        raise UsageError(f"no {level!r:.40} bot for {game_id} (levels: {', '.join(levels)})")
    return level
