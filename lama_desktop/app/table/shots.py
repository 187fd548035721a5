"""What the tables' screenshot moments (every game's ``shots`` module, ``app/table/*_shots.py``) share: seats with fixed
names, a table pushed on the app's stack with its settings frozen, frames run with every animation finished, the moments
registered in ``app/shots.py`` for ``python -m lama_desktop.screenshots`` (and ``bench render``, which times them)."""

from __future__ import annotations

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.shots import add_shot
from lama_desktop.app.table.tooltip import Tooltip
from lama_desktop.app.tables import open_table

NAMES = ["Anna", "Bruno", "Chloé", "Dawid", "Élise", "Feliks"]
FROZEN = 1e9  # bots never move while the picture is taken
TOOLTIP_FRAMES = round(Tooltip.delay * 60) + 12  # at 1/60 s a frame: past the tooltip's delay


def seats(players: int, humans: int = 1) -> list[SeatConfig]:
    """The first ``humans`` seats human, the others medium bots."""
    return [SeatConfig(NAMES[i], "human") if i < humans else SeatConfig(NAMES[i], "bot", "medium")
            for i in range(players)]


def push_table(app, scene_type, session, config=None):
    """``scene_type(session, config)`` on the app's stack, entered, its settings applied once and then kept; the
    bots frozen (after ``enter``, which applies the settings' pace: frozen before it, a bot moved whenever the
    frames took longer than the pace and ``bench render`` was not deterministic). Its toasts age on the time of
    play the staged moves' animations stand for (``toast_clock = "play"``), skipped or not."""
    scene = scene_type(session, config)
    scene.toast_clock = "play"  # staged moves: a toast fades when play would have faded it
    app.stack.push(scene)
    app.stack.apply_pending()
    session.set_pace(FROZEN)
    scene._apply_settings = lambda: None  # keep the frozen pace
    scene.colorblind = bool(app.settings.colorblind)
    scene.tween.speed = float(app.settings.animation_speed)
    return scene


def settle(app, scene, frames: int = 8, skip=None) -> None:
    """Run ``frames`` frames, finishing every animation at once (``skip``; by default the table's tweens), then
    drop the toasts."""
    for _ in range(frames):
        app.step(1 / 60)
        (skip or scene.tween.skip)()
    scene.toasts.clear()


def register(shots, frames: int = 4) -> None:
    """Add ``(name, builder)`` moments to the screenshots' list."""
    for name, builder in shots:
        add_shot(name, builder, frames)


def open_seated(app, game: str, players: int, seed: int, variants=()):
    """A seeded game (you against bots) opened through the real table, the bots played until it is your turn, then
    frozen."""
    config = GameConfig(game, seats(players), tuple(variants), 0, seed=seed)
    scene = open_table(app, config)
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.session.set_pace(0.0)
    scene._apply_settings = lambda: None
    skip = getattr(scene, "skip_animations", None) or scene.tween.skip
    for _ in range(3000):
        app.step(1 / 60)
        skip()
        if scene.session.thinking:
            scene.session.wait_for_bot(30)
        if scene.can_act():
            break
    scene.session.set_pace(FROZEN)
    scene.toasts.clear()
    return scene


def point(scene, pos) -> None:
    """The pointer on ``pos``: the table's tooltip shows what is there once its delay is past."""
    scene.tooltip.source, scene.tooltip.pos = "mouse", tuple(int(v) for v in pos)


def keys(scene) -> None:
    """The tip follows the keyboard focus (as after a key press)."""
    scene.tooltip.source = "keys"


def ask_advisor(app, scene, skip=None) -> None:
    """Press H at the table and wait for the advisor's answer, every animation finished."""
    settle(app, scene, 6, skip)
    scene.advisor.request()
    scene.advisor.wait(30.0)
    settle(app, scene, 2, skip)
