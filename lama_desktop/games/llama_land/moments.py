"""The moments the frame stages for Llama Land (its descriptor's ``moments`` loader): for the layout checks
(``app/table/layout_moments.py``) its results, which are its table's own screen (``results``; the game has no round
summary, so no ``summary_scene``), the shots checked with its table and the busy moments a language change must
redraw; the advisor's position (``app/table/advisor_shots.py``) and the pieces pictured with their tooltip
(``app/table/tooltip_shots.py``).
"""

from __future__ import annotations

from lama_desktop.app.table.shots import keys, open_seated, point
from lama_desktop.games.llama_land.shots import played_session, push, settle

#: the shots (``shots.py``) a language change must redraw completely: the board, objectives, log, the results
LANGUAGE_MOMENTS = ("table-llama-land-mid-game", "results-llama-land-final")
#: screenshot names (beyond ``table-llama-land-``) checked with the table's group
SHOT_PREFIXES = ("results-llama-land-",)


def results(app, scene) -> None:
    """The game's results, opened from its table on the app's stack."""
    scene._to_results()
    app.stack.apply_pending()


def advisor(app) -> None:
    """Anna to place a tile, a few turns in: builds worth comparing (its best placements as ghost tiles)."""

    def ready(state):
        return state.current_player == 0 and state.phase == 0 and state.turns[0] >= 6
    scene = push(app, played_session(11, ready, climb=True))
    settle(app, scene)
    scene.advisor.request()
    scene.advisor.wait(30.0)
    settle(app, scene, 2)


def _table(app):
    return open_seated(app, "llama-land", 3, seed=7)


def _cell(app):
    scene = _table(app)
    scene.draw(app.screen)  # the domain's frame
    cells = scene.d["domains"][scene.shown_seat]["cells"]
    cell = next(c for c in cells if c["icon"] not in ("none",) and not c["llama"])
    point(scene, scene.camera.frame_big.top_center(cell["x"], cell["y"], cell["height"]))


def _spot(app):
    scene = _table(app)
    scene.draw(app.screen)
    spots = scene._spots()
    cells = {(c["x"], c["y"]) for c in scene.d["domains"][scene.shown_seat]["cells"]}
    x, y = next(xy for xy, kind in sorted(spots.items()) if kind == "extend" and xy not in cells)
    point(scene, scene.camera.frame_big.top_center(x, y, 1))


def _placement(app):
    scene = _table(app)
    scene.draw(app.screen)
    scene._next_spot(1)
    keys(scene)


def _round(app):
    scene = _table(app)
    scene.draw(app.screen)
    rect = next(r for r, what in scene._supply_hits if what == "round")
    point(scene, rect.center)


def _objective(app):
    scene = _table(app)
    r = scene.rects["obj1"]
    point(scene, (r.x + r.w // 5, r.centery))


def _character(app):
    scene = _table(app)
    point(scene, scene.rects["char2"].center)


def _stack(app):
    scene = _table(app)
    point(scene, scene.rects["stack0"].center)


def _column(app):
    scene = _table(app)
    point(scene, scene.rects["column1"].center)


def tooltips() -> list:
    """The table's pieces pictured with their tooltip: ``(piece, builder)``."""
    return [("cell", _cell), ("spot", _spot), ("placement", _placement), ("round", _round),
            ("objective", _objective), ("character", _character), ("stack", _stack), ("column", _column)]
