"""The table moments the layout checks look at (``python -m lama_desktop.layoutcheck``, ``tests/test_layout.py``).

A moment is a builder that puts the app's stack in a state worth checking: the middle of a round with the log
full, toasts (a real refusal and the game's longest message) and the prompt showing, a round summary, the
results. Each table appears with every seat count its game allows (``GamePlugin.players``); its screenshot moments
(Drama, Party, hot seat, choices, feeding, previews) are checked too. What differs by game comes from the game's own
``moments`` module (its descriptor's ``moments`` loader): ``summary_scene(end, session)`` (no round summary without
it), ``seats_out(state)`` (who is out of the round: a moment with opponents out, their plates' longest lines),
``results(app, scene)`` (results opened from the table; the frame's results screen without it),
``LANGUAGE_MOMENTS`` and ``SHOT_PREFIXES``.
"""

from __future__ import annotations

import logging
import random
import string
from collections import defaultdict

from lama_desktop.app.shots import SHOTS, Moment
from lama_desktop.app.staging import load_shots
from lama_desktop.engine.registry import plugins
from lama_desktop.app.scenes.results import ResultsScene
from lama_desktop.app.table.shots import push_table, seats, settle
from lama_desktop.app.table.toasts import Toast
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, GameResults
from lama_desktop.core.session import GameSession
from lama_desktop.engine.core import Move
from lama_desktop.engine.record import GameRecord

log = logging.getLogger(__name__)

CANDIDATE_MOVES = ["play 1", "play 2", "play 3", "play 4", "play 5", "play 6", "play L", "play 4/5", "play 2/3",
                   "draw", "roll", "take", "discard 3", "keep", "give 0", "quit"]


def _shot(name):
    load_shots()
    for shot, builder, frames in SHOTS:
        if shot == name:
            return builder, frames
    raise KeyError(name)


def _pick(state, rng):
    """A plausible move: a card or a build when there is one, a random legal move otherwise."""
    moves = state.legal_moves()
    plays = [m for m in moves if m.kind in ("play", "place", "build", "roll", "take", "discard", "feed")]
    return rng.choice(plays or moves)


def _played(game: str, players: int, seed: int, until, pick=_pick):
    """A seeded game played forward until ``until(state, moves_in_round, last_round_end)`` (moves chosen by
    ``pick(state, rng)``); returns (record, state, round_end)."""
    record = GameRecord(game, players, (), seed, {})
    state = record.new_state()
    rng = random.Random(seed)
    in_round = 0
    last_end = None
    for _ in range(3000):
        if state.is_over or until(state, in_round, last_end):
            break
        events = record.play(state, pick(state, rng))
        in_round += 1
        for event in events:
            if event.kind == "round_end":
                last_end = event.data
                in_round = 0
    return record, state, last_end


def _session(game, players, seed, until, pick=_pick):
    record, state, end = _played(game, players, seed, until, pick)
    return GameSession(record, seats(players), state=state), end


def _push(app, game, session):
    config = GameConfig(game, list(session.seats), tuple(session.record.variants), 0, session.record.seed)
    return push_table(app, plugins()[game].table(), session, config)


def _settle(app, scene):
    skip = getattr(scene, "skip_animations", None) or getattr(scene, "_skip", None)
    settle(app, scene, 8, skip)


def _longest(domain: str, prefix: str) -> str:
    """The longest message of ``domain.prefix*`` in the current language, its placeholders filled with names."""
    names = defaultdict(lambda: "Élise")
    names.update(names="Élise, Dawid", n=3, card="6")
    best = ""
    table = dict(i18n.load_language(i18n.FALLBACK), **i18n.load_language(i18n.language()))
    for key, raw in table.items():
        if not key.startswith(f"{domain}.{prefix}"):
            continue
        if isinstance(raw, tuple):  # a plural entry: its longest form
            raw = max(raw, key=len)
        if not isinstance(raw, str):
            continue
        try:
            fields = {f for _t, f, _s, _c in string.Formatter().parse(raw) if f}
            text = raw.format_map({f: names[f] for f in fields})
        except (ValueError, KeyError, IndexError):
            continue
        if len(text) > len(best):
            best = text
    return best


def _toasts(scene, domain) -> None:
    """A real refusal of the engine (the toast the player sees), then the game's longest reason and message."""
    state = scene.session.state
    for text in CANDIDATE_MOVES:
        try:
            refusal = state.refusal(Move.parse(text))
        except Exception:  # a text this game does not parse
            log.debug("%s is no move of this game", text, exc_info=True)
            continue
        if refusal is not None and not refusal.code.startswith("core."):
            scene.try_move(text)
            break
    longest = _longest(domain, "reason.")
    if longest:
        scene.toasts.append(Toast(scene._refused(longest), 3.0, False, (217, 83, 74)))
    message = _longest(domain, "toast.")
    if message:
        scene.toasts.append(Toast(message, 3.0, True))


def _mid(game: str, players: int, seed: int):
    domain = plugins()[game].domain

    def ready(state, in_round, _end):
        return state.current_player == 0 and in_round >= 2 * players + 2

    def build(app):
        session, _end = _session(game, players, seed, ready)
        scene = _push(app, game, session)
        _settle(app, scene)
        _toasts(scene, domain)
    return build


def _out(game: str, players: int, seed: int, seats_out):
    """A later round (tokens on the table) on your turn with opponents out of it: their plates say so in the
    language's words ("Hors de la manche", "Aus dieser Runde raus"), the longest detail lines a plate carries."""
    wanted = min(2, players - 1)

    def ready(state, _in_round, end):
        out = seats_out(state)
        return end is not None and state.current_player == 0 and not out[0] and sum(out[1:]) >= wanted

    def pick(state, rng):
        """An opponent quits while fewer than ``wanted`` are out; else a plausible move."""
        if state.current_player != 0 and sum(seats_out(state)) < wanted:
            quits = [m for m in state.legal_moves() if m.kind == "quit"]
            if quits:
                return quits[0]
        return _pick(state, rng)

    def build(app):
        for tried in range(seed, seed + 8):  # a game that ends with its first round: the next seed
            session, end = _session(game, players, tried, ready, pick)
            if ready(session.state, 0, end):
                break
        _settle(app, _push(app, game, session))
    return build


def _summary(game: str, players: int, seed: int, summary_scene):
    def ended(state, _in_round, end):
        return end is not None

    def build(app):
        session, end = _session(game, players, seed, ended)
        scene = _push(app, game, session)
        _settle(app, scene)
        if end is None:
            return
        app.stack.push(summary_scene(end, session))
        app.stack.apply_pending()
    return build


def _results(game: str, players: int, seed: int, own_results):
    def build(app):
        if own_results is not None:  # the game's results are its table's own screen
            session, _end = _session(game, players, seed, lambda s, i, e: False)
            scene = _push(app, game, session)
            _settle(app, scene)
            own_results(app, scene)
            return
        session, _end = _session(game, players, seed, lambda s, i, e: False)
        scores = list(session.scores)
        rounds = [[round(v * k / 4) for v in scores] for k in range(1, 5)]
        config = GameConfig(game, seats(players), (), 0, seed)
        winners = session.winners()
        app.stack.push(ResultsScene(GameResults(config, rounds, scores, winners,
                                                lower_score_wins=plugins()[game].spec.lower_score_wins)))
    return build


def _moments_modules() -> list:
    """Every game's ``moments`` module, once each (L.A.M.A. and Party share one)."""
    out = []
    for plugin in plugins().values():
        module = plugin.moments()
        if module is not None and module not in out:
            out.append(module)
    return out


def shot_prefixes() -> dict[str, str]:
    """Screenshot name prefix -> the table group whose moments they are (``<group>-``, and a game's own
    ``SHOT_PREFIXES``: the results of Llama Land are its table's too)."""
    out = {}
    for plugin in plugins().values():
        out[f"{plugin.table_group}-"] = plugin.table_group
        for prefix in getattr(plugin.moments(), "SHOT_PREFIXES", ()):
            out[prefix] = plugin.table_group
    return out


def all_moments():
    out = []
    for game, plugin in plugins().items():
        group, moments = plugin.table_group, plugin.moments()
        summary_scene = getattr(moments, "summary_scene", None)
        seats_out = getattr(moments, "seats_out", None)
        for n in plugin.players:
            seed = 17 + n
            out.append(Moment(f"{group}-{game}-mid-{n}p", _mid(game, n, seed), 24, group))
            if seats_out is not None:
                out.append(Moment(f"{group}-{game}-out-{n}p", _out(game, n, seed, seats_out), 24, group))
            if summary_scene is not None:
                out.append(Moment(f"{group}-{game}-summary-{n}p", _summary(game, n, seed, summary_scene), 4, group))
            out.append(Moment(f"{group}-{game}-results-{n}p",
                              _results(game, n, seed, getattr(moments, "results", None)), 40, group))
    load_shots()
    prefixes = shot_prefixes()
    for name, builder, frames in SHOTS:
        for prefix, group in prefixes.items():
            if name.startswith(prefix) and "-ui" not in name:  # the scaled shots: the checks scale every moment
                out.append(Moment(name, builder, frames, group))
    return out


def language_moments():
    """One busy moment per table (cards, plates, log, objectives): a language change must redraw all of it."""
    out = []
    for module in _moments_modules():
        for name in getattr(module, "LANGUAGE_MOMENTS", ()):
            builder, frames = _shot(name)
            out.append(Moment(name, builder, frames, name))
    return out
