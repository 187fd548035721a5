"""Llama Land moments for ``python -m lama_desktop.screenshots`` (and ``bench render``, which times them).

Positions come from seeded games played by the medium bots (the same picture every time): the table at the start,
mid-game with tall domains, a placement preview (legal and illegal), feeding (crafted: the player is given a few
coins, so that the choice of paying coins for missing crops shows), the "expert" variant's gold objectives, the final
scoring, a rules page.
"""

from __future__ import annotations

from lama_desktop.app import shots as screenshots
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.bots import make_bot
from lama_desktop.engine.record import GameRecord
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.session import GameSession
from lama_desktop.app.table import shots
from lama_desktop.app.table.shots import push_table, seats as _seats
from lama_desktop.games.llama_land.table import LlamaLandTableScene

GAME = "llama-land"


def played_session(seed: int, until, players: int = 4, variants=(), max_moves: int = 2000,
                   climb: bool = False) -> GameSession:
    """A seeded game played by medium bots (seat 0 too) until ``until(state)`` holds. With ``climb`` every seat
    builds as high as it can whenever a build is legal (tall domains for the pictures)."""
    record = GameRecord(GAME, players, tuple(variants), seed, {})
    state = record.new_state()
    bots = [make_bot(GAME, "medium", seed * 7 + i) for i in range(players)]
    for _ in range(max_moves):
        if state.is_over or until(state):
            break
        seat = state.current_player
        move = None
        if climb and state.phase == 0:
            builds = [p for p in state.placements() if p["kind"] == "build"]
            if builds:
                move = max(builds, key=lambda p: (p["level"], sum(p["payout"].values())))["move"]
        record.play(state, move or bots[seat].choose(state.view(seat)))
    return GameSession(record, _seats(players), state=state)


def push(app, session: GameSession) -> LlamaLandTableScene:
    config = GameConfig(GAME, list(session.seats), tuple(session.record.variants), 0, session.record.seed)
    return push_table(app, LlamaLandTableScene, session, config)


def settle(app, scene: LlamaLandTableScene, frames: int = 4) -> None:
    shots.settle(app, scene, frames, scene._skip)
    scene.motion.drop = None
    scene.motion.flash = None


def _human_place(state) -> bool:
    return state.current_player == 0 and state.phase == 0


def _start(app):
    session = GameSession.new(GAME, _seats(4), seed=2024)
    scene = push(app, session)
    settle(app, scene)


def _mid_game(app):
    def ready(state):  # Anna to place, her domain already five levels high (or late in the game)
        tall = max(state.players[0].heights.values()) >= 5
        return _human_place(state) and state.turns[0] >= 7 and (tall or state.turns[0] >= 13)
    scene = push(app, played_session(11, ready, climb=True))
    settle(app, scene)
    _aim_at_best_build(scene)


def _tall_build(state):
    return _human_place(state) and state.turns[0] >= 6


def _aim_at_best_build(scene) -> None:
    """Put the tile in hand on the build that pays most (a legal preview)."""
    p = scene.placer
    if p is None:
        return
    best = None
    for place in scene.session.state.placements():
        gain = sum(place["payout"].values()) + place["level"]
        if place["kind"] == "build" and (best is None or gain > best[0]):
            best = (gain, place)
    if best is None:
        return
    place = best[1]
    p.select(place["shape"])
    p.rotation, p.mirror = place["rotation"], place["mirror"]
    ax, ay = p.anchor()
    p.cursor = (place["x"] + ax, place["y"] + ay)
    scene.middle = None


def _preview_legal(app):
    scene = push(app, played_session(5, _tall_build))
    settle(app, scene)
    _aim_at_best_build(scene)
    app.step(1 / 60)


def _preview_illegal(app):
    scene = push(app, played_session(5, _tall_build))
    settle(app, scene)
    p = scene.placer
    if p is None:
        return
    heights = p.heights
    # a spot half on, half off the domain: refused with its reason
    xs = [x for x, _ in heights]
    ys = [y for _, y in heights]
    p.cursor = (max(xs), (min(ys) + max(ys)) // 2)
    scene.middle = None
    app.step(1 / 60)


def _placement_legend(app):
    """Anna to place mid-game: the legend of extension and build spots, the spots of the tile in hand, and the
    tile previewed on the build that pays most (what N walks over, nearest first)."""
    scene = push(app, played_session(5, _tall_build))
    settle(app, scene)
    _aim_at_best_build(scene)
    app.step(1 / 60)


def _feeding(app):
    def ready(state):  # Anna may feed, with a choice of crops and of coins standing in for crops
        if state.current_player != 0 or state.phase != 3 or state.t_fed:
            return False
        feeds = [m for m in state.legal_moves() if m.kind == "feed"]
        return len(feeds) >= 3 or (len(feeds) >= 2 and state.turns[0] >= 4) or (bool(feeds) and state.turns[0] >= 8)
    session = played_session(3, ready)
    state = session.state  # crafted from here: Anna also holds 6 coins, so coins can stand in for crops
    coins = min(6, state.supply_coins)
    state.players[0].coins += coins
    state.supply_coins -= coins
    scene = push(app, session)
    settle(app, scene)
    scene.choices.open_feeding()
    app.stack.apply_pending()


def _expert(app):
    """The "expert" variant: three gold objectives ranked 12/8/4 (their longer texts: "most potato llama cards
    (ranked)") instead of the purple ones."""
    scene = push(app, played_session(1, lambda state: _human_place(state) and state.turns[0] >= 4,
                                     variants=("expert",)))
    settle(app, scene)


def _final(app):
    session = played_session(8, lambda s: False)
    scene = push(app, session)
    settle(app, scene)
    scene._to_results()
    app.stack.apply_pending()


def _rules(app):
    app.stack.push(RulesScene("llama-land", page=2))


SHOTS = [
    ("table-llama-land-start", _start),
    ("table-llama-land-mid-game", _mid_game),
    ("table-llama-land-preview-legal", _preview_legal),
    ("table-llama-land-preview-illegal", _preview_illegal),
    ("llama-land-placement-legend", _placement_legend),
    ("table-llama-land-feeding", _feeding),
    ("table-llama-land-expert", _expert),
    ("table-llama-land-mid-game-ui85", screenshots.at_ui_scale(_mid_game, 0.85)),
    ("table-llama-land-mid-game-ui130", screenshots.at_ui_scale(_mid_game, 1.3)),
    ("results-llama-land-final", _final),
    ("rules-llama-land-turn", _rules),
]
shots.register(SHOTS)
