"""L.A.M.A. table moments for ``python -m lama_desktop.screenshots`` (and ``bench render``, which times them).

Each builder seats a table on the app's scene stack in a chosen moment: a fresh round, the middle of a round with
the playable cards raised, the question before quitting a round, the skip offered once the player is out, the Lama
Drama, a Party game, the hot-seat privacy screen, a round summary. Positions come from seeded games (the same
picture every time); the Drama, Party and skip moments are crafted states.
"""

from __future__ import annotations

from lama_desktop.games.lama.engine import LamaState
from lama_desktop.engine.record import GameRecord
from lama_desktop.app import shots as screenshots
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.shots import push_table, register, seats as _seats, settle as _settle
from lama_desktop.games.lama.table import LamaTableScene
from lama_desktop.app.scenes.round_summary import RoundSummaryScene, round_summary_data


def _push(app, session: GameSession, config: GameConfig | None = None) -> LamaTableScene:
    return push_table(app, LamaTableScene, session, config)


def _played_session(game: str, players: int, variants=(), seed: int = 1, until=None, humans: int = 1,
                    max_moves: int = 400) -> GameSession:
    """A seeded game played forward (every seat plays its first legal card, else draws) until ``until(state)``."""
    record = GameRecord(game, players, tuple(variants), seed, {})
    state = record.new_state()
    for _ in range(max_moves):
        if until is not None and until(state):
            break
        moves = state.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        draw = [m for m in moves if m.kind == "draw"]
        pick = plays[0] if plays else (draw[0] if draw and state.view(state.current_player).hand_sizes[
            state.current_player] < 8 else moves[-1])
        record.play(state, pick)
    seats = _seats(players, humans)
    return GameSession(record, seats, state=state)


def _start(app):
    session = GameSession.new("lama", _seats(4), seed=2024)
    scene = _push(app, session)
    _settle(app, scene)


def _mid_round(app):
    def ready(state):
        view = state.view(0)
        legal = [m for m in view.legal_moves() if m.kind == "play"]
        return (state.current_player == 0 and len(view.round_log) >= 5 and legal
                and len(legal) < sum(view.hand))
    scene = _push(app, _played_session("lama", 4, seed=31, until=ready))
    _settle(app, scene)
    scene.hover = -1


def _confirm_quit(app):
    """Q pressed in the middle of a round: "Quit this round?" over the table (Enter quits, Escape keeps playing)."""
    _mid_round(app)
    scene = app.stack.top
    scene.try_move("quit")
    app.stack.apply_pending()


def _skip_offered(app):
    """Anna has quit the round and the bots play on: "Skip to the round's end" (key S) replaces her buttons."""
    state = LamaState.crafted(
        "lama", hands=[["3", "6", "L"], ["2", "5", "6"], ["1", "4", "4", "L"], ["2", "3", "5"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "1", "2", "3"] * 2, top="2", discard=["1", "1", "2"],
        current=1, points=[4, 12, 0, 9], dealer=0, round_no=2, active=[False, True, True, True])
    session = GameSession(GameRecord("lama", 4, (), 0, {}, []), _seats(4), state=state)
    scene = _push(app, session)
    _settle(app, scene)


def _drama(app):
    state = LamaState.crafted(
        "lama", hands=[["3", "4", "L", "6", "L", "1"], ["2", "5", "6"], ["1", "4", "4", "L"], ["2", "3"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "1", "2", "3"] * 2, top="L",
        discard=["5", "6", "L", "L", "1", "2", "L", "L"], variants=("drama",), current=0, drama=True,
        board=(3, 2, 0), points=[14, 23, 8, 31], dealer=3, round_no=3)
    session = GameSession(GameRecord("lama", 4, ("drama",), 0, {}, []), _seats(4), state=state)
    scene = _push(app, session)
    _settle(app, scene)


def _party(app):
    state = LamaState.crafted(
        "lama-party", hands=[["2", "3+", "3", "5", "L", "P", "6+"], ["1", "4", "4+"], ["6", "6", "L", "2"],
                             ["5", "5+", "1"], ["3", "4", "2+", "L", "6"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "1", "4", "3"] * 2, top="3",
        discard=["1", "1+", "2", "2", "3"], current=0, points=[21, 9, 34, 16, 27], dealer=4, round_no=4,
        active=[True, True, False, True, True])
    session = GameSession(GameRecord("lama-party", 5, (), 0, {}, []), _seats(5), state=state)
    scene = _push(app, session)
    _settle(app, scene)


def _six_players(app):
    scene = _push(app, _played_session("lama", 6, variants=("lama20",), seed=5,
                                       until=lambda s: s.current_player == 0 and len(s.round_log) >= 8))
    _settle(app, scene)


def _return_choice(app):
    state = LamaState.crafted(
        "lama", hands=[["5"], ["1", "2", "L", "6"], ["3", "3", "4"]], pile=["3", "4", "6", "6", "1", "2"] * 3,
        top="4", discard=["2", "3", "3", "4"], points=[13, 21, 7], current=0, dealer=2, round_no=2,
        variants=("lama20",))
    session = GameSession(GameRecord("lama", 3, ("lama20",), 0, {}, []), _seats(3), state=state)
    scene = _push(app, session)
    _settle(app, scene)
    session.play("play 5")
    for _ in range(12):
        app.step(1 / 60)
        scene.tween.skip()
        top = app.stack.top
        if top is not scene and hasattr(top, "close"):
            top.close()
    _settle(app, scene)


def _hotseat(app):
    session = GameSession.new("lama", _seats(3, humans=2), seed=77)
    scene = _push(app, session)
    for _ in range(12):
        app.step(1 / 60)
        scene.tween.skip()
        if app.stack.top is not scene:
            break


def _hotseat_hidden(app):
    """Two people share the screen; a bot is to move, so nobody's hand is face up."""
    session = _played_session("lama", 4, seed=9, humans=2,
                              until=lambda s: s.current_player == 2 and len(s.round_log) >= 3)
    scene = _push(app, session)
    _settle(app, scene)


def _round_summary(app):
    record = GameRecord("lama", 4, ("drama",), 58, {})
    state = record.new_state()
    data = None
    while data is None:
        moves = state.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        pick = plays[0] if plays else moves[0]
        data = round_summary_data(state, record.play(state, pick), lambda move: record.play(state, move))
    session = GameSession(record, _seats(4), state=state)
    scene = _push(app, session)
    _settle(app, scene)
    app.stack.push(RoundSummaryScene(data, session.names, pinks=False))
    app.stack.apply_pending()


register([
    ("table-lama-start", _start),
    ("table-lama-mid-round", _mid_round),
    ("table-lama-confirm-quit", _confirm_quit),
    ("table-lama-skip-offered", _skip_offered),
    ("table-lama-drama", _drama),
    ("table-lama-party", _party),
    ("table-lama-6p", _six_players),
    ("table-lama-hotseat-privacy", _hotseat),
    ("table-lama-return-choice", _return_choice),
    ("table-lama-hotseat-hidden", _hotseat_hidden),
    ("table-lama-round-summary", _round_summary),
    ("table-lama-6p-ui130", screenshots.at_ui_scale(_six_players, 1.3)),
    ("table-lama-mid-round-ui85", screenshots.at_ui_scale(_mid_round, 0.85)),
    ("table-lama-mid-round-ui130", screenshots.at_ui_scale(_mid_round, 1.3)),
])
