"""The app side of the layout checks (``python -m lama_desktop.layoutcheck``, ``tests/test_layout.py``): the moments
they look at, a ``Checker`` that draws one headless with ``app/textprobe.py`` installed and returns the problems
found (its texts', and what the screen says it covers that it must not: ``cover_problems``, a network table's banner
over your own hand), and ``save``, the screen as checked with every text boxed. The tool itself (its sample, its
arguments) stays free of pygame until it checks something.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from lama_desktop.app import textprobe
from lama_desktop.app.shots import SHOTS, Moment
from lama_desktop.app.staging import load_shots, make_app, stage
from lama_desktop.app.table import layout_moments
from lama_desktop.app.table.log_panel import MIN_ROWS


#: the fewest rows a table's history panel may show (issue 32: two lines at 115 % were no history)
MIN_HISTORY_ROWS = MIN_ROWS


def moments() -> list[Moment]:
    """Every screen the checks look at."""
    out = []
    load_shots()
    for name, builder, frames in SHOTS:
        if name.startswith(("title-", "continue-", "setup-", "settings-", "rules-", "statistics-", "message-",
                            "privacy-", "pause-", "results-final")):
            out.append(Moment(name, builder, frames, name.split("-")[0]))
        elif name.startswith("net-waiting-for-player"):  # one group: every table's banner takes turns
            out.append(Moment(name, builder, frames, "net-waiting-for-player"))
        elif name.startswith("net-"):  # each network screen its own group: every size x scale x language
            out.append(Moment(name, builder, frames, name))
    out.extend(layout_moments.all_moments())
    return out


class Checker:
    """One app per window size, the probe on; ``check(moment, scale, lang)`` returns the problems found."""

    def __init__(self) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        textprobe.install()
        self.apps: dict = {}
        self.tmp = tempfile.TemporaryDirectory(prefix="lama-layout-")

    def app(self, size):
        app = self.apps.get(size)
        if app is None:
            app = make_app(size, os.path.join(self.tmp.name, f"{size[0]}x{size[1]}"))
            app.running = True
            self.apps[size] = app
        if not isinstance(app.screen, textprobe.RecordingSurface) or app.screen.get_size() != tuple(size):
            app.screen = textprobe.RecordingSurface(tuple(size))
        return app

    def frame_texts(self, moment: Moment, size, scale: float, lang: str):
        """The texts of the moment's last frame, and the UI texts that were rendered but never reached the
        screen's recording (drawn a way the probe cannot see)."""
        app = self.app(size)
        if app.settings.language != lang or abs(app.settings.ui_scale - scale) > 1e-9:
            app.update_settings(language=lang, ui_scale=scale)
        since = textprobe.mark()
        stage(app, moment.builder, moment.frames)
        if abs(app.settings.ui_scale - scale) > 1e-9:  # a builder that sets its own scale keeps it
            scale = app.settings.ui_scale
        textprobe.reset(app.screen)
        app.stack.draw(app.screen)
        return textprobe.texts(app.screen), textprobe.lost(since)

    def switched_texts(self, moment: Moment, size, old: str, new: str):
        """The texts of the moment drawn in ``old``, then a frame after the language changed to ``new``."""
        app = self.app(size)
        if app.settings.language != old:
            app.update_settings(language=old)
        stage(app, moment.builder, moment.frames)
        app.update_settings(language=new)
        for _ in range(2):
            app.step(dt=1 / 60)
        textprobe.reset(app.screen)
        app.stack.draw(app.screen)
        return textprobe.texts(app.screen)

    def check(self, moment: Moment, size, scale: float, lang: str) -> list[str]:
        records, lost = self.frame_texts(moment, size, scale, lang)
        found = textprobe.problems(records, size, shortened_ok=self.names_in_tooltips(size, records))
        found += [f"drawn a way the probe does not follow: {r.describe()}" for r in lost]
        scene = self.app(size).stack.top
        found += getattr(scene, "cover_problems", list)()  # what lies over the table covers none of your own
        found += self.history_problems(size)
        if not records:
            found.append("no text at all was seen on this screen")
        return found

    def history_problems(self, size) -> list[str]:
        """A table's history panel with room for fewer than ``MIN_HISTORY_ROWS`` rows (a large interface or a
        tall language squeezing it): the history is there to be read, a line or two of it is not."""
        scenes = self.app(size).stack.scenes
        scene = scenes[-1] if scenes else None
        log = getattr(scene, "log", None)
        if log is None or not getattr(scene, "log_shown", False) or getattr(log, "rows_room", None) is None:
            return []
        if log.rows_room < MIN_HISTORY_ROWS:
            return [f"the history panel shows {log.rows_room} rows, fewer than {MIN_HISTORY_ROWS}"]
        return []

    def names_in_tooltips(self, size, records) -> set[int]:
        """The shortened texts (uids) that are a player's name whose tooltip, asked at the middle of the name
        as the pointer would, holds the name in full: those may be shortened."""
        scene = self.app(size).stack.scenes[-1] if self.app(size).stack.scenes else None
        tip_at, name_of = getattr(scene, "_tooltip_at", None), getattr(scene, "_name", None)
        if tip_at is None or name_of is None:
            return set()
        names = {name_of(seat) for seat in range(getattr(scene, "n", 0))}
        ok = set()
        for record in records:
            full = record.full.split(" · ")[0]  # a seat's name and its bot level ("Anna · medium")
            if record.full and full in names:
                tip = tip_at(record.visible.center)
                if tip is not None and full in tip.text.split("\n"):
                    ok.add(record.uid)
        return ok

    def close(self) -> None:
        while self.apps:
            _size, app = self.apps.popitem()
            while app.stack.scenes:
                app.stack._pop_now()
            app.shutdown()
        textprobe.uninstall()
        self.tmp.cleanup()


def save(checker: Checker, moment: Moment, size, scale: float, lang: str, found: list[str], folder: Path) -> Path:
    """The screen as checked, every text boxed: green fine, red named in a problem."""
    app = checker.app(size)
    picture = pygame.surface.Surface(size)
    picture.blit(app.screen, (0, 0))
    for record in textprobe.texts(app.screen):
        bad = any(record.describe() in line for line in found)
        pygame.draw.rect(picture, (230, 30, 30) if bad else (60, 200, 90), record.rect, 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{moment.name}-{size[0]}x{size[1]}-{round(scale * 100)}-{lang}.png"
    pygame.image.save(picture, str(path))
    return path
