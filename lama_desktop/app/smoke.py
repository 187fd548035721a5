"""``--smoke-test`` driver: clicks through title → setup → a complete 4-bot L.A.M.A. game → results.

It acts like a player: real mouse events posted at the widgets' positions (and Enter on messages); the game itself
is played by the table's own bots at the instant pace. It only watches the stack between frames.

With ``real_paths`` (``lama-desktop --profile DIR --smoke-test``) it goes through the player's real paths in that
profile first: the title with its save preview, Continue when a save is there (the table opens, then it leaves it
as the game is: saved), the statistics screen; then New game, a whole bot game and its end, which records the
statistics. Every message on the way (a damaged file moved aside, a write that failed) is noted and acknowledged:
the test passes when the app came through, whatever it found damaged.
"""

from __future__ import annotations

import logging
import time

import pygame
from lama_desktop.app.scenes.continue_list import ContinueScene
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.results import ResultsScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.bots import levels_for

from lama_desktop.games import GAMES

log = logging.getLogger("lama_desktop.smoke")


def click(pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def widget(scene, name):
    for w in scene.group.widgets:
        if w.name == name:
            return w
    raise LookupError(f"{scene.name} has no widget {name!r}")


class SmokeDriver:
    def __init__(self, app, game_id: str = "", level: str = "medium", players: int = 4,
                 real_paths: bool = False):
        # the first game offered unless told
        self.app, self.game_id, self.level, self.players = app, game_id or next(iter(GAMES)), level, players
        self.real_paths = real_paths
        self.tried_continue = self.saw_statistics = not real_paths
        self.continued_table = None  # the table Continue opened (left after a few frames)
        self.continued_frames = 0
        self.steps: list[str] = []
        self.finished = False
        self.started = time.monotonic()
        self._last_action = None
        self._acted_on = None
        self.table_frames = 0

    def note(self, text: str) -> None:
        self.steps.append(f"{time.monotonic() - self.started:6.2f}s {text}")
        log.info("smoke: %s", text)

    def __call__(self, app) -> None:
        top = app.stack.top
        if top is None:
            return
        if top is self._acted_on and not isinstance(top, (MessageScene,)):
            if isinstance(top, (TitleScene, SetupScene, StatisticsScene)):
                return  # wait for our click to take effect
        if isinstance(top, MessageScene):
            if top is not self._acted_on:
                self.note(f"message: {top.title}: {top.text}")
                self._acted_on = top
                press(pygame.K_RETURN)
        elif isinstance(top, TitleScene):
            self._on_title(top)
        elif isinstance(top, ContinueScene):
            if top is not self._acted_on:  # several unfinished games: the first Enter opens the first row
                self.note(f"continue list: {len(top.entries)} unfinished games, Enter")
                self._acted_on = top
                press(pygame.K_RETURN)
        elif isinstance(top, StatisticsScene):
            rows = len(widget(top, "list").rows)
            self.note(f"statistics: {rows} rows shown")
            self._acted_on = top
            click(widget(top, "back").rect.center)
        elif isinstance(top, SetupScene):
            self._on_setup(top)
        elif isinstance(top, ResultsScene) and self.continued_table is not None:
            self.note("the continued game ended")
            self.continued_table = None
            self._acted_on = top
            app.to_title()
        elif isinstance(top, ResultsScene):
            r = top.results
            self.note(f"results: {len(r.round_scores)} rounds, scores {r.scores}, winners {r.winners}")
            self.finished = True
            app.quit(0)
        elif self.continued_table is not None and not isinstance(top, SetupScene):
            if self.continued_table == "pending":
                self.continued_table = top
                self.note(f"continued table: {type(top).__name__}")
            self.continued_frames += 1
            if self.continued_frames >= 30:  # it plays on; leave it as a player quitting would (it is saved)
                self.note(f"left the continued game after {self.continued_frames} frames")
                self.continued_table = None
                app.to_title()
        else:
            self.table_frames += 1
            if self._acted_on is not top:
                self._acted_on = top
                self.note(f"table: {type(top).__name__}")

    def _on_title(self, top) -> None:
        """On the title: Continue once (if there is a save), then Statistics once, then New game."""
        self._acted_on = top
        if self.continued_table == "pending":  # Continue did not open a table (the save was damaged)
            self.continued_table = None
        summary = getattr(top, "summary", None)
        if not self.tried_continue:
            self.tried_continue = True
            button = widget(top, "continue")
            if button.enabled:
                self.note(f"title: Continue (saved {summary})")
                self.continued_table = "pending"
                click(button.rect.center)
                return
            self.note("title: no saved game to continue")
        if not self.saw_statistics:
            self.saw_statistics = True
            self.note("title: Statistics")
            click(widget(top, "stats").rect.center)
            return
        self.note("title: New game")
        click(widget(top, "new").rect.center)

    def _on_setup(self, top) -> None:
        """On the setup screen: the game, the player count, every seat a bot of the level asked for, Start."""
        levels = levels_for(self.game_id)
        level = self.level if self.level in levels else levels[-1]
        top.select_game(self.game_id, rebuild=False)
        top.set_player_count(self.players, rebuild=False)
        for seat in top.seats:
            seat.kind, seat.level = "bot", level
        top.build()
        self.note(f"setup: {self.game_id}, {self.players} {level} bots, Start")
        self._acted_on = top
        click(widget(top, "start").rect.center)

    def report(self) -> str:
        status = "passed" if self.finished else "FAILED"
        lines = [f"smoke test {status} in {time.monotonic() - self.started:.1f} s "
                 f"({self.app.frame} frames, {self.table_frames} at the table)"]
        lines += ["  " + s for s in self.steps]
        return "\n".join(lines)
