"""The advisor: the hard bot's own search run on one seat's view, every sensible move with its chance to win,
and the words it is told in (the table's advisor panel and ``python -m lama_desktop.advise`` read it).

``advise(view)`` lists the seat's moves best first (``bots.base.Estimate``), each with its estimated chance of
winning the *game* (``win``, in [0, 1]), the expected points of the round where the estimate has them, and a reason
(``reason_text``: one line in plain words in the current language). ``load_position(path)`` reads a saved state,
the app's autosave or a crafted position; a damaged or foreign one, or a seat that is not to move, is an
``AdviceError`` with one clear message.

How the estimates are made (``docs/bots-advisor.md`` has the calibration tables): each game's hard bot has an
``advise(view)`` that runs the very evaluation its ``choose`` plays with, over every legal move (Llama Land: the
best placements and every other move), with a larger, documented budget:

- L.A.M.A. / Party: ``HardBot.advise`` — ``decision`` + ``estimate`` (determinized Monte-Carlo, the round rolled
  out with the medium policy, its end valued by the race-to-40 model) with ``advisor_iterations`` (600)
  determinizations instead of 80, and every legal move instead of the pruned ones.
- LAMA Dice: ``HardDiceBot.advise`` — ``RoundSearch.move_cost`` (exact expectimax over the dice), 4 rolls deep
  instead of 3, always weighed by the chance to win the game, and once more by the round's points.
- LAMA Cadabra: ``HardBot.advise`` — ``evaluate_move`` (determinized playouts, the round's end valued as a share
  of the game win) with ``advisor_rounds`` (160) determinizations per legal move.
- Llama Land: ``HardBot.advise`` — ``playout`` (this turn, one turn of every rival, the next own turn) on
  sampled states, medium's best 12 placements and every other move, 2 playouts each (28 at most in all; the hard
  bot: 8 placements, 1 playout each), the value margin turned into a chance to win by
  ``bots.llama_land.win_chance``.

Every chance shown is calibrated: the raw estimate above goes through the game's calibration map
(``calibration_map``: monotone, fitted per game and seat count by ``python -m lama_desktop.train calibration``,
shipped in the game's folder), so the moves keep the bot's order; ``advise_raw`` is the bot's own estimate (what
the maps are fitted on). A missing or damaged map leaves the raw estimates (and a log line).

The advisor reads only ``state.view(seat)``: two positions that look the same from the seat get the same answer
(its bot has a fixed seed). Nothing here imports pygame; the table runs ``advise`` on a worker thread.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lama_desktop.core.i18n import percent as share, plural, t
from lama_desktop.bots import make_bot
from lama_desktop.bots.base import Estimate
from lama_desktop.calibration_map import for_game
from lama_desktop.engine.core import GameState, Move, StateFormatError, View
from lama_desktop.engine.registry import checked_position, plugins, state_from_dict
from lama_desktop.filedoor import Damage, read_guarded

#: the advisor's bots always start from this seed: the answer depends on the view alone
ADVISOR_SEED = 15
#: the kind tag of the app's autosave (``savefile.SAVE_KIND``), whose ``state`` field is a saved state
AUTOSAVE_KIND = "lama-desktop-save"


class AdviceError(Exception):
    """A position the advisor cannot answer for (damaged or foreign file, a seat that is not to move)."""


def load_position(path: str | Path) -> GameState:
    """The game state in ``path``: a saved state, an autosave or a crafted position; ``AdviceError`` if not. The
    file comes through the door every file of the app does (``filedoor.read_guarded``: a regular file of sane
    size and depth, JSON with numbers within reason), so a device, a FIFO or a file nested 100,000 deep is one
    clear refusal, never a hang or a traceback; a position the rules could never reach (a L.A.M.A. save whose
    ``returner`` is 99) is refused with the game's reason, as the app refuses such a save."""
    def build(data):
        try:
            if isinstance(data, dict) and data.get("kind") == AUTOSAVE_KIND:
                return state_from_dict(data.get("state"))  # a save: loaded and checked as the app loads it
            return checked_position(data)  # a saved state or a crafted position (most fields optional), checked
        except StateFormatError as error:  # its reason alone (the door would name the exception's class)
            raise ValueError(str(error)) from None

    try:
        return read_guarded(Path(path), build)
    except FileNotFoundError:
        raise AdviceError(f"cannot read {path}: there is no such file") from None
    except Damage as damage:
        if damage.problem == "bad_values":
            raise AdviceError(f"{path} is not a position this version can read: {damage.detail}") from None
        if damage.problem in ("empty", "not_text", "not_json", "huge_number"):
            raise AdviceError(f"{path} is not a JSON game position ({damage.detail})") from None
        raise AdviceError(f"{path} cannot be read: {damage.detail}") from None


def advise_raw(view: View) -> list[Estimate]:
    """The seat's sensible moves with the hard bot's own estimates, best first (see the module docs for the
    budgets): what the calibration maps are fitted on."""
    if view.current_player != view.seat or not view.legal_moves():
        raise AdviceError(f"seat {view.seat} is not to move"
                          + (f" (seat {view.current_player} is)" if view.current_player >= 0 else
                             " (the game is over)"))
    return make_bot(view.game_id, "hard", ADVISOR_SEED).advise(view)


def advise(view: View) -> list[Estimate]:
    """``advise_raw`` with every chance through the game's calibration map (same moves, same order)."""
    estimates = advise_raw(view)
    plugin = plugins().get(view.game_id)
    cal = for_game(plugin, view.num_players) if plugin is not None else None
    if cal is None:
        return estimates
    return [replace(e, win=cal(e.win)) for e in estimates]


def advise_state(state: GameState, seat: int) -> list[Estimate]:
    """``advise`` on ``state.view(seat)`` (the only thing of the state it reads)."""
    if not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise AdviceError(f"there is no seat {seat} (seats 0 to {state.num_players - 1})")
    return advise(state.view(seat))


# -- words ------------------------------------------------------------------------------------------------------

def seat_name(seat: int, names: list[str] | None = None) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return t("advisor.seat_name", n=seat + 1)


def points_text(n: float) -> str:
    """``14 points`` in the current language (the number rounded to a whole one)."""
    return plural("advisor.points", int(round(abs(n))))


def move_label(move: Move, game_id: str, names: list[str] | None = None) -> str:
    """A move as a short gerund phrase (``Drawing``, ``Playing 3``) in the current language."""
    plugin = plugins().get(game_id)
    own = plugin.move_phrase(move, names) if plugin is not None else None
    if own is not None:
        return own
    kind, args = move.kind, move.args
    if kind == "play":
        return t("advisor.move.play", card=args[0])
    if kind == "return":
        return t("advisor.move.return", token=points_text(int(args[0])))
    if kind == "give":
        return t("advisor.move.give", name=seat_name(int(args[0]), names))
    if kind in ("draw", "quit", "take"):  # a game's own moves read in its words module (move_label)
        return t(f"advisor.move.{kind}")
    return str(move)


def reason_text(estimate: Estimate, names: list[str] | None = None) -> str:
    """The estimate's one-line reason in the current language."""
    params = dict(estimate.params)
    if "points" in params:
        params["points"] = points_text(params["points"])
    if "token" in params:
        params["points"] = points_text(params.pop("token"))
    if "seat" in params:
        params["name"] = seat_name(int(params.pop("seat")), names)
    if "chance" in params:  # a whole percent from the bot: written the language's way
        params["chance"] = share(params["chance"] / 100)
    key = estimate.reason
    if key in ("lead_ahead", "lead_behind") and round(estimate.params.get("points", 0)) == 0:
        key = "lead_level"
    return t(f"advisor.reason.{key}", **params)


def percent(win: float) -> int:
    return int(round(100 * win))


def summary_line(estimates: list[Estimate], game_id: str, names: list[str] | None = None) -> str:
    """``Drawing: 34% to win the game — your hand is worth 14 points; Quitting: 29%`` (best and runner-up; the
    percentages written the language's way, ``i18n.percent``)."""
    if not estimates:
        return t("advisor.empty")
    best = estimates[0]
    line = t("advisor.line", move=move_label(best.move, game_id, names), win=share(best.win),
             reason=reason_text(best, names))
    if len(estimates) > 1:
        second = estimates[1]
        # no .lower(): names, German nouns
        line += "; " + t("advisor.line_next", move=move_label(second.move, game_id, names), win=share(second.win))
    return line


def to_json(seat: int, game_id: str, estimates: list[Estimate]) -> dict:
    moves = []
    for e in estimates:
        row = {"move": str(e.move), "win": round(e.win, 4), "reason": reason_text(e)}
        if e.points is not None:
            row["points"] = round(e.points, 2)
        moves.append(row)
    return {"seat": seat, "game": game_id, "moves": moves}
