"""``python -m lama_desktop.advise FILE.json --seat N [--json] [--lang en|fr|pl|de]``: the advisor
(``lama_desktop/advice.py``) from the command line.

``FILE`` is a saved state (a game's ``to_dict()``), the app's autosave (``saves/autosave.json``) or a crafted
position (``engine.registry.position``: the saved-state format with most fields optional, as in
``tests/positions/``). The answer lists the seat's moves best first, each with its estimated chance of
winning the *game* (``win``, in [0, 1]), the expected points of the round where the estimate has them, and a
one-line reason in plain words in the chosen language. With ``--json`` it prints one object
``{"seat": N, "game": ..., "moves": [{"move": "draw", "win": 0.34, "points": 6.2, "reason": "..."}, ...]}``.
A damaged or foreign file, a seat that does not exist or is not to move: one clear message, exit status 2.
Nothing here imports pygame.
"""

from __future__ import annotations

import json
import sys

from lama_desktop.advice import (AUTOSAVE_KIND, AdviceError, advise, advise_state, load_position, reason_text,
                                 summary_line, to_json)
from lama_desktop.core.i18n import LANGUAGES, set_language
from lama_desktop.cli import ArgumentParser, int_in, path_text, run

__all__ = ["AUTOSAVE_KIND", "AdviceError", "advise", "advise_state", "load_position", "main", "set_language",
           "summary_line"]


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog="python -m lama_desktop.advise")


def _main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m lama_desktop.advise",
                                     description="Every legal move of a seat with its estimated chance to win the "
                                                 "game, best first (the hard bot's search on the seat's view).")
    parser.add_argument("file", type=path_text,
                        help="a saved state (to_dict), an autosave or a crafted position (JSON)")
    parser.add_argument("--seat", type=int_in(0, 15), required=True,
                        help="the seat to advise (0-based); it must be to move")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the reasons")
    args = parser.parse_args(argv)
    set_language(args.lang)
    try:
        state = load_position(args.file)
        estimates = advise_state(state, args.seat)
    except AdviceError as error:
        print(f"advise: {error}", file=sys.stderr)
        return 2
    game_id = state.game_id
    if args.json:
        print(json.dumps(to_json(args.seat, game_id, estimates), ensure_ascii=False))
        return 0
    print(f"{game_id}, seat {args.seat} to move: {summary_line(estimates, game_id)}")
    width = max(len(str(e.move)) for e in estimates)
    for e in estimates:
        points = f"  {e.points:+6.1f} pts" if e.points is not None else ""
        print(f"  {str(e.move):<{width}}  {100 * e.win:5.1f} %{points}  {reason_text(e)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
