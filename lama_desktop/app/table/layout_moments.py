"""The table moments the layout checks look at (``python -m lama_desktop.layoutcheck``, ``tests/test_layout.py``).

A moment is a builder that puts the app's stack in a state worth checking: the middle of a round with the log
full, toasts (a real refusal and the game's longest message) and the prompt showing, a round summary, the
results. Each table appears with every seat count its game allows; its screenshot moments (Drama, Party, hot
seat, choices, feeding, previews) are checked too.
"""

from __future__ import annotations

import string
from collections import defaultdict

#: game id -> (table group, string domain, the seat counts)
GAMES = {
    "lama": ("table-lama", "lama", range(2, 7)),
    "lama-party": ("table-lama", "lama", range(2, 7)),
    "lama-dice": ("table-dice", "dice", range(2, 7)),
    "lama-cadabra": ("table-cadabra", "cadabra", range(2, 7)),
    "llama-land": ("table-llama-land", "llama_land", range(2, 5)),
}
#: the tables' screenshot moments, by table group (the results of Llama Land are its table's too)
SHOT_PREFIXES = {"table-lama-": "table-lama", "table-dice-": "table-dice", "table-cadabra-": "table-cadabra",
                 "table-llama-land-": "table-llama-land", "results-llama-land-": "table-llama-land"}
CANDIDATE_MOVES = ["play 1", "play 2", "play 3", "play 4", "play 5", "play 6", "play L", "play 4/5", "play 2/3",
                   "draw", "roll", "take", "discard 3", "keep", "give 0", "quit"]


def _shot(name):
    from lama_desktop import screenshots

    screenshots._load_game_shots()
    for shot, builder, frames in screenshots.SHOTS:
        if shot == name:
            return builder, frames
    raise KeyError(name)


def _scene_type(game: str):
    if game in ("lama", "lama-party"):
        from lama_desktop.games.lama.table import LamaTableScene
        return LamaTableScene
    if game == "lama-dice":
        from lama_desktop.games.dice.table import DiceTableScene
        return DiceTableScene
    if game == "lama-cadabra":
        from lama_desktop.games.cadabra.table import CadabraTableScene
        return CadabraTableScene
    from lama_desktop.games.llama_land.table import LlamaLandTableScene
    return LlamaLandTableScene


def _pick(state, rng):
    """A plausible move: a card or a build when there is one, a random legal move otherwise."""
    moves = state.legal_moves()
    plays = [m for m in moves if m.kind in ("play", "place", "build", "roll", "take", "discard", "feed")]
    return rng.choice(plays or moves)


def _played(game: str, players: int, seed: int, until):
    """A seeded game played forward until ``until(state, moves_in_round)``; returns (record, state, round_end)."""
    import random

    from lama_desktop.engine.record import GameRecord

    record = GameRecord(game, players, (), seed, {})
    state = record.new_state()
    rng = random.Random(seed)
    in_round = 0
    last_end = None
    for _ in range(3000):
        if state.is_over or until(state, in_round, last_end):
            break
        events = record.play(state, _pick(state, rng))
        in_round += 1
        for event in events:
            if event.kind == "round_end":
                last_end = event.data
                in_round = 0
    return record, state, last_end


def _session(game, players, seed, until):
    from lama_desktop.app.session import GameSession
    from lama_desktop.app.table.shots import seats

    record, state, end = _played(game, players, seed, until)
    return GameSession(record, seats(players), state=state), end


def _push(app, game, session):
    from lama_desktop.app.gameconfig import GameConfig
    from lama_desktop.app.table.shots import push_table

    config = GameConfig(game, list(session.seats), tuple(session.record.variants), 0, session.record.seed)
    return push_table(app, _scene_type(game), session, config)


def _settle(app, scene):
    from lama_desktop.app.table.shots import settle

    skip = getattr(scene, "skip_animations", None) or getattr(scene, "_skip", None)
    settle(app, scene, 8, skip)


def _longest(domain: str, prefix: str) -> str:
    """The longest message of ``domain.prefix*`` in the current language, its placeholders filled with names."""
    from lama_desktop.app import i18n

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


def _toasts(scene, game, domain) -> None:
    """A real refusal of the engine (the toast the player sees), then the game's longest reason and message."""
    from lama_desktop.engine.core import Move
    from lama_desktop.app.table.pieces import Toast

    state = scene.session.state
    for text in CANDIDATE_MOVES:
        try:
            refusal = state.refusal(Move.parse(text))
        except Exception:  # a text this game does not parse
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
    group, domain, _seats = GAMES[game]

    def ready(state, in_round, _end):
        return state.current_player == 0 and in_round >= 2 * players + 2

    def build(app):
        session, _end = _session(game, players, seed, ready)
        scene = _push(app, game, session)
        _settle(app, scene)
        _toasts(scene, game, domain)
    return build


def _summary(game: str, players: int, seed: int):
    def ended(state, _in_round, end):
        return end is not None

    def build(app):
        session, end = _session(game, players, seed, ended)
        scene = _push(app, game, session)
        _settle(app, scene)
        if end is None:
            return
        if game == "lama-dice":
            from lama_desktop.games.dice.table import DiceRoundSummary
            summary = DiceRoundSummary(end, session.names)
        elif game == "lama-cadabra":
            from lama_desktop.games.cadabra.table import CadabraSummaryScene
            summary = CadabraSummaryScene(end, session.names)
        else:
            from lama_desktop.app.scenes.round_summary import RoundSummaryScene
            summary = RoundSummaryScene(end, session.names, pinks=game == "lama-party")
        app.stack.push(summary)
        app.stack.apply_pending()
    return build


def _results(game: str, players: int, seed: int):
    def build(app):
        if game == "llama-land":
            session, _end = _session(game, players, seed, lambda s, i, e: False)
            scene = _push(app, game, session)
            _settle(app, scene)
            scene._to_results()
            app.stack.apply_pending()
            return
        from lama_desktop.app.gameconfig import GameConfig, GameResults
        from lama_desktop.app.scenes.results import ResultsScene
        from lama_desktop.app.table.shots import seats

        session, _end = _session(game, players, seed, lambda s, i, e: False)
        scores = list(session.scores)
        rounds = [[round(v * k / 4) for v in scores] for k in range(1, 5)]
        config = GameConfig(game, seats(players), (), 0, seed)
        winners = session.winners()
        app.stack.push(ResultsScene(GameResults(config, rounds, scores, winners,
                                                lower_score_wins=game != "llama-land")))
    return build


def all_moments():
    from lama_desktop import screenshots
    from lama_desktop.layoutcheck import Moment

    out = []
    for game, (group, _domain, counts) in GAMES.items():
        for n in counts:
            seed = 17 + n
            out.append(Moment(f"{group}-{game}-mid-{n}p", _mid(game, n, seed), 24, group))
            if game != "llama-land":
                out.append(Moment(f"{group}-{game}-summary-{n}p", _summary(game, n, seed), 4, group))
            out.append(Moment(f"{group}-{game}-results-{n}p", _results(game, n, seed), 40, group))
    screenshots._load_game_shots()
    for name, builder, frames in screenshots.SHOTS:
        for prefix, group in SHOT_PREFIXES.items():
            if name.startswith(prefix) and "-ui" not in name:  # the scaled shots: the checks scale every moment
                out.append(Moment(name, builder, frames, group))
    return out


def language_moments():
    """One busy moment per table (cards, plates, log, objectives): a language change must redraw all of it."""
    from lama_desktop.layoutcheck import Moment

    out = []
    for name in ("table-lama-mid-round", "table-dice-take-choice", "table-cadabra-mid-round",
                 "table-llama-land-mid-game", "table-lama-round-summary", "results-llama-land-final"):
        builder, frames = _shot(name)
        out.append(Moment(name, builder, frames, name))
    return out
