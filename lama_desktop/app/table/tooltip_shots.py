"""Tooltips for ``python -m lama_desktop.screenshots``: ``tooltip-<game>-<piece>``, a few pieces of every game.

Each opens a seeded game (you against bots) through the real table, lets the bots play until it is your turn, then
puts the pointer on a piece: the shot's frames outlast the tooltip's delay, so the tip is in the picture.
"""

from __future__ import annotations

from lama_desktop.app.gameconfig import GameConfig
from lama_desktop.app.tables import open_table
from lama_desktop.app.table.shots import FROZEN, register, seats
from lama_desktop.app.table.tooltip import Tooltip

FRAMES = round(Tooltip.delay * 60) + 12  # at 1/60 s a frame: past the delay


def _table(app, game: str, players: int, seed: int, variants=()):
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


def _point(scene, pos) -> None:
    scene.tooltip.source, scene.tooltip.pos = "mouse", tuple(int(v) for v in pos)


def _keys(scene) -> None:
    """The tip follows the keyboard focus (as after a key press)."""
    scene.tooltip.source = "keys"


def _lama_card(app):
    scene = _table(app, "lama", 4, seed=7)
    x, y, _ = scene._hand_positions()[len(scene.shown.hand) // 2]
    _point(scene, (x, y + scene.hand_w * 0.2))


def _lama_pile(app):
    scene = _table(app, "lama", 4, seed=7)
    _point(scene, scene._slot_rect("draw_pile").center)


def _lama_drama(app):
    scene = _table(app, "lama", 4, seed=7, variants=("drama",))
    _point(scene, scene.layout["drama_board"].center)


def _lama_plate(app):
    scene = _table(app, "lama", 4, seed=7)
    _point(scene, scene.layout["seat2.plate"].center)


def _cadabra_card(app):
    scene = _table(app, "lama-cadabra", 4, seed=4)
    hand = scene.shown.hand
    pick = next((i for i, n in enumerate(hand) if n[-1] in "@#*" or "/" in n), len(hand) // 2)
    x, y, _ = scene._hand_positions()[pick]
    _point(scene, (x, y + scene.hand_w * 0.2))


def _cadabra_stage(app):
    scene = _table(app, "lama-cadabra", 4, seed=4)
    _point(scene, scene._stage_geometry().center)


def _cadabra_magic(app):
    scene = _table(app, "lama-cadabra", 4, seed=4)
    _point(scene, scene._magic_anchor(scene.shown.magic))


def _dice_die(app):
    scene = _table(app, "lama-dice", 4, seed=5)
    _point(scene, scene._die_centers()[1])


def _dice_llama_row(app):
    scene = _table(app, "lama-dice", 4, seed=5)
    name = scene.shown.llama[-1]
    _point(scene, scene._llama_positions()[name])


def _dice_row(app):
    scene = _table(app, "lama-dice", 4, seed=5)
    _point(scene, scene._row_card_rect(0).center)


def _land(app):
    return _table(app, "llama-land", 3, seed=7)


def _land_objective(app):
    scene = _land(app)
    r = scene.rects["obj1"]
    _point(scene, (r.x + r.w // 5, r.centery))


def _land_character(app):
    scene = _land(app)
    _point(scene, scene.rects["char2"].center)


def _land_stack(app):
    scene = _land(app)
    _point(scene, scene.rects["stack0"].center)


def _land_column(app):
    scene = _land(app)
    _point(scene, scene.rects["column1"].center)


def _lama_button(app):
    scene = _table(app, "lama", 4, seed=7)
    _point(scene, scene.buttons["quit"].rect.center)


def _lama_round(app):
    scene = _table(app, "lama", 4, seed=7)
    _point(scene, scene.layout["round_info"].center)


def _cadabra_button(app):
    scene = _table(app, "lama-cadabra", 4, seed=4)
    _point(scene, scene.buttons["exchange"].rect.center)


def _dice_focus_button(app):
    scene = _table(app, "lama-dice", 4, seed=5)
    scene.buttons["roll"].focused = True
    _keys(scene)


def _land_cell(app):
    scene = _land(app)
    scene.draw(app.screen)  # the domain's frame
    cells = scene.d["domains"][scene.shown_seat]["cells"]
    cell = next(c for c in cells if c["icon"] not in ("none",) and not c["llama"])
    _point(scene, scene.frame_big.top_center(cell["x"], cell["y"], cell["height"]))


def _land_spot(app):
    scene = _land(app)
    scene.draw(app.screen)
    spots = scene._spots()
    cells = {(c["x"], c["y"]) for c in scene.d["domains"][scene.shown_seat]["cells"]}
    x, y = next(xy for xy, kind in sorted(spots.items()) if kind == "extend" and xy not in cells)
    _point(scene, scene.frame_big.top_center(x, y, 1))


def _land_placement(app):
    scene = _land(app)
    scene.draw(app.screen)
    scene._next_spot(1)
    _keys(scene)


def _land_round(app):
    scene = _land(app)
    scene.draw(app.screen)
    rect = next(r for r, what in scene._supply_hits if what == "round")
    _point(scene, rect.center)


register([
    ("tooltip-lama-button", _lama_button), ("tooltip-lama-round", _lama_round),
    ("tooltip-cadabra-button", _cadabra_button), ("tooltip-dice-focus-button", _dice_focus_button),
    ("tooltip-llama-land-cell", _land_cell), ("tooltip-llama-land-spot", _land_spot),
    ("tooltip-llama-land-placement", _land_placement), ("tooltip-llama-land-round", _land_round),
], frames=FRAMES)

register([
    ("tooltip-lama-card", _lama_card), ("tooltip-lama-pile", _lama_pile), ("tooltip-lama-drama", _lama_drama),
    ("tooltip-lama-plate", _lama_plate),
    ("tooltip-cadabra-card", _cadabra_card), ("tooltip-cadabra-stage", _cadabra_stage),
    ("tooltip-cadabra-magic", _cadabra_magic),
    ("tooltip-dice-die", _dice_die), ("tooltip-dice-llama-row", _dice_llama_row), ("tooltip-dice-row", _dice_row),
    ("tooltip-llama-land-objective", _land_objective), ("tooltip-llama-land-character", _land_character),
    ("tooltip-llama-land-stack", _land_stack), ("tooltip-llama-land-column", _land_column),
], frames=FRAMES)
